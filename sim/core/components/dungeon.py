"""The Dungeon: square Zone tiles, Passages, Links, Doors, Stairs and Walls,
placing new Zones and moving between them.

Rulebook: "1. Movement Phase", "Dungeon Zones" (C Passage, F Floor, G Doors),
"Placing Zones and Stairs" (entering a Zone and its Stairs Effect:
``zone_effects.enter_zone``). Geometry: each side of a tile has two Passage
positions (halves), p = 2*side + half, sides N E S W, halves clockwise
(N1 N2 E1 E2 S1 S2 W1 W2). Positions are in half-tile units: a tile covers
[x, x+2) x [y, y+2) and may sit shifted by half a tile along its neighbour's
side, so one side can touch two Zones (the Stairs example: II-2 touches I-2
and I-3). Two Zones are Adjacent when they touch on a side and Linked through
each pair of facing Passages. A tile rotated r quarter turns shows its
Passage p at world position (p + 2r) mod 8.
"""

from __future__ import annotations

from sim import layout as L
from sim.core.components.scholars import pf
from sim.core.engine.jit import kernel

# Unit cell (half-tile square) just outside / just inside Passage position p.
OUT_DX = (0, 1, 2, 2, 1, 0, -1, -1)
OUT_DY = (-1, -1, 0, 1, 2, 2, 1, 0)
IN_DX = (0, 1, 1, 1, 1, 0, 0, 0)
IN_DY = (0, 0, 0, 1, 1, 1, 1, 0)
# Where a tile goes beside an anchor: per side, the offset of its corner.
SIDE_DX = (0, 2, 0, -2)
SIDE_DY = (-2, 0, 2, 0)


@kernel
def world_passages(t, tile, rot):
    """Passage bitmask of a tile in world positions for a rotation."""
    m = t[L.T_Z_PASSAGES + tile]
    r = (2 * rot) % 8
    return ((m << r) | (m >> (8 - r))) & 0xFF


@kernel
def zone_passages(s, t, z):
    return world_passages(t, z, s[L.S_ZROT + z])


@kernel
def door_colors(s, t, z, world_p):
    """Colour bitmask a Door needs on the world Passage position of zone z."""
    p = (world_p - 2 * s[L.S_ZROT + z]) % 8
    return t[L.T_Z_DOOR + z * 8 + p]


@kernel
def zone_covering(s, t, ux, uy):
    """The placed Zone covering unit cell (ux, uy), or -1."""
    for z in range(t[L.T_NZONES]):
        if s[L.S_ZPLACED + z] == 1:
            x = s[L.S_ZX + z]
            y = s[L.S_ZY + z]
            if x <= ux <= x + 1 and y <= uy <= y + 1:
                return z
    return -1


@kernel
def overlapping(s, t, x, y):
    """A placed Zone overlapping a tile at (x, y), or -1."""
    for z in range(t[L.T_NZONES]):
        if s[L.S_ZPLACED + z] == 1 and abs(s[L.S_ZX + z] - x) < 2 and abs(s[L.S_ZY + z] - y) < 2:
            return z
    return -1


