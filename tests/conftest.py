"""Shared fixtures of the rules tests.

Positions are built with :class:`sim.dungeonology.scenario.Scenario` and driven with the
real actions through :func:`sim.dungeonology.scenario.do` (actions named by their
description). ``helpers`` bundles a few readers of a Game used everywhere.

The suite plays every configuration on the whole checked-in engine (``DUNGEONOLOGY_ENGINE=whole``,
``sim.dungeonology.engines``): its fuzz plays every module combination, and an engine compiled per
combination would be compiled hundreds of times. tests/test_engines.py plays the engines compiled
for a configuration's modules against it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from sim import GameConfig
from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.game import Game
from sim.dungeonology.scenario import Scenario

os.environ.setdefault("DUNGEONOLOGY_ENGINE", "whole")

# The Floor I tiles the scenario tests were written against (tests/data/floor1_fixture).
FLOOR1_FIXTURE = str(Path(__file__).parent / "data" / "floor1_fixture")


def config(players: int = 2, scholars: list[str] | None = None, clan: str = "Blood Worshipers",
           **kw: Any) -> GameConfig:
    """A GameConfig with named Scholars, a known Clan and the Floor I fixture layer
    (unless ``data`` is given)."""
    if scholars is None:
        scholars = ["Sofia", "Valerio", "Rebecca", "Vincenzo"][:players]
    kw.setdefault("data", FLOOR1_FIXTURE)
    return GameConfig(players=players, scholars=scholars, clan=clan, **kw)


def scenario(players: int = 2, scholars: list[str] | None = None, seed: int = 1, **kw: Any) -> Scenario:
    """A Scenario with named Scholars (Sofia, Valerio, Rebecca, Vincenzo by seat) and a known Clan."""
    return Scenario(config(players, scholars, **kw), seed=seed)


def player(g: Game, who: int | str) -> dict[str, Any]:
    d = g.to_dict()
    for p in d["players"]:
        if p["seat"] == who or p["scholar"] == who:
            return p
    raise KeyError(who)


def test_of(g: Game) -> dict[str, Any] | None:
    return g.to_dict()["test"]


def zone(g: Game, name: str) -> dict[str, Any] | None:
    return next((z for z in g.to_dict()["zones"] if z["name"] == name), None)


def column_points(g: Game, who: int | str) -> dict[str, int]:
    """The visible number of each Note Board column (cubes x points, no Clan modifier)."""
    cubes = player(g, who)["cubes"]
    pts = {c: int(g.tables[L.T_COL_POINTS + i]) for i, c in enumerate(g.names.colors)}
    return {c: cubes[c] * pts[c] for c in cubes}


def kind(g: Game, name: str) -> int:
    return g.names.kinds.index(name)


def field(g: Game, who: int, f: int) -> int:
    return int(g.state[pf(who, f)])


def legal_text(g: Game) -> list[str]:
    return [g.action_to_string(a) for a in g.legal_actions()]


@pytest.fixture
def h() -> SimpleNamespace:
    """Helpers: config, scenario, player, test_of, zone, column_points, kind, field, legal_text."""
    return SimpleNamespace(config=config, scenario=scenario, player=player, test_of=test_of, zone=zone,
                           column_points=column_points, kind=kind, field=field, legal_text=legal_text)


# ------------------------------------------------------------------ tiers
# `./run test fast` (``-m "fast and not slow"``): a developer's inner loop - the engine, the rules, the
# data and the command line's errors. A file is in the tier by its name; of test_cli.py, the error tests.
FAST_FILES = re.compile(r"test_(rules_\w+|rc_\w+|layout|loader|data_layers|ops|registry|manifests|scenario\w*|"
                        r"placement_geometry|observation|determinize|errors|same_games|modules|leduc_kernels|readme)\.py")
FAST_TESTS = {"test_cli.py": re.compile(r"test_(bad_input|usage_errors|entry_point_error)")}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the fast tier (see FAST_FILES)."""
    for item in items:
        name = item.path.name
        pick = FAST_TESTS.get(name)
        if FAST_FILES.fullmatch(name) or (pick is not None and pick.match(item.name)):
            item.add_marker(pytest.mark.fast)
