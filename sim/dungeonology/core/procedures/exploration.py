"""Exploration: the Movement Phase and the Action Phase of a Scholar's turn.

Rulebook: "Exploration" (three phases), "1. Movement Phase" (Speed, moving
through Passages, drawing a Zone), "Placing Zones and Stairs" (where a new
Zone may go, the Stairs pile), "2. Action Phase" (Study, Espionage, an Action
Zone Effect), "Secret Passages"; plays of Trick Cards and skills in the own
turn. What the modules add to these phases (Main Effects, Student effects,
Action Zone Effects, Secret Passages) comes through the hooks of
``dispatch_exploration``.
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.dungeon import (
    NPLACE,
    begin_placement,
    facing_mask,
    opens,
    place_tile,
    placement_free,
    placement_outcome,
    placement_position,
    player_colors,
    world_passages,
    zone_cube_count,
)
from sim.dungeonology.core.components.noteboard import cubes
from sim.dungeonology.core.components.scholars import hand_size, in_start, passive, pf
from sim.dungeonology.core.effects.plays import add_plays, play_card, use_skill
from sim.dungeonology.core.engine import kstack
from sim.dungeonology.core.engine.dispatch_exploration import (
    action_phase_actions,
    movement_actions,
    own_turn_action,
    own_turn_actions,
    own_turn_plays,
)
from sim.dungeonology.core.engine.dispatch_stealth import cubes_guarded
from sim.dungeonology.core.engine.dispatch_zones import enter_zone
from sim.dungeonology.core.procedures.stealth import begin_espionage, can_spy_on
from sim.dungeonology.core.procedures.windows import open_priority
from sim.kit.jit import kernel


@kernel
def spend_speed(s):
    """Spend one Speed point, the Scholar card's points first."""
    s[L.S_SPEED] -= 1
    if s[L.S_CARD_SPEED] > s[L.S_SPEED]:
        s[L.S_CARD_SPEED] = s[L.S_SPEED]


