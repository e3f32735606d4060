"""Dungeonology's claims as text (beside the generic ones of experiments.analysis.claims), each with
its sample size and the family it was corrected over:

* **head-to-head**: Holm over the unordered Scholar pairs (:func:`pairs_family`);
* **a what-if**: the deltas of one override (each value other than the reference x each Scholar),
  simultaneous Newcombe intervals at the Bonferroni level
  (:func:`experiments.dungeonology.analysis.variants.override_effects`; :func:`delta_family`,
  :func:`what_if`).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from experiments.analysis.claims import CORRECTION_NAMES, count_text, pct, points
from experiments.dungeonology.analysis import variants as V

CLEAR = "a clear change"


def pairs_family(h2h: pd.DataFrame, correction: str = "holm") -> str:
    """'Holm over the 6 Scholar pairs'."""
    pairs = int((h2h["scholar"].cat.codes < h2h["opponent"].cat.codes).sum())
    return f"{CORRECTION_NAMES.get(correction, correction)} over the {pairs} Scholar pairs"


def delta_family(t: pd.DataFrame, by: str = "scholar") -> str:
    """'Bonferroni over the 8 deltas of this what-if (2 values × 4 Scholars)'."""
    moved = t[t["value"] != t["reference"]]
    values, groups = moved["value"].nunique(), moved[by].nunique()
    m = int(t["family"].max()) if len(t) else 0
    noun = "Scholar" if by == "scholar" else by.replace("_", " ")
    return (f"Bonferroni over the {m} deltas of this what-if ({count_text(values, 'value')} × "
            f"{count_text(groups, noun)})")


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
