"""Random games with every invariant checked after every action (the
OpenSpiel conformance habit): 2,000+ games per run of the suite."""

import numpy as np
import pytest

from sim import GameConfig
from sim.config import compile_config
from sim.core.invariants import INVARIANTS
from sim.core.play import play_random_batch
from sim.core.rng import seed_words

COLORS = ("civilization", "militia", "worship", "riches", "caste")
# Data that makes Theses easy, so random play reaches the Thesis, the first
# submitter's Omega clock and the last round.
EASY_THESIS = {
    **{f"noteboard.columns.{c}.stars": [1] for c in COLORS},
    **{f'clans."{c}".target': 0 for c in ("Blood Worshipers", "Golden Horns", "Moss Elders")},
}


def _fuzz(players, alert, level, games, base, overrides=None):
    config = GameConfig(players=players, alert=alert, player_level=level, overrides=overrides or {})
    compiled = compile_config(config)
    words = np.array([seed_words(base + i) for i in range(games)], dtype=np.int64)
    dec = np.zeros(games, np.int64)
    err = np.zeros(games, np.int64)
    turns = np.zeros(games, np.int64)
    play_random_batch(compiled.tables, players, compiled.scholars, compiled.clan, words[:, 0].copy(),
                      words[:, 1].copy(), True, dec, err, turns)
    return err, dec


@pytest.mark.parametrize(
    "players,alert,level",
    [
        (2, "introductory", "students"),
        (2, "hard", "scholars"),
        (3, "easy", "professors"),
        (3, "medium", "students"),
        (4, "medium", "students"),
        (4, "hard", "rectors"),
    ],
)
def test_random_games_keep_every_invariant(players, alert, level):
    err, dec = _fuzz(players, alert, level, 400, base=players * 100_000)
    bad = {INVARIANTS[int(e)]: int(np.sum(err == e)) for e in np.unique(err) if e}
    assert not bad, bad
    assert dec.min() > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_easy_theses_keep_every_invariant(players):
    err, dec = _fuzz(players, "easy", "students", 300, base=7_000_000 + players, overrides=EASY_THESIS)
    bad = {INVARIANTS[int(e)]: int(np.sum(err == e)) for e in np.unique(err) if e}
    assert not bad, bad


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_main_effects_keep_every_invariant(players):
    """The Main Effects advanced rule: Reactions, Priority rounds, "/" costs."""
    games = 150
    compiled = compile_config(GameConfig(players=players, alert="easy", rules=("main_effects",)))
    words = np.array([seed_words(9_100_000 + players * 1000 + i) for i in range(games)], dtype=np.int64)
    dec = np.zeros(games, np.int64)
    err = np.zeros(games, np.int64)
    turns = np.zeros(games, np.int64)
    play_random_batch(compiled.tables, players, compiled.scholars, compiled.clan, words[:, 0].copy(),
                      words[:, 1].copy(), True, dec, err, turns)
    bad = {INVARIANTS[int(e)]: int(np.sum(err == e)) for e in np.unique(err) if e}
    assert not bad, bad
    assert dec.min() > 0
