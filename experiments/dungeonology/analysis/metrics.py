"""Designer metrics of a set of games, per cell, variant or skill level.

Per group of games (``by``: e.g. ``cell``, ``variant`` or ``agents``):

* **balance**: 1 - the largest gap between two Scholars' win rates (1 = every Scholar wins equally
  often; 0.8 = the best Scholar wins 20 points more often than the worst), with a 95% interval of the
  true balance and what a fair game of the same tables reads (a finite sample never reads 1: the
  largest gap of noisy rates is above 0; :func:`balance_stats`);
* **first-player advantage**: the win rate of turn position 0 minus the fair share (1 / players);
* **game length** in rounds, its mean and standard deviation (spread), and in turns;
* **Thesis rate**: the share of games in which someone submitted a successful Thesis, and plainly
  the share that ended with none (Thesis Submission, "End of the game");
* **margin**: the winner's final score minus the runner-up's, mean over games;
* **lead changes** and **decisiveness**, from the per-round score trace (``trace = true`` in the
  sweep file: columns ``lead_changes`` and ``winner_led_from``): lead changes per game, and the
  share of the game's rounds, counted from its end, in which the eventual winner led throughout
  (1 = led from the first round, near 0 = took the lead at the end);
* **skill versus luck** (cells with different agents): how often the stronger agent finishes above
  the weaker one (:func:`experiments.analysis.ratings.skill_luck` when it is there, else
  :func:`stronger_wins`: 0.5 = luck, 1 = skill).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from scipy.stats import norm

from experiments.analysis.stats import bonferroni_alpha, wilson

METRIC_COLUMNS = ("games", "balance", "balance_low", "balance_high", "balance_if_fair", "balance_fair_p",
                  "best_scholar", "worst_scholar", "first_player_advantage", "rounds_mean", "rounds_sd", "turns_mean",
                  "thesis_rate", "no_thesis_rate", "margin", "lead_changes", "decisiveness", "stronger_wins")


def stronger_wins(df: pd.DataFrame) -> float:
    """Of the pairs of seats held by two different agents in a game, the share in which the agent
    with the higher overall win rate finished above the other (ties half). NaN with one agent."""
    if "agent" not in df or df["agent"].nunique() < 2:
        return float("nan")
    strength = df.groupby("agent", observed=True)["won"].mean()
    d = df[["game", "agent", "rank"]].copy()
    d["strength"] = d["agent"].map(strength).astype(float)
    pairs = d.merge(d, on="game", suffixes=("", "_o"))
    pairs = pairs[pairs["strength"] > pairs["strength_o"]]
    if pairs.empty:
        return float("nan")
    above = (pairs["rank"] < pairs["rank_o"]).astype(float) + 0.5 * (pairs["rank"] == pairs["rank_o"])
    return float(above.mean())


def _skill(df: pd.DataFrame) -> float:
    try:
        from experiments.analysis.ratings import skill_luck  # the league's fitted-rating figure, when it is there
    except ImportError:
        return stronger_wins(df)
    if df["agent"].nunique() < 2:
        return float("nan")
    return float(skill_luck(df, boot=0)["stronger_wins"])


BALANCE_REPS = 200  # bootstrap and fair-game replicates of the balance


def _balance(wins: np.ndarray, n: np.ndarray) -> np.ndarray:
    """1 - (max - min) of the rates wins / n (Scholars in the last axis; those never seated left out)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = np.where(n > 0, wins / n, np.nan)
    return 1 - (np.nanmax(rate, axis=-1) - np.nanmin(rate, axis=-1))


