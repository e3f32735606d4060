"""Leduc poker through the generic machinery: the game loop (random, ISMCTS, Python agents, checks,
trace, profile), the agent registry per game and the bundle catalogue. The seam's test: none of it
knows the game."""

from __future__ import annotations

import numpy as np
import pytest

from agents.batch import play, play_random
from agents.registry import kinds
from agents.spec import parse_spec
from sim.kit.bundle import game_of, games, get_game
from sim.kit.errors import ConfigError
from sim.leduc.config import LeducConfig, compile_config
from sim.leduc.kernels import ROW_FIELDS
from sim.leduc.layout import CHIP_UNITS

RETURN = ROW_FIELDS.index("return_units")


def _returns(played, players: int) -> np.ndarray:
    return played.rows[:, :players, RETURN] / CHIP_UNITS


def test_the_catalogue_holds_both_games_and_refuses_an_unknown_one():
    assert {"dungeonology", "leduc"} <= set(games())
    assert game_of(compile_config(LeducConfig())).name == "leduc"
    with pytest.raises(ConfigError, match="unknown game"):
        get_game("chess")


def test_each_game_has_its_own_agents_and_the_generic_ones():
    assert {"random", "ismcts"} <= set(kinds("leduc")) and "heuristic" not in kinds("leduc")
    assert {"random", "ismcts", "heuristic"} <= set(kinds("dungeonology"))
    with pytest.raises(ConfigError, match="unknown agent"):
        parse_spec("heuristic", "leduc")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_random_games_with_the_invariants_checked(players):
    dec, err, _ = play_random(compile_config(LeducConfig(players=players)), list(range(3000)), checks=True)
    assert (err == 0).all() and dec.min() >= players


def test_ismcts_beats_random_play_seat_for_seat():
    """ISMCTS bound to Leduc's kernels (its evaluate and rollout policy) wins chips from random play,
    on both seats (seat-rotated)."""
    c = compile_config(LeducConfig())
    slots = [parse_spec("ismcts:iterations=100", "leduc"), parse_spec("random", "leduc")]
    assign = np.array([[0, 1], [1, 0]] * 150)
    played = play(c, list(range(300)), slots, assign)
    assert (played.stats[:, 1] == 0).all()
    mine = np.where(assign == 0, _returns(played, 2), 0.0).sum(axis=1)
    assert mine.mean() > 0.5, mine.mean()  # chips a game; random against random: 0


def test_a_python_agent_plays_the_same_loop_as_python():
    c = compile_config(LeducConfig(players=3))
    slots = [parse_spec("agents.python_agents:UniformRandom", "leduc"), parse_spec("random", "leduc")]
    played = play(c, list(range(50)), slots)
    assert (played.stats[:, 1] == 0).all() and np.allclose(_returns(played, 3).sum(axis=1), 0)
    numba = [parse_spec("ismcts:iterations=20", "leduc"), parse_spec("random", "leduc")]
    a, b = play(c, list(range(20)), numba), play(c, list(range(20)), numba, python=True)
    assert (a.rows == b.rows).all() and (a.stats == b.stats).all()


def test_the_trace_and_the_profile_are_options_of_the_same_loop():
    c = compile_config(LeducConfig())
    spec = [parse_spec("random", "leduc")]
    plain = play(c, list(range(200)), spec)
    traced = play(c, list(range(200)), spec, trace=True, profile=True)
    assert (plain.rows == traced.rows).all()
    assert (traced.leaders[:, 2] >= 0).sum() > 0  # games that reached round 2 recorded a leader
    assert traced.profile[:, 1, :].sum() > 0
