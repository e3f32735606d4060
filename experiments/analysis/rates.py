"""Balance analysis of a sweep run: load ``results/<run>/`` and compute the tables.

Every function takes the tidy frame of :func:`load` (one row per (game, seat),
the columns of :mod:`experiments.runs.schema`) and returns a new frame; nothing is
kept between calls. Import it from a notebook::

    from experiments import analysis as A
    df = A.load("results/quick")
    A.win_rates(df, "scholar")                 # Wilson 95% intervals, lift, fair-share tests
    A.seat_advantage(df)                       # turn order
    A.scholar_clan(df)                         # Scholar x Clan Card
    A.scholar_vs_scholar(df)                   # head-to-head: A finished ahead of B
    A.condition_effects(df, ["alert", "player_level"])   # game length, Theses
    A.flags(df)                                # fair-share tests over a family, Holm-corrected
    A.games_needed(A.win_rates(df, "scholar"), width=0.02)

Conventions
-----------
* A **win** is rank 1 (seats tied for first all win), the ``won`` column.
* The **fair share** of a seat-row is 1 / players. A group's fair share is the
  mean over its rows (the expected win rate if nothing mattered), and its
  **lift** is win rate / fair share (1.0 = fair; 1.2 = wins 20% more often
  than its share). Mixed player counts are fine: the expectation is then
  the sum of 1 / players over the group's rows.
* **Intervals** are Wilson score 95% intervals (:func:`experiments.analysis.stats.wilson`).
* **Fair-share tests**: an exact two-sided binomial test of the wins against
  the fair share (``scipy.stats.binomtest``) when the group has one player
  count; with several player counts a z-test against the Poisson-binomial
  mean and variance (column ``test`` says which). p-values are corrected for
  multiple comparisons with **Holm's step-down method** by default (controls
  the family-wise error rate: the chance of *any* false flag), or
  Benjamini-Hochberg (``correction="bh"``, controls the false discovery rate).
  In :func:`win_rates` the family is the rows of the table; :func:`flags`
  corrects over a family spanning several tables. Seats of one game are not
  independent (one winner per game); each test is about one group's marginal
  win rate, which is what the binomial model describes.
* **Scholar x Scholar** (:func:`scholar_vs_scholar`) is by default
  **head-to-head**: among the games where Scholars A and B both play, the
  share of the decisive meetings (ranks not tied) in which A finished ahead
  of B (fair: 50%). With ``mode="present"`` it is instead A's win rate in
  the games where B is at the table (not informative when every Scholar plays
  every game, as with 4 Scholars at 4 players).
* Games with ``error != 0`` (an engine or agent error stopped them) are
  excluded on load; ``frame.attrs["excluded_games"]`` counts them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from experiments.analysis.dataset import (  # noqa: F401 - loading lives in experiments.analysis.dataset; A.load etc. as before
    DEFAULT_VALUE,
    ORDERS,
    REPORT_COLUMNS,
    RunDirError,
    _ordered,
    _sort_key,
    apply_schema,
    load,
    load_compact,
    part_files,
    read_manifest,
)
from experiments.analysis.stats import (
    Z95,
    adjust_pvalues,
    binomial_pvalues,
    games_for_wilson_width,
    normal_pvalues,
    wilson,
    wilson_width,
)
from experiments.runs.schema import OVERRIDE_PREFIX
from experiments.runs.stamps import code_text

BASIC = "basic game"  # how the rules column's "" (no advanced rule) is shown
DEFAULT_FAMILY: tuple[tuple[str, ...], ...] = (("scholar",), ("players", "turn_position"), ("scholar", "clan"))
WIN_RATE_COLUMNS = ("games", "wins", "win_rate", "ci_low", "ci_high", "fair_share", "lift", "lift_low", "lift_high",
                    "test", "p_value", "p_adjusted", "significant", "direction")
GAME_COLUMNS = ("run", "cell", "game", "seed", "players", "alert", "player_level", "rules", "agents", "clan",
                "first_player", "turns", "rounds", "end_reason", "decisions", "theses", "error", "boss", "panic",
                "max_alert")


# --------------------------------------------------------------- helpers
def _cols(by: str | Sequence[str]) -> list[str]:
    return [by] if isinstance(by, str) else list(by)


def games(df: pd.DataFrame) -> pd.DataFrame:
    """One row per game: the game-level columns, the ``set:`` columns, and ``nobody_submits``
    (no seat submitted a successful Thesis)."""
    cols = [c for c in GAME_COLUMNS if c in df.columns] + [c for c in df.columns if c.startswith(OVERRIDE_PREFIX)]
    step = np.diff(df["game"].to_numpy())
    if len(df) and (step >= 0).all():  # rows in game order (as the parts are): one pass, no groupby
        starts = np.r_[0, np.flatnonzero(step) + 1]
        del step
        g = df.iloc[starts][["game", *(c for c in cols if c != "game")]].reset_index(drop=True)
        g["nobody_submits"] = ~np.logical_or.reduceat(df["thesis_submitted"].to_numpy(dtype=bool), starts)
        return g
    g = df.drop_duplicates("game")[cols].set_index("game")
    g["nobody_submits"] = ~df.groupby("game")["thesis_submitted"].any().reindex(g.index)
    return g.reset_index()


def _layers_text(manifest: dict[str, Any]) -> str:
    """The data's layers, bottom first (box / layer name, then how many values of each status)."""
    data = manifest.get("data") or {}
    layers = [f"{la.get('kind', '')} {la.get('name', '')}".strip() for la in data.get("layers") or []]
    counts = ", ".join(f"{n} {status}" for status, n in (data.get("values") or {}).items())
    return "; ".join(layers) + (f" ({counts} values)" if counts else "") if layers else "built-in"


