"""The Dungeon: square Zone tiles on a grid, Passages, Links, Doors, Stairs
and Walls, placing new Zones and moving between them.

Rulebook: "1. Movement Phase", "Dungeon Zones" (C Passage, F Floor, G Doors),
"Placing Zones and Stairs". Geometry: Passage p = 2*side + half, sides N E S
W, halves clockwise; a tile rotated r quarter turns shows its Passage p at
world position (p + 2r) mod 8. Facing Passages: side s half h meets side
(s+2) mod 4 half 1-h.
"""

from __future__ import annotations

from numba import njit

from sim import layout as L
from sim.core.common import pf, popcount2

DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)


@njit(cache=True)
def world_passages(t, tile, rot):
    """Passage bitmask of a tile in world positions for a rotation."""
    m = t[L.T_Z_PASSAGES + tile]
    r = (2 * rot) % 8
    return ((m << r) | (m >> (8 - r))) & 0xFF


@njit(cache=True)
def zone_passages(s, t, z):
    return world_passages(t, z, s[L.S_ZROT + z])


@njit(cache=True)
def door_colors(s, t, z, world_p):
    """Colour bitmask a Door needs on the world Passage position of zone z."""
    p = (world_p - 2 * s[L.S_ZROT + z]) % 8
    return t[L.T_Z_DOOR + z * 8 + p]


@njit(cache=True)
def zone_at(s, t, x, y):
    for z in range(t[L.T_NZONES]):
        if s[L.S_ZPLACED + z] == 1 and s[L.S_ZX + z] == x and s[L.S_ZY + z] == y:
            return z
    return -1


@njit(cache=True)
def facing_mask(pa, side, pb):
    """Halves of `side` where world masks pa (this tile) and pb (neighbour) meet."""
    m = 0
    opp = (side + 2) % 4
    for h in range(2):
        if (pa >> (2 * side + h)) & 1 and (pb >> (2 * opp + 1 - h)) & 1:
            m |= 1 << h
    return m


@njit(cache=True)
def swap_halves(m):
    return ((m & 1) << 1) | ((m >> 1) & 1)


@njit(cache=True)
def player_colors(s, t, seat):
    m = 0
    for c in range(t[L.T_NCOL]):
        if s[pf(seat, L.PF_CUBES) + c] > 0:
            m |= 1 << c
    return m


@njit(cache=True)
def passable(s, t, seat, z, side):
    """Can the seat go from zone z through `side` (Linked, not Walled, Doors)?"""
    nb = s[L.S_NB + z * 4 + side]
    if nb < 0:
        return False
    mask = s[L.S_LINK + z * 4 + side]
    if mask == 0:
        return False
    have = player_colors(s, t, seat)
    opp = (side + 2) % 4
    for h in range(2):
        if (mask >> h) & 1:
            need = door_colors(s, t, z, 2 * side + h) | door_colors(
                s, t, nb, 2 * opp + 1 - h
            )
            if (need & have) == need:
                return True
    return False


@njit(cache=True)
def linked(s, z, side):
    """Adjacent and Linked through this side (Doors do not matter)."""
    return s[L.S_NB + z * 4 + side] >= 0 and s[L.S_LINK + z * 4 + side] != 0


@njit(cache=True)
def placement_mask(s, t, tile, anchor, side, rot):
    """Halves linking `tile` (rotation rot) set beside `anchor` on `side`; 0 if
    the cell is taken or nothing matches."""
    x = s[L.S_ZX + anchor] + DX[side]
    y = s[L.S_ZY + anchor] + DY[side]
    if zone_at(s, t, x, y) >= 0:
        return 0
    return facing_mask(zone_passages(s, t, anchor), side, world_passages(t, tile, rot))


@njit(cache=True)
def can_place_anywhere(s, t, tile, anchor):
    for side in range(4):
        for rot in range(4):
            if placement_mask(s, t, tile, anchor, side, rot) != 0:
                return True
    return False


@njit(cache=True)
def draw_placeable(s, t, floor, anchor):
    """Draw from a Floor stack until a tile can be Linked to `anchor`; tiles
    that cannot go to the bottom. Returns the tile (off the stack) or -1."""
    n = s[L.S_STACK_N + floor]
    base = L.S_STACK + floor * L.MAX_ZONES
    for _ in range(n):
        top = s[base + n - 1]
        if can_place_anywhere(s, t, top, anchor):
            s[L.S_STACK_N + floor] = n - 1
            return top
        for i in range(n - 1, 0, -1):
            s[base + i] = s[base + i - 1]
        s[base] = top
    return -1


