"""The engine compiled for the modules a configuration uses (sim.dungeonology.engines, sim.kit.variant)
plays the same games as the whole engine, and leaves out what the configuration cannot reach."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from agents.batch import play, play_random
from agents.spec import parse_spec
from sim import GameConfig
from sim.dungeonology.config import compile_config
from sim.dungeonology.engines import ENGINE_ENV, bundle_for, manifests_for, used_modules
from sim.kit.variant import rewrite_imports

pytestmark = pytest.mark.slow  # each engine is a cold compile of its own (about a minute of CPU)

CONFIGS = {"base": GameConfig(players=4),
           "maximum alert and rocca civetta": GameConfig(players=3, modules=["maximum_alert", "rocca_civetta"])}


def _games(compiled, monkeypatch, engine: str):
    monkeypatch.setenv(ENGINE_ENV, engine)
    random = play_random(compiled, list(range(60)), checks=True)
    heuristic = play(compiled, list(range(20)), [parse_spec("heuristic"), parse_spec("random")], trace=True)
    return random, heuristic


@pytest.mark.parametrize("name", list(CONFIGS))
def test_the_modules_engine_plays_the_same_games(name, monkeypatch):
    compiled = compile_config(CONFIGS[name])
    monkeypatch.setenv(ENGINE_ENV, "modules")
    assert bundle_for(compiled).prefix, "this configuration leaves modules out"
    (r_whole, h_whole), (r_mod, h_mod) = _games(compiled, monkeypatch, "whole"), _games(compiled, monkeypatch,
                                                                                          "modules")
    for a, b in zip(r_whole, r_mod, strict=True):
        np.testing.assert_array_equal(a, b)
    assert not r_mod[1].any(), "no game stuck or broken"
    for field in ("rows", "games", "stats", "trace"):
        np.testing.assert_array_equal(getattr(h_whole, field), getattr(h_mod, field))


def test_python_games_and_the_search_play_on_the_modules_engine(monkeypatch):
    from agents.random_agent import RandomAgent
    from sim.dungeonology.game import new_game

    config = CONFIGS["base"]
    runs = {}
    for engine in ("whole", "modules"):
        monkeypatch.setenv(ENGINE_ENV, engine)
        g, agent = new_game(config, 11), RandomAgent(3)
        while not g.is_terminal():
            g.apply(agent.choose(g.engine_legal_actions()))
        search = play(compile_config(config), [5], [parse_spec("ismcts:iterations=8,depth=6"), parse_spec("random")])
        runs[engine] = (g.history, g.result(), g.KERNELS.__name__, search.rows)
    assert runs["whole"][:2] == runs["modules"][:2]
    assert runs["modules"][2].startswith("_dungeonology_") and runs["whole"][2] == "sim.dungeonology.kernels"
    np.testing.assert_array_equal(runs["whole"][3], runs["modules"][3])


def test_the_base_games_engine_leaves_the_expansion_out(monkeypatch):
    monkeypatch.setenv(ENGINE_ENV, "modules")
    compiled = compile_config(GameConfig(players=2))
    assert not used_modules(compiled) & {"rocca_civetta", "maximum_alert", "dangerous_zones", "congregations"}
    bundle = bundle_for(compiled)
    dispatch = importlib.import_module(f"{bundle.prefix}.sim.dungeonology.core.engine.dispatch_phases")
    assert "rocca_civetta" not in open(dispatch.__file__).read().replace("(every game)", "")
    monkeypatch.setenv(ENGINE_ENV, "whole")
    assert bundle_for(compiled).prefix == ""


def test_a_module_left_out_keeps_only_its_hooks_of_every_game():
    regs = manifests_for(frozenset())
    rc = regs["sim.dungeonology.core.rules.rc_cards"]
    assert not rc.phases and not rc.ops and all(h.always for h in rc.hooks)
    assert regs["sim.dungeonology.core.procedures"].phases, "the basic game is whole"


def test_imports_of_the_copied_packages_move_under_the_prefix():
    src = ("from sim.dungeonology.core.engine import kstack\nfrom sim.dungeonology import layout as L\n"
           "from agents.dungeonology.heuristic.params import (\n    P_NOISE,\n    rand01,\n)\n")
    out = rewrite_imports(src, ("sim.dungeonology.core", "agents.dungeonology.heuristic"), "_v")
    assert "from _v.sim.dungeonology.core.engine import (kstack)" in out
    assert "from sim.dungeonology import layout as L" in out
    assert "from _v.agents.dungeonology.heuristic.params import (P_NOISE, rand01)" in out


def test_a_sweep_gives_every_cell_the_engine_of_all_its_modules():
    from sim.dungeonology.engines import one_engine

    cells = [compile_config(GameConfig(players=2)), compile_config(GameConfig(players=2, modules=["maximum_alert"]))]
    shared = one_engine(cells)
    assert {c.engine_modules for c in shared} == {tuple(sorted(used_modules(cells[1])))}
    assert used_modules(shared[0]) == used_modules(cells[1])
