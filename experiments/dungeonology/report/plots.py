"""Dungeonology's plots (its report's): Scholar x Clan Card and Scholar vs Scholar heatmaps, the Alert
difficulty x Player Level panels, the score and game-length distributions and the what-if effects,
drawn with the helpers of the generic plots (experiments/report/plots.py), whose win-rate and
turn-order bars this module also gives, so that a notebook finds every plot of the report here::

    from experiments.dungeonology.report import plots as P
    P.scholar_clan_heatmap(ax, df)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from matplotlib.axes import Axes

from experiments import analysis as A
from experiments.dungeonology.analysis import conditions as D
from experiments.dungeonology.analysis import head_to_head as H
from experiments.dungeonology.analysis import variants as V
from experiments.report.plots import (  # noqa: F401 (win_rate_bars, seat_advantage_bars: re-exported)
    FAIR_STYLE,
    errors,
    heatmap,
    legend_beside,
    nice,
    percent_axis,
    seat_advantage_bars,
    stars,
    step_histograms,
    win_rate_bars,
)

METRIC_LABELS = {
    "mean_turns": ("turns per game", "turns_ci_low", "turns_ci_high", False),
    "thesis_rate": ("seats with a successful Thesis", "thesis_ci_low", "thesis_ci_high", True),
    "no_thesis_rate": ("games where nobody submits a Thesis", "no_thesis_ci_low", "no_thesis_ci_high", True),
    "mean_rounds": ("rounds per game", None, None, False),
    "mean_score": ("mean score per seat", None, None, False),
}


def scholar_clan_heatmap(ax: Axes, df: pd.DataFrame, *, table: pd.DataFrame | None = None) -> Axes:
    """Scholar x Clan Card: colour = lift over the fair share (1 = fair), text = win rate
    (a star: significantly away from the fair share; ``table``'s flags, default Holm over the cells)."""
    t = H.scholar_clan(df) if table is None else table
    text = t.assign(text=[f"{r.win_rate:.0%}{'*' if r.significant else ''}\n(n={r.games})"
                          for r in t.itertuples(index=False)])
    ax = heatmap(ax, A.matrix(t, "scholar", "clan", "lift"), A.matrix(text, "scholar", "clan", "text"), 1.0,
                 "lift (win rate / fair share)",
                 "Scholar × Clan Card: win rate")
    ax.set_xlabel("Clan Card")
    ax.set_ylabel("Scholar")
    return ax


def scholar_vs_scholar_heatmap(ax: Axes, df: pd.DataFrame, *, table: pd.DataFrame | None = None) -> Axes:
    """Head-to-head: share of the meetings in which the row Scholar finished ahead of the column
    Scholar (ties left out; 50% = even; a star: ``table``'s flags, default Holm over the pairs)."""
    t = H.scholar_vs_scholar(df) if table is None else table
    text = t.assign(text=[f"{r.rate:.0%}{'*' if r.significant else ''}" for r in t.itertuples(index=False)])
    ax = heatmap(ax, A.matrix(t, "scholar", "opponent", "rate"), A.matrix(text, "scholar", "opponent", "text"),
                  0.5, "share of meetings finished ahead", "Scholar vs Scholar (head-to-head)")
    ax.set_xlabel("opponent")
    ax.set_ylabel("Scholar")
    return ax


def condition_panel(ax: Axes, df: pd.DataFrame, metric: str = "mean_turns", x: str = "alert",
                    hue: str = "player_level") -> Axes:
    """One metric of :func:`experiments.analysis.condition_effects` against ``x`` (Alert
    difficulty), one line per ``hue`` (Player Level), with 95% intervals where there are some.
    Metrics: mean_turns, thesis_rate, no_thesis_rate, mean_rounds, mean_score."""
    label, lo, hi, pct = METRIC_LABELS.get(metric, (metric, None, None, False))
    t = D.condition_effects(df, [x, hue])
    xs = list(df[x].cat.categories) if isinstance(df[x].dtype, pd.CategoricalDtype) else sorted(t[x].unique())
    xs = [v for v in xs if v in set(t[x])]
    pos = {v: i for i, v in enumerate(xs)}
    levels = [v for v in (df[hue].cat.categories if isinstance(df[hue].dtype, pd.CategoricalDtype)
                          else sorted(t[hue].unique())) if v in set(t[hue])]
    width = 0.3 / max(len(levels), 1)
    for k, level in enumerate(levels):
        s = t[t[hue] == level]
        px = np.array([pos[v] for v in s[x]]) + (k - (len(levels) - 1) / 2) * width
        yerr = None
        if lo is not None:
            yerr = [np.clip(s[metric] - s[lo], 0, None), np.clip(s[hi] - s[metric], 0, None)]
        ax.errorbar(px, s[metric], yerr=yerr, marker="o", capsize=3, label=str(level))
    ax.set_xticks(np.arange(len(xs)), [str(v) for v in xs])
    ax.set_xlabel(nice(df, x))
    ax.set_ylabel(label)
    if pct:
        percent_axis(ax)
    legend_beside(ax, title=nice(df, hue))
    ax.set_title(label)
    return ax


def condition_panels(axes: Sequence[Axes], df: pd.DataFrame,
                     metrics: Sequence[str] = ("mean_turns", "thesis_rate", "no_thesis_rate")) -> Sequence[Axes]:
    """:func:`condition_panel` for several metrics, one Axes each (Alert difficulty x Player Level)."""
    for ax, metric in zip(axes, metrics, strict=False):
        condition_panel(ax, df, metric)
    for ax in list(axes)[:-1]:  # one legend, beside the last panel
        if ax.get_legend() is not None:
            ax.get_legend().remove()
    return axes


def score_distribution(ax: Axes, df: pd.DataFrame, by: str = "scholar") -> Axes:
    """Distribution of final scores per group (default per Scholar): share of seats per score."""
    step_histograms(ax, A.group_counts(df, [by, "score"], {}), by, "score", 30)
    ax.set_xlabel("final score")
    ax.set_ylabel("share of seats")
    legend_beside(ax)
    ax.set_title(f"Score distribution per {nice(df, by)}")
    return ax


def length_distribution(ax: Axes, df: pd.DataFrame, by: str = "alert", column: str = "turns") -> Axes:
    """Distribution of game length (``turns`` or ``rounds`` per game) per group of a game-level
    column (default Alert difficulty)."""
    step_histograms(ax, A.group_counts(D.games(df), [by, column], {}), by, column, 40)
    ax.set_xlabel(f"{column} per game")
    ax.set_ylabel("share of games")
    legend_beside(ax, title=nice(df, by))
    ax.set_title(f"Game length ({column}) per {nice(df, by)}")
    return ax


def override_effect(ax: Axes, df: pd.DataFrame, key: str, by: str = "scholar", *,
                    table: pd.DataFrame | None = None) -> Axes:
    """Win rate per ``by`` group at each value of the "what if" override ``key``, with intervals
    and the fair share; a star marks a clear change from the reference value (the simultaneous
    delta intervals of :func:`experiments.dungeonology.analysis.variants.override_effects`, or ``table``'s)."""
    t = V.override_effects(df, key, by) if table is None else table[table["override"] == key]
    values = list(dict.fromkeys(t["value"]))
    pos = {v: i for i, v in enumerate(values)}
    groups = list(dict.fromkeys(t[by]))
    width = 0.3 / max(len(groups), 1)
    for k, name in enumerate(groups):
        s = t[t[by] == name]
        x = np.array([pos[v] for v in s["value"]]) + (k - (len(groups) - 1) / 2) * width
        ax.errorbar(x, s["win_rate"], yerr=errors(s), marker="o", capsize=3, label=str(name))
        stars(ax, x, s)
    fair = 1.0 / df["players"].to_numpy(dtype=float)
    if len(fair) and np.allclose(fair, fair[0]):
        ax.axhline(float(fair[0]), label=f"fair share {fair[0]:.0%}", **FAIR_STYLE)
    ax.set_xticks(np.arange(len(values)), values)
    ref = str(t["reference"].iloc[0]) if len(t) else ""
    ax.set_xlabel(f"{key} (reference {ref}; *: clear change, Bonferroni over {int(t['family'].max()) if len(t) else 0}"
                  " deltas)")
    ax.set_ylabel("win rate (95% Wilson interval)")
    percent_axis(ax)
    legend_beside(ax)
    ax.set_title(f"What if: {key}")
    return ax