@njit(cache=True)
def put_cubes(s, t, z):
    """Place the indicated cubes in the Zone's spaces, if available in the Reserve."""
    for i in range(t[L.T_Z_NCUBES + z]):
        c = t[L.T_Z_CUBES + z * L.MAX_ZSLOTS + i]
        if s[L.S_RES_CUBES + c] > 0:
            s[L.S_RES_CUBES + c] -= 1
            s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i] = c + 1


@njit(cache=True)
def place_tile(s, t, tile, x, y, rot, stair_to):
    """Put a tile on the grid and work out its Links with every neighbour.

    Same Floor: Linked through facing Passages. Different Floors: a Stair link
    with `stair_to` (the Stairs zone), Walls on every other facing Passage.
    """
    s[L.S_ZPLACED + tile] = 1
    s[L.S_ZX + tile] = x
    s[L.S_ZY + tile] = y
    s[L.S_ZROT + tile] = rot
    mine = zone_passages(s, t, tile)
    for side in range(4):
        nb = zone_at(s, t, x + DX[side], y + DY[side])
        if nb < 0 or nb == tile:
            continue
        opp = (side + 2) % 4
        m = facing_mask(mine, side, zone_passages(s, t, nb))
        s[L.S_NB + tile * 4 + side] = nb
        s[L.S_NB + nb * 4 + opp] = tile
        if t[L.T_Z_FLOOR + nb] == t[L.T_Z_FLOOR + tile]:
            s[L.S_LINK + tile * 4 + side] = m
            s[L.S_LINK + nb * 4 + opp] = swap_halves(m)
        elif nb == stair_to:
            s[L.S_LINK + tile * 4 + side] = m
            s[L.S_LINK + nb * 4 + opp] = swap_halves(m)
            s[L.S_STAIRS + tile * 4 + side] = 1
            s[L.S_STAIRS + nb * 4 + opp] = 1
            k = popcount2(m)
            room = t[L.T_STAIR_TOKENS] - s[L.S_STAIR_USED]
            s[L.S_STAIR_USED] += k if k < room else room
        else:
            k = popcount2(m)
            room = t[L.T_WALL_TOKENS] - s[L.S_WALL_USED]
            s[L.S_WALL_USED] += k if k < room else room
    put_cubes(s, t, tile)


@njit(cache=True)
def cubes_in_dungeon(s, t):
    n = 0
    for z in range(t[L.T_NZONES]):
        if s[L.S_ZPLACED + z] == 1:
            for i in range(t[L.T_Z_NCUBES + z]):
                if s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i] > 0:
                    n += 1
    return n


@njit(cache=True)
def zone_cube_count(s, t, z):
    n = 0
    for i in range(t[L.T_Z_NCUBES + z]):
        if s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i] > 0:
            n += 1
    return n


@njit(cache=True)
def stacks_empty(s):
    for f in range(L.NFLOORS):
        if s[L.S_STACK_N + f] > 0:
            return False
    return True


@njit(cache=True)
def stair_piles(s, t, z):
    """Bitmask of Floor stacks a Stairs Effect in zone z may draw from."""
    f = t[L.T_Z_FLOOR + z]
    m = 0
    if f > 0 and s[L.S_STACK_N + f - 1] > 0:
        m |= 1 << (f - 1)
    if f < L.NFLOORS - 1 and s[L.S_STACK_N + f + 1] > 0:
        m |= 1 << (f + 1)
    return m


@njit(cache=True)
def begin_placement(s, t, seat, floor, anchor, mode):
    """Draw a tile for `anchor` and ask where to put it (PH_PLACE).

    Returns False when no tile of the stack can be Linked (nothing happens).
    """
    tile = draw_placeable(s, t, floor, anchor)
    if tile < 0:
        return False
    s[L.S_PL_TILE] = tile
    s[L.S_PL_FROM] = anchor
    s[L.S_PL_MODE] = mode
    s[L.S_PL_SEAT] = seat
    s[L.S_PHASE] = L.PH_PLACE
    s[L.S_ACTOR] = seat
    return True


@njit(cache=True)
def enter_zone(s, t, seat, z):
    """Move the Scholar into zone z; the first to enter triggers its Stairs.

    May open a decision (Stairs pile or placement): callers push their
    follow-up on the continuation stack first.
    """
    s[pf(seat, L.PF_ZONE)] = z
    if s[L.S_ZENTERED + z] == 1:
        return
    s[L.S_ZENTERED + z] = 1
    if t[L.T_Z_EFFECTS + z] & L.ZE_STAIRS:
        piles = stair_piles(s, t, z)
        if piles == 0:
            return
        s[L.S_PL_FROM] = z
        s[L.S_PL_SEAT] = seat
        s[L.S_PHASE] = L.PH_PILE
        s[L.S_ACTOR] = seat
