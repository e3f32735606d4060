"""Dungeonology's headline findings (plain text), each with its sample size and the family it was corrected
over: the Scholars and the turn order (the generic pieces, experiments.report.headlines), Scholar x Clan
Card, head-to-head, game length, Theses, the what-if overrides and the precision."""

from __future__ import annotations

import pandas as pd

from experiments import analysis as A
from experiments.analysis import claims as C
from experiments.analysis.claims import CORRECTION_NAMES, ci, finding, pct, pvalue
from experiments.dungeonology.analysis import claims as DC
from experiments.dungeonology.analysis import conditions as D
from experiments.dungeonology.analysis import head_to_head as H
from experiments.dungeonology.analysis import variants as V
from experiments.report.headlines import excluded_line, group_findings, pooling_line, precision_line, seat_findings


def headlines(df: pd.DataFrame, tests: pd.DataFrame | None = None, correction: str = "holm",
              alpha: float = 0.05, whatif: pd.DataFrame | None = None) -> list[str]:
    """The headline findings as sentences (plain text): Scholars, turn order, Scholar x Clan,
    head-to-head, game length, Theses, overrides and precision; each with its sample size and
    the family it was corrected over (:mod:`experiments.analysis.claims`). ``tests``: the
    :func:`experiments.analysis.flags` table, ``whatif``: the
    :func:`experiments.dungeonology.analysis.variants.override_effects` table (computed when not given)."""
    tests = A.flags(df, correction=correction, alpha=alpha) if tests is None else tests
    name = CORRECTION_NAMES.get(correction, correction)
    fam = C.fair_family(tests, correction)
    found, scholars = group_findings(tests, "scholar", "Scholar", correction, alpha, fam)
    out: list[str] = [*pooling_line(df), *found, *seat_findings(tests, correction, fam)]

    combos = tests[(tests["grouping"] == "scholar × clan") & tests["significant"]].copy()
    if combos.empty:
        out.append(f"No Scholar × Clan Card combination is significantly away from the fair share ({fam}).")
    else:
        combos["gap"] = (combos["lift"] - 1).abs()
        for row in combos.sort_values("gap", ascending=False).head(3).itertuples(index=False):
            out.append(finding(row.group.replace(" × ", " with "), row, correction, fam))
        if len(combos) > 3:
            out.append(f"{len(combos) - 3} more Scholar × Clan Card combinations are flagged (see the table).")

    h2h = H.scholar_vs_scholar(df, correction=correction, alpha=alpha)
    lopsided = h2h[h2h["significant"] & (h2h["rate"] > 0.5)].sort_values("rate", ascending=False)
    for row in lopsided.head(2).itertuples(index=False):
        out.append(f"Head-to-head, {row.scholar} finishes ahead of {row.opponent} in {pct(row.rate)} of their "
                   f"{int(row.ahead + row.behind):,} decisive meetings (95% CI {ci(row.ci_low, row.ci_high)}; "
                   f"{name}-adjusted p {pvalue(row.p_adjusted)}; {DC.pairs_family(h2h, correction)}).")

    g = D.games(df)
    by_alert = D.condition_effects(df, "alert")
    by_level = D.condition_effects(df, "player_level")
    length = (f"Games last {g['turns'].mean():.1f} turns ({g['rounds'].mean():.1f} rounds) on average over "
              f"{len(g):,} games")
    parts = []
    if len(by_alert) > 1:
        parts.append("by Alert difficulty " + ", ".join(f"{r.alert} {r.mean_turns:.1f}"
                                                          for r in by_alert.itertuples(index=False)))
    if len(by_level) > 1:
        parts.append("by Player Level " + ", ".join(f"{r.player_level} {r.mean_turns:.1f}"
                                                     for r in by_level.itertuples(index=False)))
    out.append(length + (": " + "; ".join(parts) if parts else "") + ".")
    seats_thesis = float(df["thesis_submitted"].mean())
    nobody = float(g["nobody_submits"].mean())
    text = (f"{pct(seats_thesis)} of {len(df):,} seats submit a successful Thesis; in {pct(nobody)} of {len(g):,} "
            "games nobody does")
    if len(by_alert) > 1:
        shares = ", ".join(f"{r.alert} {pct(r.no_thesis_rate, 0)}" for r in by_alert.itertuples(index=False))
        text += f" ({shares})"
    out.append(text + ".")

    effects = V.override_effects(df, alpha=alpha) if whatif is None else whatif
    for key, t in effects.groupby("override", sort=False):
        out.append(DC.what_if(str(key), t, V.reference_of(df, str(key)), alpha=alpha))
    return [*out, *precision_line(scholars, "Scholar"), *excluded_line(df)]
