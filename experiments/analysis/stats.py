"""Statistics for win rates: Wilson score intervals, Newcombe's interval of a
difference, fair-share tests and multiple-comparison corrections.

The intervals and corrections are statsmodels' (``proportion_confint``,
``confint_proportions_2indep``, ``multipletests``); this module only fixes the
conventions (arrays in, NaN for an empty group, the method names of the report).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from scipy.stats import norm
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint

Z95 = 1.959963984540054


def _alpha(z: float) -> float:
    """The two-sided level of a normal quantile (Z95 -> 0.05)."""
    return float(2 * norm.sf(z))


def wilson(wins: np.ndarray | int, n: np.ndarray | int, z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval for a binomial proportion (arrays or scalars; NaN where n = 0)."""
    wins = np.asarray(wins, dtype=float)
    n = np.asarray(n, dtype=float)
    ok = n > 0
    with np.errstate(invalid="ignore", divide="ignore"):
        lo, hi = proportion_confint(np.where(ok, wins, 0.0), np.where(ok, n, 1.0), alpha=_alpha(z), method="wilson")
    return np.where(ok, lo, np.nan), np.where(ok, hi, np.nan)


def newcombe(wins1: np.ndarray | int, n1: np.ndarray | int, wins2: np.ndarray | int, n2: np.ndarray | int,
             alpha: float = 0.05) -> tuple[np.ndarray, np.ndarray]:
    """Newcombe's hybrid score interval (his method 10) for the difference of two proportions,
    wins1/n1 - wins2/n2, at level 1 - alpha (arrays; NaN where a group is empty)."""
    w1, m1, w2, m2 = np.broadcast_arrays(*(np.asarray(x, dtype=float) for x in (wins1, n1, wins2, n2)))
    ok = (m1 > 0) & (m2 > 0)
    with np.errstate(invalid="ignore", divide="ignore"):
        lo, hi = confint_proportions_2indep(np.where(ok, w1, 0.0), np.where(ok, m1, 1.0), np.where(ok, w2, 0.0),
                                            np.where(ok, m2, 1.0), method="newcomb", compare="diff", alpha=alpha)
    return np.where(ok, lo, np.nan), np.where(ok, hi, np.nan)


def bonferroni_alpha(alpha: float, tests: int) -> float:
    """The level of each of ``tests`` simultaneous intervals whose family-wise error is at most ``alpha``."""
    return alpha / max(int(tests), 1)


def win_rates(df: pd.DataFrame, by: list[str] | str, fair: float | None = None) -> pd.DataFrame:
    """Win rate with a Wilson 95% interval per group of `by` (one row per seat)."""
    by = [by] if isinstance(by, str) else list(by)
    g = df.groupby(by, observed=True)["won"].agg(["sum", "count"]).rename(columns={"sum": "wins", "count": "games"})
    g["wins"] = g["wins"].astype(int)
    g["win_rate"] = g["wins"] / g["games"]
    lo, hi = wilson(g["wins"].to_numpy(), g["games"].to_numpy())
    g["ci_low"], g["ci_high"] = lo, hi
    if fair is not None:
        g["lift"] = g["win_rate"] / fair
    return g.reset_index()


def games_for_width(p: float, width: float, z: float = Z95) -> int:
    """Games needed for a 95% interval of total `width` around rate p (normal approx.)."""
    return math.ceil((2 * z) ** 2 * p * (1 - p) / width**2)


def wilson_width(p: np.ndarray | float, n: np.ndarray | float, z: float = Z95) -> np.ndarray:
    """Total width of the Wilson interval for an observed rate p over n trials."""
    p = np.asarray(p, dtype=float)
    n = np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return 2 * z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)


