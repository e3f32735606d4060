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

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf
from sim.kit.jit import kernel

# Unit cell (half-tile square) just outside / just inside Passage position p.
OUT_DX = (0, 1, 2, 2, 1, 0, -1, -1)
OUT_DY = (-1, -1, 0, 1, 2, 2, 1, 0)
IN_DX = (0, 1, 1, 1, 1, 0, 0, 0)
IN_DY = (0, 0, 0, 1, 1, 1, 1, 0)
# Where a tile goes beside an anchor: per side, the offset of its corner.
SIDE_DX = (0, 2, 0, -2)
SIDE_DY = (-2, 0, 2, 0)
NPLACE = 12  # placements beside an anchor: k = 3 * side + shift + 1 (shift -1/0/+1 half tile)
# Links made by placing the tile at (x, y) (tile_link): none, same Floor, Stair, Wall Token.
LK_NONE = 0
LK_FLOOR = 1
LK_STAIR = 2
LK_WALL = 3


@kernel
def rotate_passages(m, rot):
    """A Passage bitmask turned rot quarter turns clockwise."""
    r = (2 * rot) % 8
    return ((m << r) | (m >> (8 - r))) & 0xFF


@kernel
def world_passages(t, tile, rot):
    """Passage bitmask of a tile in world positions for a rotation."""
    return rotate_passages(t[L.T_Z_PASSAGES + tile], rot)


@kernel
def zone_passages(s, t, z):
    return world_passages(t, z, s[L.S_ZROT + z])


@kernel
def door_need(t, z, rot, world_p):
    """Colour bitmask a Door needs on the world Passage position of tile z
    turned rot quarter turns."""
    return t[L.T_Z_DOOR + z * 8 + (world_p - 2 * rot) % 8]


@kernel
def door_colors(s, t, z, world_p):
    """Colour bitmask a Door needs on the world Passage position of zone z."""
    return door_need(t, z, s[L.S_ZROT + z], world_p)


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


def _placement_geometry() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per placement k the offset of the new tile's corner from the anchor's
    (PLACE_DX, PLACE_DY) and, per world Passage position p of the new tile,
    the anchor's Passage facing it (PLACE_FACE[8 * k + p]; -1: the cell just
    outside p is not the anchor's). Geometry only: it holds for any anchor."""
    face = getattr(facing, "py_func", facing)
    dxs, dys, faces = [], [], []
    for k in range(NPLACE):
        side, shift = k // 3, k % 3 - 1
        dx = SIDE_DX[side] + (shift if side % 2 == 0 else 0)
        dy = SIDE_DY[side] + (shift if side % 2 == 1 else 0)
        dxs.append(dx)
        dys.append(dy)
        for p in range(8):
            covered = 0 <= dx + OUT_DX[p] <= 1 and 0 <= dy + OUT_DY[p] <= 1
            faces.append(face(0, 0, dx, dy, p) if covered else -1)
    return tuple(dxs), tuple(dys), tuple(faces)


PLACE_DX, PLACE_DY, PLACE_FACE = _placement_geometry()


@kernel
def count_bits(m):
    n = 0
    while m:
        n += m & 1
        m >>= 1
    return n


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
    return opens(s, t, player_colors(s, t, seat), z, p)


@kernel
def opens(s, t, colours, z, p):
    """passable for a Scholar holding cubes of `colours` (player_colors)."""
    if s[L.S_LINK + z * 8 + p] == 0:
        return False
    nb = s[L.S_NB + z * 8 + p]
    need = door_colors(s, t, z, p) | door_colors(s, t, nb, s[L.S_NBQ + z * 8 + p])
    return (need & colours) == need


@kernel
def placement_position(s, anchor, side, shift):
    k = 3 * side + shift + 1
    return s[L.S_ZX + anchor] + PLACE_DX[k], s[L.S_ZY + anchor] + PLACE_DY[k]