def provisional_count(manifest: dict[str, Any]) -> int:
    """How many printed card values of the run's data are provisional: the manifest's list of them
    (``provisional_values``), else the count of ``data.values.provisional``."""
    values = manifest.get("provisional_values")
    if isinstance(values, list) and values:
        return len(values)
    data = manifest.get("data") if isinstance(manifest.get("data"), dict) else {}
    counted = (data.get("values") or {}).get("provisional") if isinstance(data.get("values"), dict) else None
    return int(counted) if isinstance(counted, int) else 0


def played(df: pd.DataFrame, column: str) -> list[str]:
    """The values of ``column`` that occur in the rows (rulebook order for categoricals), not every value
    the run's categories could hold."""
    s = df[column]
    if isinstance(s.dtype, pd.CategoricalDtype):
        present = set(s.cat.codes.unique().tolist())
        return [str(c) for i, c in enumerate(s.cat.categories) if i in present]
    return [str(v) for v in sorted(pd.unique(s), key=_sort_key)]


def overview(df: pd.DataFrame) -> pd.DataFrame:
    """Key figures of a run, one row per item (``item``, ``value``): the values played, not every value
    that exists."""
    manifest = df.attrs.get("manifest", {})
    g = games(df)
    items = [
        ("run", manifest.get("name", ", ".join(played(df, "run")) if "run" in df else "")),
        ("games analysed", f"{len(g):,}"),
        ("seat rows", f"{len(df):,}"),
        ("games excluded (error)", f"{df.attrs.get('excluded_games', 0):,}"),
        ("cells", f"{df['cell'].nunique():,}" if "cell" in df else ""),
        ("player counts", ", ".join(played(df, "players"))),
        ("Alert difficulties", ", ".join(played(df, "alert"))),
        ("Player Levels", ", ".join(played(df, "player_level"))),
        ("agents", "; ".join(played(df, "agents")) if "agents" in df else ""),
        ("overrides", "; ".join(f"{k} ({', '.join(played(df, OVERRIDE_PREFIX + k))})" for k in override_keys(df))
         or "none"),
        ("advanced rules", "; ".join(v or BASIC for v in played(df, "rules")) if "rules" in df else BASIC),
        ("boxes", "; ".join(played(df, "box")) if "box" in df else "base"),
        ("provisional data", "yes" if manifest.get("provisional") else "no"),
        ("data layers", _layers_text(manifest)),
        ("data hash", manifest.get("data_hash", "")),
        ("code version", code_text(manifest.get("code_version"))),
    ]
    return pd.DataFrame(items, columns=["item", "value"]).astype({"value": str})


