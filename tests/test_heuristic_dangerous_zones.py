"""The heuristic with the Dangerous Zones rule and the Zone Effect Tokens:
Bivouac, Teleport, Secret Passages, Ambushes ("Dangerous Zones", "Zone
Effect Tokens"). The positions are built with the helpers of
test_rules_dangerous_zones.py."""

from __future__ import annotations

import pytest
from dangerous_zones_positions import DZ, attach
from test_rules_dangerous_zones_traps import _secret_game

from agents.batch import play_batch
from agents.python_agents import NumbaAgent
from agents.spec import parse_spec
from sim import GameConfig
from sim.dungeonology.config import compile_config
from sim.dungeonology.scenario import do


def _choice(g, spec="heuristic"):
    return g.action_to_string(NumbaAgent(spec, 1).act(g))


def test_heuristic_bivouacs_when_worn_out(h):
    sc = h.scenario(rules=DZ)
    attach(sc, "I-4", "start")
    sc.zone_cubes("I-4", [None, None])
    g = (sc.move("Sofia", "I-4").cubes("Sofia", civilization=1).stun("Sofia", 2)
         .jinx("Sofia", "Twisted Ankle", face="up").hand("Sofia", ["Lantern"]).students("Sofia", 0)
         .turn("Sofia", phase="action").build())
    assert _choice(g) == "Bivouac"
    fresh = (h.scenario(rules=DZ))
    attach(fresh, "I-4", "start")
    fresh.zone_cubes("I-4", [None, None])
    g = (fresh.move("Sofia", "I-4").cubes("Sofia", civilization=1).hand("Sofia", ["Lantern", "Crystal Ball",
         "Smoke Bomb", "Disguise"]).turn("Sofia", phase="action").build())
    assert _choice(g) != "Bivouac"  # nothing to recover


def test_heuristic_teleports_towards_cubes(h):
    sc = h.scenario()
    attach(sc, "I-1", "start")
    attach(sc, "I-3", "start")
    attach(sc, "I-6", "start")
    sc.zone_cubes("I-1", [None, None, None]).zone_cubes("I-6", [None, None, None])
    sc.teleport("I-1")
    g = (sc.move("Sofia", "I-1").cubes("Sofia", worship=1).hand("Sofia", ["Lantern", "Fate 5", "Autograph"])
         .turn("Sofia", phase="action").build())
    assert _choice(g) == "Teleport"
    do(g, "Teleport")
    assert sorted(h.legal_text(g)) == ["Teleport to I-3", "Teleport to I-6"]
    assert _choice(g) == "Teleport to I-3"


def test_heuristic_prefers_a_secret_passage_to_cubes(h):
    sc = _secret_game(h)
    sc.zone_cubes("I-4", [None, None])
    g = (sc.hand("Sofia", ["Fate 5", "Autograph", "Letter of Introduction"]).cubes("Sofia", worship=1)
         .turn("Sofia", phase="movement", speed=1).build())
    assert _choice(g) == "Secret Passage to II-3"


@pytest.mark.parametrize("rules", [DZ, ()])
def test_heuristic_plays_legal_games_with_zone_effects(rules):
    c = compile_config(GameConfig(players=3, rules=rules))
    rows, games = play_batch(c, list(range(30)), [parse_spec("heuristic"), parse_spec("heuristic:greedy")])
    assert (games[:, 7] == 0).all()  # every action chosen was legal, every invariant held


def test_heuristic_avoids_an_ambush_when_another_zone_is_as_good(h):
    def game(rules):
        sc = h.scenario(rules=rules)
        attach(sc, "II-2", "start", entered=True)
        attach(sc, "II-1", "II-2", entered=True)  # Ambush 1, Danger 2, Boss; Alert 4
        attach(sc, "II-4", "II-2", entered=True)  # Bivouac (riches); Alert 4
        for z in ("II-1", "II-4"):
            sc.zone_cubes(z, ["civilization", "civilization", None, None])
        sc.zone_cubes("II-2", [])
        return (sc.move("Sofia", "II-2").students("Sofia", 0)
                .hand("Sofia", ["Fate 5", "Autograph", "Letter of Introduction", "Lantern"])
                .turn("Sofia", phase="movement", speed=1).build())
    assert _choice(game(DZ)).endswith("to II-4")
    assert _choice(game(())).endswith("to II-1")  # without the rule both are the same
