"""Scholar against Scholar (:func:`scholar_vs_scholar`): among the games where both play, how often A
finished ahead of B (fair: 50%), or A's win rate with B at the table; and every Scholar under every Clan
Card (:func:`scholar_clan`)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from experiments.analysis.rates import mark_significant, win_rates
from experiments.analysis.stats import adjust_pvalues, binomial_pvalues, normal_pvalues, wilson


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
        return mark_significant(out, correction, alpha)
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


def scholar_clan(df: pd.DataFrame, *, correction: str = "holm", alpha: float = 0.05) -> pd.DataFrame:
    """Win rate (with interval, lift, test) of every Scholar under every Clan Card: one row per
    pair; :func:`experiments.analysis.matrix` makes the Scholar x Clan table of one column."""
    return win_rates(df, ["scholar", "clan"], correction=correction, alpha=alpha)