# ------------------------------------------------------------ win rates
def _key_codes(s: pd.Series) -> tuple[np.ndarray, Any]:
    """(codes, levels) of a grouping column: a categorical's codes and categories, or a whole-number
    column's values offset into the range of those present (levels sorted); codes stay narrow."""
    if isinstance(s.dtype, pd.CategoricalDtype):
        return s.cat.codes.to_numpy(), s.cat.categories
    values = s.to_numpy()
    if values.dtype.kind not in "iub" or not len(values):
        levels, codes = np.unique(values, return_inverse=True)
        return codes.astype(np.int32), levels
    lo = int(values.min())
    shifted = values - np.array(lo, dtype=values.dtype)
    present = np.flatnonzero(_bincount(shifted, int(shifted.max()) + 1))
    lookup = np.zeros(int(shifted.max()) + 1, np.int16 if len(present) < 2**15 else np.int32)
    lookup[present] = np.arange(len(present))
    return lookup[shifted], (present + lo).astype(np.int64)


CHUNK = 1 << 20  # rows per np.bincount call: it copies its input to 64-bit integers


def _bincount(index: np.ndarray, size: int, weights: np.ndarray | None = None) -> np.ndarray:
    """np.bincount over ``index`` (and ``weights``) a million rows at a time: the same counts, without a
    64-bit copy of millions of rows."""
    out = np.zeros(size, np.float64 if weights is not None else np.int64)
    for i in range(0, len(index), CHUNK):
        out += np.bincount(index[i:i + CHUNK], None if weights is None else weights[i:i + CHUNK], minlength=size)
    return out


def group_counts(df: pd.DataFrame, keys: Sequence[str], sums: dict[str, np.ndarray]) -> pd.DataFrame:
    """Rows per combination of ``keys`` that occurs (column ``rows``) and the sum of each array of ``sums``
    over them, in the keys' order (categories in their order, numbers ascending), like a sorted, observed
    groupby; counted with numpy over one narrow index array of the rows, so a report of millions of rows
    needs a few bytes a row on top of its frame, not a groupby's copies."""
    coded = [_key_codes(df[k]) for k in keys]
    sizes = [max(len(levels), 1) for _, levels in coded]
    total = int(np.prod(sizes, dtype=np.float64)) if sizes else 1
    if total >= 2**31 - 1:
        raise ValueError(f"too many combinations of {', '.join(keys)} to count")
    levels_of = [levels for _, levels in coded]
    flat = np.zeros(len(df), np.int16 if total < 2**15 else np.int32)
    for (codes, _), size in zip(coded, sizes, strict=True):
        flat *= size
        flat += codes
    del coded  # the codes are in flat now
    rows = _bincount(flat, total)
    seen = np.flatnonzero(rows)
    out: dict[str, Any] = {}
    for k, levels, idx in zip(keys, levels_of, np.unravel_index(seen, sizes) if sizes else [], strict=True):
        col = df[k]
        out[k] = (pd.Categorical.from_codes(idx, dtype=col.dtype) if isinstance(col.dtype, pd.CategoricalDtype)
                  else np.asarray(levels)[idx])
    out["rows"] = rows[seen]
    for name, values in sums.items():
        if values.dtype == bool:
            out[name] = _bincount(flat[values], total)[seen]
        else:
            out[name] = _bincount(flat, total, values)[seen]
    return pd.DataFrame(out)


