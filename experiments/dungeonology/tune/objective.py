"""What a tune trial measured, and how far that is from the designer's targets.

A trial's games are kept as a few counts (:func:`counts`: wins and seat-games per
Scholar and of the first player, game lengths, games with a Thesis), so that the
evaluations of one candidate on several seed blocks pool by adding them
(:func:`pool`). :func:`objective` turns counts into the number the optimiser
minimises: each target's miss times its weight, plus the penalty for changes.

The misses, in the units a designer reads (docs/TUNE.md):

* ``fair_share``: how many percentage points a Scholar's win rate is off the fair
  share (1 / players), beyond ``tolerance``; the worst Scholar (``max``) or the
  mean over the Scholars (``mean``);
* ``first_player``: the first player's edge, either way (win rate minus the fair
  share), beyond ``max`` points;
* ``game_length``: mean rounds (or turns) below ``min`` or above ``max``;
* ``thesis_rate``: the percent of games with at least one successful Thesis below
  ``min`` or above ``max``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import pandas as pd

from experiments.dungeonology.tune.config import Parameter
from experiments.dungeonology.tune.models import TARGETS, Objective, Penalty

Counts = dict[str, Any]


def counts(df: pd.DataFrame) -> Counts:
    """The counts of a run's rows (``experiments.analysis.load``): JSON-ready, pooled by :func:`pool`."""
    df = df.copy(deep=False)
    df.attrs = {}  # the run's manifest: pandas would copy it at every step
    cols = ("scholar", "turn_position", "game", "rounds", "turns", "theses")
    d = pd.DataFrame({c: df[c].to_numpy() for c in cols})
    d["_fair"] = 1.0 / df["players"].to_numpy(dtype=float)
    d["_won"] = df["won"].to_numpy(dtype=np.int64)
    d["scholar"] = df["scholar"].astype(str).to_numpy()
    by = d.groupby("scholar").agg(wins=("_won", "sum"), n=("_won", "size"), fair=("_fair", "sum"))
    first = d[d["turn_position"] == 0]
    g = d.drop_duplicates("game")
    return {"games": int(len(g)),
            "scholars": {str(s): [int(r.wins), int(r.n), float(r.fair)] for s, r in by.iterrows()},
            "first": [int(first["_won"].sum()), int(len(first)), float(first["_fair"].sum())],
            "rounds": int(g["rounds"].sum()), "turns": int(g["turns"].sum()),
            "thesis_games": int((g["theses"] > 0).sum())}


def pool(many: Iterable[Counts]) -> Counts:
    """The counts of several runs together."""
    out: Counts = {"games": 0, "scholars": {}, "first": [0, 0, 0.0], "rounds": 0, "turns": 0, "thesis_games": 0}
    for c in many:
        for k in ("games", "rounds", "turns", "thesis_games"):
            out[k] += c[k]
        out["first"] = [a + b for a, b in zip(out["first"], c["first"], strict=True)]
        for s, v in c["scholars"].items():
            old = out["scholars"].get(s, [0, 0, 0.0])
            out["scholars"][s] = [a + b for a, b in zip(old, v, strict=True)]
    return out


def measures(c: Counts) -> dict[str, Any]:
    """The figures the targets read: win rates and fair shares (fractions), mean length, Thesis rate."""
    games = max(c["games"], 1)
    wins, n, fair = c["first"]
    return {"scholars": {s: (w / k, f / k, k) for s, (w, k, f) in c["scholars"].items() if k},
            "first_player": (wins / n, fair / n, n) if n else (np.nan, np.nan, 0),
            "rounds": c["rounds"] / games, "turns": c["turns"] / games,
            "thesis_rate": c["thesis_games"] / games, "games": c["games"]}


def _outside(x: float, low: float | None, high: float | None) -> float:
    return max(0.0, (low - x) if low is not None else 0.0, (x - high) if high is not None else 0.0)


def misses(objective: Objective, c: Counts) -> dict[str, float]:
    """Each target's miss (0 when met), in points (rates) or rounds / turns (length)."""
    m = measures(c)
    out: dict[str, float] = {}
    fs = objective.fair_share
    if fs is not None:
        chosen = fs.scholars or list(m["scholars"])
        gaps = [max(0.0, 100 * abs(m["scholars"][s][0] - m["scholars"][s][1]) - fs.tolerance)
                for s in chosen if s in m["scholars"]]
        out["fair_share"] = (max(gaps) if fs.aggregate == "max" else float(np.mean(gaps))) if gaps else 0.0
    fp = objective.first_player
    if fp is not None:
        rate, fair, n = m["first_player"]
        out["first_player"] = max(0.0, 100 * abs(rate - fair) - fp.max) if n else 0.0
    gl = objective.game_length
    if gl is not None:
        out["game_length"] = _outside(m[gl.measure], gl.min, gl.max)
    tr = objective.thesis_rate
    if tr is not None:
        out["thesis_rate"] = _outside(100 * m["thesis_rate"], tr.min, tr.max)
    return out


def penalty(params: Iterable[Parameter], values: Mapping[str, Any], p: Penalty) -> float:
    """The price of the changes: ``change`` per value moved off the data's own value (its ``origin``), ``size``
    per whole range moved."""
    sizes = [q.size(values[q.key]) for q in params]
    return p.change * sum(s > 0 for s in sizes) + p.size * sum(sizes)


def objective(objective: Objective, pen: Penalty, params: Iterable[Parameter], values: Mapping[str, Any],
              c: Counts) -> tuple[float, dict[str, float]]:
    """(the value to minimise, its parts: each target's weighted miss and the penalty)."""
    parts = {name: getattr(objective, name).weight * miss for name, miss in misses(objective, c).items()}
    parts["penalty"] = penalty(params, values, pen)
    return float(sum(parts.values())), parts


def target_text(objective: Objective) -> list[str]:
    """Each target in words, for the output and the report."""
    out = []
    for name in TARGETS:
        t = getattr(objective, name)
        if t is None:
            continue
        w = f" (weight {t.weight:g})"
        if name == "fair_share":
            who = ", ".join(t.scholars) if t.scholars else "every Scholar"
            how = "the worst of them" if t.aggregate == "max" else "their mean miss"
            out.append(f"fair share: {who} within {t.tolerance:g} points of the fair share, {how}{w}")
        elif name == "first_player":
            out.append(f"first player: the first player's edge, either way, under {t.max:g} points{w}")
        elif name == "game_length":
            out.append(f"game length: mean {t.measure} {_range_text(t.min, t.max, '')}{w}")
        else:
            out.append(f"Thesis rate: a Thesis in {_range_text(t.min, t.max, '%')} of games{w}")
    return out


def _range_text(low: float | None, high: float | None, unit: str) -> str:
    if low is not None and high is not None:
        return f"{low:g}{unit} to {high:g}{unit}"
    return f"at least {low:g}{unit}" if low is not None else f"at most {high:g}{unit}"