@kernel
def facing(bx, by, ax, ay, p):
    """Passage position of a tile at (bx, by) facing position p of one at (ax, ay)."""
    opp = (p // 2 + 2) % 4
    ix = ax + IN_DX[p]
    iy = ay + IN_DY[p]
    for h in range(2):
        q = 2 * opp + h
        if bx + OUT_DX[q] == ix and by + OUT_DY[q] == iy:
            return q
    return -1


@kernel
def secret_letters_of(s, t, z, printed, colours):
    """Bitmask of the Secret Passage letters Zone z shows: the printed ones
    when `printed` (the Dangerous Zones rule) and their colour condition is in
    `colours` (bitmask of cube colours held; -1: no condition, the Boss), and
    the Secret Passage Marker X (a Zone Effect Token)."""
    m = 0
    if printed and (t[L.T_Z_EFFECTS + z] >> L.ZK_SECRET_PASSAGE) & 1:
        for i in range(t[L.T_Z_NEFF + z]):
            o = L.T_Z_EFF + (z * L.MAX_ZEFF + i) * L.ZE_W
            if t[o] == L.ZK_SECRET_PASSAGE and t[o + 3] > 0 and (t[o + 2] == 0 or (colours >> (t[o + 2] - 1)) & 1):
                m |= 1 << (t[o + 3] - 1)
    if s[L.S_ZSECRET + z] == 1:
        m |= 1 << (len(L.SECRET_LETTERS) - 1)
    return m


@kernel
def secret_reach(s, t, z, printed, colours):
    """Bitmask of the placed Zones other than z that share a Secret Passage
    letter with z (letters as secret_letters_of reads them)."""
    m = 0
    mine = secret_letters_of(s, t, z, printed, colours)
    if mine == 0:
        return m
    for y in range(t[L.T_NZONES]):
        if y != z and s[L.S_ZPLACED + y] == 1 and (secret_letters_of(s, t, y, printed, colours) & mine) != 0:
            m |= 1 << y
    return m


@kernel
def player_colors(s, t, seat):
    m = 0
    for c in range(t[L.T_NCOL]):
        if s[pf(seat, L.PF_CUBES) + c] > 0:
            m |= 1 << c
    return m


@kernel
def passable(s, t, seat, z, p):
    """Can the seat leave zone z through Passage position p (Linked, not
    Walled, and every Door on it opened by a cube of its colours)?"""
    if s[L.S_LINK + z * 8 + p] == 0:
        return False
    nb = s[L.S_NB + z * 8 + p]
    need = door_colors(s, t, z, p) | door_colors(s, t, nb, s[L.S_NBQ + z * 8 + p])
    return (need & player_colors(s, t, seat)) == need



@kernel
def placement_position(s, anchor, side, shift):
    return (s[L.S_ZX + anchor] + SIDE_DX[side] + (shift if side % 2 == 0 else 0),
            s[L.S_ZY + anchor] + SIDE_DY[side] + (shift if side % 2 == 1 else 0))


@kernel
def placement_links(s, t, tile, anchor, side, shift, rot):
    """Passages linking `tile` (rotation rot) set beside `anchor` (side, shift
    -1/0/+1 half tile); 0 if it would overlap a placed Zone."""
    x, y = placement_position(s, anchor, side, shift)
    if overlapping(s, t, x, y) >= 0:
        return 0
    mine = world_passages(t, tile, rot)
    theirs = zone_passages(s, t, anchor)
    ax = s[L.S_ZX + anchor]
    ay = s[L.S_ZY + anchor]
    n = 0
    for p in range(8):
        if (mine >> p) & 1 and zone_covering(s, t, x + OUT_DX[p], y + OUT_DY[p]) == anchor:
            q = facing(ax, ay, x, y, p)
            if q >= 0 and (theirs >> q) & 1:
                n += 1
    return n


@kernel
def can_place_anywhere(s, t, tile, anchor):
    for side in range(4):
        for shift in range(-1, 2):
            for rot in range(4):
                if placement_links(s, t, tile, anchor, side, shift, rot) != 0:
                    return True
    return False


@kernel
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


@kernel
def put_cubes(s, t, z):
    """Place the indicated cubes in the Zone's spaces, if available in the
    Reserve. Never under Maximum Alert ("No Information Cubes")."""
    if s[L.S_MAX_ALERT] == 1:
        return
    for i in range(t[L.T_Z_NCUBES + z]):
        c = t[L.T_Z_CUBES + z * L.MAX_ZSLOTS + i]
        if s[L.S_RES_CUBES + c] > 0:
            s[L.S_RES_CUBES + c] -= 1
            s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i] = c + 1


@kernel
def _use_token(s, t, field, limit_field):
    if s[field] < t[limit_field]:
        s[field] += 1