@kernel
def turn_action(s, t, me, a):
    """Movement / Action Phase actions. Any of them in the Movement Phase
    ends "before your Movement Phase" (Bomf!: `when = "before_movement"`)."""
    z = s[pf(me, L.PF_ZONE)]
    if s[L.S_MOVE_PHASE] == 1:
        s[L.S_ME_MOVED] = 1
    if a >= L.A_MOVE and a < L.A_MOVE + 8:
        spend_speed(s)
        kstack.push(s, L.K_RESUME, 0, 0, 0)
        open_priority(s, t)
        enter_zone(s, t, me, s[L.S_NB + z * 8 + a - L.A_MOVE])
    elif a == L.A_DRAW_ZONE:
        spend_speed(s)  # spent even when no Zone can be Linked
        kstack.push(s, L.K_RESUME, 0, 0, 0)
        open_priority(s, t)
        begin_placement(s, t, me, t[L.T_Z_FLOOR + z], z, 0)
    elif a == L.A_END_MOVE:
        # the Scholar card's Speed ends with the Movement Phase; Speed from
        # other effects can still move the Scholar in the Action Phase
        s[L.S_MOVE_PHASE] = 2
        s[L.S_SPEED] = s[L.S_CARD_SPEED]
        kstack.push(s, L.K_RESUME, 0, 0, 0)
        open_priority(s, t)
    elif a >= L.A_PLAY and a < L.A_SKILL:
        r = a - L.A_PLAY
        kstack.push(s, L.K_RESUME, 0, 0, 0)
        open_priority(s, t)
        play_card(s, t, me, r // 4, (r // 2) % 2, r % 2)
    elif a >= L.A_SKILL and a < L.A_PASS:
        r = a - L.A_SKILL
        kstack.push(s, L.K_RESUME, 0, 0, 0)
        open_priority(s, t)
        use_skill(s, t, me, r // 2, r % 2)
    elif a == L.A_STUDY:
        s[L.S_PHASE] = L.PH_STUDY_N
    elif a >= L.A_SPY and a < L.A_COMMIT:
        r = a - L.A_SPY
        begin_espionage(s, t, me, r // L.MAX_COL, r % L.MAX_COL)
    elif a == L.A_END_TURN:
        kstack.push(s, L.K_EOT, 0, 0, 0)
        open_priority(s, t)
    elif a >= L.A_ZONE and a < L.A_ZONE + L.MAX_ZONES:
        # Secret Passage (Movement Phase): one Speed point to a Zone showing
        # a Secret Passage of the same letter
        spend_speed(s)
        kstack.push(s, L.K_RESUME, 0, 0, 0)
        open_priority(s, t)
        enter_zone(s, t, me, a - L.A_ZONE)
    else:
        own_turn_action(s, t, me, a)  # a module's: a Main Effect, a Student's effect, an Action Zone Effect


@kernel
def add_turn_actions(s, t, me, out, n):
    """Movement / Action Phase: move, draw Zones, play, Study, Espionage."""
    z = s[pf(me, L.PF_ZONE)]
    if s[L.S_SPEED] > 0:
        colours = player_colors(s, t, me)
        for p in range(8):  # one action per destination: its first open Passage
            if opens(s, t, colours, z, p):
                nb = s[L.S_NB + z * 8 + p]
                first = True
                for q in range(p):
                    if s[L.S_NB + z * 8 + q] == nb and opens(s, t, colours, z, q):
                        first = False
                if first:
                    out[n] = L.A_MOVE + p
                    n += 1
        if s[L.S_STACK_N + t[L.T_Z_FLOOR + z]] > 0 and s[L.S_MAX_ALERT] == 0:
            out[n] = L.A_DRAW_ZONE
            n += 1
        n = movement_actions(s, t, me, z, out, n)  # Secret Passages (Movement Phase)
    if not in_start(s, me):
        n = add_plays(s, t, me, L.TM_OWN, out, n)
        n = own_turn_plays(s, t, me, out, n)  # Main Effects
    n = own_turn_actions(s, t, me, out, n)  # Congregation Students' effects
    if s[L.S_PHASE] == L.PH_MOVE:
        out[n] = L.A_END_MOVE
        return n + 1
    if s[L.S_ACTION_DONE] == 0 and not in_start(s, me) and hand_size(s, me) > 0:
        if zone_cube_count(s, t, z) > 0 and not cubes_guarded(s, me, z):
            out[n] = L.A_STUDY
            n += 1
        if s[pf(me, L.PF_STUDENTS)] >= t[L.T_ESP_SACRIFICE] and passive(s, t, me, L.PV_NO_ESPIONAGE) == 0:
            for p in range(s[L.S_NPLAYERS]):
                if can_spy_on(s, t, me, p):
                    for c in range(t[L.T_NCOL]):
                        if cubes(s, p, c) > 0:
                            out[n] = L.A_SPY + p * L.MAX_COL + c
                            n += 1
    if s[L.S_ACTION_DONE] == 0 and not in_start(s, me):
        n = action_phase_actions(s, t, me, z, out, n)  # Action Zone Effects: Bivouac (printed), Teleport (token)
    out[n] = L.A_END_TURN
    return n + 1


@kernel
def placement_at(s, a):
    """(x, y, rotation) where PH_PLACE action `a` puts the drawn Zone."""
    r = a - L.A_PLACE
    x, y = placement_position(s, s[L.S_PL_FROM], r // 12, (r // 4) % 3 - 1)
    return x, y, r % 4


@kernel
def place_zone(s, t, me, a):
    """PH_PLACE: put the drawn Zone where the action says; move in (not for a
    Stairs Zone), unless every Passage from the anchor is barred by a Door."""
    tile = s[L.S_PL_TILE]
    anchor = s[L.S_PL_FROM]
    stairs = s[L.S_PL_MODE] == 1
    x, y, rot = placement_at(s, a)
    enter = placement_outcome(s, t, me, tile, x, y, rot, anchor, stairs)[1]
    place_tile(s, t, tile, x, y, rot, anchor if stairs else -1)
    s[L.S_PL_TILE] = -1
    if enter:
        enter_zone(s, t, me, tile)


@kernel
def placement_actions(s, t, me, out):
    """PH_PLACE: every side, shift and rotation that Links the drawn Zone
    (placement k = 3 * side + shift + 1, free of placed Zones)."""
    n = 0
    tile = s[L.S_PL_TILE]
    anchor = s[L.S_PL_FROM]
    free = placement_free(s, t, anchor)
    for k in range(NPLACE):
        if (free >> k) & 1:
            fm = facing_mask(s, t, anchor, k)
            for rot in range(4):
                if world_passages(t, tile, rot) & fm:
                    out[n] = L.A_PLACE + k * 4 + rot
                    n += 1
    return n


@kernel
def pile_actions(s, t, me, out):
    """PH_PILE: the Stairs lead to the Floor above or below, if its pile has a Zone."""
    n = 0
    from_floor = t[L.T_Z_FLOOR + s[L.S_PL_FROM]]
    for f in range(L.NFLOORS):
        if (f == from_floor - 1 or f == from_floor + 1) and s[L.S_STACK_N + f] > 0:
            out[n] = L.A_PILE + f
            n += 1
    return n
