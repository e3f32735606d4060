"""Main Effects (advanced rule): which Main Effect to play in one's own turn,
what to play at Priority, when to react, which cost to pay, where to go.

Cites "Main Effects - Play a Main Effect" (an effect against the card's Bonus
Value and Auxiliary Effects), "Check if the Effect is an Action" (an ACTION
replaces the turn's Study or Espionage), "Check the Timing of the Effect",
"Declare the Effect" / "Priority" (Instant effects in another Scholar's
turn; Reactions), "Pay the Cost of the Effect" (the "/" options) and
"Resolve the Effect" (the destination of a movement effect). Interns gained
by an effect: "Intern Cards".
"""

from __future__ import annotations

from agents.dungeonology.heuristic.dungeon import move_value, walking_best
from agents.dungeonology.heuristic.knowledge import action_prog, in_buf, main_alternative
from agents.dungeonology.heuristic.params import P_HOARD, P_SABOTAGE
from agents.dungeonology.heuristic.study import zone_study_values_into
from agents.dungeonology.heuristic.values import moves, plus_threat, prog_value
from sim.dungeonology import layout as L
from sim.dungeonology.core.components.dungeon import zone_cube_count
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.core.effects.plays import payable
from sim.dungeonology.layout import MAX_COL, MAX_ZONES  # scratch sizes: constants (jit.scratch_int)
from sim.kit.jit import kernel, scratch_float, scratch_int


@kernel
def main_cost_value(s, t, me, k):
    """Worth of the cheapest payable "/" cost option (<= 0), 0 with no cost."""
    nc = t[L.T_ME_NCOST + k]
    if nc == 0:
        return 0.0
    best = -1e9
    for i in range(nc):
        prog = t[L.T_ME_COST + k * L.MAX_ME_COSTS + i]
        if payable(s, t, me, prog, k):
            v = prog_value(s, t, me, prog)
            if v > best:
                best = v
    return best


@kernel
def main_gain(s, t, me, k):
    """Effect + additional costs (G) + cheapest cost, movement left out."""
    v = prog_value(s, t, me, t[L.T_ME_EFFECT + k]) + main_cost_value(s, t, me, k)
    if t[L.T_ME_AFTER + k] >= 0:
        v += prog_value(s, t, me, t[L.T_ME_AFTER + k])
    return v


@kernel
def has_main(buf, n):
    """A Main Effect among the legal actions (only with the Main Effects rule)."""
    for i in range(n):
        if buf[i] >= L.A_MAIN and buf[i] < L.A_MAIN + L.MAX_KINDS:
            return True
    return False


@kernel
def moving_main(t, buf, n):
    """A legal Main Effect that moves the Scholar (its value needs every Zone's)."""
    for i in range(n):
        a = buf[i]
        if a >= L.A_MAIN and a < L.A_MAIN + L.MAX_KINDS and moves(t, t[L.T_ME_EFFECT + a - L.A_MAIN]):
            return True
    return False


@kernel
def best_turn_main(s, t, me, buf, n, params, movement_only, vals, esp, dist, first):
    """(net value, action) of the best Main Effect in the seat's own phase;
    net = its worth minus keeping the card. Movement effects are valued by
    the Study they reach, over the best one without them; ACTIONs must beat
    the Study / Espionage they replace. vals: zone_study_values; esp:
    best_espionage's value; dist, first: as walking_best."""
    best = 0.0
    best_a = -1
    base = -1e9
    action_value = 0.0
    if s[L.S_ACTION_DONE] == 0:
        action_value = max(vals[s[pf(me, L.PF_ZONE)]], esp, 0.0)
    for i in range(n):
        a = buf[i]
        if a < L.A_MAIN or a >= L.A_MAIN + L.MAX_KINDS:
            continue
        k = a - L.A_MAIN
        eff = t[L.T_ME_EFFECT + k]
        mv = move_value(s, t, me, eff, vals)
        if movement_only and mv <= -1e8:
            continue
        v = main_gain(s, t, me, k) - main_alternative(t, k) - 0.8 * params[P_HOARD]
        if mv > -1e8:
            if s[L.S_ACTION_DONE] == 1:
                continue  # nothing to Study after moving
            if base < -1e8:
                base = walking_best(s, t, me, vals, dist, first)
            v += mv - max(base, 0.0)
        if t[L.T_ME_ACTION + k] == 1:
            v -= action_value
        if v > best:
            best = v
            best_a = a
    return best, best_a