def win_rates(df: pd.DataFrame, by: str | Sequence[str] = "scholar", *, correction: str = "holm",
              alpha: float = 0.05) -> pd.DataFrame:
    """Win rate per group of ``by`` with a Wilson 95% interval, fair share, lift and a fair-share test.

    Columns: the ``by`` columns, games (seat-rows of the group), wins,
    win_rate, ci_low, ci_high, fair_share (mean of 1/players), lift (win rate
    / fair share) with lift_low, lift_high (the interval over the fair share),
    test ("binomial" exact, or "normal" for mixed player counts), p_value,
    p_adjusted (``correction`` over the rows of this table: "holm" or "bh"),
    significant (p_adjusted < alpha) and direction ("above", "below" or "")."""
    by = _cols(by)
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
    return _adjust(g.reset_index(), correction, alpha)[by + list(WIN_RATE_COLUMNS)]


def _adjust(table: pd.DataFrame, correction: str, alpha: float, rate: str = "win_rate",
            fair: str = "fair_share") -> pd.DataFrame:
    table = table.copy()
    table["p_adjusted"] = adjust_pvalues(table["p_value"].to_numpy(), correction)
    table["significant"] = (table["p_adjusted"] < alpha).to_numpy()
    above = table[rate] > table[fair]
    table["direction"] = np.where(table["significant"], np.where(above, "above", "below"), "")
    return table


def lift(df: pd.DataFrame, by: str | Sequence[str] = "scholar") -> pd.DataFrame:
    """Lift over the fair share per group: win rate / (1/players), with its 95% interval.

    1.0 is fair; the interval is the Wilson interval divided by the fair share."""
    by = _cols(by)
    t = win_rates(df, by)
    return t[by + ["games", "win_rate", "fair_share", "lift", "lift_low", "lift_high"]]


def seat_advantage(df: pd.DataFrame, *, correction: str = "holm", alpha: float = 0.05) -> pd.DataFrame:
    """Turn-order advantage: win rate per (players, turn_position) (0 = first player) with the
    fair-share test, plus mean score, mean rank and score_vs_table (mean score minus the mean
    score of all seats at that player count)."""
    t = win_rates(df, ["players", "turn_position"], correction=correction, alpha=alpha)
    extra = group_counts(df, ["players", "turn_position"], {"score": df["score"].to_numpy(),
                                                           "rank": df["rank"].to_numpy()})
    extra["mean_score"], extra["mean_rank"] = extra["score"] / extra["rows"], extra["rank"] / extra["rows"]
    extra = extra[["players", "turn_position", "mean_score", "mean_rank"]]
    by_players = group_counts(df, ["players"], {"score": df["score"].to_numpy()})
    table_mean = pd.DataFrame({"players": by_players["players"], "table_score": by_players["score"]
                               / by_players["rows"]})
    extra = extra.merge(table_mean, on="players")
    extra["score_vs_table"] = extra["mean_score"] - extra.pop("table_score")
    return t.merge(extra, on=["players", "turn_position"], how="left")


def scholar_clan(df: pd.DataFrame, *, correction: str = "holm", alpha: float = 0.05) -> pd.DataFrame:
    """Win rate (with interval, lift, test) of every Scholar under every Clan Card: one row per
    pair; :func:`matrix` makes the Scholar x Clan table of one column."""
    return win_rates(df, ["scholar", "clan"], correction=correction, alpha=alpha)


def matrix(table: pd.DataFrame, index: str = "scholar", columns: str = "clan",
           value: str = "win_rate") -> pd.DataFrame:
    """A long table as a matrix: ``index`` rows x ``columns`` columns of ``value``."""
    return table.pivot(index=index, columns=columns, values=value)


def _in_seat_order(game: np.ndarray, seat: np.ndarray) -> bool:
    step = np.diff(game)
    return len(game) < 2 or bool(((step > 0) | ((step == 0) & (np.diff(seat) > 0))).all())