@kernel
def placement_free(s, t, anchor):
    """Bitmask of the placements k beside `anchor` that overlap no placed
    Zone (only Zones within three half tiles of the anchor can overlap one)."""
    ax = s[L.S_ZX + anchor]
    ay = s[L.S_ZY + anchor]
    free = (1 << NPLACE) - 1
    for z in range(t[L.T_NZONES]):
        if s[L.S_ZPLACED + z] == 1:
            dx = s[L.S_ZX + z] - ax
            dy = s[L.S_ZY + z] - ay
            if -4 < dx < 4 and -4 < dy < 4:
                for k in range(NPLACE):
                    if abs(dx - PLACE_DX[k]) < 2 and abs(dy - PLACE_DY[k]) < 2:
                        free &= ~(1 << k)
    return free


@kernel
def facing_mask(s, t, anchor, k):
    """World Passage positions of a tile at placement k that face a Passage
    of `anchor`: the Links it gets there are its own Passages among them."""
    theirs = zone_passages(s, t, anchor)
    m = 0
    for p in range(8):
        q = PLACE_FACE[8 * k + p]
        if q >= 0 and (theirs >> q) & 1:
            m |= 1 << p
    return m


@kernel
def placement_links(s, t, tile, anchor, side, shift, rot):
    """Passages linking `tile` (rotation rot) set beside `anchor` (side, shift
    -1/0/+1 half tile); 0 if it would overlap a placed Zone."""
    x, y = placement_position(s, anchor, side, shift)
    if overlapping(s, t, x, y) >= 0:
        return 0
    return count_bits(world_passages(t, tile, rot) & facing_mask(s, t, anchor, 3 * side + shift + 1))


@kernel
def placeable_passages(s, t, anchor):
    """Printed Passage positions (rotation 0) of which a tile needs one to be
    Linked to `anchor` in some rotation and free placement: the union over
    the free placements of their facing masks turned back by each rotation."""
    free = placement_free(s, t, anchor)
    u = 0
    for k in range(NPLACE):
        if (free >> k) & 1:
            fm = facing_mask(s, t, anchor, k)
            for rot in range(4):
                u |= rotate_passages(fm, (4 - rot) % 4)
    return u


@kernel
def can_place_anywhere(s, t, tile, anchor):
    return (t[L.T_Z_PASSAGES + tile] & placeable_passages(s, t, anchor)) != 0


@kernel
def draw_placeable(s, t, floor, anchor):
    """Draw from a Floor stack until a tile can be Linked to `anchor`; tiles
    that cannot go to the bottom. Returns the tile (off the stack) or -1."""
    n = s[L.S_STACK_N + floor]
    base = L.S_STACK + floor * L.MAX_ZONES
    fits = placeable_passages(s, t, anchor)
    for _ in range(n):
        top = s[base + n - 1]
        if t[L.T_Z_PASSAGES + top] & fits:
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
def zones_around(s, t, x, y):
    """zone_covering of the cell just outside each Passage position p of a
    tile at (x, y), in one pass over the Zones near it: packed 6 bits per
    position (the Zone + 1; 0: none)."""
    m = 0
    for z in range(t[L.T_NZONES]):
        if s[L.S_ZPLACED + z] == 1:
            zx = s[L.S_ZX + z]
            zy = s[L.S_ZY + z]
            if -3 < zx - x < 3 and -3 < zy - y < 3:
                for p in range(8):
                    ux = x + OUT_DX[p]
                    uy = y + OUT_DY[p]
                    if zx <= ux <= zx + 1 and zy <= uy <= zy + 1 and (m >> (6 * p)) & 63 == 0:
                        m |= (z + 1) << (6 * p)
    return m


