"""What a sweep's worker process runs: the games of one chunk of any game, returned as the columns of
its rows (experiments/runs/schema.py: the game's results module) in numpy arrays, a categorical column
as codes of the run's categories. The parent process (experiments.runs.sweep) makes the part's
DataFrame of them (experiments.runs.rows.part_frame) and writes it.

This module and what it imports (the game's results module too) hold no pandas and no data-file
models: a worker unpickles its :class:`CellTask` (compiled tables, no loaded data) and plays, so it
starts in about a second with a warm numba cache (docs/BENCHMARKS.md).
"""

from __future__ import annotations

import os
import resource
import socket
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from agents.batch import play_batch
from experiments.runs.schema import results_of
from experiments.runs.seating import play_seated, seat_assignment, seatings
from sim.kit.bundle import DEFAULT_GAME


@dataclass(frozen=True)
class Chunk:
    """Games [lo, hi) (global indices) of one cell."""

    cell: int
    lo: int
    hi: int

    @property
    def games(self) -> int:
        return self.hi - self.lo

    @property
    def file(self) -> str:
        return f"part-c{self.cell:04d}-g{self.lo:09d}-{self.hi:09d}.parquet"


@dataclass(frozen=True)
class Column:
    """How one column of the schema is made from the batch player's arrays.

    ``source`` is "seat_row" (a field of the seat's row, ``ROW_FIELDS[index]`` of the game's results
    module), "game_row" (``GAME_FIELDS[index]``, repeated on each seat's row) or a computed source of
    :func:`chunk_columns` or of the game's ``computed`` (named for the column it makes, or "constant"). A categorical
    column maps its code through ``lookup`` (the engine's code -> the run's category code; -1: a value
    outside the run's categories, refused naming ``labels[code]``)."""

    name: str
    source: str
    index: int = 0
    lookup: np.ndarray | None = None
    labels: tuple[str, ...] = ()


@dataclass(frozen=True)
class CellTask:
    """What a worker needs to play chunks of one cell (small and picklable: no data files needed)."""

    run: str
    cell: int
    first_game: int  # global index of the cell's game 0 (rotation counts from it)
    seed_offset: int  # seed of game g of the run is seed_offset + g (experiments.runs.config.game_seed)
    compiled: Any  # lean: tables, no loaded data (names only for Python agents, who observe them)
    slots: tuple  # distinct AgentSpec of the seat list
    slot_of_entry: np.ndarray  # seat list entry -> slot
    rotate: bool
    columns: tuple[Column, ...]  # the schema's columns made in the worker, in order (experiments.runs.sweep.cell_task)
    constants: dict[str, Any]  # the cell's columns (the game's, agents, set:<key> values as texts, variant)
    categories: dict[str, list[str]]
    trace: bool = False  # play with the per-round score trace (agents.trace): two more columns
    set_dtypes: dict[str, str] = field(default_factory=dict)  # set:<key> -> its column's dtype (override_dtypes)
    seating: str = "as_listed"  # how the seats take the cell's fixed choices (experiments.runs.seating)
    game: str = DEFAULT_GAME  # the game played (its results module makes the columns)


@dataclass
class PlayedChunk:
    """A worker's answer: the columns of a chunk's rows, the leaders of a traced run
    (agents.trace) and facts about the worker."""

    columns: dict[str, np.ndarray]
    leaders: np.ndarray | None
    info: dict[str, Any]


def play_chunk(task: CellTask, lo: int, hi: int) -> PlayedChunk:
    """Play games [lo, hi) of a cell; their rows' columns (:func:`chunk_columns`) and worker facts."""
    start = time.perf_counter()
    n = hi - lo
    players = task.compiled.config.players
    ids = np.arange(lo, hi, dtype=np.int64)
    seeds = task.seed_offset + ids
    if task.rotate:
        assign = task.slot_of_entry[seat_assignment(n, players, start=lo - task.first_game)]
    else:
        assign = np.tile(task.slot_of_entry, (n, 1))
    play = play_batch
    if task.trace:  # the traced loop: (rows, games, trace, leaders)
        from agents.trace import play_batch_trace as play
    if task.seating != "as_listed":  # experiments.runs.seating: games grouped by the seats' choices
        order = seatings(task.seating, players, seeds, lo - task.first_game)
        out = play_seated(play, task.compiled, seeds, task.slots, assign, order, results_of(task.game).reseat)
    else:
        out = play(task.compiled, seeds.tolist(), list(task.slots), assign)
    rows, games, leaders = out[0], out[1], out[-1] if task.trace else None
    columns = chunk_columns(task.columns, task.categories, players, rows, games, ids, seeds, assign, task.game)
    info = {"pid": os.getpid(), "host": socket.gethostname(),
            "maxrss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "seconds": time.perf_counter() - start}
    return PlayedChunk(columns, leaders, info)


def chunk_columns(columns: tuple[Column, ...], categories: dict[str, list[str]], players: int, rows: np.ndarray,
                  games: np.ndarray, ids: np.ndarray, seeds: np.ndarray, assign: np.ndarray,
                  game: str = DEFAULT_GAME) -> dict[str, np.ndarray]:
    """The columns of the rows (one per game and seat, game-major) of ``agents.batch.play_batch``'s arrays
    of ``game``; a categorical column as codes of ``categories[name]``."""
    results = results_of(game)
    row_fields, game_fields = results.ROW_FIELDS, results.GAME_FIELDS
    n = rows.shape[0]
    flat = rows[:, :players, :].reshape(n * players, len(row_fields))
    per_game = np.repeat(games, players, axis=0)
    seat = flat[:, row_fields.index("seat")]
    computed = {
        "game": lambda: np.repeat(ids, players),
        "seed": lambda: np.repeat(seeds, players),
        "players": lambda: np.full(n * players, players, np.int64),
        "turn_position": lambda: (seat - per_game[:, game_fields.index("first_player")]) % players,
        "agent": lambda: assign.reshape(-1),
        "constant": lambda: np.zeros(n * players, np.int64),
    }

    def seat_row(name: str) -> np.ndarray:
        return flat[:, row_fields.index(name)]

    def game_row(name: str) -> np.ndarray:
        return per_game[:, game_fields.index(name)]

    out: dict[str, np.ndarray] = {}
    for col in columns:
        if col.source == "seat_row":
            values = flat[:, col.index]
        elif col.source == "game_row":
            values = per_game[:, col.index]
        elif col.source in computed:
            values = computed[col.source]()
        else:
            values = results.computed(col.source, seat_row, game_row)
            if values is None:
                raise ValueError(f"column {col.name}: the game makes no column from {col.source}")
        if col.lookup is not None:
            values = _codes(col, values, categories[col.name])
        out[col.name] = values
    return out


def _codes(col: Column, values: np.ndarray, cats: list[str]) -> np.ndarray:
    """``values`` (the engine's codes) as codes of the run's categories ``cats``; a value outside them
    is refused, by its text."""
    codes = col.lookup[values]
    if (codes < 0).any():
        unknown = sorted({col.labels[v] for v in np.unique(values[codes < 0])})
        raise ValueError(f"column {col.name}: values {unknown} outside the run's categories {cats}")
    return codes


def play_task(task: CellTask, chunk: Chunk) -> tuple[Chunk, PlayedChunk]:
    """The worker's entry: one chunk of ``task``'s cell (in a loky worker through
    :func:`experiments.runs.orphans.watch_workers`: it exits with the sweep's process)."""
    return chunk, play_chunk(task, chunk.lo, chunk.hi)
