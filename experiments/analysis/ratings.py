"""Skill ratings from game rankings that do not depend on the order of the games.

Model: Plackett-Luce strengths fitted as a Bradley-Terry model on every pair of
seats of a game ("full rank breaking", Azari Soufiani, Parkes and Xia 2014):
in a game, every two seats held by *different* agents are one comparison, won
by the better rank; a tie counts half a win to each. Under Plackett-Luce the
chance that i finishes above j is exactly ``e^a_i / (e^a_i + e^a_j)`` whoever
else sits at the table, so this fit is consistent for the Plackett-Luce
strengths; the pairs of one game are not independent, which the bootstrap
below accounts for. Seats of one agent against each other say nothing and are
left out. The fit is choix's ``ilsr_pairwise_dense`` (maximum likelihood by
iterative Luce spectral ranking) with a small prior ``alpha`` (a pseudo-count
per pair of agents), so an agent that always wins still gets a finite rating.

The fit uses the sum of the games' comparison matrices only: it is the same
for any order of the games (and of the seats within a game). Ratings are on
the Elo scale, ``elo = 400 log10(e) a``, centred at 0 over the agents: an
agent ``d`` points above another beats it in a pair of seats with probability
``1 / (1 + 10^(-d / 400))``.

Intervals: percentile bootstrap over games (``boot`` resamples of the games
with replacement, each refitted), with a random generator seeded by ``seed``;
the games are taken in the order of their ids, so the intervals too do not
depend on the order of the rows.

Skill versus luck (:func:`skill_luck`): of the meetings of two different
agents, how often the one with the higher fitted rating finished above the
other (0.5: luck alone; 1: skill alone), and the spread of the fitted ratings.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

ELO = 400 / math.log(10)  # Elo points per unit of log-strength
RATING_COLUMNS = ("elo", "elo_low", "elo_high")
DEFAULT_BOOT = 200
DEFAULT_ALPHA = 0.01


def comparisons(frame: pd.DataFrame, agent: str = "agent", rank: str = "rank",
                game: str = "game") -> tuple[list[str], np.ndarray, np.ndarray]:
    """The pairwise comparisons of every game.

    Returns ``(names, games, triples)``: the agents (sorted, so that nothing
    depends on the order of the rows), the distinct game ids in ascending order, and an array of
    rows ``(game index, winner, loser, weight)`` (weight 1, or 0.5 each way
    for a tie), sorted by game index."""
    missing = [c for c in (game, agent, rank) if c not in frame.columns]
    if missing:
        raise ValueError(f"the frame needs the columns {missing}")
    names = sorted(set(frame[agent].astype(str)))
    codes = pd.Categorical(frame[agent].astype(str), categories=names).codes
    game_ids, gidx = np.unique(frame[game].to_numpy(), return_inverse=True)
    seats = pd.DataFrame({"g": gidx, "a": codes, "r": frame[rank].to_numpy(dtype=float)})
    pairs = seats.merge(seats, on="g", suffixes=("", "_o"))
    pairs = pairs[pairs["a"] != pairs["a_o"]]
    weight = np.where(pairs["r"] < pairs["r_o"], 1.0, np.where(pairs["r"] == pairs["r_o"], 0.5, 0.0))
    keep = weight > 0
    triples = np.column_stack([pairs["g"].to_numpy()[keep], pairs["a"].to_numpy()[keep],
                               pairs["a_o"].to_numpy()[keep], weight[keep]]).astype(float)
    triples = triples[np.argsort(triples[:, 0], kind="stable")]
    return names, game_ids, triples


def win_matrix(triples: np.ndarray, n_agents: int, game_weights: np.ndarray | None = None) -> np.ndarray:
    """``W[i, j]``: wins of agent i over agent j (each game counted ``game_weights[g]`` times)."""
    w = triples[:, 3] if game_weights is None else triples[:, 3] * game_weights[triples[:, 0].astype(np.int64)]
    flat = triples[:, 1].astype(np.int64) * n_agents + triples[:, 2].astype(np.int64)
    return np.bincount(flat, weights=w, minlength=n_agents * n_agents).reshape(n_agents, n_agents)


def fit_strengths(wins: np.ndarray, alpha: float = DEFAULT_ALPHA) -> np.ndarray:
    """Bradley-Terry log-strengths (mean 0) of a win matrix, by choix's ILSR."""
    import choix

    n = wins.shape[0]
    if n < 2:
        return np.zeros(n)
    params = choix.ilsr_pairwise_dense(wins, alpha=alpha, max_iter=1000, tol=1e-10)
    return params - params.mean()


def resamples(n_games: int, boot: int, seed: int):
    """``boot`` bootstrap resamples of ``n_games`` games: each the number of times each game is drawn."""
    rng = np.random.default_rng(seed)
    for _ in range(boot):
        yield np.bincount(rng.integers(0, n_games, n_games), minlength=n_games).astype(float)