def _seat_arrays(df: pd.DataFrame, players: int) -> tuple[np.ndarray, ...]:
    """(Scholar codes, ranks, wins) of the ``players``-player games, one row a game, one column a seat:
    read in place when every row is such a game in (game, seat) order (as the parts are), else copied."""
    mask = df["players"].to_numpy() == players
    whole = bool(mask.all())
    sub = df if whole else df.loc[mask, ["game", "seat", "scholar", "rank", "won"]]
    if not _in_seat_order(sub["game"].to_numpy(), sub["seat"].to_numpy()):
        sub = sub[["game", "seat", "scholar", "rank", "won"]].sort_values(["game", "seat"], kind="stable")
    game = sub["game"].to_numpy()
    grid = game.reshape(-1, players) if len(sub) % players == 0 else None
    if grid is None or not (grid == grid[:, :1]).all():
        raise ValueError(f"the {players}-player games do not all have {players} seat rows")
    shape = (-1, players)
    codes = sub["scholar"].cat.codes.to_numpy().astype(np.int16).reshape(shape)  # int8: code * k would overflow
    return codes, sub["rank"].to_numpy().reshape(shape), sub["won"].to_numpy(dtype=bool).reshape(shape)


def scholar_vs_scholar(df: pd.DataFrame, mode: str = "head_to_head", *, correction: str = "holm",
                       alpha: float = 0.05) -> pd.DataFrame:
    """Scholar A (``scholar``) against Scholar B (``opponent``), one row per ordered pair.

    ``mode="head_to_head"`` (default): over the games where both play,
    meetings, ahead (A's rank better than B's), behind, ties; rate = ahead /
    (ahead + behind) with a Wilson interval, fair share 0.5, an exact binomial
    test against 0.5 (the family for the correction: the unordered pairs; a
    pair and its mirror share the p-value).

    ``mode="present"``: A's win rate in the games where B is at the table
    (games, wins, win_rate, interval, fair_share, lift, test against 1/players)."""
    if mode not in ("head_to_head", "present"):
        raise ValueError(f"unknown mode {mode!r} (allowed: head_to_head, present)")
    names = list(df["scholar"].cat.categories)
    k = len(names)
    meet, ahead, behind, wins, expected, variance = (np.zeros(k * k) for _ in range(6))
    counts = np.zeros(k * k, dtype=np.int64)  # bit n set: the pair met at n players
    for n in sorted(int(x) for x in df["players"].unique()):
        codes, rank, won = _seat_arrays(df, n)
        met = np.zeros(k * k)
        for i in range(n):
            for j in range(n):
                if i == j:
                    continue
                idx = codes[:, i] * k + codes[:, j]
                met += np.bincount(idx, minlength=k * k)
                ahead += np.bincount(idx, rank[:, i] < rank[:, j], minlength=k * k)
                behind += np.bincount(idx, rank[:, i] > rank[:, j], minlength=k * k)
                wins += np.bincount(idx, won[:, i], minlength=k * k)
        meet += met
        expected += met / n
        variance += met * (1 / n) * (1 - 1 / n)
        counts |= (met > 0).astype(np.int64) << n
    pair = np.nonzero(meet)[0]
    a_idx, b_idx = pair // k, pair % k
    out = pd.DataFrame({
        "scholar": pd.Categorical.from_codes(a_idx, categories=names),
        "opponent": pd.Categorical.from_codes(b_idx, categories=names),
    })
    if mode == "present":
        n = meet[pair].astype(np.int64)
        w = wins[pair].astype(np.int64)
        out["games"], out["wins"] = n, w
        out["win_rate"] = w / n
        out["ci_low"], out["ci_high"] = (np.clip(x, 0.0, 1.0) for x in wilson(w, n))
        out["fair_share"] = expected[pair] / n
        out["lift"] = out["win_rate"] / out["fair_share"]
        single = np.array([bin(int(c)).count("1") == 1 for c in counts[pair]], dtype=bool)
        exact = binomial_pvalues(w, n, out["fair_share"].to_numpy())
        approx = normal_pvalues(w, expected[pair], variance[pair])
        out["test"] = np.where(single, "binomial", "normal")
        out["p_value"] = np.where(single, exact, approx)
        return _adjust(out, correction, alpha)
    out["meetings"] = meet[pair].astype(np.int64)
    out["ahead"] = ahead[pair].astype(np.int64)
    out["behind"] = behind[pair].astype(np.int64)
    out["ties"] = out["meetings"] - out["ahead"] - out["behind"]
    decisive = (out["ahead"] + out["behind"]).to_numpy()
    out["rate"] = np.where(decisive > 0, out["ahead"] / np.maximum(decisive, 1), np.nan)
    out["ci_low"], out["ci_high"] = (np.clip(x, 0.0, 1.0) for x in wilson(out["ahead"].to_numpy(), decisive))
    out["fair_share"] = 0.5
    out["p_value"] = binomial_pvalues(out["ahead"].to_numpy(), decisive, 0.5)
    # one test per unordered pair: correct over the pairs a < b, then copy to the mirror
    first = (a_idx < b_idx)
    adj = pd.Series(np.nan, index=out.index)
    adj[first] = adjust_pvalues(out.loc[first, "p_value"].to_numpy(), correction)
    key = {(a, b): v for a, b, v in zip(a_idx[first], b_idx[first], adj[first], strict=True)}
    out["p_adjusted"] = [key.get((min(a, b), max(a, b)), np.nan) for a, b in zip(a_idx, b_idx, strict=True)]
    out["significant"] = (out["p_adjusted"] < alpha).to_numpy()
    out["direction"] = np.where(out["significant"], np.where(out["rate"] > 0.5, "above", "below"), "")
    return out


