"""Leduc poker (sim.leduc) checked against OpenSpiel's own ``leduc_poker``.

(a) Replay: along random games, the same deal is applied to OpenSpiel as its chance outcomes (a
card's id is its chance outcome) and the same actions are taken; at every decision both give the
same seat to act, the same legal actions (the action ids are OpenSpiel's), the same information
state and observation of every seat (strings and tensors), and at the end the same returns.

(b) Distribution: N games of uniformly random play in each, with their own generators; player 0's
return must have the same mean, the same mean absolute value and the same frequency of every
value. Tolerance: each statistic may differ by at most 4 standard errors of the difference of two
independent means (or proportions) of N games, sqrt(var_a / N + var_b / N); a correct game exceeds
4 SE with probability 6e-5 per statistic, under 0.3 % for the 15 (2 players) or 25 (3 players)
statistics, and the seeds are fixed, so the test is deterministic (measured: at most 1.6 SE). A
wrong rule value moves them far more: round 2's raise at 5 instead of 4, planted once by hand in
the data file, put 17 statistics of 2 players and 31 of 3 players out of tolerance (mean |return|
by 7 and 11 SE); ``test_distribution_test_finds_a_wrong_raise`` keeps a raise of 6 as an override.
"""

from __future__ import annotations

import numpy as np
import pytest

from sim.leduc import layout as L
from sim.leduc.config import LeducConfig
from sim.leduc.game import new_game

pyspiel = pytest.importorskip("pyspiel")

N_RANDOM = 20_000  # games per side in (b): SE of player 0's mean return ~ 0.05 chips (2 players)
SIGMAS = 4.0


def _replay(players: int, seed: int, start: int = 0) -> int:
    """Play one random game in both, comparing at every decision; return the decisions."""
    rnd = np.random.default_rng(seed)
    game = pyspiel.load_game("leduc_poker", {"players": players, "starting_player": start})
    g = new_game(LeducConfig(players=players, overrides={"betting.starting_player": start}), seed=seed)
    o = game.new_initial_state()
    for p in range(players):
        assert o.is_chance_node()
        card = int(g.state[L.S_PRIVATE + p])
        assert card in o.legal_actions()
        o.apply_action(card)
    decisions = 0
    while not g.is_terminal():
        if o.is_chance_node():  # the public card: our round 2 has started
            assert g.state[L.H_ROUND] == 2
            o.apply_action(int(g.state[L.S_PUBLIC]))
        assert not o.is_terminal() and o.current_player() == g.current_player()
        assert o.legal_actions() == g.legal_actions(), (seed, g.history)
        for seat in range(players):
            assert o.information_state_string(seat) == g.information_state_string(seat)
            assert o.observation_string(seat) == g.observation_string(seat)
            np.testing.assert_array_equal(o.information_state_tensor(seat), g.information_state_tensor(seat))
            np.testing.assert_array_equal(o.observation_tensor(seat), g.observation_tensor(seat))
        a = int(rnd.choice(g.legal_actions()))
        assert o.action_to_string(o.current_player(), a) == g.action_to_string(a)
        o.apply_action(a)
        g.apply(a)
        decisions += 1
    assert o.is_terminal()
    assert o.returns() == g.returns(), (seed, g.history)
    return decisions


@pytest.mark.parametrize("players, games, start", [(2, 1500, 0), (3, 800, 0), (4, 300, 0), (3, 300, 2)])
def test_replay_matches_openspiel(players: int, games: int, start: int) -> None:
    """start: the seat that starts each round (OpenSpiel's starting_player, the data's too)."""
    decisions = sum(_replay(players, seed, start) for seed in range(games))
    assert decisions > 2 * games


def _ours(players: int, n: int, overrides: dict | None = None) -> np.ndarray:
    rnd = np.random.default_rng(1000 + players)
    out = np.zeros(n)
    config = LeducConfig(players=players, overrides=overrides or {})
    for i in range(n):
        g = new_game(config, seed=i)
        while not g.is_terminal():
            g.apply(int(rnd.choice(g.legal_actions())))
        out[i] = g.returns()[0]
    return out


def _openspiel(players: int, n: int) -> np.ndarray:
    rnd = np.random.default_rng(2000 + players)
    game = pyspiel.load_game("leduc_poker", {"players": players})
    out = np.zeros(n)
    for i in range(n):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(outcomes[rnd.integers(len(outcomes))][0])  # uniform: 1 / cards left
            else:
                s.apply_action(int(rnd.choice(s.legal_actions())))
        out[i] = s.returns()[0]
    return out


def _differences(a: np.ndarray, b: np.ndarray) -> list[str]:
    """The statistics of player 0's return that differ by more than SIGMAS standard errors."""
    bad = []
    for name, x, y in (("mean", a, b), ("mean |return|", np.abs(a), np.abs(b))):
        se = np.sqrt(x.var() / len(x) + y.var() / len(y))
        if abs(x.mean() - y.mean()) > SIGMAS * se:
            bad.append(f"{name}: {x.mean():.3f} vs {y.mean():.3f} (SE {se:.3f})")
    for v in np.union1d(a, b):
        p, q = np.mean(a == v), np.mean(b == v)
        se = np.sqrt(p * (1 - p) / len(a) + q * (1 - q) / len(b))
        se = max(se, 1.0 / len(a))  # a value seen once in one sample and never in the other
        if abs(p - q) > SIGMAS * se:
            bad.append(f"P(return = {v:g}): {p:.4f} vs {q:.4f} (SE {se:.4f})")
    return bad


@pytest.fixture(scope="module")
def openspiel_returns() -> dict[int, np.ndarray]:
    return {players: _openspiel(players, N_RANDOM) for players in (2, 3)}


@pytest.mark.parametrize("players", [2, 3])
def test_random_play_has_openspiels_distribution_of_returns(players: int, openspiel_returns: dict) -> None:
    ours = _ours(players, N_RANDOM)
    theirs = openspiel_returns[players]
    assert len(np.union1d(ours, theirs)) > 10  # the test compares many values, not a few
    assert _differences(ours, theirs) == []


def test_distribution_test_finds_a_wrong_raise(openspiel_returns: dict) -> None:
    """The comparison has the power it claims: round 2's raise at 6 chips instead of OpenSpiel's 4
    is found (here as an override of the data)."""
    wrong = _ours(2, N_RANDOM, {"betting.raise_amounts": [2, 6]})
    assert len(_differences(wrong, openspiel_returns[2])) >= 5