@kernel
def tile_link(s, t, tile, rot, x, y, p, stair_to, around):
    """What placing `tile` (rotation rot) at (x, y) makes of its world Passage
    position p: (the Zone beside it or -1, that Zone's facing position, LK_*);
    around: zones_around(x, y).

    Facing Passages of the same Floor are Linked. Between Floors: a Stair link
    with `stair_to` (the Zone whose Stairs Effect placed it), a Wall Token on
    every other facing pair. Reads the placed Zones only, so it serves
    place_tile and a look ahead alike.
    """
    nb = ((around >> (6 * p)) & 63) - 1
    if nb < 0 or nb == tile:
        return -1, -1, LK_NONE
    q = facing(s[L.S_ZX + nb], s[L.S_ZY + nb], x, y, p)
    if not ((world_passages(t, tile, rot) >> p) & 1 and (zone_passages(s, t, nb) >> q) & 1):
        return nb, q, LK_NONE
    if t[L.T_Z_FLOOR + nb] == t[L.T_Z_FLOOR + tile]:
        return nb, q, LK_FLOOR
    if nb == stair_to:
        return nb, q, LK_STAIR
    return nb, q, LK_WALL


@kernel
def placement_outcome(s, t, seat, tile, x, y, rot, anchor, stairs):
    """(Links `tile` gets placed at (x, y) beside `anchor` (tile_link; by
    its Stairs when `stairs`), whether the seat's Scholar in `anchor` may
    then walk in: not by Stairs, a Link whose Doors its cubes open (passable,
    read before the tile is down))."""
    stair_to = anchor if stairs else -1
    colours = player_colors(s, t, seat)
    around = zones_around(s, t, x, y)
    links = 0
    walk = False
    for p in range(8):
        nb, q, kind = tile_link(s, t, tile, rot, x, y, p, stair_to, around)
        if kind == LK_FLOOR or kind == LK_STAIR:
            links += 1
        if not stairs and not walk and nb == anchor and kind == LK_FLOOR:
            need = door_colors(s, t, anchor, q) | door_need(t, tile, rot, p)
            walk = (need & colours) == need
    return links, walk


@kernel
def place_tile(s, t, tile, x, y, rot, stair_to):
    """Put a tile at (x, y) and work out its Links with every Adjacent Zone
    (tile_link; a Stair Token per Stair link, a Wall Token per Wall)."""
    s[L.S_ZPLACED + tile] = 1
    s[L.S_ZX + tile] = x
    s[L.S_ZY + tile] = y
    s[L.S_ZROT + tile] = rot
    around = zones_around(s, t, x, y)
    for p in range(8):
        nb, q, kind = tile_link(s, t, tile, rot, x, y, p, stair_to, around)
        if nb < 0:
            continue
        s[L.S_NB + tile * 8 + p] = nb
        s[L.S_NBQ + tile * 8 + p] = q
        s[L.S_NB + nb * 8 + q] = tile
        s[L.S_NBQ + nb * 8 + q] = p
        if kind == LK_NONE:
            continue
        if kind == LK_STAIR:
            s[L.S_STAIRS + tile * 8 + p] = 1
            s[L.S_STAIRS + nb * 8 + q] = 1
            _use_token(s, t, L.S_STAIR_USED, L.T_STAIR_TOKENS)
        elif kind == LK_WALL:
            _use_token(s, t, L.S_WALL_USED, L.T_WALL_TOKENS)
        link = 0 if kind == LK_WALL else 1
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
    for z in range(t[L.T_NZONES]):
        if s[L.S_ZPLACED + z] == 0:
            continue
        fz = t[L.T_Z_FLOOR + z]
        stairs = (t[L.T_Z_EFFECTS + z] & L.ZE_STAIRS) != 0 and s[L.S_ZENTERED + z] == 0
        fits = -1  # placeable_passages(z), worked out when a stack needs it
        for f in range(L.NFLOORS):
            if s[L.S_STACK_N + f] == 0 or not (fz == f or (stairs and abs(fz - f) == 1)):
                continue
            if fits < 0:
                fits = placeable_passages(s, t, z)
            base = L.S_STACK + f * L.MAX_ZONES
            for i in range(s[L.S_STACK_N + f]):
                if t[L.T_Z_PASSAGES + s[base + i]] & fits:
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
