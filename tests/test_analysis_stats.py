"""Tests of experiments.analysis.stats: intervals, p-values and sample sizes against statsmodels and the formulas."""


from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from analysis_frames import synthetic_frame  # noqa: E402

from experiments import analysis as A  # noqa: E402
from experiments.analysis.stats import (  # noqa: E402
    adjust_pvalues,
    binomial_pvalues,
    games_for_width,
    games_for_wilson_width,
    newcombe,
    wilson,
    wilson_width,
)


# ------------------------------------------------------------------ stats
def test_wilson_matches_statsmodels():
    from statsmodels.stats.proportion import proportion_confint

    rng = np.random.default_rng(3)
    n = rng.integers(1, 5000, size=200)
    wins = rng.integers(0, n + 1)
    n = np.concatenate([n, [1, 1, 10, 10, 7]])
    wins = np.concatenate([wins, [0, 1, 0, 10, 3]])
    lo, hi = wilson(wins, n)
    ref_lo, ref_hi = proportion_confint(wins, n, alpha=0.05, method="wilson")
    np.testing.assert_allclose(lo, ref_lo, atol=1e-12)
    np.testing.assert_allclose(hi, ref_hi, atol=1e-12)
    t = A.win_rates(synthetic_frame(400), "scholar")
    ref_lo, ref_hi = proportion_confint(t["wins"], t["games"], method="wilson")
    np.testing.assert_allclose(t["ci_low"], ref_lo, atol=1e-12)
    np.testing.assert_allclose(t["ci_high"], ref_hi, atol=1e-12)


def _wilson_by_hand(wins: np.ndarray, n: np.ndarray, z: float = 1.959963984540054) -> tuple[np.ndarray, np.ndarray]:
    """Wilson (1927): centre (p + z²/2n) / (1 + z²/n), half-width z sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n)."""
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def test_wilson_matches_the_formula_on_known_values():
    wins, n = np.array([0, 3, 10, 56, 250]), np.array([10, 10, 10, 70, 1000])
    lo, hi = wilson(wins, n)
    ref_lo, ref_hi = _wilson_by_hand(wins.astype(float), n.astype(float))
    np.testing.assert_allclose(lo, ref_lo, atol=1e-12)
    np.testing.assert_allclose(hi, ref_hi, atol=1e-12)
    assert (round(float(lo[0]), 4), round(float(hi[0]), 4)) == (0.0, 0.2775)  # 0 of 10: the textbook 0-27.8%
    lo99, hi99 = wilson(3, 10, z=2.5758293035489)  # a 99% interval: wider
    assert lo99 < lo[1] and hi99 > hi[1]
    empty = wilson(np.array([0]), np.array([0]))
    assert np.isnan(empty[0]).all() and np.isnan(empty[1]).all()


def test_newcombe_matches_the_paper_and_the_formula():
    # Newcombe (1998), Statistics in Medicine 17:873, Table II example (a): 56/70 - 48/80, method 10
    lo, hi = newcombe(56, 70, 48, 80)
    assert (round(float(lo), 4), round(float(hi), 4)) == (0.0524, 0.3339)
    # the hybrid score interval from the two Wilson intervals, by hand
    rng = np.random.default_rng(9)
    n1, n2 = rng.integers(20, 3000, 50), rng.integers(20, 3000, 50)
    w1, w2 = rng.integers(0, n1 + 1), rng.integers(0, n2 + 1)
    for alpha, z in ((0.05, 1.959963984540054), (0.05 / 8, 2.734368786533181)):
        (l1, u1), (l2, u2) = _wilson_by_hand(w1 / 1.0, n1 / 1.0, z), _wilson_by_hand(w2 / 1.0, n2 / 1.0, z)
        p1, p2 = w1 / n1, w2 / n2
        lo, hi = newcombe(w1, n1, w2, n2, alpha)
        np.testing.assert_allclose(lo, p1 - p2 - np.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), atol=1e-6)
        np.testing.assert_allclose(hi, p1 - p2 + np.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2), atol=1e-6)
    assert np.isnan(newcombe(1, 0, 1, 3)[0])


def test_wilson_coverage_is_close_to_95_percent():
    rng = np.random.default_rng(11)
    for p, n in ((0.25, 400), (0.1, 150), (0.5, 60), (1 / 3, 1000)):
        wins = rng.binomial(n, p, size=2000)
        lo, hi = wilson(wins, n)
        coverage = float(np.mean((lo <= p) & (p <= hi)))
        # 2,000 proportions: the standard error of the coverage is about 0.5 point
        assert 0.93 <= coverage <= 0.97, (p, n, coverage)


