"""Tests of the order-free ratings (experiments/analysis/ratings.py) on planted data: no games are played.

Planted data: Plackett-Luce rankings drawn by sorting strength + Gumbel noise
(the Gumbel trick gives exactly Plackett-Luce), tables of 4 from a pool."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from experiments.analysis.ratings import ELO, bt_ratings, comparisons, head_to_head, skill_luck


def planted(theta: np.ndarray, games: int, seed: int, seats: int = 4) -> pd.DataFrame:
    """One row per (game, seat): agents drawn without replacement, ranks from Plackett-Luce."""
    rng = np.random.default_rng(seed)
    rows = []
    for g in range(games):
        table = rng.choice(len(theta), seats, replace=False)
        order = np.argsort(-(theta[table] + rng.gumbel(size=seats)))
        rows += [(g, f"a{table[i]}", r + 1) for r, i in enumerate(order)]
    return pd.DataFrame(rows, columns=["game", "agent", "rank"])


def truth(theta: np.ndarray) -> pd.Series:
    return pd.Series(ELO * (theta - theta.mean()), index=[f"a{i}" for i in range(len(theta))])


THETA = np.array([1.2, 0.6, 0.3, 0.0, -0.5, -1.0])


def test_ratings_do_not_depend_on_the_order_of_the_games():
    frame = planted(THETA, 300, seed=1)
    base = bt_ratings(frame, boot=50, seed=3)
    shuffled = frame.sample(frac=1, random_state=7)  # rows (games and seats) in another order
    assert bt_ratings(shuffled, boot=50, seed=3).loc[base.index].equals(base)
    reversed_ids = frame.assign(game=frame["game"].max() - frame["game"])  # the games played the other way round
    again = bt_ratings(reversed_ids, boot=50, seed=3).loc[base.index]
    assert np.allclose(again["elo"], base["elo"], atol=1e-6)
    assert np.allclose(again[["elo_low", "elo_high"]], base[["elo_low", "elo_high"]], atol=25)  # other resamples


def test_a_planted_strength_ordering_is_recovered():
    r = bt_ratings(planted(THETA, 1500, seed=2), boot=0)
    assert list(r.sort_values("elo", ascending=False).index) == [f"a{i}" for i in range(len(THETA))]
    assert np.allclose(r["elo"], truth(THETA)[r.index], atol=40)
    assert r["elo"].sum() == pytest.approx(0.0, abs=1e-6)


def test_bootstrap_intervals_contain_the_truth_on_planted_data():
    theta = np.array([0.8, 0.3, 0.0, -0.4, -0.7])
    hits = total = 0
    for seed in range(16):
        r = bt_ratings(planted(theta, 200, seed=100 + seed), boot=100, seed=seed)
        t = truth(theta)[r.index]
        hits += int(((r["elo_low"] <= t) & (t <= r["elo_high"])).sum())
        total += len(r)
    assert hits / total >= 0.85, hits / total  # nominal 95%; 80 intervals
    narrow = bt_ratings(planted(theta, 2000, seed=5), boot=100, seed=1)
    wide = bt_ratings(planted(theta, 200, seed=5), boot=100, seed=1)
    assert ((narrow["elo_high"] - narrow["elo_low"]) < (wide["elo_high"] - wide["elo_low"])).all()


def test_ties_count_half_and_copies_of_one_agent_say_nothing():
    frame = pd.DataFrame([(0, "A", 1), (0, "B", 1), (0, "C", 3), (0, "C", 4),
                          (1, "B", 1), (1, "A", 2), (1, "C", 2), (1, "C", 4)], columns=["game", "agent", "rank"])
    names, games, triples = comparisons(frame)
    assert names == ["A", "B", "C"] and list(games) == [0, 1]
    share, meetings = head_to_head(frame)
    assert share.loc["A", "B"] == pytest.approx(0.25) and share.loc["B", "A"] == pytest.approx(0.75)
    assert meetings.loc["A", "C"] == 4 and meetings.loc["C", "C"] == 0  # C-C pairs left out
    assert share.loc["A", "C"] == pytest.approx((2 + 1.5) / 4)  # game 1: A ties one C, beats the other
    assert np.allclose(share + share.T, np.where(np.eye(3, dtype=bool), np.nan, 1.0), equal_nan=True)
    one = bt_ratings(frame[frame["agent"] == "C"])
    assert one.loc["C", "elo"] == 0 and one.loc["C", "elo_low"] == 0


def test_skill_versus_luck_tells_skill_from_luck():
    luck = skill_luck(planted(np.zeros(5), 400, seed=3), boot=100)
    assert luck["stronger_wins_low"] <= 0.5 + 0.03 and luck["stronger_wins"] < 0.56
    skill = skill_luck(planted(np.array([4.0, 2.0, 0.0, -2.0, -4.0]), 400, seed=3), boot=100)
    assert skill["stronger_wins_low"] > 0.85
    assert skill["elo_spread_low"] > luck["elo_spread_high"]
    assert skill["meetings"] == 400 * 6  # six pairs of seats a game
