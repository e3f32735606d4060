"""Student Congregations: the Congregations in the game, their Students
entering the Reserve, a draw's Congregation Students kept or placed, the
Bonfire order, a Sacrifice's choice of which Student, the Iota Student standing in a Zone.

Rulebook (Rocca Civetta): "Student Congregations" (which Congregations are
available, the steps to enter them, the Bonfire, keeping a drawn Student,
Iota). Every number comes from congregations.toml (T_CG_*).
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.core.components.university import (
    bonfire_put,
    congregation_held,
    omega_drawn,
    sacrifice_kind,
    sacrifice_now,
    student_to,
)
from sim.dungeonology.core.engine import kstack
from sim.dungeonology.core.rules.congregations.sacrifice import kinds_held
from sim.kit.jit import kernel


@kernel
def rule_on(t):
    return (t[L.T_RULES] & L.RULE_CONGREGATIONS) != 0


@kernel
def eff(t, c, e, field):
    """Field (0 kind, 1 Students sacrificed, 2 n, 3 gold) of effect e of Congregation c."""
    return t[L.T_CG_EFF + (c * L.MAX_CG_EFFECTS + e) * L.CGE_W + field]


@kernel
def effect_slot(t, c, kind):
    """The slot of Congregation c's effect of that CGE_* kind, -1 none."""
    for e in range(L.MAX_CG_EFFECTS):
        if eff(t, c, e, 0) == kind:
            return e
    return -1


@kernel
def used(s, c):
    return (s[L.S_CG_USED] >> c) & 1 == 1


@kernel
def setup_congregations(s, t):
    """Before Setup O: the Congregations chosen (T_CG_STUDENTS > 0) that no
    Scholar at the table and no Boss of the game makes unavailable (their
    cards go back in the box), their Students in the Reserve; those a Boss
    or Scholar keeps out of Setup O are marked (bit 16 + k); the Phi
    "When you Sacrifice" amounts are copied for ``university.sacrificed_trigger``."""
    if not rule_on(t):
        return
    out = 0
    nosetup = 0
    for p in range(s[L.S_NPLAYERS]):
        sch = s[pf(p, L.PF_SCHOLAR)]
        out |= t[L.T_CG_OUT_SCH + sch]
        nosetup |= t[L.T_CG_NOSETUP_SCH + sch]
    b = s[L.S_BOSS]
    if b >= 0:
        out |= t[L.T_CG_OUT_BOSS + b]
        nosetup |= t[L.T_CG_NOSETUP_BOSS + b]
    mask = 0
    for c in range(L.NCONGREGATIONS):
        if t[L.T_CG_STUDENTS + c] > 0 and (out >> c) & 1 == 0:
            mask |= 1 << c
            s[L.S_RES_CONGREGATION + c] = t[L.T_CG_STUDENTS + c]
            e = effect_slot(t, c, L.CGE_GAIN_RESERVE)
            if e >= 0:
                s[L.S_CG_SAC_GAIN + c] = eff(t, c, e, 2)
                s[L.S_CG_SAC_GOLD + c] = eff(t, c, e, 3)
    s[L.S_CG_USED] = mask | ((nosetup & mask) << 16)


@kernel
def may_use(s, t, seat, c, e):
    """An effect works on its owner's turn, or on any turn with the gold symbol."""
    return seat == s[L.S_CUR] or eff(t, c, e, 3) == 1


@kernel
def drawn_next(s, t):
    """K_CG_DRAWN: the next Congregation Student of the draw. Phi ("When you
    draw a Phi Student": keep_free) joins the drawer; another is kept if the
    drawer Sacrifices a standard Student (her choice, PH_CG_CHOICE), else
    waits for the Bonfire. Then the Bonfire order (``order_next``)."""
    seat = s[L.S_CG_DRAWER]
    for c in range(L.NCONGREGATIONS):
        while s[L.S_CG_DRAWN + c] > 0:
            e = effect_slot(t, c, L.CGE_KEEP_FREE)
            if e >= 0 and may_use(s, t, seat, c, e):
                s[L.S_CG_DRAWN + c] -= 1
                student_to(s, seat, c + 2)
                continue
            if s[pf(seat, L.PF_STUDENTS)] - congregation_held(s, seat) > 0:
                kstack.push(s, L.K_CG_DRAWN, 0, 0, 0)
                s[L.S_CG_MODE] = L.CGM_KEEP
                s[L.S_CG_KIND] = c
                s[L.S_CG_SEAT] = seat
                s[L.S_PHASE] = L.PH_CG_CHOICE
                s[L.S_ACTOR] = seat
                return
            s[L.S_CG_DRAWN + c] -= 1
            s[L.S_CG_PEND + c + 2] += 1
    order_next(s, t)