def test_adjust_pvalues_match_statsmodels():
    from statsmodels.stats.multitest import multipletests

    rng = np.random.default_rng(5)
    p = np.concatenate([rng.uniform(size=30), rng.uniform(0, 0.01, size=8), [0.04, 0.04]])
    for ours, theirs in (("holm", "holm"), ("bh", "fdr_bh")):
        np.testing.assert_allclose(adjust_pvalues(p, ours), multipletests(p, method=theirs)[1], atol=1e-12)
    # by hand: Holm multiplies the k-th smallest by (m - k + 1), then keeps it monotone; BH by m / k
    np.testing.assert_allclose(adjust_pvalues(np.array([0.01, 0.04, 0.03]), "holm"), [0.03, 0.06, 0.06])
    np.testing.assert_allclose(adjust_pvalues(np.array([0.01, 0.04, 0.03]), "bh"), [0.03, 0.04, 0.04])
    with_nan = adjust_pvalues(np.array([0.01, np.nan, 0.02]), "holm")
    assert np.isnan(with_nan[1]) and with_nan[0] == pytest.approx(0.02) and with_nan[2] == pytest.approx(0.02)
    with pytest.raises(ValueError, match="unknown correction"):
        adjust_pvalues(p, "bonferroni")


def test_binomial_pvalues_are_exact():
    from scipy.stats import binomtest

    p = binomial_pvalues(np.array([30, 25, 0]), np.array([100, 100, 0]), 0.25)
    assert p[0] == pytest.approx(binomtest(30, 100, 0.25).pvalue)
    assert p[1] == pytest.approx(1.0)
    assert np.isnan(p[2])


def test_games_for_wilson_width():
    for p, width in ((0.25, 0.02), (0.5, 0.05), (0.1, 0.01), (0.01, 0.02)):
        n = games_for_wilson_width(p, width)
        assert wilson_width(p, n) <= width < wilson_width(p, n - 1)
        if p >= 0.1:  # close to the normal approximation away from 0 and 1
            assert abs(n - games_for_width(p, width)) <= 0.01 * n
    with pytest.raises(ValueError):
        games_for_wilson_width(0.25, 0)


# ------------------------------------------------------- Thesis-rate coverage
def _correlated_theses(rng: np.random.Generator, reps: int, games: int, players: int, rate: float,
                       icc: float) -> pd.DataFrame:
    """``reps`` runs (column ``cell``) of ``games`` games each: every game draws its own chance of a Thesis
    (Beta with mean ``rate`` and intra-game correlation ``icc``), its seats succeed with that chance."""
    k = (1 - icc) / icc
    chance = rng.beta(rate * k, (1 - rate) * k, reps * games)
    thesis = rng.random((reps * games, players)) < chance[:, None]
    game = np.repeat(np.arange(reps * games), players)
    return pd.DataFrame({"cell": game // games, "game": game, "players": players, "turns": 40, "rounds": 10,
                         "score": 10, "thesis_submitted": thesis.reshape(-1)})


@pytest.mark.parametrize("players", [2, 4])
def test_thesis_rate_intervals_cover_over_games_not_seats(players):
    # a planted Thesis rate of 30% with seats correlated within a game (intra-game correlation 0.12):
    # 400 runs of 300 games; the interval over games covers the truth about 95% of the time, the
    # seats-as-independent Wilson interval (the old one) about 91% at 4 players
    rng = np.random.default_rng(7 + players)
    df = _correlated_theses(rng, 400, 300, players, 0.30, 0.12)
    t = A.condition_effects(df, "cell")
    cover = float(((t["thesis_ci_low"] <= 0.30) & (0.30 <= t["thesis_ci_high"])).mean())
    seats = df.groupby("cell")["thesis_submitted"].agg(["sum", "size"])
    lo, hi = wilson(seats["sum"].to_numpy(), seats["size"].to_numpy())
    naive = float(((lo <= 0.30) & (0.30 <= hi)).mean())
    print(f"{players} players: coverage over games {cover:.3f}, seats as independent {naive:.3f}")
    assert cover >= 0.935
    assert len(t) == 400 and (t["thesis_ci_low"] <= t["thesis_rate"]).all()
    if players == 4:
        assert naive < 0.93  # the planted correlation is strong enough to show the old intervals' fault


def test_cluster_wilson_without_variation_counts_each_game_once():
    from experiments.analysis.stats import cluster_wilson

    rate, lo, hi = cluster_wilson(np.zeros(50), np.full(50, 4.0), np.zeros(50, np.int64), 1)
    ref_lo, ref_hi = wilson(0, 50)
    assert rate[0] == 0 and lo[0] == pytest.approx(ref_lo) and hi[0] == pytest.approx(ref_hi)
