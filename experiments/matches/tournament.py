"""Seat-rotated tournaments between agents of any game, with win rates and ratings.

The game is the configuration's (its class's ``GAME``: a Dungeonology ``GameConfig``, a Leduc
``LeducConfig``...); its results module makes the rows (its ``rows_frame``) and names a seat's
outcome (``OUTCOME``: Dungeonology's score, Leduc's return in chips).

The agents given (spec strings or :class:`agents.spec.AgentSpec`) make the
*seat list*: one agent per seat, in order. With fewer agents than players the
list is filled cyclically (``heuristic,random`` at 4 players is
``heuristic,random,heuristic,random``); more agents than players is an error.
The same spec may appear several times (``heuristic:greedy`` against three
``heuristic``): the summary has one row per distinct spec, over all its seats.

Seat rotation: game ``g`` gives seat ``p`` the agent ``(p + g) mod players``
of the seat list (:func:`seat_assignment`), so in every block of ``players``
consecutive games every entry of the list plays every seat once. The number
of games is rounded up to a multiple of the player count.

Seeds: game ``i`` uses the seed ``seed * 1_000_003 + i // players``
(:func:`game_seed`), so the games of one block share the deal (Dungeonology's Scholars,
Clan Card, first player, decks; Leduc's cards) and only the seats of the agents rotate; this
removes much of the luck of the deal from the comparison. A game's result
depends on its index, the seed, the configuration and the agents alone, so
the results are the same for any number of jobs.

Statistics per distinct agent (:func:`summarize`): seat-games, wins (rank 1;
seats tied for first all win), win rate with a Wilson 95% interval, the mean
outcome (``mean_<OUTCOME>``: Dungeonology's ``mean_score``), mean rank, and an Elo-scale
Plackett-Luce rating fitted to the final ranks of all games at once, with a bootstrap 95% interval over games
(:func:`experiments.analysis.ratings.bt_ratings`: the same for any order of the
games). The fair share of wins is 1 / players.

Usage from Python (a notebook)::

    from experiments.matches.tournament import run_tournament
    from sim.dungeonology.config import GameConfig
    table = run_tournament(GameConfig(players=4), ["heuristic", "random", "random", "random"], games=400, jobs=2)

Parallel runs (``jobs > 1``) play chunks of games in joblib (loky) worker
processes; the agents must then be registered on import (the built-ins, or
an entry point of the ``dungeonology.agents`` group), not only in the caller.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from agents.batch import MAX_BATCH_KINDS, play_batch
from agents.spec import AgentSpec, as_specs, distinct, seat_list
from experiments.analysis.ratings import DEFAULT_BOOT, bt_ratings
from experiments.analysis.stats import wilson
from experiments.runs.jobs import check_jobs, processes
from experiments.runs.orphans import watch_workers
from experiments.runs.schema import game_name, results_of
from experiments.runs.seating import seat_assignment
from sim.kit.bundle import game_of
from sim.kit.errors import ConfigError

SEED_STRIDE = 1_000_003
MAX_CHUNK = 2000  # games per play_batch call at most
MAX_GAMES = 1_000_000  # every game's rows are held in memory (~1 KiB a game); i // players stays below SEED_STRIDE
MAX_SEED = (2**63 - 1) // SEED_STRIDE - 1  # game seeds seed * SEED_STRIDE + i // players are int64


def summary_columns(outcome: str = "score") -> tuple[str, ...]:
    """The columns of :func:`summarize` for a game whose seats' outcome is the column ``outcome``."""
    return ("agent", "seats", "games", "wins", "win_rate", "ci_low", "ci_high", f"mean_{outcome}", "mean_rank",
            "elo", "elo_low", "elo_high")


SUMMARY_COLUMNS = summary_columns()
"""The summary's columns of a game whose outcome is its score (Dungeonology's)."""


