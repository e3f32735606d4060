"""The report's claims as text: every claim with its sample size and the family it was corrected over.

:mod:`experiments.report.build` lays these out; they are plain text (the report escapes them).
Families (docs/STATISTICS.md):

* **fair-share family**: the tests of the game's family together (Dungeonology's Scholar, turn-order and
  Scholar x Clan tests), Holm-adjusted (:func:`experiments.analysis.flags`); the tables, the plot stars
  and the headlines read the same adjusted p-values;
* **a table of its own** (per player count, per agent, per advanced rule): Holm over its rows;
* a game's own families (Dungeonology's head-to-head and what-if claims:
  experiments.dungeonology.analysis.claims).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from experiments.analysis.groupings import groupings_of
from experiments.analysis.summary import pooled_over

CORRECTION_NAMES = {"holm": "Holm", "bh": "Benjamini-Hochberg"}


# ------------------------------------------------------------ formatting
def pct(x: float, digits: int = 1) -> str:
    return "n/a" if x is None or not np.isfinite(x) else f"{100 * x:.{digits}f}%"


def ci(lo: float, hi: float, digits: int = 1) -> str:
    """'29.8–32.6%'."""
    if not (np.isfinite(lo) and np.isfinite(hi)):
        return "n/a"
    return f"{100 * lo:.{digits}f}–{100 * hi:.{digits}f}%"


def pvalue(p: float) -> str:
    """'< 0.001' or '= 0.042'."""
    if p is None or not np.isfinite(p):
        return "n/a"
    if p < 0.001:
        return "< 0.001"
    return f"= {p:.3f}" if p < 0.1 else f"= {p:.2f}"


def points(x: float) -> str:
    """A difference of rates in percentage points, signed."""
    return f"{100 * x:+.1f} points"


def count_text(n: int, noun: str) -> str:
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


# -------------------------------------------------------------- families
def fair_family(tests: pd.DataFrame, correction: str = "holm") -> str:
    """'Holm over the 20 fair-share tests of the Scholar, turn-order and Scholar × Clan tables' (the family in
    words of :func:`experiments.analysis.flags`, else the game's)."""
    n = int(tests.attrs.get("tests", tests["p_value"].notna().sum()))
    family = tests.attrs.get("family") or groupings_of(tests).family_text
    return f"{CORRECTION_NAMES.get(correction, correction)} over the {n} fair-share tests of the {family}"


def rows_family(table: pd.DataFrame, correction: str = "holm", what: str = "this table") -> str:
    """'Holm over the 8 rows of this table'."""
    n = int(table["p_value"].notna().sum())
    return f"{CORRECTION_NAMES.get(correction, correction)} over the {n} rows of {what}"


def pooling(df: pd.DataFrame, by: str | Sequence[str] = ()) -> str:
    """'Pools over: scholars.Sofia.speed (3, 4, 5); agent kinds (heuristic, random).' or the absence of it."""
    pooled = pooled_over(df, by)
    if not pooled:
        return f"No pooling over {groupings_of(df).pooled_text}."
    return "Pools over: " + "; ".join(pooled) + "."


def note(family: str, n: int, unit: str, df: pd.DataFrame, by: str | Sequence[str] = ()) -> str:
    """The line under a table or plot: its family, its sample size and what it pools over."""
    return f"{family}; n = {count_text(n, unit)}. {pooling(df, by)}"


# -------------------------------------------------------------- findings
def fair_text(fair: pd.Series | float) -> str:
    values = np.atleast_1d(np.asarray(fair, dtype=float))
    if np.allclose(values, values[0]):
        return f"a fair share of {pct(values[0], 1 if values[0] * 1000 % 10 else 0)}"
    return f"a fair share of {pct(float(values.mean()))} (mixed player counts)"


def finding(label: str, row: Any, correction: str = "holm", family: str = "") -> str:
    """'Sofia wins 31.2% of 3,000 seat-games (95% CI 29.8–32.6%) against a fair share of 25%:
    significantly above (Holm-adjusted p < 0.001; Holm over the 20 fair-share tests ...)'."""
    name = CORRECTION_NAMES.get(correction, correction)
    verdict = (f"significantly {row.direction}" if row.significant else "not significantly different")
    over = f"; {family}" if family else ""
    return (f"{label} wins {pct(row.win_rate)} of {int(row.games):,} seat-games (95% CI {ci(row.ci_low, row.ci_high)})"
            f" against {fair_text(row.fair_share)}: {verdict} ({name}-adjusted p {pvalue(row.p_adjusted)}{over}).")
