"""Movement and Exploration: where the Scholar walks in the Movement Phase,
which stack the Stairs draw from and where a drawn Zone goes, where a
Teleport takes him, and where he sends the Boss.

Cites "1. Movement Phase" (a Speed point per Adjacent and Linked Zone, or to
draw a Zone, place it Adjacent and Linked and move in; then on to the Action
Phase), "Placing Zones and Stairs" (Stairs: a Zone from the stack above or
below; ``depth`` prefers the deeper one), "Dangerous Zones - Zone Effect
Types" (what entering a Zone costs; Secret Passage and Teleport), "Boss
Movement" (as the Boss's mover it sends him onto opponents and away from its
own Scholar: ``sim.dungeonology.core.rules.boss.boss.best_step_for_mover``; moving its Scholar it
keeps a little away from him), "Maximum Alert" (ending the turn in the
Starting Zone ends the Scholar's game) and "Main Effects" (a moving Main
Effect played in the Movement Phase; no End of Turn Student, so nobody may
idle on an exhausted Floor).
"""

from __future__ import annotations

from agents.dungeonology.heuristic.dungeon import boss_threat, entry_cost, first_steps_into
from agents.dungeonology.heuristic.knowledge import in_buf, thesis_confidence
from agents.dungeonology.heuristic.main_effects import best_turn_main, has_main, moving_main
from agents.dungeonology.heuristic.params import P_DEPTH, P_THESIS
from agents.dungeonology.heuristic.study import best_espionage, zone_study_values_into
from sim.dungeonology import layout as L
from sim.dungeonology.core.components.dungeon import placement_outcome
from sim.dungeonology.core.components.scholars import in_start, pf
from sim.dungeonology.core.procedures.exploration import placement_at
from sim.dungeonology.core.rules.boss.boss import best_step_for_mover, boss_links
from sim.dungeonology.core.rules.dangerous_zones.zone_effects import teleport_dest
from sim.dungeonology.layout import MAX_COL, MAX_ZONES  # scratch sizes: constants (jit.scratch_int)
from sim.kit.jit import kernel, scratch_float, scratch_int


@kernel
def max_alert_move(s, t, me, buf, n, params):
    """Maximum Alert: ending the turn in the Starting Zone forces the Thesis
    and ends the Scholar's game. With a board that should pass, head home
    (or stay there); otherwise never end the turn there. -1: no opinion."""
    if s[L.S_SPEED] <= 0:
        return -1
    z0 = s[pf(me, L.PF_ZONE)]
    # once someone has submitted, only a Thesis lets me compete at all
    need = params[P_THESIS] * (0.45 if s[L.S_THESIS_COUNT] > 0 else 1.0)
    if thesis_confidence(s, t, me) >= need:
        if in_start(s, me):
            return L.A_END_MOVE if in_buf(buf, n, L.A_END_MOVE) else L.A_END_TURN
        dist = scratch_int(MAX_ZONES)
        first = scratch_int(MAX_ZONES)
        first_steps_into(s, t, me, z0, L.MAX_ZONES, dist, first, scratch_int(MAX_ZONES))
        if dist[0] > 0 and first[0] >= 0 and in_buf(buf, n, first[0]):
            return first[0]
        return -1
    if in_start(s, me):
        for p in range(8):
            if in_buf(buf, n, L.A_MOVE + p):
                return L.A_MOVE + p
    return -1


@kernel
def towards_unexplored(s, t, me, z0, buf, n):
    """First step towards the nearest Zone on a Floor whose stack still holds
    tiles (Main Effects rule: without the End of Turn Student the game waits
    for the Scholars to explore, so nobody may idle on an exhausted Floor)."""
    if s[L.S_STACK_N + t[L.T_Z_FLOOR + z0]] > 0:
        return -1
    dist = scratch_int(MAX_ZONES)
    first = scratch_int(MAX_ZONES)
    first_steps_into(s, t, me, z0, L.MAX_ZONES, dist, first, scratch_int(MAX_ZONES))
    best = L.MAX_ZONES + 1
    best_a = -1
    for z in range(1, t[L.T_NZONES]):
        if dist[z] > 0 and first[z] >= 0 and dist[z] < best and s[L.S_STACK_N + t[L.T_Z_FLOOR + z]] > 0:
            if in_buf(buf, n, first[z]):
                best = dist[z]
                best_a = first[z]
    return best_a