# ------------------------------------------------------------ schedule
def round_games(games: int, players: int) -> int:
    """``games`` rounded up to a multiple of ``players`` (whole rotation blocks)."""
    return -(-games // players) * players


def game_seed(seed: int, i: int, players: int) -> int:
    """Seed of game ``i``: the games of one rotation block share it (and so the deal)."""
    return seed * SEED_STRIDE + i // players


def check_kinds(specs: Sequence[AgentSpec]) -> None:
    """ConfigError when ``specs`` need more agent kinds than one batch loop plays (``MAX_BATCH_KINDS``)."""
    kind_names = list(dict.fromkeys(s.kind for s in specs))
    if len(kind_names) > MAX_BATCH_KINDS:
        raise ConfigError(f"{len(kind_names)} agent kinds ({', '.join(kind_names)}); a tournament plays at most "
                          f"{MAX_BATCH_KINDS} kinds (any number of parameter sets of each)", key="agents")


# ------------------------------------------------------------------ play
def check_size(games: Any, jobs: Any, seed: Any) -> None:
    """ConfigError (naming the option) unless games, jobs and seed are whole numbers in range."""
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise ConfigError(f"play at least 1 and at most {MAX_GAMES:_} games (all rows are held in memory)",
                          key="--games", value=games)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ConfigError(f"expected a base seed from 0 to {MAX_SEED:_} (game seeds are 64-bit)", key="--seed",
                          value=seed)
    check_jobs(jobs)


def _play_chunk(config: Any, slots: list[AgentSpec], seeds: list[int],
                assign: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """One worker's share: play_batch on a chunk of games (in a joblib worker through
    :func:`experiments.runs.orphans.watch_workers`, which exits when the parent process is killed)."""
    return play_batch(game_of(config).compile_config(config), seeds, slots, assign)


def _chunk_size(games: int, jobs: int, players: int) -> int:
    return int(min(MAX_CHUNK, max(players, math.ceil(games / (jobs * 8)))))


def play_tournament(config: Any, specs: Sequence[AgentSpec | str], games: int, seed: int = 0,
                    jobs: int = 1, progress: bool = False) -> pd.DataFrame:
    """Play the seat-rotated games; one row per (game, seat).

    Columns: those of the game's ``rows_frame`` (its results module; ``game`` is the game
    index 0..N-1) plus ``seed`` (the game's seed) and ``agent`` (the spec
    text). ``games`` is rounded up to a multiple of the player count.
    """
    check_size(games, jobs, seed)
    players = config.players
    seats = seat_list(as_specs(specs, game_of(config).name), players)
    slots = distinct(seats)
    check_kinds(slots)
    slot_of_entry = np.array([[s.text for s in slots].index(e.text) for e in seats], dtype=np.int64)
    n = round_games(games, players)
    assign = slot_of_entry[seat_assignment(n, players)]
    return play_assigned(config, slots, assign, seed, jobs, progress, f"{players} players, {len(slots)} agents")


def play_assigned(config: Any, slots: Sequence[AgentSpec], assign: np.ndarray, seed: int, jobs: int = 1,
                  progress: bool = False, label: str = "games") -> pd.DataFrame:
    """Play game ``i`` with seat ``p`` held by ``slots[assign[i, p]]`` and the seed
    :func:`game_seed` ``(seed, i, players)``, in chunks over ``jobs`` worker processes (the rows do
    not depend on ``jobs``); one row per (game, seat), as :func:`play_tournament` describes; its
    ``attrs["manifest"]`` names the game (what :mod:`experiments.analysis` reads)."""
    game = game_of(config)
    compiled = game.compile_config(config)
    players = config.players
    n = len(assign)
    seeds = [game_seed(seed, i, players) for i in range(n)]
    size = _chunk_size(n, jobs, players)
    bounds = [(lo, min(n, lo + size)) for lo in range(0, n, size)]

    from joblib import Parallel, delayed

    slots = list(slots)
    tasks = (delayed(_play_chunk)(config, slots, seeds[lo:hi], assign[lo:hi]) for lo, hi in bounds)
    parallel = Parallel(n_jobs=processes(jobs, len(bounds)), backend="loky", return_as="generator",
                        **watch_workers())
    bar = _progress_bar() if progress else None
    parts: list[tuple[np.ndarray, np.ndarray]] = []
    try:
        if bar is not None:
            bar.start()
            task = bar.add_task(label, total=n)
        for (lo, hi), part in zip(bounds, parallel(tasks), strict=True):
            parts.append(part)
            if bar is not None:
                bar.advance(task, hi - lo)
    finally:
        if bar is not None:
            bar.stop()
    rows = np.concatenate([p[0] for p in parts])
    game_rows = np.concatenate([p[1] for p in parts])
    df = results_of(game.name).rows_frame(rows, game_rows, compiled, players, range(n))
    df.insert(1, "seed", np.repeat(np.asarray(seeds, dtype=np.int64), players))
    texts = np.array([s.text for s in slots], dtype=object)
    df.insert(2, "agent", texts[assign.reshape(-1)])
    df.attrs["manifest"] = {"game": game.name}
    return df


def _progress_bar():
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    console=Console(stderr=True), transient=False)


# ----------------------------------------------------------- statistics
def summarize(rows: pd.DataFrame, boot: int = DEFAULT_BOOT, seed: int = 0) -> pd.DataFrame:
    """One row per distinct agent (columns :func:`summary_columns` of the game's outcome), best rating first.

    ``rows``: one row per (game, seat) with ``game``, ``agent``, ``rank``,
    ``won`` and the game's outcome (as from :func:`play_tournament`); ``boot`` bootstrap
    resamples (seeded by ``seed``) give the rating's interval."""
    outcome = results_of(game_name(rows.attrs.get("manifest"))).OUTCOME
    agents = list(dict.fromkeys(rows["agent"]))
    g = rows.groupby("agent", sort=False).agg(games=("won", "size"), wins=("won", "sum"),
                                              **{f"mean_{outcome}": (outcome, "mean")}, mean_rank=("rank", "mean"))
    g = g.reindex(agents)
    g["wins"] = g["wins"].astype(int)
    g["games"] = g["games"].astype(int)
    g["win_rate"] = g["wins"] / g["games"]
    lo, hi = wilson(g["wins"].to_numpy(), g["games"].to_numpy())
    g["ci_low"], g["ci_high"] = np.clip(lo, 0.0, 1.0), np.clip(hi, 0.0, 1.0)  # no -0.000 from rounding
    n_games = rows["game"].nunique()
    seats = g["games"] / max(n_games, 1)  # seats per game (whole numbers after full rotations)
    g["seats"] = seats.astype(int) if (seats == seats.round()).all() else seats.round(3)
    g = g.join(bt_ratings(rows[["game", "agent", "rank"]], boot=boot, seed=seed))
    g.index.name = "agent"
    g = g.reset_index()
    g["order"] = np.arange(len(g))
    g = g.sort_values(["elo", "order"], ascending=[False, True], kind="stable")
    return g[list(summary_columns(outcome))].reset_index(drop=True)


def run_tournament(config: Any, specs: Sequence[AgentSpec | str], games: int, seed: int = 0,
                   jobs: int = 1, progress: bool = False) -> pd.DataFrame:
    """Play a seat-rotated tournament and summarize it (see the module docstring).

    Returns one row per distinct agent (``SUMMARY_COLUMNS``), best rating
    first; ``attrs`` hold players, games (after rounding), seed, fair_share,
    errors (games stopped by an illegal action or the decision limit) and
    seconds."""
    start = time.perf_counter()
    rows = play_tournament(config, specs, games, seed=seed, jobs=jobs, progress=progress)
    table = summarize(rows)
    table.attrs.update(tournament_attrs(rows, config.players, seed, time.perf_counter() - start))
    return table


def tournament_attrs(rows: pd.DataFrame, players: int, seed: int, seconds: float) -> dict[str, object]:
    games = rows.drop_duplicates("game")
    return {"players": players, "games": len(games), "seed": seed, "fair_share": 1 / players,
            "errors": int((games["error"] != 0).sum()), "seconds": seconds}


# --------------------------------------------------------------- output
def write_outputs(table: pd.DataFrame, out: Path, players: int, title: str | None = None) -> list[Path]:
    """Write ``tournament.csv`` and ``tournament.png`` (win rates with intervals, ratings) into ``out``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from experiments.matches.plots import ladder

    out.mkdir(parents=True, exist_ok=True)
    csv = out / "tournament.csv"
    table.to_csv(csv, index=False)
    fair = 1 / players
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(max(7.0, 1.6 * len(table) + 3), 3.8))
    x = np.arange(len(table))
    labels = [str(a) for a in table["agent"]]
    below = np.clip(table["win_rate"] - table["ci_low"], 0, None)
    above = np.clip(table["ci_high"] - table["win_rate"], 0, None)
    ax.bar(x, table["win_rate"], yerr=[below, above], capsize=4, color="tab:blue")
    ax.axhline(fair, color="k", ls="--", lw=1, label=f"fair share 1/{players}")
    ax.set_xticks(x, labels, rotation=20, ha="right")
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_ylim(0, min(1.0, max(float(table["ci_high"].max()), fair) * 1.2 + 0.02))
    ax.legend()
    ax.set_title("Win rate")
    ladder(ax2, table)
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    png = out / "tournament.png"
    fig.savefig(png, dpi=120)
    plt.close(fig)
    return [csv, png]
