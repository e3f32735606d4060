"""Plots of leagues and tournaments, with matplotlib: every function draws on an Axes and returns it.

- :func:`ladder`: the agents from best to worst rating, each with its
  bootstrap 95% interval (Elo scale, :func:`experiments.analysis.ratings.bt_ratings`);
- :func:`head_to_head_heatmap`: for every two agents, the share of their
  meetings (pairs of seats in one game) that the row agent finished above the
  column agent, centred on 50%, with the number of meetings in each cell.

They take the tables of :mod:`experiments.matches.league` / :mod:`experiments.matches.tournament`
(``summarize``, ``head_to_head``). Like :mod:`experiments.report.plots` nothing here
picks a backend: :func:`save_league_figures` (the command line) selects Agg.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.colors import TwoSlopeNorm


def ladder(ax: Axes, table: pd.DataFrame) -> Axes:
    """Ratings best first (top), with the interval ``elo_low``..``elo_high`` as a bar."""
    t = table.sort_values("elo", ascending=True, kind="stable")
    y = np.arange(len(t))
    err = [np.clip(t["elo"] - t["elo_low"], 0, None).fillna(0), np.clip(t["elo_high"] - t["elo"], 0, None).fillna(0)]
    ax.errorbar(t["elo"], y, xerr=err, fmt="o", capsize=4, color="tab:blue")
    ax.axvline(0, color="k", ls="--", lw=1)
    ax.set_yticks(y, [str(a) for a in t["agent"]])
    ax.set_ylim(-0.5, len(t) - 0.5)
    ax.set_xlabel("rating (Elo scale, mean 0; bootstrap 95% interval)")
    ax.set_title("Ladder")
    ax.grid(axis="x", alpha=0.3)
    return ax


def head_to_head_heatmap(ax: Axes, share: pd.DataFrame, meetings: pd.DataFrame) -> Axes:
    """Row agent above column agent, in % of their meetings (diagonal blank); agents in the order given."""
    values = share.to_numpy(dtype=float)
    im = ax.imshow(values, cmap="RdBu", norm=TwoSlopeNorm(vcenter=0.5, vmin=0.0, vmax=1.0))
    names = [str(a) for a in share.index]
    ax.set_xticks(range(len(names)), names, rotation=35, ha="right")
    ax.set_yticks(range(len(names)), names)
    for i in range(len(names)):
        for j in range(len(names)):
            if np.isfinite(values[i, j]):
                dark = abs(values[i, j] - 0.5) > 0.3
                ax.text(j, i, f"{values[i, j]:.0%}\n{meetings.iat[i, j]:,.0f}", ha="center", va="center",
                        fontsize=8, color="white" if dark else "black")
    ax.figure.colorbar(im, ax=ax, fraction=0.046, pad=0.04, label="row finishes above column")
    ax.set_xlabel("opponent")
    ax.set_ylabel("agent")
    ax.set_title("Head to head (share; meetings)")
    return ax


def save_league_figures(out: Path, table: pd.DataFrame, share: pd.DataFrame, meetings: pd.DataFrame,
                        title: str | None = None, stem: str = "league") -> list[Path]:
    """Write ``<stem>_ladder.png`` and ``<stem>_head_to_head.png`` into ``out`` (agents best first)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out.mkdir(parents=True, exist_ok=True)
    order = [a for a in table["agent"] if a in share.index]
    k = len(order)
    paths = []
    fig, ax = plt.subplots(figsize=(7.0, 1.0 + 0.45 * k))
    ladder(ax, table)
    if title:
        fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    paths.append(out / f"{stem}_ladder.png")
    fig.savefig(paths[-1], dpi=120)
    plt.close(fig)
    fig, ax = plt.subplots(figsize=(2.5 + 0.95 * k, 1.8 + 0.8 * k))
    head_to_head_heatmap(ax, share.loc[order, order], meetings.loc[order, order])
    if title:
        fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    paths.append(out / f"{stem}_head_to_head.png")
    fig.savefig(paths[-1], dpi=120)
    plt.close(fig)
    return paths