@kernel
def move_decision(s, t, me, buf, n, params, rng):
    """PH_MOVE: walk to the best Zone in reach, draw a new Zone, or stop."""
    if s[L.S_MAX_ALERT] == 1:
        a = max_alert_move(s, t, me, buf, n, params)
        if a >= 0:
            return a
    z0 = s[pf(me, L.PF_ZONE)]
    speed = s[L.S_SPEED]
    mains = has_main(buf, n)
    # the Zones worth a look: here, those in reach, Secret Passage exits (and
    # every Zone when a Main Effect may move the Scholar)
    # work space on the stack (jit.scratch_int): no allocation
    want = scratch_int(MAX_ZONES)
    dist = scratch_int(MAX_ZONES)
    first = scratch_int(MAX_ZONES)
    if mains and moving_main(t, buf, n):
        want[:] = 1
    want[z0] = 1
    if speed > 0:
        first_steps_into(s, t, me, z0, speed, dist, first, scratch_int(MAX_ZONES))
        for z in range(L.MAX_ZONES):
            if dist[z] > 0 and first[z] >= 0:
                want[z] = 1
        for i in range(n):
            if buf[i] >= L.A_ZONE and buf[i] < L.A_ZONE + L.MAX_ZONES:
                want[buf[i] - L.A_ZONE] = 1
    vals = scratch_float(MAX_ZONES)
    zone_study_values_into(s, t, me, params, want, vals, scratch_int(MAX_COL), rng)  # reused from the seat's row
    esp, _ = best_espionage(s, t, me, params)
    if mains:
        v, a = best_turn_main(s, t, me, buf, n, params, True, vals, esp, dist, first)
        if a >= 0 and v > 0.0:
            return a
    here = vals[z0]
    if esp > here:
        here = esp
    if speed > 0:
        best = here
        best_a = -1
        near = boss_links(s, t, s[L.S_BOSS_ZONE]) if s[L.S_BOSS_ZONE] >= 0 else 0
        for z in range(1, t[L.T_NZONES]):
            if dist[z] > 0 and first[z] >= 0:
                v = vals[z] - (0.3 * dist[z] + entry_cost(s, t, me, z) + boss_threat(s, z, near))
                if v > best + 0.5:
                    best = v
                    best_a = first[z]
        for i in range(n):  # Secret Passages: one Speed point, any distance
            a = buf[i]
            if a >= L.A_ZONE and a < L.A_ZONE + L.MAX_ZONES:
                d = a - L.A_ZONE
                v = vals[d] - (0.3 + entry_cost(s, t, me, d))
                if v > best + 0.5:
                    best = v
                    best_a = a
        if best_a >= 0 and in_buf(buf, n, best_a):
            return best_a
        if here <= 0.0 and in_buf(buf, n, L.A_DRAW_ZONE):
            return L.A_DRAW_ZONE
        if here <= 0.0 and (t[L.T_RULES] & L.RULE_MAIN_EFFECTS) != 0:
            a = towards_unexplored(s, t, me, z0, buf, n)
            if a >= 0:
                return a
        if here <= 0.0 and in_start(s, me):
            # leave the Starting Zone towards any placed Zone
            for p in range(8):
                if in_buf(buf, n, L.A_MOVE + p):
                    return L.A_MOVE + p
    if in_buf(buf, n, L.A_END_MOVE):
        return L.A_END_MOVE
    return L.A_END_TURN


@kernel
def pile_decision(s, t, me, buf, n, params, rng):
    """PH_PILE: the deepest stack offered with depth >= 0.5, else the first."""
    deep = params[P_DEPTH] >= 0.5
    return buf[n - 1] if deep else buf[0]


@kernel
def place_value(s, t, me, a):
    """Value of PH_PLACE action `a`: 10 when the Scholar walks into the drawn
    Zone (one drawn in the Movement Phase), plus the Links it gets; read off
    the engine's own placement geometry (placement_outcome) without playing it."""
    tile = s[L.S_PL_TILE]
    anchor = s[L.S_PL_FROM]
    stairs = s[L.S_PL_MODE] == 1
    x, y, rot = placement_at(s, a)
    links, walk = placement_outcome(s, t, me, tile, x, y, rot, anchor, stairs)
    v = 0.0
    if s[L.S_PL_MODE] == 0 and walk:
        v += 10.0
    return v + links


@kernel
def place_decision(s, t, me, buf, n, params, rng):
    """PH_PLACE: where to put a drawn tile: one the Scholar can walk into,
    most Links (place_value)."""
    best = -1.0
    best_a = buf[0]
    for i in range(n):
        v = place_value(s, t, me, buf[i])
        if v > best:
            best = v
            best_a = buf[i]
    return best_a


@kernel
def teleport_best(s, t, me, params):
    """(value, zone) of the best Teleport destination: a Study there later."""
    z = s[pf(me, L.PF_ZONE)]
    want = scratch_int(MAX_ZONES)
    for d in range(t[L.T_NZONES]):
        if teleport_dest(s, t, z, d):
            want[d] = 1
    vals = scratch_float(MAX_ZONES)
    zone_study_values_into(s, t, me, params, want, vals, scratch_int(MAX_COL), scratch_int(0))
    best = -1e9
    best_d = -1
    for d in range(t[L.T_NZONES]):
        if want[d] == 1:
            v = vals[d] - entry_cost(s, t, me, d)
            if v > best:
                best = v
                best_d = d
    return best, best_d


@kernel
def teleport_decision(s, t, me, buf, n, params, rng):
    """PH_TELEPORT: the destination of teleport_best."""
    _, d = teleport_best(s, t, me, params)
    a = L.A_ZONE + d
    return a if d >= 0 and in_buf(buf, n, a) else buf[0]


@kernel
def boss_move_decision(s, t, me, buf, n, params, rng):
    """PH_BOSS_MOVE: move the Boss onto opponents, away from our own Scholar."""
    return best_step_for_mover(s, t, buf, n)