def bt_ratings(frame: pd.DataFrame, boot: int = DEFAULT_BOOT, seed: int = 0, level: float = 0.95,
               alpha: float = DEFAULT_ALPHA, agent: str = "agent", rank: str = "rank",
               game: str = "game") -> pd.DataFrame:
    """Per-agent Elo-scale ratings with bootstrap intervals (see the module docstring).

    ``frame``: one row per (game, seat) with the game id, the agent and the
    final rank (1 = best). Returns a frame indexed by agent (sorted) with
    ``elo``, ``elo_low`` and ``elo_high``; ``boot=0`` leaves the interval
    NaN. A pure function of the rows as a set."""
    names, game_ids, triples = comparisons(frame, agent, rank, game)
    k = len(names)
    elo = ELO * fit_strengths(win_matrix(triples, k), alpha)
    lo = hi = np.full(k, np.nan) if k > 1 else elo  # one agent: 0, exactly
    if boot > 0 and k > 1:
        samples = ELO * np.array([fit_strengths(win_matrix(triples, k, counts), alpha)
                                  for counts in resamples(len(game_ids), boot, seed)])
        tail = 100 * (1 - level) / 2
        lo, hi = np.percentile(samples, [tail, 100 - tail], axis=0)
    return pd.DataFrame({"elo": elo, "elo_low": lo, "elo_high": hi}, index=pd.Index(names, name=agent))


def head_to_head(frame: pd.DataFrame, agent: str = "agent", rank: str = "rank",
                 game: str = "game") -> tuple[pd.DataFrame, pd.DataFrame]:
    """Head to head: ``(share, meetings)``, agents x agents. ``share[i, j]``: of the games where i
    and j both sat, the share in which i finished above j (ties half); ``meetings[i, j]``: how
    many such seat pairs there were (NaN / 0 on the diagonal)."""
    names, _, triples = comparisons(frame, agent, rank, game)
    w = win_matrix(triples, len(names))
    met = w + w.T
    with np.errstate(invalid="ignore", divide="ignore"):
        share = np.where(met > 0, w / met, np.nan)
    index = pd.Index(names, name=agent)
    return (pd.DataFrame(share, index=index, columns=names),
            pd.DataFrame(met, index=index, columns=names).round(1))


def _stronger_share(triples: np.ndarray, strengths: np.ndarray, game_weights: np.ndarray | None = None) -> float:
    """Weighted share of comparisons between agents of different strength won by the stronger."""
    s_win, s_lose = strengths[triples[:, 1].astype(np.int64)], strengths[triples[:, 2].astype(np.int64)]
    w = triples[:, 3] if game_weights is None else triples[:, 3] * game_weights[triples[:, 0].astype(np.int64)]
    differ = s_win != s_lose
    total = w[differ].sum()
    return float(w[differ & (s_win > s_lose)].sum() / total) if total > 0 else math.nan


def skill_luck(frame: pd.DataFrame, boot: int = DEFAULT_BOOT, seed: int = 0, level: float = 0.95,
               alpha: float = DEFAULT_ALPHA, agent: str = "agent", rank: str = "rank",
               game: str = "game") -> dict[str, float]:
    """The skill-versus-luck figure of a set of games between different agents.

    ``stronger_wins``: of the meetings (pairs of seats) of two agents with
    different fitted ratings, the share the higher-rated one finished above
    the other (ties half): 0.5 when results are luck, 1 when the better agent
    always wins. ``elo_spread``: the standard deviation of the fitted Elo
    ratings over the agents. Both with a percentile bootstrap interval over
    games (``*_low``, ``*_high``; each resample refits the ratings), and
    ``meetings``, the number of such pairs. NaN when fewer than two agents."""
    names, game_ids, triples = comparisons(frame, agent, rank, game)
    k = len(names)
    out = dict.fromkeys(("stronger_wins", "stronger_wins_low", "stronger_wins_high", "elo_spread",
                         "elo_spread_low", "elo_spread_high"), math.nan)
    out["meetings"] = float(triples[:, 3].sum())
    if k < 2:
        return out
    strengths = fit_strengths(win_matrix(triples, k), alpha)
    out["stronger_wins"] = _stronger_share(triples, strengths)
    out["elo_spread"] = float(np.std(ELO * strengths))
    if boot > 0:
        share, spread = np.empty(boot), np.empty(boot)
        for b, counts in enumerate(resamples(len(game_ids), boot, seed)):
            s = fit_strengths(win_matrix(triples, k, counts), alpha)
            share[b] = _stronger_share(triples, s, counts)
            spread[b] = np.std(ELO * s)
        tail = 100 * (1 - level) / 2
        out["stronger_wins_low"], out["stronger_wins_high"] = np.nanpercentile(share, [tail, 100 - tail])
        out["elo_spread_low"], out["elo_spread_high"] = np.percentile(spread, [tail, 100 - tail])
    return {key: float(v) for key, v in out.items()}
