"""Plots of a sweep run of any game, with matplotlib: every function draws on an Axes and returns it.

They take the tidy frame of :func:`experiments.analysis.load` and compute
what they draw with the functions of :mod:`experiments.analysis`, so a
notebook can lay them out freely::

    import matplotlib.pyplot as plt
    from experiments import analysis as A
    from experiments.report import plots as P
    df = A.load("results/quick")
    fig, ax = plt.subplots()
    P.win_rate_bars(ax, df, "agent")

Intervals are Wilson 95% intervals; the dashed line (or dashes per bar,
with mixed player counts) is the fair share 1/players. A star marks a flagged
result. Each plot takes an optional ``table``: the table it shows, whose
``significant`` column places the stars, so that a plot and the table printed
beside it always use the same family and correction (the report passes the
tables of its families; without one a plot computes its own table, the
family being its bars or cells). Nothing here picks a backend: scripts (the
report) select Agg themselves. A game's own plots build on these (Dungeonology's:
experiments/dungeonology/report/plots.py).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.colors import TwoSlopeNorm

from experiments import analysis as A

FAIR_STYLE = {"color": "k", "ls": "--", "lw": 1}


def nice(df: pd.DataFrame, column: str) -> str:
    """A column's name in words, as the game of the rows says it (Scholar, Clan Card...)."""
    return A.groupings_of(df).noun(column)


def legend_beside(ax: Axes, title: str | None = None) -> None:
    """The legend beside the plot (right of the axes), never over the bars or lines it explains."""
    ax.legend(title=title, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0, frameon=False)


def percent_axis(ax: Axes, axis: str = "y") -> None:
    from matplotlib.ticker import PercentFormatter

    (ax.yaxis if axis == "y" else ax.xaxis).set_major_formatter(PercentFormatter(1.0, decimals=0))


def errors(t: pd.DataFrame, rate: str = "win_rate") -> list[np.ndarray]:
    """The lower and upper error bars of ``rate`` from its ``ci_low`` / ``ci_high`` columns."""
    return [np.clip(t[rate] - t["ci_low"], 0, None).to_numpy(), np.clip(t["ci_high"] - t[rate], 0, None).to_numpy()]


def fair_marks(ax: Axes, x: np.ndarray, fair: np.ndarray, half: float = 0.4, label: str = "fair share") -> None:
    """One dashed line when the fair share is the same everywhere, else a dash over each bar."""
    if len(fair) and np.allclose(fair, fair[0]):
        ax.axhline(float(fair[0]), label=f"{label} {fair[0]:.0%}", **FAIR_STYLE)
    else:
        ax.hlines(fair, x - half, x + half, label=label, **FAIR_STYLE)


def win_rate_bars(ax: Axes, df: pd.DataFrame, by: str | Sequence[str] | None = None, *,
                  title: str | None = None, table: pd.DataFrame | None = None) -> Axes:
    """Win rate per group (default the game's grouping, e.g. per Scholar) with Wilson 95% interval bars and the
    fair share; a star marks a win rate significantly away from the fair share (``table``'s flags; default
    :func:`experiments.analysis.win_rates`, Holm over the bars)."""
    cols = A.columns_of(A.groupings_of(df).by if by is None else by)
    t = A.win_rates(df, cols) if table is None else table
    x = np.arange(len(t))
    labels = [A.group_label(cols, v) for v in t[cols].itertuples(index=False)]
    colors = np.where(t["direction"] == "above", "tab:red", np.where(t["direction"] == "below", "tab:blue",
                                                                     "tab:gray"))
    ax.bar(x, t["win_rate"], yerr=errors(t), capsize=4, color=colors, alpha=0.85)
    fair_marks(ax, x, t["fair_share"].to_numpy())
    stars(ax, x, t)
    ax.set_xticks(x, labels, rotation=20 if len(t) > 4 else 0, ha="right" if len(t) > 4 else "center")
    ax.set_ylabel("win rate (95% Wilson interval)")
    top = max(float(t["ci_high"].max()) if len(t) else 0.0, float(t["fair_share"].max()) if len(t) else 0.0)
    ax.set_ylim(0, min(1.0, top * 1.15 + 0.02))
    percent_axis(ax)
    legend_beside(ax)
    ax.set_title(title or f"Win rate per {' × '.join(nice(df, c) for c in cols)}")
    return ax


def stars(ax: Axes, x: np.ndarray, t: pd.DataFrame) -> None:
    """A star over the interval of each flagged row of ``t`` (its ``significant`` column)."""
    for xi, row in zip(x, t.itertuples(index=False), strict=True):
        if row.significant:
            ax.annotate("*", (xi, row.ci_high), ha="center", va="bottom", fontsize=14)


