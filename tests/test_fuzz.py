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


def _fuzz(players, alert, level, games, base, overrides=None, rules=()):
    config = GameConfig(players=players, alert=alert, player_level=level, overrides=overrides or {}, rules=rules)
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
def test_random_games_with_dangerous_zones_keep_every_invariant(players):
    """Dangerous Zones on: every printed Zone Effect counts (Ambush, Stop, Toll,
    Good / Bad Luck, Danger, Bivouac, Secret Passages)."""
    err, dec = _fuzz(players, "medium", "students", 150, base=9_100_000 + players, rules=("dangerous_zones",))
    bad = {INVARIANTS[int(e)]: int(np.sum(err == e)) for e in np.unique(err) if e}
    assert not bad, bad
    assert dec.min() > 0


@pytest.mark.parametrize("rules", [("boss",), ("boss", "dangerous_zones")])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_the_boss_keep_every_invariant(rules, players):
    """The Boss advanced rule (both profiles drawn at random), alone and with
    Dangerous Zones (Secret Passages for the Boss)."""
    compiled = compile_config(GameConfig(players=players, rules=rules))
    games = 150
    words = np.array([seed_words(9_000_000 + players * 1000 + i) for i in range(games)], dtype=np.int64)
    dec = np.zeros(games, np.int64)
    err = np.zeros(games, np.int64)
    turns = np.zeros(games, np.int64)
    play_random_batch(compiled.tables, players, compiled.scholars, compiled.clan, words[:, 0].copy(),
                      words[:, 1].copy(), True, dec, err, turns)
    bad = {INVARIANTS[int(e)]: int(np.sum(err == e)) for e in np.unique(err) if e}
    assert not bad, bad
    assert dec.min() > 0
