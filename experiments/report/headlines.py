"""The headline findings of a report, as sentences (plain text), each with its sample size and the
family it was corrected over (:mod:`experiments.analysis.claims`).

The pieces every game's headlines share: what the findings pool over (:func:`pooling_line`), the
groups of the default grouping against the fair share (:func:`group_findings`: Dungeonology's
Scholars, Leduc's agents), the turn order (:func:`seat_findings`), the mean outcome per group
(:func:`outcome_line`) and the games left out (:func:`excluded_line`); :func:`headlines` puts them
together for a game whose report module has no ``headlines`` of its own.
"""

from __future__ import annotations

import pandas as pd

from experiments import analysis as A
from experiments.analysis import claims as C
from experiments.analysis.claims import CORRECTION_NAMES, finding, pct
from experiments.analysis.stats import games_for_wilson_width
from experiments.report.sections import TARGET_WIDTH


def pooling_line(df: pd.DataFrame) -> list[str]:
    """What the findings pool over, when they pool over anything."""
    pooled = A.pooled_over(df)
    if not pooled:
        return []
    return ["The findings below pool over " + "; ".join(pooled) + " (each table says what it pools; the "
            "per-player-count, per-agent and what-if tables break it down)."]


def group_findings(tests: pd.DataFrame, by: str, noun: str, correction: str, alpha: float,
                   family: str) -> tuple[list[str], pd.DataFrame]:
    """The flagged groups of the grouping ``by`` (the fair-share ``tests``), or that none is flagged and the
    range of their win rates; and the groups' rows, best first."""
    name = CORRECTION_NAMES.get(correction, correction)
    groups = tests[tests["grouping"] == by].sort_values("win_rate", ascending=False)
    flagged = groups[groups["significant"]]
    out = [finding(row.group, row, correction, family) for row in flagged.itertuples(index=False)]
    if len(groups):
        if flagged.empty:
            top, bottom = groups.iloc[0], groups.iloc[-1]
            out.append(f"No {noun}'s win rate differs significantly from {C.fair_text(groups['fair_share'])} "
                       f"({name}-adjusted p ≥ {alpha}; {family}); they range from {pct(bottom.win_rate)} "
                       f"({bottom.group}, {int(bottom.games):,} seat-games) to {pct(top.win_rate)} ({top.group}, "
                       f"{int(top.games):,} seat-games).")
        elif len(flagged) < len(groups):
            out.append(f"The other {noun}s are within chance of the fair share ({family}).")
    return out, groups


def seat_findings(tests: pd.DataFrame, correction: str, family: str) -> list[str]:
    """The first player of each player count, and every flagged position in turn order."""
    out = []
    for row in tests[tests["grouping"] == "players × turn_position"].itertuples(index=False):
        if row.group.startswith("1st") or row.significant:
            label = "The " + row.group.replace("1st in turn order", "first player").replace(
                " in turn order", " player in turn order")
            out.append(finding(label, row, correction, family))
    return out


def outcome_line(df: pd.DataFrame, by: str) -> str:
    """The mean outcome of a seat per group of ``by``, with its 95% interval and sample size."""
    outcome = A.outcome_of(df)
    t = A.outcome_means(df, [by])[[by, "seats", f"mean_{outcome}", f"{outcome}_ci_low", f"{outcome}_ci_high"]]
    parts = [f"{group} {mean:+.2f} (95% CI {lo:+.2f} to {hi:+.2f}, {n:,} seats)"
             for group, n, mean, lo, hi in t.itertuples(index=False)]
    return f"Mean {outcome} per seat by {A.groupings_of(df).noun(by)}: " + "; ".join(parts) + " (no test)."


def precision_line(groups: pd.DataFrame, noun: str) -> list[str]:
    """How wide the interval of the smallest group is, and the seat-games a group needs for ±1 point."""
    if not len(groups):
        return []
    smallest = groups.sort_values("games").iloc[0]
    need = games_for_wilson_width(float(groups["fair_share"].mean()), TARGET_WIDTH)
    return [f"Precision: the smallest {noun} group has {int(smallest.games):,} seat-games, so its 95% "
            f"interval is ±{50 * (smallest.ci_high - smallest.ci_low):.1f} points wide; "
            f"±{50 * TARGET_WIDTH:.0f} point needs about {need:,} seat-games per group at the fair share."]


def excluded_line(df: pd.DataFrame) -> list[str]:
    """The games an error stopped, left out of every figure."""
    if not df.attrs.get("excluded_games"):
        return []
    return [f"{df.attrs['excluded_games']} games stopped with an error and are left out "
            f"(error codes: {df.attrs.get('error_codes')})."]


def headlines(df: pd.DataFrame, tests: pd.DataFrame | None = None, correction: str = "holm",
              alpha: float = 0.05) -> list[str]:
    """The skeleton's headlines: pooling, the default grouping's groups against the fair share, the turn
    order, the mean outcome per group, the precision and the games left out."""
    tests = A.flags(df, correction=correction, alpha=alpha) if tests is None else tests
    fam = C.fair_family(tests, correction)
    by = A.groupings_of(df).by
    noun = A.groupings_of(df).noun(by)
    found, groups = group_findings(tests, by, noun, correction, alpha, fam)
    return [*pooling_line(df), *found, *seat_findings(tests, correction, fam), outcome_line(df, by),
            *precision_line(groups, noun), *excluded_line(df)]
