"""The effects of Congregation Students: activated by Sacrificing Students
of the Congregation on their owner's turn (Movement / Action Phase), or with
the gold symbol also in another Scholar's turn, in a Priority decision as a
Trick Card's effect would be.

Rulebook (Rocca Civetta): "Student Congregations" (Each Student belonging to
a Congregation..., Student Effects can be activated..., Iota, Zeta, Lambda);
the Trap Token of Lambda follows "Zone Effect Tokens" of the base rulebook.
The effect kinds, their costs, amounts and gold symbols are data (T_CG_EFF).
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.decks import discard_jinx, holds_jinx, jinx_held
from sim.dungeonology.core.components.scholars import active, pf
from sim.dungeonology.core.components.stun import discard_stun
from sim.dungeonology.core.components.university import sacrificed_trigger
from sim.dungeonology.core.engine import kstack
from sim.dungeonology.core.procedures.windows import open_priority
from sim.dungeonology.core.rules.congregations.students import eff, keep_choice, rule_on, used
from sim.dungeonology.core.rules.main_effects.tokens import token_zone_ok, trap_supply_total, trap_zone_kind
from sim.kit.jit import inline_kernel, kernel


@kernel
def trap_zone_free(s, t, z):
    return token_zone_ok(s, t, z) and s[L.S_ZTRAP_KIND + z] == 0


@kernel
def any_trap_zone(s, t):
    for z in range(1, t[L.T_NZONES]):
        if trap_zone_free(s, t, z):
            return True
    return False


@kernel
def can_use(s, t, seat, c, e):
    """Effect e of Congregation c can be activated by the seat now (timing apart):
    an activated effect of a Congregation in the game, its Students held, and
    something for it to do."""
    kind = eff(t, c, e, 0)
    if kind == L.CGE_NONE or kind == L.CGE_KEEP_FREE or kind == L.CGE_GAIN_RESERVE:
        return False
    if not used(s, c) or not active(s, seat) or s[pf(seat, L.PF_CONGREGATION) + c] < eff(t, c, e, 1):
        return False
    if kind == L.CGE_GUARD_ZONE:
        z = s[pf(seat, L.PF_ZONE)]
        return z > 0 and s[L.S_ZIOTA + z] == 0
    if kind == L.CGE_DISCARD_STUN:
        return s[pf(seat, L.PF_STUN)] > 0 and s[L.S_MAX_ALERT] == 0
    if kind == L.CGE_DISCARD_JINX:
        return jinx_held(s, t, seat) > 0
    return trap_supply_total(s) > 0 and any_trap_zone(s, t)


@kernel
def add_congregation_actions(s, t, me, out, n, gold_only):
    """The effects the seat may activate now (A_CONGREGATION + c * MAX_CG_EFFECTS
    + e): in her own Movement / Action Phase every one; elsewhere (gold_only)
    only those with the gold symbol."""
    if not rule_on(t):
        return n
    for c in range(L.NCONGREGATIONS):
        for e in range(L.MAX_CG_EFFECTS):
            if (not gold_only or eff(t, c, e, 3) == 1) and can_use(s, t, me, c, e):
                out[n] = L.A_CONGREGATION + c * L.MAX_CG_EFFECTS + e
                n += 1
    return n


@kernel
def has_gold(s, t, seat):
    """A gold-symbol effect the seat could activate in a Priority decision."""
    if not rule_on(t):
        return False
    for c in range(L.NCONGREGATIONS):
        for e in range(L.MAX_CG_EFFECTS):
            if eff(t, c, e, 3) == 1 and can_use(s, t, seat, c, e):
                return True
    return False


@kernel
def use_congregation(s, t, seat, r):
    """Activate effect r = c * MAX_CG_EFFECTS + e: Sacrifice its Students of
    Congregation c (to the Reserve; Iota: one stands in the Scholar's Zone
    instead, S_ZIOTA), then the effect (K_CG_EFFECT)."""
    c = r // L.MAX_CG_EFFECTS
    e = r % L.MAX_CG_EFFECTS
    kind = eff(t, c, e, 0)
    cost = eff(t, c, e, 1)
    s[pf(seat, L.PF_CONGREGATION) + c] -= cost
    s[pf(seat, L.PF_STUDENTS)] -= cost
    back = cost
    if kind == L.CGE_GUARD_ZONE and cost > 0:
        z = s[pf(seat, L.PF_ZONE)]
        s[L.S_ZIOTA + z] = seat + 1
        s[L.S_CG_ZKIND + z] = c
        back -= 1
    s[L.S_RES_CONGREGATION + c] += back
    for _ in range(back):
        sacrificed_trigger(s, seat, c)
    if kind == L.CGE_DISCARD_STUN:
        discard_stun(s, seat, eff(t, c, e, 2))
    elif kind == L.CGE_DISCARD_JINX or kind == L.CGE_PLACE_TRAP:
        kstack.push(s, L.K_CG_EFFECT, seat, r, eff(t, c, e, 2))


@kernel
def effect_step(s, t, seat, r, left):
    """K_CG_EFFECT: the next Jinx Card to discard (Zeta) or Trap Token to place
    (Lambda), each a choice (PH_CG_CHOICE); nothing when none is left."""
    if left <= 0:
        return
    kind = eff(t, r // L.MAX_CG_EFFECTS, r % L.MAX_CG_EFFECTS, 0)
    if kind == L.CGE_DISCARD_JINX:
        if jinx_held(s, t, seat) == 0:
            return
        mode = L.CGM_JINX
    else:
        if trap_supply_total(s) == 0 or not any_trap_zone(s, t):
            return
        mode = L.CGM_TRAP_KIND
    kstack.push(s, L.K_CG_EFFECT, seat, r, left - 1)
    s[L.S_CG_MODE] = mode
    s[L.S_CG_SEAT] = seat
    s[L.S_PHASE] = L.PH_CG_CHOICE
    s[L.S_ACTOR] = seat


@kernel
def choice_apply(s, t, me, a):
    """PH_CG_CHOICE, by S_CG_MODE: keep the drawn Student or not; the Trap
    Token (then its Zone); the Zone of the Trap Token; the Jinx Card discarded."""
    mode = s[L.S_CG_MODE]
    if mode == L.CGM_KEEP:
        keep_choice(s, t, me, a == L.A_OPTION)
    elif mode == L.CGM_TRAP_KIND:
        s[L.S_CG_TRAP] = a - L.A_OPTION
        s[L.S_CG_MODE] = L.CGM_TRAP_ZONE
        s[L.S_PHASE] = L.PH_CG_CHOICE
        s[L.S_ACTOR] = me
    elif mode == L.CGM_TRAP_ZONE:
        z = a - L.A_ZONE
        k = s[L.S_CG_TRAP]
        s[L.S_TRAP_SUPPLY + k] -= 1
        s[L.S_ZTRAP_KIND + z] = trap_zone_kind(k)
        s[L.S_ZTRAP_N + z] = t[L.T_TRAP_N + k]
    else:
        discard_jinx(s, t, a - L.A_JINX)
    if s[L.S_PHASE] == L.PH_NONE:
        s[L.S_CG_MODE] = 0


@kernel
def choice_actions(s, t, me, out):
    n = 0
    mode = s[L.S_CG_MODE]
    if mode == L.CGM_KEEP:
        out[0] = L.A_OPTION
        out[1] = L.A_OPTION + 1
        return 2
    if mode == L.CGM_TRAP_KIND:
        for k in range(len(L.TRAP_KINDS)):
            if s[L.S_TRAP_SUPPLY + k] > 0:
                out[n] = L.A_OPTION + k
                n += 1
    elif mode == L.CGM_TRAP_ZONE:
        for z in range(1, t[L.T_NZONES]):
            if trap_zone_free(s, t, z):
                out[n] = L.A_ZONE + z
                n += 1
    else:
        for j in range(t[L.T_NJINX]):
            if holds_jinx(s, me, j):
                out[n] = L.A_JINX + j
                n += 1
    return n


# ------------------------------------------------------- the basic game's hooks
@inline_kernel
def own_congregation_actions(s, t, me, out, n):
    """The Students' effects the current player may activate in her own Movement / Action Phase."""
    return add_congregation_actions(s, t, me, out, n, False)


@inline_kernel
def gold_actions(s, t, me, out, n):
    """The gold-symbol effects a seat may activate out of her own phases (a window, Priority)."""
    return add_congregation_actions(s, t, me, out, n, True)


@inline_kernel
def own_turn_congregation(s, t, me, a):
    """A Student's effect used in the current player's Movement / Action Phase: the phase goes on
    after it, a Priority round first. True if `a` was one."""
    if a >= L.A_CONGREGATION and a < L.A_CONGREGATION + L.NCONGREGATIONS * L.MAX_CG_EFFECTS:
        kstack.push(s, L.K_RESUME, 0, 0, 0)
        open_priority(s, t)
        use_congregation(s, t, me, a - L.A_CONGREGATION)
        return True
    return False


@inline_kernel
def play_congregation(s, t, me, a):
    """A gold-symbol effect used out of the own phases. True if `a` was one."""
    if a >= L.A_CONGREGATION and a < L.A_CONGREGATION + L.NCONGREGATIONS * L.MAX_CG_EFFECTS:
        use_congregation(s, t, me, a - L.A_CONGREGATION)
        return True
    return False