def heatmap(ax: Axes, values: pd.DataFrame, text: pd.DataFrame, center: float, label: str, title: str) -> Axes:
    """A matrix of ``values`` coloured around ``center`` (red above, blue below), each cell written ``text``."""
    data = values.to_numpy(dtype=float)
    finite = data[np.isfinite(data)]
    spread = max(float(np.abs(finite - center).max()) if finite.size else 0.0, 0.05 * center, 1e-9)
    norm = TwoSlopeNorm(vcenter=center, vmin=max(center - spread, 0.0), vmax=center + spread)
    im = ax.imshow(np.ma.masked_invalid(data), cmap="RdBu_r", norm=norm, aspect="auto")
    ax.set_xticks(np.arange(values.shape[1]), [str(c) for c in values.columns], rotation=20, ha="right")
    ax.set_yticks(np.arange(values.shape[0]), [str(i) for i in values.index])
    for (i, j), s in np.ndenumerate(text.to_numpy(dtype=object)):
        if isinstance(s, str) and s:
            strong = abs(float(norm(data[i, j])) - 0.5) > 0.3  # dark cell: white text
            ax.text(j, i, s, ha="center", va="center", fontsize=9, color="white" if strong else "black")
    ax.figure.colorbar(im, ax=ax, label=label)
    ax.set_title(title)
    return ax


def seat_advantage_bars(ax: Axes, df: pd.DataFrame, *, table: pd.DataFrame | None = None) -> Axes:
    """Win rate per position in turn order (1st = first player), one group of bars per player
    count, with intervals and each count's fair share (a star: ``table``'s flags, default Holm
    over the bars)."""
    t = A.seat_advantage(df) if table is None else table
    counts = sorted(t["players"].unique())
    width = 0.8 / len(counts)
    for k, n in enumerate(counts):
        s = t[t["players"] == n]
        x = s["turn_position"].to_numpy() + (k - (len(counts) - 1) / 2) * width
        ax.bar(x, s["win_rate"], width=width * 0.95, yerr=errors(s), capsize=3, label=f"{n} players")
        ax.hlines(s["fair_share"], x - width / 2, x + width / 2, **FAIR_STYLE)
        stars(ax, x, s)
    positions = sorted(t["turn_position"].unique())
    ax.set_xticks(positions, [A.ordinal(int(p) + 1) for p in positions])
    ax.set_xlabel("position in turn order (dashes: fair share)")
    ax.set_ylabel("win rate (95% Wilson interval)")
    percent_axis(ax)
    legend_beside(ax)
    ax.set_title("Seat (turn-order) advantage")
    return ax


def step_histograms(ax: Axes, counts: pd.DataFrame, by: str, column: str, bins_wanted: int) -> None:
    """One step histogram (share per bin) per group, from counts of each whole number (``rows`` per
    (group, value): :func:`experiments.analysis.group_counts`), so millions of rows cost no copies."""
    lo, hi = int(counts[column].min()), int(counts[column].max())
    step = max(1, (hi - lo + 1) // bins_wanted)
    bins = np.arange(lo, hi + step + 1, step) - 0.5
    for name, t in counts.groupby(by, observed=True, sort=True):
        values, n = t[column].to_numpy(dtype=float), t["rows"].to_numpy(dtype=float)
        share, _ = np.histogram(values, bins=bins, weights=n, density=True)
        ax.stairs(share, bins, lw=1.5, label=f"{name} (mean {(values * n).sum() / n.sum():.1f})")


def outcome_bars(ax: Axes, df: pd.DataFrame, by: str | Sequence[str], *, table: pd.DataFrame | None = None) -> Axes:
    """The mean outcome of a seat (the game's ``OUTCOME``, e.g. Leduc's return in chips) per group, with its
    normal 95% interval (:func:`experiments.analysis.outcome_means`)."""
    cols = A.columns_of(by)
    outcome = A.outcome_of(df)
    t = A.outcome_means(df, cols) if table is None else table
    x = np.arange(len(t))
    mean = t[f"mean_{outcome}"].to_numpy()
    yerr = [mean - t[f"{outcome}_ci_low"].to_numpy(), t[f"{outcome}_ci_high"].to_numpy() - mean]
    ax.bar(x, mean, yerr=yerr, capsize=4, color="tab:gray", alpha=0.85)
    ax.axhline(0.0, **FAIR_STYLE)
    labels = [A.group_label(cols, v) for v in t[cols].itertuples(index=False)]
    ax.set_xticks(x, labels, rotation=20 if len(t) > 4 else 0, ha="right" if len(t) > 4 else "center")
    ax.set_ylabel(f"mean {nice(df, outcome)} per seat (95% interval)")
    ax.set_title(f"Mean {nice(df, outcome)} per {' × '.join(nice(df, c) for c in cols)}")
    return ax
