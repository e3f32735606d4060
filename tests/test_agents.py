"""Agents: spec strings, the heuristic's decisions in built scenarios, ISMCTS on
a position whose best move is known, and that no agent uses hidden information."""

import random

import numpy as np
import pytest

from agents.batch import play_batch
from agents.python_agents import NumbaAgent, play_game
from agents.spec import describe_agents, parse_spec
from sim import GameConfig, new_game
from sim.dungeonology import layout as L
from sim.dungeonology.config import compile_config
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.scenario import Scenario, do
from sim.kit.errors import ConfigError


# ------------------------------------------------------------------ specs
def test_specs_resolve_defaults_personas_and_overrides():
    h = parse_spec("heuristic")
    assert h.kind == "heuristic" and h.get("risk") == 0.5
    c = parse_spec("heuristic:cautious")
    assert c.get("risk") == 0.15 and c.get("thesis") == 0.99
    o = parse_spec("heuristic:spy,risk=0.3")
    assert o.get("aggression") == 0.95 and o.get("risk") == 0.3
    m = parse_spec("ismcts:iterations=1000,c=0.7")
    assert m.get("iterations") == 1000 and m.get("c") == 0.7
    assert parse_spec("random").params == ()
    assert "heuristic" in describe_agents() and "personas: cautious" in describe_agents()


@pytest.mark.parametrize(
    "text,words",
    [
        ("chess-engine", "unknown agent .*available: heuristic, ismcts, random"),
        ("heuristic:bold", "unknown persona .*cautious"),
        ("heuristic:courage=1", "unknown parameter .*risk"),
        ("heuristic:risk=2", "between 0 and 1"),
        ("heuristic:risk=high", "needs a number"),
        ("ismcts:iterations=2.5", "whole number"),
        ("", "agent spec"),
    ],
)
def test_bad_specs_list_what_exists(text, words):
    with pytest.raises(ConfigError, match=words):
        parse_spec(text)


# ------------------------------------------------------------- heuristic
def _choice(g, spec="heuristic", seed=1):
    return g.action_to_string(NumbaAgent(spec, seed).act(g))


CFG = GameConfig(players=2, scholars=["Sofia", "Valerio"], clan="Blood Worshipers")


def test_heuristic_studies_when_the_odds_are_good():
    g = (Scenario(CFG, seed=2).place_zone("I-3", 0, -1).move("Sofia", "I-3")
         .hand("Sofia", ["Letter of Introduction", "Autograph", "Fate 5"]).hand("Valerio", [])
         .turn("Sofia", phase="action").build())
    assert _choice(g) == "Study"


def test_heuristic_does_not_study_a_hopeless_zone():
    g = (Scenario(CFG, seed=2).place_zone("I-3", 0, -1).move("Sofia", "I-3").alert_omegas(4)
         .hand("Sofia", ["False Trail"]).hand("Valerio", ["Fate 5", "Fate 4"])
         .turn("Sofia", phase="action").build())
    assert _choice(g) == "End the turn"


def test_heuristic_rests_when_it_must():
    g = (Scenario(CFG, seed=2).place_zone("I-3", 0, -1).move("Sofia", "I-3").hand("Sofia", [])
         .students("Sofia", 0).stun("Sofia", 2).turn("Sofia", phase="activity").build())
    assert _choice(g) == "Rest"


def test_heuristic_submits_a_thesis_it_can_pass_and_not_one_it_cannot():
    # Knowledge Token: it knows the Clan (Blood Worshipers, target 26)
    rich = (Scenario(CFG, seed=2).place_zone("I-3", 0, -1).move("Sofia", "I-3")
            .cubes("Sofia", militia=4, civilization=5).knowledge("Sofia").turn("Sofia", phase="activity").build())
    assert _choice(rich) == "Submit the Thesis"
    poor = (Scenario(CFG, seed=2).place_zone("I-3", 0, -1).move("Sofia", "I-3")
            .cubes("Sofia", riches=2, caste=2).knowledge("Sofia").turn("Sofia", phase="activity").build())
    assert "Submit the Thesis" in [poor.action_to_string(a) for a in poor.legal_actions()]
    assert _choice(poor) != "Submit the Thesis"  # 22 points < 26


def test_heuristic_sabotages_a_test_about_to_succeed():
    g = (Scenario(CFG, seed=2).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
         .hand("Sofia", ["Letter of Introduction", "Lantern"]).hand("Valerio", ["Smoke Bomb", "False Trail"])
         .turn("Sofia", phase="action").build())
    do(g, "Study", "Study 1 cube", "Commit Letter of Introduction", "Commit Lantern")  # declared (forced)
    assert g.current_player() == 1
    assert _choice(g, "heuristic:saboteur").startswith("Play ")
    assert "Alert" in _choice(g, "heuristic:saboteur")