# -------------------------------------------------- conditions and games
def _mean_ci(values: pd.core.groupby.SeriesGroupBy, prefix: str) -> pd.DataFrame:
    agg = values.agg(["mean", "std", "count"])
    half = Z95 * agg["std"].fillna(0.0) / np.sqrt(agg["count"])
    return pd.DataFrame({f"mean_{prefix}": agg["mean"], f"{prefix}_ci_low": agg["mean"] - half,
                         f"{prefix}_ci_high": agg["mean"] + half})


def condition_effects(df: pd.DataFrame, by: str | Sequence[str] = ("alert", "player_level")) -> pd.DataFrame:
    """Game length and Theses per group of ``by`` (e.g. Alert difficulty x Player Level).

    Columns: games; mean_turns with turns_ci_low/high (normal 95% interval of
    the mean); mean_rounds; thesis_rate (share of seats with a successful
    Thesis) with a Wilson interval; nobody_submits and no_thesis_rate (games
    where no seat submitted a successful Thesis, and their share, with a
    Wilson interval); mean_score (per seat)."""
    by = _cols(by)
    g = games(df)
    gg = g.groupby(by, observed=True, sort=True)
    out = gg.size().rename("games").to_frame()
    out = out.join(_mean_ci(gg["turns"], "turns"))
    out["mean_rounds"] = gg["rounds"].mean()
    c = group_counts(df, by, {"theses": df["thesis_submitted"].to_numpy(dtype=bool),
                              "score": df["score"].to_numpy()})
    seats = pd.DataFrame({"seats": c["rows"].to_numpy(), "theses": c["theses"].to_numpy(),
                          "mean_score": (c["score"] / c["rows"]).to_numpy()},
                         index=pd.MultiIndex.from_frame(c[by]) if len(by) > 1 else pd.Index(c[by[0]]))
    out = out.join(seats)
    out["thesis_rate"] = out["theses"] / out["seats"]
    out["thesis_ci_low"], out["thesis_ci_high"] = wilson(out["theses"].to_numpy(), out["seats"].to_numpy())
    out["nobody_submits"] = gg["nobody_submits"].sum().astype(np.int64)
    out["no_thesis_rate"] = out["nobody_submits"] / out["games"]
    out["no_thesis_ci_low"], out["no_thesis_ci_high"] = wilson(out["nobody_submits"].to_numpy(),
                                                               out["games"].to_numpy())
    out = out.drop(columns=["seats", "theses"])
    cols = ["games", "mean_turns", "turns_ci_low", "turns_ci_high", "mean_rounds", "thesis_rate", "thesis_ci_low",
            "thesis_ci_high", "nobody_submits", "no_thesis_rate", "no_thesis_ci_low", "no_thesis_ci_high",
            "mean_score"]
    return out[cols].reset_index()


