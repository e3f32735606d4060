"""The Randomizer Deck ("Randomizer Deck"): shuffle, then draw cards one at a
time until one gives a result applicable to the situation. Scholars in the
Starting Zone (or out of the game) are never selected ("Starting Zone").
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.dungeon import passable, zone_passages
from sim.dungeonology.core.components.noteboard import cubes
from sim.dungeonology.core.components.scholars import pf, targetable
from sim.kit.jit import allocating, kernel
from sim.kit.rng import randint


@allocating
def draw_order(s, t, i, order):
    """The i-th card of a fresh shuffle, drawn lazily (Fisher-Yates step); a
    card fixed by a scenario (S_SET_RAND) is drawn first if still undrawn."""
    j = _fixed_card(s, t, i, order)
    if j < 0:
        j = i + randint(s, t[L.T_NRAND] - i)
    tmp = order[i]
    order[i] = order[j]
    order[j] = tmp
    return order[i]


@allocating
def _fixed_card(s, t, i, order):
    """Position in `order` (from i) of the next card a scenario fixed, -1 when
    none is left (a fixed card already drawn in this shuffle is skipped)."""
    while s[L.S_SET_RAND_I] < s[L.S_SET_RAND_N]:
        card = s[L.S_SET_RAND + s[L.S_SET_RAND_I]]
        s[L.S_SET_RAND_I] += 1
        for j in range(i, t[L.T_NRAND]):
            if order[j] == card:
                return j
    return -1


@allocating
def fresh_order(t):
    order = [0] * L.MAX_RAND
    for i in range(t[L.T_NRAND]):
        order[i] = i
    return order


@kernel
def seat_of_color(s, color):
    """Seat whose Note Board shows this colour (seat i has colour i), -1 if unused."""
    return color if color < s[L.S_NPLAYERS] else -1


@allocating
def first_player(s, t):
    """Setup D: draw until the colour belongs to a Scholar in play."""
    order = fresh_order(t)
    for i in range(t[L.T_NRAND]):
        seat = seat_of_color(s, t[L.T_RAND_COLOR + draw_order(s, t, i, order)])
        if seat >= 0:
            return seat
    return 0


@allocating
def target_scholar(s, t, exclude):
    """Randomize a target Scholar other than `exclude`; -1 if none applies."""
    order = fresh_order(t)
    for i in range(t[L.T_NRAND]):
        seat = seat_of_color(s, t[L.T_RAND_COLOR + draw_order(s, t, i, order)])
        if seat >= 0 and seat != exclude and targetable(s, seat):
            return seat
    return -1


@allocating
def information_held(s, t, seat):
    """Randomize an Information the seat holds a cube of; -1 if none applies."""
    order = fresh_order(t)
    for i in range(t[L.T_NRAND]):
        c = t[L.T_RAND_INFO + draw_order(s, t, i, order)]
        if cubes(s, seat, c) > 0:
            return c
    return -1


@allocating
def direction_passable(s, t, seat):
    """Randomize a direction the Scholar can move in from its Zone; -1 if none."""
    z = s[pf(seat, L.PF_ZONE)]
    order = fresh_order(t)
    for i in range(t[L.T_NRAND]):
        d = t[L.T_RAND_DIR + draw_order(s, t, i, order)]
        if passable(s, t, seat, z, 2 * d) or passable(s, t, seat, z, 2 * d + 1):
            return d
    return -1


@allocating
def passage_of_zone(s, t, z):
    """Randomize a Passage of zone z: the arrow's Passage, or the first
    available one clockwise from it (world position)."""
    order = fresh_order(t)
    p = t[L.T_RAND_PASSAGE + draw_order(s, t, 0, order)]
    have = zone_passages(s, t, z)
    for k in range(8):
        q = (p + k) % 8
        if (have >> q) & 1:
            return q
    return -1
