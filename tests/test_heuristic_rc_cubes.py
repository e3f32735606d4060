"""The heuristic on Rocca Civetta's cubes (agents/dungeonology/heuristic/rc_cubes.py): the
Universal Information column, and no decision left to the random fallback."""

from __future__ import annotations

import numpy as np

from agents.dungeonology.heuristic import DEFAULTS, P_FALLBACKS, act
from agents.python_agents import NumbaAgent
from sim import GameConfig
from sim.dungeonology import layout as L
from sim.dungeonology.game import new_game
from sim.dungeonology.scenario import do

RC = ("rocca_civetta",)
CUBES = {'zones."I-4".cubes': ["false", "universal"], 'zones."I-5".cubes': ["universal", "militia", "false"],
         'zones."II-1".cubes': ["universal", "universal", "false", "caste"]}


def _heuristic(g):
    buf = np.zeros(L.MAX_LEGAL, np.int64)
    legal = g.legal_actions()
    buf[: len(legal)] = legal
    params = np.array([DEFAULTS[k] for k in DEFAULTS] + [0.0])
    return g.action_to_string(int(act(g.state, g.tables, buf, len(legal), params, np.zeros(L.STATE_SIZE, np.int64))))


def test_the_universal_cube_goes_where_it_reaches_the_star_the_clan_needs(h):
    """Moon Tellers need the gold Worship Star: the third Worship cube reaches
    it; a second Caste cube would reach a gold Star the Clan does not ask for."""
    g = (h.scenario(modules=RC, clan="Moon Tellers").place_zone("I-3", 0, -1).move("Sofia", "I-3")
         .move("Valerio", "I-3").knowledge("Sofia").cubes("Sofia", worship=2, caste=1)
         .hand("Sofia", ["Fate 5", "Lantern"]).university(students=12, omega=0).zone_cubes("I-3", ["universal"])
         .turn("Sofia", phase="action").build())
    do(g, "Study", "Commit Fate 5", "Declare the Stealth Value")
    while g.phase() != "universal_column":
        do(g, "Pass")
    assert _heuristic(g) == "Put the Universal cube in the worship column"


def test_heuristic_games_with_false_and_universal_cubes_never_use_the_fallback():
    decided = 0
    for seed in range(6):
        g = new_game(GameConfig(players=3, modules=RC + ("main_effects",), overrides=CUBES), seed=seed)
        seats = [NumbaAgent("heuristic", seed=seed * 10 + p) for p in range(3)]
        while not g.is_terminal():
            if g.phase() == "universal_column":
                decided += 1
            g.apply(seats[g.current_player()].act(g))
        assert [a._params[P_FALLBACKS] for a in seats] == [0.0] * 3
        assert g.check_invariants() is None
    assert decided > 0