@kernel
def keep_choice(s, t, me, keep):
    """CGM_KEEP: Sacrifice a standard Student to keep the drawn one, or let it go to the Bonfire."""
    c = s[L.S_CG_KIND]
    s[L.S_CG_DRAWN + c] -= 1
    if keep:
        s[pf(me, L.PF_STUDENTS)] -= 1
        s[L.S_RES_GREY] += 1
        student_to(s, me, c + 2)
    else:
        s[L.S_CG_PEND + c + 2] += 1


@kernel
def pending_kinds(s):
    n = 0
    for k in range(L.NSTUDENT_KINDS):
        if s[L.S_CG_PEND + k] > 0:
            n += 1
    return n


@kernel
def order_next(s, t):
    """K_CG_ORDER: "When more than one Student must be placed at the Campus
    Bonfire, the current player chooses the order" (PH_CG_ORDER) while the
    order can matter: two kinds or more, a free space, no Omega Student in
    the draw (it sends the whole Bonfire to the Reserve). Then the draw's
    Omega Students are resolved, as in the base game."""
    if pending_kinds(s) > 1 and s[L.S_BONFIRE] < t[L.T_BONFIRE_SPACES] and s[L.S_CG_OMEGAS] == 0:
        kstack.push(s, L.K_CG_ORDER, 0, 0, 0)
        s[L.S_PHASE] = L.PH_CG_ORDER
        s[L.S_ACTOR] = s[L.S_CUR]
        return
    for k in range(L.NSTUDENT_KINDS):
        for _ in range(s[L.S_CG_PEND + k]):
            bonfire_put(s, t, k)
        s[L.S_CG_PEND + k] = 0
    m = s[L.S_CG_OMEGAS]
    s[L.S_CG_OMEGAS] = 0
    for _ in range(m):
        omega_drawn(s, t, s[L.S_CG_DRAWER])


@kernel
def order_apply(s, t, me, a):
    """PH_CG_ORDER: the next Student placed is of kind a - A_STUDENT_KIND."""
    k = a - L.A_STUDENT_KIND
    s[L.S_CG_PEND + k] -= 1
    bonfire_put(s, t, k)


@kernel
def order_actions(s, t, me, out):
    n = 0
    for k in range(L.NSTUDENT_KINDS):
        if s[L.S_CG_PEND + k] > 0:
            out[n] = L.A_STUDENT_KIND + k
            n += 1
    return n


@kernel
def sacrifice_next(s, t, seat, left):
    """K_CG_SACRIFICE: the next of `left` Students Sacrificed, her choice (PH_CG_SACRIFICE)
    while she holds more than one kind; the rest at once when one kind is left."""
    if left <= 0:
        return
    if kinds_held(s, seat) < 2:
        sacrifice_now(s, seat, left)
        return
    if left > 1:
        kstack.push(s, L.K_CG_SACRIFICE, seat, left - 1, 0)
    s[L.S_PHASE] = L.PH_CG_SACRIFICE
    s[L.S_ACTOR] = seat


@kernel
def sacrifice_apply(s, t, me, a):
    """PH_CG_SACRIFICE: one Student of kind a - A_STUDENT_KIND goes to the Reserve (a Phi's
    "When you Sacrifice" effect follows)."""
    sacrifice_kind(s, me, a - L.A_STUDENT_KIND)


@kernel
def sacrifice_actions(s, t, me, out):
    """PH_CG_SACRIFICE: one action per kind she holds (standard first, then CONGREGATIONS order)."""
    n = 0
    if s[pf(me, L.PF_STUDENTS)] - congregation_held(s, me) > 0:
        out[0] = L.A_STUDENT_KIND
        n = 1
    for c in range(L.NCONGREGATIONS):
        if s[pf(me, L.PF_CONGREGATION) + c] > 0:
            out[n] = L.A_STUDENT_KIND + c + 2
            n += 1
    return n


