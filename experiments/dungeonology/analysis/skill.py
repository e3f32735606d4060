"""Balance across skill levels: the "robust findings" table.

A skill level is a seat list of the ``agents`` axis in which every seat plays the same agent
(``["random"]``, ``["heuristic"]``, ``["ismcts:iterations=200"]``: a skill ladder). For every
headline of the fair-share family (:func:`experiments.analysis.flags`: a Scholar above or below the
fair share, a turn position's advantage, a Scholar under a Clan Card), the table says whether it

* **holds at every level**: significant in the same direction at every skill level;
* **changes direction**: significantly above the fair share at one level and below at another;
* **only at some**: significant at some levels, not at the others;
* **at none**: significant at no level (such rows are left out unless asked for).

The tests of every level form one family, Holm-adjusted together (statsmodels), so a finding
"at some level" is not the luck of many looks.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from experiments import analysis as A
from experiments.analysis.dataset import is_text, texts_of
from experiments.analysis.stats import adjust_pvalues

HEADLINES = {"scholar": "Scholar", "players × turn_position": "seat:",
             "scholar × clan": "Scholar × Clan"}
HOLDS, FLIPS, SOME, NONE = "holds at every level", "changes direction", "only at some", "at none"
LEVEL = "agents"


def skill_levels(df: pd.DataFrame, column: str = LEVEL) -> list[str]:
    """The skill levels of a run: the values of ``column`` played with one agent in every seat, in the
    order of the run's cells (its manifest; else of the column's categories)."""
    cells = (df.attrs.get("manifest") or {}).get("cells") or []
    order = [",".join(c["agents"]) for c in cells if isinstance(c, dict) and isinstance(c.get("agents"), list)]
    cats = df[column].cat.categories if isinstance(df[column].dtype, pd.CategoricalDtype) else pd.unique(df[column])
    played = set(texts_of(df[column]))
    names = list(dict.fromkeys([*order, *(str(c) for c in cats)]))
    return [c for c in names if c in played and len(set(c.split(","))) == 1]


def level_name(level: str) -> str:
    """'ismcts:iterations=50' for 'ismcts:iterations=50,ismcts:iterations=50,...' (one agent in every seat)."""
    return level.split(",")[0]


def robust_findings(df: pd.DataFrame, levels: Sequence[str] | None = None, column: str = LEVEL, *,
                    alpha: float = 0.05, correction: str = "holm", keep_none: bool = False) -> pd.DataFrame:
    """The robust-findings table: one row per headline, one win-rate column per level (with a mark:
    "▲" significantly above the fair share, "▼" below, "" not significant), and ``finding``."""
    levels = skill_levels(df, column) if levels is None else list(levels)
    if not levels:
        raise ValueError(f"no skill level in this run (a {column} value with one agent in every seat)")
    tests = []
    for level in levels:
        t = A.flags(df[is_text(df[column], level)], correction=correction, alpha=alpha)
        t.insert(0, "level", level)
        tests.append(t)
    t = pd.concat(tests, ignore_index=True)
    t["p_adjusted"] = adjust_pvalues(t["p_value"].to_numpy(float), correction)
    t["significant"] = t["p_adjusted"] < alpha
    t["sign"] = (t["win_rate"] > t["fair_share"]).map({True: 1, False: -1}).where(t["significant"], 0)
    rows = []
    for (grouping, group), part in t.groupby(["grouping", "group"], sort=False):
        part = part.set_index("level").reindex(levels)
        signs = part["sign"].fillna(0).astype(int)
        if (signs != 0).all() and signs.nunique() == 1:
            finding = HOLDS
        elif (signs > 0).any() and (signs < 0).any():
            finding = FLIPS
        elif (signs != 0).any():
            finding = SOME
        else:
            finding = NONE
        if finding == NONE and not keep_none:
            continue
        row = {"headline": f"{HEADLINES.get(grouping, grouping)} {group}",
               "fair_share": float(part["fair_share"].dropna().iloc[0])}
        for level in levels:
            rate, sign = part.at[level, "win_rate"], signs[level]
            row[level_name(level)] = "" if pd.isna(rate) else f"{100 * rate:.1f}%" + {1: " ▲", -1: " ▼", 0: ""}[sign]
        row["finding"] = finding
        rows.append(row)
    out = pd.DataFrame(rows, columns=["headline", "fair_share", *map(level_name, levels), "finding"])
    order = {HOLDS: 0, FLIPS: 1, SOME: 2, NONE: 3}
    out = out.sort_values("finding", key=lambda s: s.map(order), kind="stable").reset_index(drop=True)
    out.attrs = {"tests": int(t["p_value"].notna().sum()), "levels": levels, "correction": correction,
                 "alpha": alpha, "games": {level_name(lv): int(df.loc[is_text(df[column], lv), "game"].nunique())
                                           for lv in levels}}
    return out
