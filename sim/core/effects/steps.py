"""Effect steps that ask a player (discards, targets) or move things for an
effect (a Passage crossed, a cube Dropped).

Rulebook: "Icon Effects" (discard), "Auxiliary Effects"; Rocca Civetta
"Information Cube Keywords" (Drop).
"""

from __future__ import annotations

from sim import layout as L
from sim.core.components.dungeon import passable
from sim.core.components.noteboard import take_top
from sim.core.components.scholars import hand_size, pf, targetable
from sim.core.effects.plays import count_type
from sim.core.engine.jit import kernel
from sim.core.rules.dangerous_zones.zone_effects import enter_zone


@kernel
def discard_continue(s, t):
    """Ask S_P_SEAT to discard the pending cards (S_P_COUNT) one at a time."""
    seat = s[L.S_P_SEAT]
    if s[L.S_P_COUNT] > 0 and count_type(s, t, seat, s[L.S_P_TYPE], -1) > 0:
        s[L.S_PHASE] = L.PH_DISCARD
        s[L.S_ACTOR] = seat
    else:
        s[L.S_P_COUNT] = 0


@kernel
def ask_discard(s, t, seat, n, type1, optional):
    s[L.S_P_SEAT] = seat
    s[L.S_P_COUNT] = n
    s[L.S_P_TYPE] = type1
    s[L.S_P_OPTIONAL] = optional
    discard_continue(s, t)


@kernel
def discard_targets(s, t, actor):
    """Bitmask of seats an effect may make discard: yourself or a targetable
    opponent, each holding at least one card."""
    m = 0
    for p in range(s[L.S_NPLAYERS]):
        if hand_size(s, p) == 0:
            continue
        if p == actor or targetable(s, p):
            m |= 1 << p
    return m


@kernel
def move_through(s, t, seat, world_p):
    """Move through one Passage of the Scholar's Zone if it is open to him."""
    z = s[pf(seat, L.PF_ZONE)]
    if passable(s, t, seat, z, world_p):
        enter_zone(s, t, seat, s[L.S_NB + z * 8 + world_p])


@kernel
def first_empty_space(s, t, z):
    for i in range(t[L.T_Z_NCUBES + z]):
        if s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i] == 0:
            return i
    return -1


@kernel
def drop_cube(s, t, seat, c):
    """Drop (Rocca Civetta keywords): the top cube of column c goes to the first
    free space of the Scholar's Zone, else of a Linked Zone (Passage order N1..W2),
    else to the Reserve (Eliminated)."""
    if not take_top(s, t, seat, c):
        return
    z = s[pf(seat, L.PF_ZONE)]
    i = first_empty_space(s, t, z)
    if i < 0:
        for p in range(8):
            if s[L.S_LINK + z * 8 + p] == 1:
                nb = s[L.S_NB + z * 8 + p]
                i = first_empty_space(s, t, nb)
                if i >= 0:
                    z = nb
                    break
    if i >= 0:
        s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i] = c + 1
    else:
        s[L.S_RES_CUBES + c] += 1