def test_heuristic_beats_random_play():
    c = compile_config(GameConfig(players=4))
    n = 80
    assign = np.array([[0 if p == g % 4 else 1 for p in range(4)] for g in range(n)])
    rows, games = play_batch(c, list(range(n)), [parse_spec("heuristic"), parse_spec("random")], assign)
    assert (games[:, 7] == 0).all()  # every action the agents chose was legal
    wins = sum(int(rows[g, g % 4, 7]) for g in range(n))
    assert wins / n > 0.6


# ----------------------------------------------------------------- ismcts
def test_ismcts_finds_the_winning_thesis():
    """Two players, Sofia knows the Clan and her Thesis passes now; Valerio is
    far behind: submitting wins (10 bonus points and the game is decided)."""
    g = (Scenario(CFG, seed=3).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
         .cubes("Sofia", militia=4, civilization=5).knowledge("Sofia")
         .turn("Sofia", phase="activity").build())
    assert _choice(g, "ismcts:iterations=1000,depth=30", seed=5) == "Submit the Thesis"


def _hidden_variants(g, me):
    """The same position with hidden information changed: an opponent's card
    swapped with the deck's top card."""
    h = g.clone()
    s = h.state
    for p in range(h.config.players):
        if p == me or s[pf(p, L.PF_HAND_N)] == 0 or s[L.S_DECK_N] == 0:
            continue
        k = next(k for k in range(L.MAX_KINDS) if s[pf(p, L.PF_HAND) + k] > 0)
        top = int(s[L.S_DECK_N]) - 1
        other = int(s[L.S_DECK + top])
        s[pf(p, L.PF_HAND) + k] -= 1
        s[pf(p, L.PF_HAND) + other] += 1
        s[L.S_DECK + top] = k
        return h
    return None


@pytest.mark.parametrize("spec", ["heuristic", "heuristic:saboteur", "ismcts:iterations=60,depth=20"])
def test_agents_ignore_hidden_information(spec):
    checked = 0
    for seed in range(40):
        g = new_game(GameConfig(players=4), seed)
        r = random.Random(seed)
        for _ in range(r.randrange(10, 120)):
            if g.is_terminal():
                break
            g.apply(r.choice(g.legal_actions()))
        if g.is_terminal() or len(g.legal_actions()) < 2:
            continue
        me = g.current_player()
        h = _hidden_variants(g, me)
        if h is None:
            continue
        assert h.observation(me) == g.observation(me)
        assert NumbaAgent(spec, 9).act(g) == NumbaAgent(spec, 9).act(h)
        checked += 1
    assert checked >= 10


# ------------------------------------------------------------ interfaces
class FirstLegal:
    """Any Python object with an act method can sit at a seat."""

    def act(self, game):
        return game.legal_actions()[0]


def test_python_agents_and_numba_agents_share_a_table():
    g = play_game(GameConfig(players=3), 4, [FirstLegal(), NumbaAgent("heuristic", 1), NumbaAgent("random", 2)])
    assert g.is_terminal() and g.check_invariants() is None


def test_batch_results_depend_only_on_seed_and_agents():
    c = compile_config(GameConfig(players=3))
    slots = [parse_spec("heuristic"), parse_spec("random"), parse_spec("heuristic:greedy")]
    a, ga = play_batch(c, [5, 6, 7], slots)
    b, gb = play_batch(c, [6, 7], slots)
    assert (a[1:] == b).all() and (ga[1:] == gb).all()


def test_a_new_agent_is_one_module_and_one_registration_line():
    import importlib

    import agents.registry as registry

    importlib.import_module("tests.example_agents.study_first")
    spec = parse_spec("study-first")
    c = compile_config(GameConfig(players=2))
    rows, games = play_batch(c, [1, 2], [spec, parse_spec("random")])
    assert (games[:, 7] == 0).all() and rows[:, 0, 15].sum() > 0  # it studied
    registry.REGISTRY.pop("study-first")


def test_result_rows_count_main_effects_only_with_the_rule():
    """The `main_effects` column counts the Main Effects each seat declared."""
    from sim.dungeonology.core.engine.batch import ROW_FIELDS

    col = ROW_FIELDS.index("main_effects")
    heuristic = [parse_spec("heuristic")]
    with_rule, _ = play_batch(compile_config(GameConfig(players=4, rules=("main_effects",))), [1, 2, 3], heuristic)
    without, _ = play_batch(compile_config(GameConfig(players=4)), [1, 2, 3], heuristic)
    assert with_rule[:, :4, col].sum() > 0
    assert without[:, :4, col].sum() == 0
