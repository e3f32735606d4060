"""The report's claims as text: every claim with its sample size and the family it was corrected over.

:mod:`experiments.report.build` lays these out; they are plain text (the report escapes them).
Families (README, "The report"):

* **fair-share family**: the Scholar, turn-order and Scholar x Clan tests together, Holm-adjusted
  (:func:`experiments.analysis.flags`); the tables, the plot stars and the headlines read the same
  adjusted p-values;
* **head-to-head**: Holm over the unordered Scholar pairs;
* **a table of its own** (per player count, per agent, per advanced rule): Holm over its rows;
* **a what-if**: the deltas of one override (each value other than the reference x each Scholar),
  simultaneous Newcombe intervals at the Bonferroni level (:func:`experiments.analysis.variants.override_effects`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from experiments import analysis as A
from experiments.analysis import variants as V

CORRECTION_NAMES = {"holm": "Holm", "bh": "Benjamini-Hochberg"}
CLEAR = "a clear change"


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


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


# -------------------------------------------------------------- families
def fair_family(tests: pd.DataFrame, correction: str = "holm") -> str:
    """'Holm over the 20 fair-share tests of the Scholar, turn-order and Scholar × Clan tables'."""
    n = int(tests.attrs.get("tests", tests["p_value"].notna().sum()))
    return (f"{CORRECTION_NAMES.get(correction, correction)} over the {n} fair-share tests of the Scholar, "
            "turn-order and Scholar × Clan tables")


def rows_family(table: pd.DataFrame, correction: str = "holm", what: str = "this table") -> str:
    """'Holm over the 8 rows of this table'."""
    n = int(table["p_value"].notna().sum())
    return f"{CORRECTION_NAMES.get(correction, correction)} over the {n} rows of {what}"


def pairs_family(h2h: pd.DataFrame, correction: str = "holm") -> str:
    pairs = int((h2h["scholar"].cat.codes < h2h["opponent"].cat.codes).sum())
    return f"{CORRECTION_NAMES.get(correction, correction)} over the {pairs} Scholar pairs"


def delta_family(t: pd.DataFrame, by: str = "scholar") -> str:
    """'Bonferroni over the 8 deltas of this what-if (2 values × 4 Scholars)'."""
    moved = t[t["value"] != t["reference"]]
    values, groups = moved["value"].nunique(), moved[by].nunique()
    m = int(t["family"].max()) if len(t) else 0
    noun = "Scholar" if by == "scholar" else by.replace("_", " ")
    return f"Bonferroni over the {m} deltas of this what-if ({_count(values, 'value')} × {_count(groups, noun)})"


def pooling(df: pd.DataFrame, by: str | Sequence[str] = ()) -> str:
    """'Pools over: scholars.Sofia.speed (3, 4, 5); agent kinds (heuristic, random).' or the absence of it."""
    pooled = A.pooled_over(df, by)
    if not pooled:
        return "No pooling over what-if values, agent kinds, rule sets or player counts."
    return "Pools over: " + "; ".join(pooled) + "."


def note(family: str, n: int, unit: str, df: pd.DataFrame, by: str | Sequence[str] = ()) -> str:
    """The line under a table or plot: its family, its sample size and what it pools over."""
    return f"{family}; n = {_count(n, unit)}. {pooling(df, by)}"


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


def what_if(key: str, t: pd.DataFrame, reference: V.Reference, by: str = "scholar", alpha: float = 0.05) -> str:
    """The headline of one what-if (the :func:`experiments.analysis.variants.override_effects` rows of ``key``).

    It speaks of the Scholar whose value the override changes (``scholars.<Name>...``), else of the
    largest of all its deltas; "a clear change" only when the simultaneous interval of that delta,
    Bonferroni over every delta of the override, leaves out 0."""
    delta = t["delta"].to_numpy(dtype=float)
    moved = (t["value"] != t["reference"]).to_numpy() & np.isfinite(delta)
    if reference.value is None or not moved.any():
        why = reference.note if reference.value is None else "no value other than the reference was played"
        return f"What if {key}: no change is claimed ({why})."
    groups = t[by].astype(str).to_numpy()
    focus = V.scholar_of(key, list(set(groups[moved]))) if by == "scholar" else None
    pool = moved & (groups == focus) if focus is not None else moved
    r = t.iloc[int(np.argmax(np.where(pool, np.abs(delta), -1.0)))]  # the largest |delta| of the pool
    size = int(pool.sum())
    most = "larger" if size == 2 else "largest"
    owner = f"{focus}'s" if focus else "the"
    picked = f"; the {most} of {owner} {size} deltas" if size > 1 else ""
    verdict = CLEAR if r.significant else "within chance"
    return (f"What if {key} = {r.value}: {r[by]}'s win rate moves {points(r.delta)}, from {pct(r.ref_win_rate)} "
            f"({int(r.ref_games):,} seat-games at {reference.note}) to {pct(r.win_rate)} ({int(r.games):,} "
            f"seat-games); simultaneous {100 * (1 - alpha):.0f}% CI {100 * r.delta_low:+.1f} to "
            f"{100 * r.delta_high:+.1f}, {delta_family(t, by)}{picked}: {verdict}.")