@kernel
def place_tile(s, t, tile, x, y, rot, stair_to):
    """Put a tile at (x, y) and work out its Links with every Adjacent Zone.

    Facing Passages of the same Floor are Linked. Between Floors: a Stair link
    with `stair_to` (the Zone whose Stairs Effect placed it; a Stair Token per
    Passage), a Wall Token on every other facing pair.
    """
    s[L.S_ZPLACED + tile] = 1
    s[L.S_ZX + tile] = x
    s[L.S_ZY + tile] = y
    s[L.S_ZROT + tile] = rot
    mine = zone_passages(s, t, tile)
    for p in range(8):
        nb = zone_covering(s, t, x + OUT_DX[p], y + OUT_DY[p])
        if nb < 0 or nb == tile:
            continue
        q = facing(s[L.S_ZX + nb], s[L.S_ZY + nb], x, y, p)
        s[L.S_NB + tile * 8 + p] = nb
        s[L.S_NBQ + tile * 8 + p] = q
        s[L.S_NB + nb * 8 + q] = tile
        s[L.S_NBQ + nb * 8 + q] = p
        both = (mine >> p) & 1 and (zone_passages(s, t, nb) >> q) & 1
        if not both:
            continue
        if t[L.T_Z_FLOOR + nb] == t[L.T_Z_FLOOR + tile]:
            link = 1
        elif nb == stair_to:
            link = 1
            s[L.S_STAIRS + tile * 8 + p] = 1
            s[L.S_STAIRS + nb * 8 + q] = 1
            _use_token(s, t, L.S_STAIR_USED, L.T_STAIR_TOKENS)
        else:
            link = 0
            _use_token(s, t, L.S_WALL_USED, L.T_WALL_TOKENS)
        s[L.S_LINK + tile * 8 + p] = link
        s[L.S_LINK + nb * 8 + q] = link
    put_cubes(s, t, tile)


@kernel
def zone_cube_count(s, t, z):
    n = 0
    for i in range(t[L.T_Z_NCUBES + z]):
        if s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i] > 0:
            n += 1
    return n


@kernel
def cubes_in_dungeon(s, t):
    n = 0
    for z in range(t[L.T_NZONES]):
        if s[L.S_ZPLACED + z] == 1:
            n += zone_cube_count(s, t, z)
    return n


@kernel
def zone_placeable(s, t):
    """Could any Zone still be placed? A tile of a Floor stack fits beside a
    placed Zone of its Floor, or beside a Stairs Zone nobody has entered yet
    on the Floor above or below ("Placing Zones and Stairs"). Never under
    Maximum Alert ("No Zone")."""
    if s[L.S_MAX_ALERT] == 1:
        return False
    for f in range(L.NFLOORS):
        base = L.S_STACK + f * L.MAX_ZONES
        for i in range(s[L.S_STACK_N + f]):
            tile = s[base + i]
            for z in range(t[L.T_NZONES]):
                if s[L.S_ZPLACED + z] == 0:
                    continue
                fz = t[L.T_Z_FLOOR + z]
                stairs = (t[L.T_Z_EFFECTS + z] & L.ZE_STAIRS) != 0 and s[L.S_ZENTERED + z] == 0
                if (fz == f or (stairs and abs(fz - f) == 1)) and can_place_anywhere(s, t, tile, z):
                    return True
    return False


@kernel
def stair_piles(s, t, z):
    """Bitmask of Floor stacks a Stairs Effect in zone z may draw from."""
    f = t[L.T_Z_FLOOR + z]
    m = 0
    if f > 0 and s[L.S_STACK_N + f - 1] > 0:
        m |= 1 << (f - 1)
    if f < L.NFLOORS - 1 and s[L.S_STACK_N + f + 1] > 0:
        m |= 1 << (f + 1)
    return m


@kernel
def begin_placement(s, t, seat, floor, anchor, mode):
    """Draw a tile for `anchor` and ask where to put it (PH_PLACE).

    Returns False when no tile of the stack can be Linked (nothing happens),
    and always under Maximum Alert ("No Zone").
    """
    if s[L.S_MAX_ALERT] == 1:
        return False
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