def end_reasons(df: pd.DataFrame, by: str | Sequence[str] = ("alert",)) -> pd.DataFrame:
    """Share of games per end reason in each group of ``by`` (one column per end reason)."""
    by = _cols(by)
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
    by = _cols(by)
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


def override_keys(df: pd.DataFrame) -> list[str]:
    """The dotted keys of the "what if" data overrides swept in the run (``set:<key>`` columns)."""
    return [c[len(OVERRIDE_PREFIX):] for c in df.columns if c.startswith(OVERRIDE_PREFIX)]


POOLED_LABELS = {"agent": "agent kinds", "rules": "rule sets", "boss": "Boss profiles", "panic": "Panic Cards",
                 "players": "player counts"}


def pooled_over(df: pd.DataFrame, by: str | Sequence[str] = ()) -> list[str]:
    """What a table grouped by ``by`` pools together: each swept override with several values, and
    several agent kinds, rule sets, Boss profiles, Panic Cards or player counts (the columns not in
    ``by`` that take more than one value), as "label (value, value, ...)" texts."""
    shown = set(_cols(by))
    out = []
    for key in override_keys(df):
        values = pd.unique(df[OVERRIDE_PREFIX + key].astype(str))
        if OVERRIDE_PREFIX + key not in shown and len(values) > 1:
            out.append(f"{key} ({', '.join(values)})")
    for col, label in POOLED_LABELS.items():
        if col in df and col not in shown and not (col == "agent" and "agents" in shown):
            empty = BASIC if col == "rules" else "none"  # '' = the basic game / no Boss / no Panic Card
            values = sorted({str(v) or empty for v in df[col].unique()}, key=_sort_key)
            if len(values) > 1:
                out.append(f"{label} ({', '.join(values)})")
    return out


# ------------------------------------------------------------ flags
def _label(cols: Sequence[str], values: Sequence[Any]) -> str:
    parts, suffix = [], ""
    for c, v in zip(cols, values, strict=True):
        if c == "players":
            suffix = f" ({v} players)"
        elif c == "turn_position":
            parts.append(f"{_ordinal(int(v) + 1)} in turn order")
        elif c.startswith(OVERRIDE_PREFIX):
            parts.append(f"{c[len(OVERRIDE_PREFIX):]}={v}")
        else:
            parts.append(str(v))
    return " × ".join(parts) + suffix


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def flags(df: pd.DataFrame, family: Sequence[str | Sequence[str]] = DEFAULT_FAMILY, *, correction: str = "holm",
          alpha: float = 0.05, only_significant: bool = False) -> pd.DataFrame:
    """Fair-share tests of several groupings at once, corrected over the whole family.

    ``family``: groupings (column lists); default Scholar, turn position
    (per player count) and Scholar x Clan. One row per group: ``grouping``
    (its columns, " × "-joined), ``group`` (a readable label) and the
    :func:`win_rates` columns, with p_adjusted corrected over every test of
    the family (Holm by default, or "bh"). Sorted by p-value; with
    ``only_significant`` just the flagged groups."""
    tables = []
    for cols in family:
        cols = _cols(cols)
        t = win_rates(df, cols)
        labels = [_label(cols, vals) for vals in t[cols].itertuples(index=False)]
        t = t.drop(columns=cols)
        t.insert(0, "group", labels)
        t.insert(0, "grouping", " × ".join(cols))
        tables.append(t)
    out = _adjust(pd.concat(tables, ignore_index=True), correction, alpha)
    out = out.sort_values(["p_value", "grouping"], kind="stable").reset_index(drop=True)
    out.attrs = {"correction": correction, "alpha": alpha, "tests": int(out["p_value"].notna().sum())}
    return out[out["significant"]].reset_index(drop=True) if only_significant else out


# ----------------------------------------------------- games needed
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