def games_for_wilson_width(p: float, width: float, z: float = Z95) -> int:
    """Smallest n whose Wilson 95% interval at rate p is at most `width` wide (total width).

    Close to :func:`games_for_width` (the normal approximation) unless p is near 0 or 1."""
    if not 0 < width < 1:
        raise ValueError(f"width must be between 0 and 1, not {width}")
    lo, hi = 1, max(1, games_for_width(p, width, z)) + 1
    while float(wilson_width(p, hi, z)) > width:  # the normal approximation is a start, not a bound
        hi *= 2
    while lo < hi:  # the width falls with n: bisect for the first n at or under `width`
        mid = (lo + hi) // 2
        if float(wilson_width(p, mid, z)) <= width:
            hi = mid
        else:
            lo = mid + 1
    return lo


def binomial_pvalues(wins: np.ndarray, n: np.ndarray, p: np.ndarray | float) -> np.ndarray:
    """Exact two-sided binomial test p-values (scipy.stats.binomtest) of wins out of n against rate p."""
    from scipy.stats import binomtest

    wins = np.asarray(wins, dtype=np.int64)
    n = np.asarray(n, dtype=np.int64)
    p = np.broadcast_to(np.asarray(p, dtype=float), wins.shape)
    out = np.full(wins.shape, np.nan)
    for i, (k, m, q) in enumerate(zip(wins.ravel(), n.ravel(), p.ravel(), strict=True)):
        if m > 0 and 0 < q < 1:
            out.flat[i] = binomtest(int(k), int(m), float(q)).pvalue
    return out


def normal_pvalues(wins: np.ndarray, expected: np.ndarray, variance: np.ndarray) -> np.ndarray:
    """Two-sided z-test p-values of a count against its expectation and variance (normal approximation)."""
    wins = np.asarray(wins, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        zscore = (wins - np.asarray(expected, dtype=float)) / np.sqrt(np.asarray(variance, dtype=float))
    return 2 * norm.sf(np.abs(zscore))


ADJUST_METHODS = {"holm": "holm", "bh": "fdr_bh"}  # our name -> statsmodels' multipletests method


def adjust_pvalues(p: np.ndarray, method: str = "holm") -> np.ndarray:
    """Multiple-comparison adjusted p-values (statsmodels' multipletests): Holm (family-wise
    error) or Benjamini-Hochberg ("bh", false discovery rate). NaN p-values are left out of the
    family and stay NaN."""
    if method not in ADJUST_METHODS:
        raise ValueError(f"unknown correction {method!r} (allowed: {', '.join(ADJUST_METHODS)})")
    p = np.asarray(p, dtype=float)
    out = np.full(p.shape, np.nan)
    ok = ~np.isnan(p)
    if ok.any():
        out[ok] = multipletests(p[ok], method=ADJUST_METHODS[method])[1]
    return out


def cluster_wilson(wins: np.ndarray, n: np.ndarray, group: np.ndarray, groups: int,
                   z: float = Z95) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(rate, low, high) per group of a ratio of sums, sum(wins) / sum(n), whose units are clusters (a game
    and its seats): ``wins`` and ``n`` per cluster, ``group`` its group code (0 .. ``groups`` - 1).

    The variance is the cluster-robust (linearised ratio) one over the clusters, sum((w - r n)^2) / sum(n)^2
    with the J / (J - 1) factor; the interval is Wilson's at the effective sample size r (1 - r) / variance
    (the seats' count shrunk by the design effect), so it keeps Wilson's behaviour near 0 and 1. With no
    variation seen (every cluster at the rate: r is 0 or 1) each cluster counts as one trial."""
    wins, n = np.asarray(wins, dtype=float), np.asarray(n, dtype=float)
    group = np.asarray(group, dtype=np.int64)
    total = np.bincount(group, n, groups)
    clusters = np.bincount(group, minlength=groups).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = np.bincount(group, wins, groups) / total
        resid = wins - rate[group] * n
        var = np.bincount(group, resid**2, groups) / total**2 * clusters / np.maximum(clusters - 1, 1)
        n_eff = np.where(var > 0, rate * (1 - rate) / var, clusters)
    lo, hi = wilson(rate * np.where(total > 0, n_eff, 0.0), np.where(total > 0, n_eff, 0.0), z)
    return rate, lo, hi