@kernel
def priority_decision(s, t, me, buf, n, params, rng):
    """PH_ME_PRIORITY: another Scholar's turn: play one Instant effect when it
    is clearly worth the card (Blackmail on a rich hand, a cheap draw), else pass."""
    best = 0.4 + 0.8 * params[P_HOARD] - 0.6 * params[P_SABOTAGE]
    best_a = L.A_PASS
    for i in range(n):
        a = buf[i]
        if a >= L.A_MAIN and a < L.A_MAIN + L.MAX_KINDS:
            k = a - L.A_MAIN
            v = main_gain(s, t, me, k) - main_alternative(t, k)
        elif a >= L.A_PLAY and a < L.A_SKILL:
            k = (a - L.A_PLAY) // 4
            v = prog_value(s, t, me, action_prog(s, t, me, a)) - main_alternative(t, k)
        elif a >= L.A_SKILL and a < L.A_PASS:
            v = prog_value(s, t, me, action_prog(s, t, me, a))
        else:
            continue
        if v > best:
            best = v
            best_a = a
    return best_a


@kernel
def declared_strength(s, t, idx):
    """How much the declarer of chain entry idx gains (an ACTION counts as a
    whole turn's Action; the steps' threat: the op table's Value.threat)."""
    seat = s[L.S_ME_SEAT + idx]
    k = s[L.S_ME_KIND + idx]
    v = prog_value(s, t, seat, t[L.T_ME_EFFECT + k]) + 0.8 * t[L.T_ME_ACTION + k]
    return plus_threat(t, t[L.T_ME_EFFECT + k], v)


@kernel
def react_decision(s, t, me, buf, n, params, rng):
    """PH_ME_REACT: cancel an opponent's strong effect, or protect our own
    effect from a Reaction, with the cheapest Reaction; else pass."""
    idx = s[L.S_ME_RX_IDX]
    strength = declared_strength(s, t, idx)
    if idx > 0 and s[L.S_ME_SEAT + idx - 1] == me:
        # a Reaction against our effect: keep it alive if it was worth it
        strength = 1.0 + declared_strength(s, t, idx - 1)
    need = 2.6 - 1.2 * params[P_SABOTAGE]
    if strength < need:
        return L.A_PASS
    best = -1e9
    best_a = L.A_PASS
    for i in range(n):
        a = buf[i]
        if a < L.A_MAIN or a >= L.A_MAIN + L.MAX_KINDS:
            continue
        k = a - L.A_MAIN
        v = main_gain(s, t, me, k) - main_alternative(t, k)
        if v > best:
            best = v
            best_a = a
    if best_a != L.A_PASS and strength + best < need - 1.0:
        return L.A_PASS
    return best_a


@kernel
def cost_decision(s, t, me, buf, n, params, rng):
    """PH_ME_COST: the cheapest "/" cost option."""
    k = s[L.S_ME_KIND + s[L.S_ME_CHAIN_N] - 1]
    best = -1e9
    best_a = buf[0]
    for i in range(n):
        o = buf[i] - L.A_OPTION
        v = prog_value(s, t, me, t[L.T_ME_COST + k * L.MAX_ME_COSTS + o])
        if v > best:
            best = v
            best_a = buf[i]
    return best_a


@kernel
def zone_decision(s, t, me, buf, n, params, rng):
    """PH_ME_ZONE: the destination with the best Study; an optional move only
    if better."""
    want = scratch_int(MAX_ZONES)
    want[s[pf(me, L.PF_ZONE)]] = 1
    for i in range(n):
        if buf[i] != L.A_PASS:
            want[buf[i] - L.A_ZONE] = 1
    vals = scratch_float(MAX_ZONES)
    zone_study_values_into(s, t, me, params, want, vals, scratch_int(MAX_COL), rng)
    here = vals[s[pf(me, L.PF_ZONE)]]
    best = -1e9
    best_a = buf[0]
    for i in range(n):
        a = buf[i]
        if a == L.A_PASS:
            continue
        v = vals[a - L.A_ZONE] + 0.01 * zone_cube_count(s, t, a - L.A_ZONE)
        if v > best:
            best = v
            best_a = a
    if in_buf(buf, n, L.A_PASS) and here >= best:
        return L.A_PASS
    return best_a
