"""Win rates against the fair share: Wilson 95% intervals, lift, fair-share tests corrected over a family
(:func:`win_rates`, :func:`flags`), turn order (:func:`seat_advantage`), the mean outcome of a seat with
its interval (:func:`outcome_means`), and the games an interval of a given width needs. The conventions
(a win, the fair share, the tests) are in :mod:`experiments.analysis`; a grouping or family not given is
the game's (:mod:`experiments.analysis.groupings`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from experiments.analysis.groupings import groupings_of
from experiments.analysis.groups import columns_of, group_counts
from experiments.analysis.stats import (
    Z95,
    adjust_pvalues,
    binomial_pvalues,
    games_for_wilson_width,
    normal_pvalues,
    wilson,
    wilson_width,
)
from experiments.runs.schema import OVERRIDE_PREFIX, game_name, results_of

WIN_RATE_COLUMNS = ("games", "wins", "win_rate", "ci_low", "ci_high", "fair_share", "lift", "lift_low", "lift_high",
                    "test", "p_value", "p_adjusted", "significant", "direction")


def win_rates(df: pd.DataFrame, by: str | Sequence[str] | None = None, *, correction: str = "holm",
              alpha: float = 0.05) -> pd.DataFrame:
    """Win rate per group of ``by`` (None: the game's default grouping, e.g. Dungeonology's Scholar) with a
    Wilson 95% interval, fair share, lift and a fair-share test.

    Columns: the ``by`` columns, games (seat-rows of the group), wins,
    win_rate, ci_low, ci_high, fair_share (mean of 1/players), lift (win rate
    / fair share) with lift_low, lift_high (the interval over the fair share),
    test ("binomial" exact, or "normal" for mixed player counts), p_value,
    p_adjusted (``correction`` over the rows of this table: "holm" or "bh"),
    significant (p_adjusted < alpha) and direction ("above", "below" or "")."""
    by = columns_of(groupings_of(df).by if by is None else by)
    keys = by if "players" in by else [*by, "players"]
    c = group_counts(df, keys, {"wins": df["won"].to_numpy(dtype=bool)})
    p = c["players"].to_numpy(dtype=float)
    c["expected"], c["variance"], c["_fair"] = c["rows"] / p, c["rows"] * (1 / p) * (1 - 1 / p), 1 / p
    g = c.groupby(by, observed=True, sort=True).agg(
        games=("rows", "sum"), wins=("wins", "sum"), expected=("expected", "sum"), variance=("variance", "sum"),
        pmin=("_fair", "min"), pmax=("_fair", "max"))
    g["wins"] = g["wins"].astype(np.int64)
    n = g["games"].to_numpy()
    wins = g["wins"].to_numpy()
    g["win_rate"] = wins / n
    g["ci_low"], g["ci_high"] = (np.clip(x, 0.0, 1.0) for x in wilson(wins, n))
    g["fair_share"] = g["expected"] / n
    g["lift"] = g["win_rate"] / g["fair_share"]
    g["lift_low"] = g["ci_low"] / g["fair_share"]
    g["lift_high"] = g["ci_high"] / g["fair_share"]
    single = np.isclose(g["pmin"].to_numpy(), g["pmax"].to_numpy())
    exact = binomial_pvalues(wins, n, g["fair_share"].to_numpy())
    approx = normal_pvalues(wins, g["expected"].to_numpy(), g["variance"].to_numpy())
    g["test"] = np.where(single, "binomial", "normal")
    g["p_value"] = np.where(single, exact, approx)
    return mark_significant(g.reset_index(), correction, alpha)[by + list(WIN_RATE_COLUMNS)]


def mark_significant(table: pd.DataFrame, correction: str, alpha: float, rate: str = "win_rate",
                     fair: str = "fair_share") -> pd.DataFrame:
    """``table`` (with ``p_value``) plus ``p_adjusted`` (``correction`` over its rows: "holm" or "bh"),
    ``significant`` (p_adjusted < alpha) and ``direction`` ("above" or "below" the ``fair`` column for a
    significant row, else "")."""
    table = table.copy()
    table["p_adjusted"] = adjust_pvalues(table["p_value"].to_numpy(), correction)
    table["significant"] = (table["p_adjusted"] < alpha).to_numpy()
    above = table[rate] > table[fair]
    table["direction"] = np.where(table["significant"], np.where(above, "above", "below"), "")
    return table


def lift(df: pd.DataFrame, by: str | Sequence[str] | None = None) -> pd.DataFrame:
    """Lift over the fair share per group (None: the game's default grouping): win rate / (1/players), with
    its 95% interval.

    1.0 is fair; the interval is the Wilson interval divided by the fair share."""
    by = columns_of(groupings_of(df).by if by is None else by)
    t = win_rates(df, by)
    return t[by + ["games", "win_rate", "fair_share", "lift", "lift_low", "lift_high"]]


def outcome_of(df: pd.DataFrame) -> str:
    """The column of a seat's outcome in the game of the rows (Dungeonology's score, Leduc's return)."""
    return results_of(game_name(df.attrs.get("manifest"))).OUTCOME


def seat_advantage(df: pd.DataFrame, *, correction: str = "holm", alpha: float = 0.05) -> pd.DataFrame:
    """Turn-order advantage: win rate per (players, turn_position) (0 = first player) with the
    fair-share test, plus the mean outcome (``mean_score`` of Dungeonology's score: ``mean_<outcome>``), the
    mean rank and ``<outcome>_vs_table`` (the mean outcome minus that of all seats at that player count)."""
    outcome = outcome_of(df)
    mean = f"mean_{outcome}"
    t = win_rates(df, ["players", "turn_position"], correction=correction, alpha=alpha)
    extra = group_counts(df, ["players", "turn_position"], {outcome: df[outcome].to_numpy(),
                                                           "rank": df["rank"].to_numpy()})
    extra[mean], extra["mean_rank"] = extra[outcome] / extra["rows"], extra["rank"] / extra["rows"]
    extra = extra[["players", "turn_position", mean, "mean_rank"]]
    by_players = group_counts(df, ["players"], {outcome: df[outcome].to_numpy()})
    table_mean = pd.DataFrame({"players": by_players["players"], "table_mean": by_players[outcome]
                               / by_players["rows"]})
    extra = extra.merge(table_mean, on="players")
    extra[f"{outcome}_vs_table"] = extra[mean] - extra.pop("table_mean")
    return t.merge(extra, on=["players", "turn_position"], how="left")


def outcome_means(df: pd.DataFrame, by: str | Sequence[str]) -> pd.DataFrame:
    """The mean outcome of a seat (the game's ``OUTCOME`` column) per group of ``by``, with a normal 95%
    interval of the mean: ``by``, seats, ``mean_<outcome>``, ``<outcome>_sd``, ``<outcome>_ci_low`` and
    ``<outcome>_ci_high``."""
    by = columns_of(by)
    outcome = outcome_of(df)
    values = df[outcome].to_numpy(dtype=float)
    c = group_counts(df, by, {"total": values, "squares": values * values})
    n = c["rows"].to_numpy(dtype=float)
    mean = c["total"].to_numpy() / n
    var = np.where(n > 1, (c["squares"].to_numpy() - n * mean * mean) / np.maximum(n - 1, 1), np.nan)
    sd = np.sqrt(np.clip(var, 0.0, None))
    half = Z95 * sd / np.sqrt(n)
    out = c[by].copy()
    out["seats"] = c["rows"].astype(np.int64)
    out[f"mean_{outcome}"], out[f"{outcome}_sd"] = mean, sd
    out[f"{outcome}_ci_low"], out[f"{outcome}_ci_high"] = mean - half, mean + half
    out = out.reset_index(drop=True)
    out.attrs["intervals"] = {f"{outcome}_ci_low": (f"{outcome}_ci_high", f"{outcome} 95% CI")}
    return out


def matrix(table: pd.DataFrame, index: str | None = None, columns: str | None = None,
           value: str = "win_rate") -> pd.DataFrame:
    """A long table as a matrix: ``index`` rows x ``columns`` columns of ``value`` (None: the game's
    matrix, e.g. Dungeonology's Scholar x Clan Card)."""
    rows, cols = groupings_of(table).matrix
    return table.pivot(index=index or rows, columns=columns or cols, values=value)


def group_label(cols: Sequence[str], values: Sequence[Any]) -> str:
    """A group's label in tables and plots: "Sofia × Golden Horns (4 players)", "1st in turn order",
    "scholars.Sofia.speed=4"."""
    parts, suffix = [], ""
    for c, v in zip(cols, values, strict=True):
        if c == "players":
            suffix = f" ({v} players)"
        elif c == "turn_position":
            parts.append(f"{ordinal(int(v) + 1)} in turn order")
        elif c.startswith(OVERRIDE_PREFIX):
            parts.append(f"{c[len(OVERRIDE_PREFIX):]}={v}")
        else:
            parts.append(str(v))
    return " × ".join(parts) + suffix


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def flags(df: pd.DataFrame, family: Sequence[str | Sequence[str]] | None = None, *, correction: str = "holm",
          alpha: float = 0.05, only_significant: bool = False) -> pd.DataFrame:
    """Fair-share tests of several groupings at once, corrected over the whole family.

    ``family``: groupings (column lists); default the game's (Dungeonology's: Scholar, turn position
    (per player count) and Scholar x Clan). One row per group: ``grouping``
    (its columns, " × "-joined), ``group`` (a readable label) and the
    :func:`win_rates` columns, with p_adjusted corrected over every test of
    the family (Holm by default, or "bh"). Sorted by p-value; with
    ``only_significant`` just the flagged groups. ``attrs["family"]``: the family in words."""
    defaults = groupings_of(df)
    if family is None:
        family, text = defaults.family, defaults.family_text
    else:
        text = ", ".join(" × ".join(defaults.noun(c) for c in columns_of(cols)) for cols in family) + " tables"
    tables = []
    for cols in family:
        cols = columns_of(cols)
        t = win_rates(df, cols)
        labels = [group_label(cols, vals) for vals in t[cols].itertuples(index=False)]
        t = t.drop(columns=cols)
        t.insert(0, "group", labels)
        t.insert(0, "grouping", " × ".join(cols))
        tables.append(t)
    out = mark_significant(pd.concat(tables, ignore_index=True), correction, alpha)
    out = out.sort_values(["p_value", "grouping"], kind="stable").reset_index(drop=True)
    out.attrs = {"correction": correction, "alpha": alpha, "tests": int(out["p_value"].notna().sum()),
                 "family": text}
    return out[out["significant"]].reset_index(drop=True) if only_significant else out


def games_needed(table: pd.DataFrame, width: float = 0.02, rate: str = "win_rate") -> pd.DataFrame:
    """Add to a :func:`win_rates` table the current interval width (``ci_width``) and
    ``games_needed``: the seat-games a group needs for a Wilson 95% interval of total ``width``
    (0.02 = +/- 1 point) at its observed rate, and ``more_games`` (how many more than now)."""
    out = table.copy()
    out["ci_width"] = out["ci_high"] - out["ci_low"]
    p = out[rate].clip(1e-6, 1 - 1e-6)
    out["games_needed"] = [games_for_wilson_width(float(x), width) for x in p]
    out["more_games"] = (out["games_needed"] - out["games"]).clip(lower=0)
    return out


def interval_width(p: float, games: int) -> float:
    """The total width of the Wilson 95% interval at rate ``p`` after ``games`` seat-games."""
    return float(wilson_width(p, games))
