"""The heuristic for the Student Congregations (Rocca Civetta advanced rule):
keeping a drawn Congregation Student, the Bonfire order, which Student a Sacrifice takes, using the Students'
effects (own turn, and gold-symbol effects in Priority decisions and Stealth
Test windows), the Trap Token and Zone of a Lambda, the Jinx Card of a Zeta.

``congregation_use`` is asked first in the phases where the effects are legal
actions; it returns -1 when no effect is worth its Students now, and the
phase's own handler decides.
"""

from __future__ import annotations

from agents.dungeonology.heuristic.params import rand01
from sim.dungeonology import layout as L
from sim.dungeonology.core.components.dungeon import zone_cube_count
from sim.dungeonology.core.components.scholars import pf, stat
from sim.dungeonology.core.rules.congregations.students import eff
from sim.kit.jit import kernel

TRAP_PREFERENCE = (2, 0, 1)  # toll (cubes dropped), ambush, stop: TRAP_KINDS indices, best first


@kernel
def opponent_next_to(s, me, z):
    """Opponents in Zone z or in a Zone Linked to it."""
    n = 0
    for p in range(s[L.S_NPLAYERS]):
        if p == me or s[pf(p, L.PF_IN_GAME)] == 0:
            continue
        q = s[pf(p, L.PF_ZONE)]
        if q == z:
            n += 1
            continue
        for i in range(L.NPASSAGES):
            if s[L.S_NB + z * L.NPASSAGES + i] == q and s[L.S_LINK + z * L.NPASSAGES + i] == 1:
                n += 1
                break
    return n


@kernel
def effect_worth(s, t, me, c, e):
    """How much activating effect e of Congregation c is worth now (> 0: do it)."""
    kind = eff(t, c, e, 0)
    if kind == L.CGE_DISCARD_STUN:
        stun = s[pf(me, L.PF_STUN)]
        return 1.0 if stun >= 2 or stun + 1 >= stat(s, t, me, L.ST_STAMINA) else 0.0
    if kind == L.CGE_DISCARD_JINX:
        for j in range(t[L.T_NJINX]):
            if s[L.S_JOWNER + j] == me and s[L.S_JLOC + j] == L.JX_UP:
                return 1.0  # a revealed Jinx Card weighs on the Scholar now
        return 0.0
    in_action = s[L.S_PHASE] == L.PH_ACTION and s[L.S_CUR] == me
    if kind == L.CGE_GUARD_ZONE:
        z = s[pf(me, L.PF_ZONE)]
        # the Zone's cubes are hers to Study next turn: worth it once she has acted here
        if in_action and s[L.S_ACTION_DONE] == 1 and zone_cube_count(s, t, z) >= 2 and opponent_next_to(s, me, z) > 0:
            return 1.0
        return 0.0
    if kind == L.CGE_PLACE_TRAP:
        return 1.0 if in_action and s[L.S_ACTION_DONE] == 1 and best_trap_zone(s, t, me) >= 0 else 0.0
    return 0.0


@kernel
def congregation_use(s, t, ph, me, buf, n, params, rng):
    """In the phases where effects are legal (Movement, Action, Priority, a Stealth
    Test window): the first effect among the legal actions worth its Students, or -1."""
    if (t[L.T_RULES] & L.RULE_CONGREGATIONS) == 0:
        return -1
    if ph != L.PH_MOVE and ph != L.PH_ACTION and ph != L.PH_ME_PRIORITY and ph != L.PH_WINDOW:
        return -1
    for i in range(n):
        a = buf[i]
        if a >= L.A_CONGREGATION and a < L.A_STUDENT_KIND:
            r = a - L.A_CONGREGATION
            if effect_worth(s, t, me, r // L.MAX_CG_EFFECTS, r % L.MAX_CG_EFFECTS) > 0.0:
                return a
    return -1


@kernel
def best_trap_zone(s, t, me):
    """A Dungeon Zone for a Trap Token: where an opponent is about to go (Linked to
    him), the most cubes, not her own; -1 none."""
    best = -1
    score = 0.0
    mine = s[pf(me, L.PF_ZONE)]
    for z in range(1, t[L.T_NZONES]):
        if s[L.S_ZPLACED + z] != 1 or s[L.S_ZTRAP_KIND + z] != 0 or z == mine:
            continue
        near = opponent_next_to(s, me, z)
        v = 2.0 * near + zone_cube_count(s, t, z)
        if near > 0 and v > score:
            best = z
            score = v
    return best


@kernel
def choice_decision(s, t, me, buf, n, params, rng):
    """PH_CG_CHOICE: keep the drawn Student (it works as a standard one and
    brings its effect); the Trap Token that hurts most; the Zone of
    ``best_trap_zone`` (else the one with most cubes); a revealed Jinx first."""
    mode = s[L.S_CG_MODE]
    if mode == L.CGM_KEEP:
        return L.A_OPTION
    if mode == L.CGM_TRAP_KIND:
        for k in TRAP_PREFERENCE:
            for i in range(n):
                if buf[i] == L.A_OPTION + k:
                    return buf[i]
        return buf[0]
    if mode == L.CGM_TRAP_ZONE:
        z = best_trap_zone(s, t, me)
        best = buf[0]
        most = -1
        for i in range(n):
            q = buf[i] - L.A_ZONE
            if q == z:
                return buf[i]
            if zone_cube_count(s, t, q) > most:
                most = zone_cube_count(s, t, q)
                best = buf[i]
        return best
    for i in range(n):
        if s[L.S_JLOC + buf[i] - L.A_JINX] == L.JX_UP:
            return buf[i]
    return buf[int(rand01(rng) * n) % n]


@kernel
def order_decision(s, t, me, buf, n, params, rng):
    """PH_CG_ORDER: the last Student placed is the first picked up. The current
    player keeps Congregation Students on top when the draw was hers (she is
    the next to gain from the Bonfire), at the bottom otherwise."""
    mine = s[L.S_CG_DRAWER] == me
    for i in range(n):
        kind = buf[i] - L.A_STUDENT_KIND
        if (kind == 0) == mine:
            return buf[i]
    return buf[0]


@kernel
def sacrifice_cost(s, t, me, kind):
    """What losing a Student of `kind` (STUDENT_KINDS index) costs now: -1 for a Phi whose
    "When you Sacrifice" effect gives a standard Student back now (the Sacrifice is free),
    0 a standard Student, else 1 + the most its Congregation's effects are worth now."""
    if kind == 0:
        return 0.0
    c = kind - 2
    gain_now = me == s[L.S_CUR] or s[L.S_CG_SAC_GOLD + c] == 1
    if s[L.S_CG_SAC_GAIN + c] > 0 and gain_now and s[L.S_RES_GREY] > 0:
        return -1.0
    worth = 0.0
    for e in range(L.MAX_CG_EFFECTS):
        v = effect_worth(s, t, me, c, e)
        if v > worth:
            worth = v
    return 1.0 + worth


@kernel
def sacrifice_decision(s, t, me, buf, n, params, rng):
    """PH_CG_SACRIFICE: the Student whose loss costs least (``sacrifice_cost``; the first of
    a tie: standard, then CONGREGATIONS order)."""
    best = buf[0]
    cost = sacrifice_cost(s, t, me, buf[0] - L.A_STUDENT_KIND)
    for i in range(1, n):
        v = sacrifice_cost(s, t, me, buf[i] - L.A_STUDENT_KIND)
        if v < cost:
            cost = v
            best = buf[i]
    return best
