"""Skill ratings from game rankings (OpenSkill, Plackett-Luce model).

``openskill_ratings`` takes one row per (game, seat) with the agent of the
seat and its final rank (1 = best; tied seats share a rank) and updates the
ratings game by game, in the order of the ``game`` column. It reports per
agent ``mu`` (the estimated skill), ``sigma`` (its uncertainty) and
``rating`` = mu - 3 sigma (the conservative "ordinal" used for leaderboards).
Every agent starts at mu 25, sigma 25/3 (rating 0).

The same agent may hold several seats of one game (``heuristic`` against
three copies of ``random``, say). Every seat then takes part in the update as
its own team, all starting from the agent's current rating, and the agent
receives the evidence of all its seats: the changes of mu add up and the
variance shrink factors multiply (the Plackett-Luce update treats the teams'
evidence as independent, so this is the update of one player seen several
times). Results between copies of one agent roughly cancel out in mu.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from openskill.models import PlackettLuce

RATING_COLUMNS = ("mu", "sigma", "rating")


def openskill_ratings(frame: pd.DataFrame, agent: str = "agent", rank: str = "rank",
                      game: str = "game") -> pd.DataFrame:
    """Per-agent ratings: index the agents (order of first appearance), columns mu, sigma, rating.

    ``frame`` holds one row per (game, seat) with columns ``game``, ``agent``
    and ``rank``. The result depends only on these rows and on the order of
    the game ids (the seats of one game may come in any order). A pure
    function: the frame is not modified.
    """
    missing = [c for c in (game, agent, rank) if c not in frame.columns]
    if missing:
        raise ValueError(f"the frame needs the columns {missing}")
    model = PlackettLuce()
    agents = frame[agent].astype(str).to_numpy()
    names = list(dict.fromkeys(agents))
    mu = dict.fromkeys(names, float(model.mu))
    var = dict.fromkeys(names, float(model.sigma) ** 2)
    order = np.argsort(frame[game].to_numpy(), kind="stable")
    game_ids = frame[game].to_numpy()[order]
    ranks = frame[rank].to_numpy()[order]
    agents = agents[order]
    starts = np.flatnonzero(np.r_[True, game_ids[1:] != game_ids[:-1]])
    ends = np.r_[starts[1:], len(order)]
    for lo, hi in zip(starts, ends, strict=True):
        if hi - lo < 2:
            continue  # a game with one seat says nothing about skill
        seat_agents = agents[lo:hi]
        teams = [[model.rating(mu=mu[a], sigma=math.sqrt(var[a]))] for a in seat_agents]
        new = model.rate(teams, ranks=[float(r) for r in ranks[lo:hi]])
        shift: dict[str, float] = {}
        shrink: dict[str, float] = {}
        for a, team in zip(seat_agents, new, strict=True):
            shift[a] = shift.get(a, 0.0) + (team[0].mu - mu[a])
            shrink[a] = shrink.get(a, 1.0) * (team[0].sigma ** 2 / var[a])
        for a in shift:
            mu[a] += shift[a]
            var[a] *= shrink[a]
    out = pd.DataFrame({"mu": [mu[a] for a in names], "sigma": [math.sqrt(var[a]) for a in names]},
                       index=pd.Index(names, name=agent))
    out["rating"] = out["mu"] - 3 * out["sigma"]
    return out
