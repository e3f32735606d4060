"""Zone placement read without playing it ("Placing Zones and Stairs").

The engine finds where a drawn Zone fits from rotation-free facing masks per
placement (sim.dungeonology.core.components.dungeon), and the heuristic scores each
placement with the engine's own geometry instead of copying the state and
applying it (agents.dungeonology.heuristic.movement.place_value). Both are checked here
against the slow readings they replace, over many random game states:
Passage by Passage for every placement and rotation, and copy-and-apply for
every legal placement a Scholar is offered.
"""

from __future__ import annotations

import numpy as np
import pytest

from agents.dungeonology.heuristic.movement import place_decision, place_value
from sim import GameConfig
from sim.dungeonology import layout as L
from sim.dungeonology import modules as M
from sim.dungeonology.core.components.dungeon import (
    OUT_DX,
    OUT_DY,
    can_place_anywhere,
    facing,
    overlapping,
    placement_links,
    placement_position,
    world_passages,
    zone_covering,
    zone_passages,
    zones_around,
)
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.core.engine.step import apply_action
from sim.dungeonology.game import new_game


def links_by_scan(s, t, tile, anchor, side, shift, rot) -> int:
    """placement_links the long way: every Passage of the tile, the Zone
    covering the cell beside it, the anchor's Passage facing it."""
    x, y = placement_position(s, anchor, side, shift)
    if overlapping(s, t, x, y) >= 0:
        return 0
    mine = world_passages(t, tile, rot)
    theirs = zone_passages(s, t, anchor)
    n = 0
    for p in range(8):
        if (mine >> p) & 1 and zone_covering(s, t, x + OUT_DX[p], y + OUT_DY[p]) == anchor:
            q = facing(s[L.S_ZX + anchor], s[L.S_ZY + anchor], x, y, p)
            if q >= 0 and (theirs >> q) & 1:
                n += 1
    return n


def score_by_apply(s, t, me, a) -> float:
    """The heuristic's placement value by copying the state and applying `a`."""
    tile = s[L.S_PL_TILE]
    trial = s.copy()
    apply_action(trial, t, a)
    v = 10.0 if s[L.S_PL_MODE] == 0 and trial[pf(me, L.PF_ZONE)] == tile else 0.0
    return v + float(sum(trial[L.S_LINK + tile * 8 + p] for p in range(8)))


def random_states(modules: tuple[str, ...], games: int, seed: int):
    """States of random 4-player games, after every decision."""
    rng = np.random.default_rng(seed)
    for g in range(games):
        game = new_game(GameConfig(players=4, modules=modules), seed=seed * 1000 + g)
        while not game.is_terminal():
            yield game
            legal = game.legal_actions()
            game.apply(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("modules", [(), M.base_rules()], ids=["basic", "all"])
def test_placement_reads_match_the_slow_readings(modules):
    placements = offers = scans = 0
    for game in random_states(modules, 40, 3):
        s, t = game.state, game.tables
        if s[L.S_PHASE] == L.PH_PLACE:
            placements += 1
            me = int(s[L.S_ACTOR])
            tile, anchor = int(s[L.S_PL_TILE]), int(s[L.S_PL_FROM])
            legal = game.legal_actions()
            expect = [L.A_PLACE + (side * 3 + shift + 1) * 4 + rot
                      for side in range(4) for shift in range(-1, 2) for rot in range(4)
                      if links_by_scan(s, t, tile, anchor, side, shift, rot) != 0]
            assert legal == expect
            values = [score_by_apply(s, t, me, a) for a in legal]
            assert [place_value(s, t, me, a) for a in legal] == values
            buf = np.array(legal, dtype=np.int64)
            assert place_decision(s, t, me, buf, len(legal), np.zeros(1), np.zeros(4, np.uint64)) == \
                legal[int(np.argmax(values))]
            offers += len(legal)
        elif len(game.history) % 37 == 5:
            # placed Zones as anchors for tiles still in a stack (a sample)
            placed = [z for z in range(t[L.T_NZONES]) if s[L.S_ZPLACED + z]]
            stacked = [int(s[L.S_STACK + f * L.MAX_ZONES + i]) for f in range(L.NFLOORS)
                       for i in range(s[L.S_STACK_N + f])]
            for anchor in placed[-3:]:
                for tile in stacked[:4]:
                    fits = any(links_by_scan(s, t, tile, anchor, side, shift, rot) != 0
                               for side in range(4) for shift in range(-1, 2) for rot in range(4))
                    assert can_place_anywhere(s, t, tile, anchor) == fits
                    for side in range(4):
                        for shift in range(-1, 2):
                            assert placement_links(s, t, tile, anchor, side, shift, 1) == \
                                links_by_scan(s, t, tile, anchor, side, shift, 1)
                    scans += 1
                for side in range(4):
                    for shift in range(-1, 2):
                        x, y = placement_position(s, anchor, side, shift)
                        around = zones_around(s, t, x, y)
                        assert [((around >> (6 * p)) & 63) - 1 for p in range(8)] == \
                            [zone_covering(s, t, x + OUT_DX[p], y + OUT_DY[p]) for p in range(8)]
    assert placements > 100 and offers > 2 * placements and scans > 1000
