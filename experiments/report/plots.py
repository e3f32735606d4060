"""Plots of a sweep run, with matplotlib: every function draws on an Axes and returns it.

They take the tidy frame of :func:`experiments.analysis.load` and compute
what they draw with the functions of :mod:`experiments.analysis`, so a
notebook can lay them out freely::

    import matplotlib.pyplot as plt
    from experiments import analysis as A
    from experiments.report import plots as P
    df = A.load("results/quick")
    fig, ax = plt.subplots()
    P.win_rate_bars(ax, df, "scholar")

Intervals are Wilson 95% intervals; the dashed line (or dashes per bar,
with mixed player counts) is the fair share 1/players. A star marks a flagged
result. Each plot takes an optional ``table``: the table it shows, whose
``significant`` column places the stars, so that a plot and the table printed
beside it always use the same family and correction (the report passes the
tables of its families; without one a plot computes its own table, the
family being its bars or cells). Nothing here picks a backend: scripts (the
report) select Agg themselves.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.colors import TwoSlopeNorm

from experiments import analysis as A
from experiments.analysis import variants as V

FAIR_STYLE = {"color": "k", "ls": "--", "lw": 1}
METRIC_LABELS = {
    "mean_turns": ("turns per game", "turns_ci_low", "turns_ci_high", False),
    "thesis_rate": ("seats with a successful Thesis", "thesis_ci_low", "thesis_ci_high", True),
    "no_thesis_rate": ("games where nobody submits a Thesis", "no_thesis_ci_low", "no_thesis_ci_high", True),
    "mean_rounds": ("rounds per game", None, None, False),
    "mean_score": ("mean score per seat", None, None, False),
}


NICE = {"scholar": "Scholar", "clan": "Clan Card", "alert": "Alert difficulty", "player_level": "Player Level",
        "turn_position": "turn position", "players": "player count"}


def _nice(column: str) -> str:
    return NICE.get(column, column.replace("_", " "))


def _legend(ax: Axes, title: str | None = None) -> None:
    """The legend beside the plot (right of the axes), never over the bars or lines it explains."""
    ax.legend(title=title, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0, frameon=False)


def _pct(ax: Axes, axis: str = "y") -> None:
    from matplotlib.ticker import PercentFormatter

    (ax.yaxis if axis == "y" else ax.xaxis).set_major_formatter(PercentFormatter(1.0, decimals=0))


def _errors(t: pd.DataFrame, rate: str = "win_rate") -> list[np.ndarray]:
    return [np.clip(t[rate] - t["ci_low"], 0, None).to_numpy(), np.clip(t["ci_high"] - t[rate], 0, None).to_numpy()]


def _fair_marks(ax: Axes, x: np.ndarray, fair: np.ndarray, half: float = 0.4, label: str = "fair share") -> None:
    """One dashed line when the fair share is the same everywhere, else a dash over each bar."""
    if len(fair) and np.allclose(fair, fair[0]):
        ax.axhline(float(fair[0]), label=f"{label} {fair[0]:.0%}", **FAIR_STYLE)
    else:
        ax.hlines(fair, x - half, x + half, label=label, **FAIR_STYLE)


def win_rate_bars(ax: Axes, df: pd.DataFrame, by: str | Sequence[str] = "scholar", *,
                  title: str | None = None, table: pd.DataFrame | None = None) -> Axes:
    """Win rate per group (default per Scholar) with Wilson 95% interval bars and the fair share;
    a star marks a win rate significantly away from the fair share (``table``'s flags; default
    :func:`experiments.analysis.win_rates`, Holm over the bars)."""
    cols = A.columns_of(by)
    t = A.win_rates(df, cols) if table is None else table
    x = np.arange(len(t))
    labels = [A.group_label(cols, v) for v in t[cols].itertuples(index=False)]
    colors = np.where(t["direction"] == "above", "tab:red", np.where(t["direction"] == "below", "tab:blue",
                                                                     "tab:gray"))
    ax.bar(x, t["win_rate"], yerr=_errors(t), capsize=4, color=colors, alpha=0.85)
    _fair_marks(ax, x, t["fair_share"].to_numpy())
    _stars(ax, x, t)
    ax.set_xticks(x, labels, rotation=20 if len(t) > 4 else 0, ha="right" if len(t) > 4 else "center")
    ax.set_ylabel("win rate (95% Wilson interval)")
    top = max(float(t["ci_high"].max()) if len(t) else 0.0, float(t["fair_share"].max()) if len(t) else 0.0)
    ax.set_ylim(0, min(1.0, top * 1.15 + 0.02))
    _pct(ax)
    _legend(ax)
    ax.set_title(title or f"Win rate per {' × '.join(_nice(c) for c in cols)}")
    return ax


def _stars(ax: Axes, x: np.ndarray, t: pd.DataFrame) -> None:
    """A star over the interval of each flagged row of ``t`` (its ``significant`` column)."""
    for xi, row in zip(x, t.itertuples(index=False), strict=True):
        if row.significant:
            ax.annotate("*", (xi, row.ci_high), ha="center", va="bottom", fontsize=14)


def _heatmap(ax: Axes, values: pd.DataFrame, text: pd.DataFrame, center: float, label: str, title: str) -> Axes:
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


def scholar_clan_heatmap(ax: Axes, df: pd.DataFrame, *, table: pd.DataFrame | None = None) -> Axes:
    """Scholar x Clan Card: colour = lift over the fair share (1 = fair), text = win rate
    (a star: significantly away from the fair share; ``table``'s flags, default Holm over the cells)."""
    t = A.scholar_clan(df) if table is None else table
    text = t.assign(text=[f"{r.win_rate:.0%}{'*' if r.significant else ''}\n(n={r.games})"
                          for r in t.itertuples(index=False)])
    ax = _heatmap(ax, A.matrix(t, value="lift"), A.matrix(text, value="text"), 1.0, "lift (win rate / fair share)",
                  "Scholar × Clan Card: win rate")
    ax.set_xlabel("Clan Card")
    ax.set_ylabel("Scholar")
    return ax


def scholar_vs_scholar_heatmap(ax: Axes, df: pd.DataFrame, *, table: pd.DataFrame | None = None) -> Axes:
    """Head-to-head: share of the meetings in which the row Scholar finished ahead of the column
    Scholar (ties left out; 50% = even; a star: ``table``'s flags, default Holm over the pairs)."""
    t = A.scholar_vs_scholar(df) if table is None else table
    text = t.assign(text=[f"{r.rate:.0%}{'*' if r.significant else ''}" for r in t.itertuples(index=False)])
    ax = _heatmap(ax, A.matrix(t, "scholar", "opponent", "rate"), A.matrix(text, "scholar", "opponent", "text"),
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
    t = A.condition_effects(df, [x, hue])
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
    ax.set_xlabel(_nice(x))
    ax.set_ylabel(label)
    if pct:
        _pct(ax)
    _legend(ax, title=_nice(hue))
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
        ax.bar(x, s["win_rate"], width=width * 0.95, yerr=_errors(s), capsize=3, label=f"{n} players")
        ax.hlines(s["fair_share"], x - width / 2, x + width / 2, **FAIR_STYLE)
        _stars(ax, x, s)
    positions = sorted(t["turn_position"].unique())
    ax.set_xticks(positions, [A.ordinal(int(p) + 1) for p in positions])
    ax.set_xlabel("position in turn order (dashes: fair share)")
    ax.set_ylabel("win rate (95% Wilson interval)")
    _pct(ax)
    _legend(ax)
    ax.set_title("Seat (turn-order) advantage")
    return ax


def _step_histograms(ax: Axes, counts: pd.DataFrame, by: str, column: str, bins_wanted: int) -> None:
    """One step histogram (share per bin) per group, from counts of each whole number (``rows`` per
    (group, value): :func:`experiments.analysis.group_counts`), so millions of rows cost no copies."""
    lo, hi = int(counts[column].min()), int(counts[column].max())
    step = max(1, (hi - lo + 1) // bins_wanted)
    bins = np.arange(lo, hi + step + 1, step) - 0.5
    for name, t in counts.groupby(by, observed=True, sort=True):
        values, n = t[column].to_numpy(dtype=float), t["rows"].to_numpy(dtype=float)
        share, _ = np.histogram(values, bins=bins, weights=n, density=True)
        ax.stairs(share, bins, lw=1.5, label=f"{name} (mean {(values * n).sum() / n.sum():.1f})")


def score_distribution(ax: Axes, df: pd.DataFrame, by: str = "scholar") -> Axes:
    """Distribution of final scores per group (default per Scholar): share of seats per score."""
    _step_histograms(ax, A.group_counts(df, [by, "score"], {}), by, "score", 30)
    ax.set_xlabel("final score")
    ax.set_ylabel("share of seats")
    _legend(ax)
    ax.set_title(f"Score distribution per {_nice(by)}")
    return ax


def length_distribution(ax: Axes, df: pd.DataFrame, by: str = "alert", column: str = "turns") -> Axes:
    """Distribution of game length (``turns`` or ``rounds`` per game) per group of a game-level
    column (default Alert difficulty)."""
    _step_histograms(ax, A.group_counts(A.games(df), [by, column], {}), by, column, 40)
    ax.set_xlabel(f"{column} per game")
    ax.set_ylabel("share of games")
    _legend(ax, title=_nice(by))
    ax.set_title(f"Game length ({column}) per {_nice(by)}")
    return ax


def override_effect(ax: Axes, df: pd.DataFrame, key: str, by: str = "scholar", *,
                    table: pd.DataFrame | None = None) -> Axes:
    """Win rate per ``by`` group at each value of the "what if" override ``key``, with intervals
    and the fair share; a star marks a clear change from the reference value (the simultaneous
    delta intervals of :func:`experiments.analysis.variants.override_effects`, or ``table``'s)."""
    t = V.override_effects(df, key, by) if table is None else table[table["override"] == key]
    values = list(dict.fromkeys(t["value"]))
    pos = {v: i for i, v in enumerate(values)}
    groups = list(dict.fromkeys(t[by]))
    width = 0.3 / max(len(groups), 1)
    for k, name in enumerate(groups):
        s = t[t[by] == name]
        x = np.array([pos[v] for v in s["value"]]) + (k - (len(groups) - 1) / 2) * width
        ax.errorbar(x, s["win_rate"], yerr=_errors(s), marker="o", capsize=3, label=str(name))
        _stars(ax, x, s)
    fair = 1.0 / df["players"].to_numpy(dtype=float)
    if len(fair) and np.allclose(fair, fair[0]):
        ax.axhline(float(fair[0]), label=f"fair share {fair[0]:.0%}", **FAIR_STYLE)
    ax.set_xticks(np.arange(len(values)), values)
    ref = str(t["reference"].iloc[0]) if len(t) else ""
    ax.set_xlabel(f"{key} (reference {ref}; *: clear change, Bonferroni over {int(t['family'].max()) if len(t) else 0}"
                  " deltas)")
    ax.set_ylabel("win rate (95% Wilson interval)")
    _pct(ax)
    _legend(ax)
    ax.set_title(f"What if: {key}")
    return ax
