"""Statistics for win rates: Wilson score intervals and fair-share tests."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

Z95 = 1.959963984540054


def wilson(wins: np.ndarray | int, n: np.ndarray | int, z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval for a binomial proportion (arrays or scalars)."""
    wins = np.asarray(wins, dtype=float)
    n = np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(n > 0, wins / n, np.nan)
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


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