@kernel
def iota_turn_start(s, t, cur):
    """Iota: "Remove the Iota Student from the Zone at the start of your next
    turn, and put it in Reserve"."""
    if not rule_on(t):
        return
    for z in range(t[L.T_NZONES]):
        if s[L.S_ZIOTA + z] == cur + 1:
            s[L.S_ZIOTA + z] = 0
            s[L.S_RES_CONGREGATION + s[L.S_CG_ZKIND + z]] += 1
            s[L.S_CG_ZKIND + z] = 0


@kernel
def guarded(s, seat, z):
    """Iota: "As long as the Iota Student is in this Zone, the Information
    Cubes inside it cannot be collected except by you"."""
    return s[L.S_ZIOTA + z] != 0 and s[L.S_ZIOTA + z] != seat + 1


@kernel
def grey_adjust(s, t):
    """For the grey Students' conservation: the grey ones of a draw held aside,
    less the Congregation Students at the Bonfire and held (PF_STUDENTS and
    S_BONFIRE count every kind). 0 in the base game."""
    n = s[L.S_CG_PEND]
    for i in range(s[L.S_BONFIRE]):
        if s[L.S_BONFIRE_KINDS + i] != 0:
            n -= 1
    for p in range(s[L.S_NPLAYERS]):
        n -= congregation_held(s, p)
    return n


@kernel
def check_congregations(s, t):
    """0, or the violated invariant: 120 a Congregation's Students not
    conserved (Reserve + University + Bonfire + Scholars + Zone + a draw in
    progress != its Students in the game); 121 Students of the Congregations
    without the rule, or a Student at the Bonfire of a bad kind; 122 a
    Scholar holds more Congregation Students than Students."""
    on = rule_on(t)
    for i in range(L.MAX_BONFIRE):
        k = s[L.S_BONFIRE_KINDS + i]
        if k < 0 or k == 1 or k >= L.NSTUDENT_KINDS or (i >= s[L.S_BONFIRE] and k != 0) or (k != 0 and not on):
            return 121
    for p in range(s[L.S_NPLAYERS]):
        if congregation_held(s, p) > s[pf(p, L.PF_STUDENTS)]:
            return 122
    for c in range(L.NCONGREGATIONS):
        n = s[L.S_RES_CONGREGATION + c] + s[L.S_UNIV_CONGREGATION + c] + s[L.S_CG_DRAWN + c]
        n += s[L.S_CG_PEND + c + 2]
        for i in range(s[L.S_BONFIRE]):
            if s[L.S_BONFIRE_KINDS + i] == c + 2:
                n += 1
        for p in range(s[L.S_NPLAYERS]):
            if s[pf(p, L.PF_CONGREGATION) + c] < 0:
                return 120
            n += s[pf(p, L.PF_CONGREGATION) + c]
        for z in range(L.MAX_ZONES):
            if s[L.S_ZIOTA + z] != 0 and s[L.S_CG_ZKIND + z] == c:
                n += 1
        want = t[L.T_CG_STUDENTS + c] if on and used(s, c) else 0
        if n != want:
            return 120
    return 0


# ------------------------------------------------------- the basic game's hooks
@kernel
def omegas_held(s, t):
    """The Omega Students of a draw in progress, resolved once the others are placed."""
    return s[L.S_CG_OMEGAS]


@kernel
def congregation_block(s, t, viewer, out, h):
    """Observation: what each seat holds, the Bonfire by kind and the kind on top of it
    (all public; zero in the base game)."""
    for p in range(L.MAXP):
        for c in range(L.NCONGREGATIONS):
            out[h + L.H_CG_HELD + p * L.NCONGREGATIONS + c] = s[pf(p, L.PF_CONGREGATION) + c]
    for i in range(s[L.S_BONFIRE]):
        out[h + L.H_CG_BONFIRE + s[L.S_BONFIRE_KINDS + i]] += 1
    if s[L.S_BONFIRE] > 0:
        out[h + L.H_CG_TOP + s[L.S_BONFIRE_KINDS + s[L.S_BONFIRE] - 1]] = 1
