"""The games under each condition: one row per game (:func:`games`), game length and Theses per group
(:func:`condition_effects`, e.g. Alert difficulty x Player Level), how the games ended
(:func:`end_reasons`) and the score distribution (:func:`score_summary`)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from experiments.analysis.groups import columns_of, group_counts
from experiments.analysis.stats import Z95, cluster_wilson, wilson
from experiments.dungeonology.results import GAME_COLUMNS
from experiments.runs.schema import OVERRIDE_PREFIX


def games(df: pd.DataFrame) -> pd.DataFrame:
    """One row per game: the game-level columns, the ``set:`` columns, ``nobody_submits`` (no seat
    submitted a successful Thesis), ``seats`` (its rows) and ``thesis_seats`` (seats with a successful
    Thesis)."""
    cols = [c for c in GAME_COLUMNS if c in df.columns] + [c for c in df.columns if c.startswith(OVERRIDE_PREFIX)]
    step = np.diff(df["game"].to_numpy())
    if len(df) and (step >= 0).all():  # rows in game order (as the parts are): one pass, no groupby
        starts = np.r_[0, np.flatnonzero(step) + 1]
        del step
        g = df.iloc[starts][["game", *(c for c in cols if c != "game")]].reset_index(drop=True)
        thesis = df["thesis_submitted"].to_numpy(dtype=bool)
        g["seats"] = np.diff(np.r_[starts, len(df)])
        g["thesis_seats"] = np.add.reduceat(thesis.astype(np.int64), starts)
        g["nobody_submits"] = g["thesis_seats"].to_numpy() == 0
        return g
    g = df.drop_duplicates("game")[cols].set_index("game")
    per = df.groupby("game")["thesis_submitted"]
    g["seats"] = per.size().reindex(g.index)
    g["thesis_seats"] = per.sum().astype(np.int64).reindex(g.index)
    g["nobody_submits"] = g["thesis_seats"] == 0
    return g.reset_index()


def _mean_ci(values: pd.core.groupby.SeriesGroupBy, prefix: str) -> pd.DataFrame:
    agg = values.agg(["mean", "std", "count"])
    half = Z95 * agg["std"].fillna(0.0) / np.sqrt(agg["count"])
    return pd.DataFrame({f"mean_{prefix}": agg["mean"], f"{prefix}_ci_low": agg["mean"] - half,
                         f"{prefix}_ci_high": agg["mean"] + half})


def condition_effects(df: pd.DataFrame, by: str | Sequence[str] = ("alert", "player_level")) -> pd.DataFrame:
    """Game length and Theses per group of ``by`` (e.g. Alert difficulty x Player Level).

    Columns: games; mean_turns with turns_ci_low/high (normal 95% interval of
    the mean); mean_rounds; thesis_rate (share of seats with a successful
    Thesis) with a 95% interval over games (:func:`experiments.analysis.stats.cluster_wilson`:
    the seats of one game are not independent); nobody_submits and no_thesis_rate
    (games where no seat submitted a successful Thesis, and their share, with a
    Wilson interval); mean_score (per seat)."""
    by = columns_of(by)
    g = games(df)
    gg = g.groupby(by, observed=True, sort=True)
    out = gg.size().rename("games").to_frame()
    out = out.join(_mean_ci(gg["turns"], "turns"))
    out["mean_rounds"] = gg["rounds"].mean()
    c = group_counts(df, by, {"score": df["score"].to_numpy()})
    seats = pd.DataFrame({"mean_score": (c["score"] / c["rows"]).to_numpy()},
                         index=pd.MultiIndex.from_frame(c[by]) if len(by) > 1 else pd.Index(c[by[0]]))
    out = out.join(seats)
    code = gg.ngroup().to_numpy()
    kept = code >= 0  # a game whose group is missing is in no group
    rate, lo, hi = cluster_wilson(g["thesis_seats"].to_numpy()[kept], g["seats"].to_numpy()[kept], code[kept],
                                  len(out))
    out["thesis_rate"], out["thesis_ci_low"], out["thesis_ci_high"] = rate, lo, hi
    out["nobody_submits"] = gg["nobody_submits"].sum().astype(np.int64)
    out["no_thesis_rate"] = out["nobody_submits"] / out["games"]
    out["no_thesis_ci_low"], out["no_thesis_ci_high"] = wilson(out["nobody_submits"].to_numpy(),
                                                               out["games"].to_numpy())
    cols = ["games", "mean_turns", "turns_ci_low", "turns_ci_high", "mean_rounds", "thesis_rate", "thesis_ci_low",
            "thesis_ci_high", "nobody_submits", "no_thesis_rate", "no_thesis_ci_low", "no_thesis_ci_high",
            "mean_score"]
    return out[cols].reset_index()


def end_reasons(df: pd.DataFrame, by: str | Sequence[str] = ("alert",)) -> pd.DataFrame:
    """Share of games per end reason in each group of ``by`` (one column per end reason)."""
    by = columns_of(by)
    g = games(df)
    t = pd.crosstab([g[c] for c in by], g["end_reason"], normalize="index")
    t.columns = [str(c) for c in t.columns]
    return t.reset_index()


def _quantiles(counts: np.ndarray, lo: int, qs: Sequence[float]) -> list[float]:
    """Quantiles (linear interpolation, as pandas) of whole numbers given as counts of lo, lo+1, ..."""
    cum = np.cumsum(counts)
    n = int(cum[-1])
    out = []
    for q in qs:
        h = (n - 1) * q
        i, j = int(np.floor(h)), int(np.ceil(h))
        a, b = np.searchsorted(cum, i, side="right"), np.searchsorted(cum, j, side="right")
        out.append(lo + a + (h - i) * (b - a))
    return out


def score_summary(df: pd.DataFrame, by: str | Sequence[str] = "scholar") -> pd.DataFrame:
    """Score distribution per group: mean, standard deviation and quartiles of the final score,
    mean Thesis bonus and Jinx penalty (from each group's counts of every score: exact, and light
    on memory for millions of rows)."""
    by = columns_of(by)
    score = df["score"].to_numpy().astype(np.int64)
    lo = int(score.min()) if len(score) else 0
    c = group_counts(df.assign(_score=score - lo), [*by, "_score"], {})
    sums = group_counts(df, by, {"thesis_bonus": df["thesis_bonus"].to_numpy(), "jinx_penalty":
                                 df["jinx_penalty"].to_numpy()})
    rows = []
    for keys, t in c.groupby(by, observed=True, sort=True):
        counts = np.zeros(int(t["_score"].max()) + 1, np.int64)
        counts[t["_score"].to_numpy()] = t["rows"].to_numpy()
        values = np.arange(len(counts)) + lo
        n = int(counts.sum())
        mean = float((counts * values).sum() / n)
        sd = float(np.sqrt((counts * (values - mean) ** 2).sum() / (n - 1))) if n > 1 else np.nan
        first = int(np.flatnonzero(counts)[0]) + lo
        q1, median, q3 = _quantiles(counts, lo, (0.25, 0.5, 0.75))
        rows.append((*(keys if isinstance(keys, tuple) else (keys,)), n, mean, sd, float(first), q1, median, q3,
                     float(values[-1])))
    out = pd.DataFrame(rows, columns=[*by, "seats", "mean_score", "sd", "min", "q1", "median", "q3", "max"])
    for col in by:
        if isinstance(df[col].dtype, pd.CategoricalDtype):
            out[col] = pd.Categorical(out[col], dtype=df[col].dtype)
    out["thesis_bonus"] = (sums["thesis_bonus"] / sums["rows"]).to_numpy()
    out["jinx_penalty"] = (sums["jinx_penalty"] / sums["rows"]).to_numpy()
    return out
