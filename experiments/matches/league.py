"""Round-robin leagues: more agents than seats, every pair meeting equally often.

Any game's agents (the configuration's game, as :mod:`experiments.matches.tournament`).

Design (a balanced incomplete block design): a *round* plays every table of
``players`` agents that can be drawn from the pool of ``k`` distinct agents,
all ``C(k, players)`` of them, in lexicographic order (:func:`league_tables`).
Every pair of agents therefore sits together at ``C(k - 2, players - 2)``
tables of a round, every agent at ``C(k - 1, players - 1)``. Each table is
played ``players`` times with the seats rotated (game ``q`` of the table gives
seat ``p`` its member ``(p + q) mod players``), so within a table every member
plays every seat once; over a round every agent plays every seat equally
often, and every pair meets in the same number of games. ``--games`` is
rounded up to whole rounds (``C(k, players) * players`` games each).

Seeds: game ``i`` uses :func:`experiments.matches.tournament.game_seed` ``(seed, i,
players)``, so the ``players`` rotated games of one table share the deal. A
game's result depends on its index, the seed, the configuration and the agents
alone: the rows are the same for any number of jobs.

Statistics (:func:`league_results`): per agent the tournament summary (win
rate with a Wilson interval, mean outcome and rank, an Elo-scale Plackett-Luce
rating with a bootstrap interval over games, :mod:`experiments.analysis.ratings`), the
head-to-head matrix and the skill-versus-luck figure.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from agents.spec import AgentSpec, as_specs
from experiments.analysis.ratings import DEFAULT_BOOT, head_to_head, skill_luck
from experiments.matches.tournament import MAX_GAMES, check_kinds, check_size, play_assigned, summarize
from sim.kit.bundle import game_of
from sim.kit.errors import ConfigError

MIN_BOOT, MAX_BOOT = 50, 10_000  # --boot: bootstrap resamples of the league's intervals

def league_tables(k: int, players: int) -> np.ndarray:
    """Every table of ``players`` agents out of ``k`` (agent indices), in lexicographic order."""
    return np.array(list(itertools.combinations(range(k), players)), dtype=np.int64).reshape(-1, players)


def round_size(k: int, players: int) -> int:
    """Games in one round: every table, each played ``players`` times (seats rotated)."""
    return math.comb(k, players) * players


def league_games(games: int, k: int, players: int) -> int:
    """``games`` rounded up to whole rounds."""
    size = round_size(k, players)
    return -(-games // size) * size


def league_assignment(k: int, players: int, rounds: int) -> np.ndarray:
    """Agent index at each seat of each game: ``[i, p]``; game ``i`` is rotation ``i mod players`` of
    table ``(i // players) mod C(k, players)`` of round ``i // round_size``."""
    tables = league_tables(k, players)
    q = np.arange(players)
    rotations = (q[:, None] + q[None, :]) % players  # [rotation, seat] -> member
    one_round = tables[:, rotations].reshape(-1, players)  # table-major, then rotation
    return np.tile(one_round, (rounds, 1))


def check_league(specs: Sequence[AgentSpec], players: int) -> None:
    """ConfigError unless the agents are distinct, at least ``players`` and one round fits in memory."""
    texts = [s.text for s in specs]
    dup = sorted({t for t in texts if texts.count(t) > 1})
    if dup:
        raise ConfigError(f"an agent is given more than once ({', '.join(dup)}); a league's agents are distinct "
                          "(use `tournament` for copies of one agent)", key="--agents", value=texts)
    if len(specs) < players:
        raise ConfigError(f"{len(specs)} agents for {players} seats: a league needs at least as many agents as "
                          "seats (use `tournament` to fill seats cyclically)", key="--agents", value=texts)
    if round_size(len(specs), players) > MAX_GAMES:
        raise ConfigError(f"one round of {len(specs)} agents at {players} seats is "
                          f"{round_size(len(specs), players):_} games, more than {MAX_GAMES:_}", key="--agents",
                          value=texts)
    check_kinds(specs)


def play_league(config: Any, specs: Sequence[AgentSpec | str], games: int, seed: int = 0, jobs: int = 1,
                progress: bool = False) -> pd.DataFrame:
    """Play the league's games (``games`` rounded up to whole rounds); one row per (game, seat), the
    columns of :func:`experiments.matches.tournament.play_tournament` plus ``table`` (the table's index in
    the round) and ``round``."""
    parsed = as_specs(specs, game_of(config).name)
    players = config.players
    check_league(parsed, players)
    n = league_games(games, len(parsed), players)
    check_size(n, jobs, seed)
    assign = league_assignment(len(parsed), players, n // round_size(len(parsed), players))
    rows = play_assigned(config, parsed, assign, seed, jobs, progress,
                         f"league of {len(parsed)} agents, {players} players")
    per_round = round_size(len(parsed), players)
    rows.insert(3, "round", (rows["game"] // per_round).astype(np.int64))
    rows.insert(4, "table", ((rows["game"] % per_round) // players).astype(np.int64))
    return rows


@dataclass
class LeagueResult:
    """A league's rows and statistics (see :func:`league_results`)."""

    rows: pd.DataFrame
    table: pd.DataFrame  # one row per agent, best rating first (tournament.summary_columns less seats)
    share: pd.DataFrame  # head to head: row agent above column agent, share of meetings
    meetings: pd.DataFrame
    skill: dict[str, float]
    attrs: dict[str, object] = field(default_factory=dict)


def league_results(rows: pd.DataFrame, boot: int = DEFAULT_BOOT, seed: int = 0) -> LeagueResult:
    """Summary, head-to-head matrix (agents best first) and skill-versus-luck figure of league rows."""
    table = summarize(rows, boot=boot, seed=seed).drop(columns="seats")
    share, meetings = head_to_head(rows)
    order = list(table["agent"])
    return LeagueResult(rows, table, share.loc[order, order], meetings.loc[order, order],
                        skill_luck(rows, boot=boot, seed=seed))


def check_boot(boot: Any) -> None:
    """ConfigError naming --boot unless it is a whole number of resamples from MIN_BOOT to MAX_BOOT (the
    ``league`` command's bound: 0 prints no interval, and a billion never ends)."""
    if isinstance(boot, bool) or not isinstance(boot, int) or not MIN_BOOT <= boot <= MAX_BOOT:
        raise ConfigError(f"use from {MIN_BOOT} to {MAX_BOOT:_} bootstrap resamples (fewer give no 95% interval; "
                          "each is a refit of every game)", key="--boot", value=boot)


def run_league(config: Any, specs: Sequence[AgentSpec | str], games: int, seed: int = 0, jobs: int = 1,
               boot: int = DEFAULT_BOOT, progress: bool = False) -> LeagueResult:
    """Play a league and compute its statistics (``boot=0``: no intervals; the command's --boot is bounded
    by :func:`check_boot`); ``attrs``: players, agents, games, rounds, seed, fair_share, errors, seconds."""
    start = time.perf_counter()
    rows = play_league(config, specs, games, seed=seed, jobs=jobs, progress=progress)
    result = league_results(rows, boot=boot, seed=seed)
    k = len(result.table)
    games_played = int(rows["game"].nunique())
    result.attrs = {"players": config.players, "agents": k, "games": games_played,
                    "rounds": games_played // round_size(k, config.players), "seed": seed,
                    "fair_share": 1 / config.players,
                    "errors": int((rows.drop_duplicates("game")["error"] != 0).sum()),
                    "seconds": time.perf_counter() - start}
    return result


def write_league(result: LeagueResult, out: Path, title: str | None = None) -> list[Path]:
    """Write league.csv (per agent), league_head_to_head.csv (shares), league_meetings.csv,
    league_skill.csv, league_rows.parquet (one row per game and seat) and the two plots."""
    from experiments.matches.plots import save_league_figures

    out.mkdir(parents=True, exist_ok=True)
    paths = [out / "league.csv", out / "league_head_to_head.csv", out / "league_meetings.csv",
             out / "league_skill.csv", out / "league_rows.parquet"]
    result.table.to_csv(paths[0], index=False)
    result.share.to_csv(paths[1])
    result.meetings.to_csv(paths[2])
    pd.DataFrame([result.skill]).to_csv(paths[3], index=False)
    result.rows.to_parquet(paths[4], index=False)
    return paths + save_league_figures(out, result.table, result.share, result.meetings, title=title)