def balance_stats(df: pd.DataFrame, reps: int = BALANCE_REPS, seed: int = 0, alpha: float = 0.05) -> dict[str, float]:
    """The balance's interval and what a fair game of the same tables reads.

    ``balance_low``, ``balance_high``: a 1 - ``alpha`` interval of the true balance, from simultaneous
    Wilson intervals of the Scholars' win rates (Bonferroni over the Scholars; a Scholar's seat-games lie
    in distinct games): the true largest gap lies between max(0, max low - min high) and max high - min low.
    ``balance_if_fair``: the mean balance of ``reps`` fair games simulated on the same tables (each game
    keeps its Scholars and its number of winners, the winners' seats drawn at random, so every seat wins
    as often); ``balance_fair_p``: the share of them at or below the observed balance (small: less
    balanced than chance alone makes a fair game look). Reproducible (``seed``); NaN with fewer than two
    Scholars."""
    scholar, names = pd.factorize(df["scholar"].astype(str).to_numpy())
    if len(names) < 2:
        return dict.fromkeys(("balance_low", "balance_high", "balance_if_fair", "balance_fair_p"), np.nan)
    k = len(names)
    won = df["won"].to_numpy(dtype=float)
    n = np.bincount(scholar, minlength=k).astype(float)
    wins = np.bincount(scholar, won, k)
    lo, hi = wilson(wins, n, float(norm.ppf(1 - bonferroni_alpha(alpha, k) / 2)))
    game, games = pd.factorize(df["game"].to_numpy())
    seats = np.bincount(game, minlength=len(games))
    if len(game) == 0 or (np.diff(game) >= 0).all():  # each game's rows together, as the parts hold them
        position = np.arange(len(df)) - np.r_[0, np.cumsum(seats)[:-1]][game]
    else:
        position = pd.Series(game).groupby(game).cumcount().to_numpy()
    winners = np.bincount(game, won, len(games))[game]
    rng = np.random.default_rng(seed)
    fair = np.empty(reps)
    for i in range(reps):  # a random first winner's seat; the game's other winners sit next round the table
        offset = rng.integers(0, seats)[game]
        fair[i] = _balance(np.bincount(scholar, (position - offset) % seats[game] < winners, k), n)
    observed = float(_balance(wins, n))
    return {"balance_low": float(1 - (hi.max() - lo.min())),
            "balance_high": float(1 - max(0.0, lo.max() - hi.min())),
            "balance_if_fair": float(fair.mean()), "balance_fair_p": float((fair <= observed + 1e-12).mean())}


def metrics_of(df: pd.DataFrame) -> dict[str, float | int | str]:
    """The designer metrics of one set of games (rows: one per game and seat)."""
    games = df.drop_duplicates("game")
    rates = df.groupby("scholar", observed=True)["won"].mean()
    first = df[df["turn_position"] == 0]
    fair = float((1.0 / first["players"]).mean()) if len(first) else float("nan")
    scores = df.sort_values(["game", "rank"]).groupby("game")["score"]
    top2 = scores.nth(0).to_numpy() - scores.nth(1).to_numpy() if df["players"].min() > 1 else np.array([])
    thesis = df.groupby("game")["thesis_submitted"].any()
    out: dict[str, float | int | str] = {
        "games": len(games),
        "balance": float(1 - (rates.max() - rates.min())) if len(rates) > 1 else float("nan"),
        **balance_stats(df),
        "best_scholar": str(rates.idxmax()) if len(rates) else "",
        "worst_scholar": str(rates.idxmin()) if len(rates) else "",
        "first_player_advantage": float(first["won"].mean() - fair) if len(first) else float("nan"),
        "rounds_mean": float(games["rounds"].mean()),
        "rounds_sd": float(games["rounds"].std(ddof=1)) if len(games) > 1 else float("nan"),
        "turns_mean": float(games["turns"].mean()),
        "thesis_rate": float(thesis.mean()),
        "no_thesis_rate": float(1 - thesis.mean()),
        "margin": float(top2.mean()) if top2.size else float("nan"),
        "lead_changes": float("nan"), "decisiveness": float("nan"),
        "stronger_wins": _skill(df),
    }
    if "lead_changes" in df.columns:
        out["lead_changes"] = float(games["lead_changes"].mean())
        led = 1 - (games["winner_led_from"] - 1) / games["rounds"].clip(lower=1)
        out["decisiveness"] = float(led.clip(0, 1).mean())
    return out


def designer_metrics(df: pd.DataFrame, by: str | Sequence[str] = "cell") -> pd.DataFrame:
    """One row of :func:`metrics_of` per group of ``by`` (its columns first)."""
    by = [by] if isinstance(by, str) else list(by)
    rows = []
    for key, part in df.groupby(by, observed=True, sort=True):
        key = key if isinstance(key, tuple) else (key,)
        rows.append({**dict(zip(by, key, strict=True)), **metrics_of(part)})
    return pd.DataFrame(rows, columns=[*by, *METRIC_COLUMNS])
