"""The rows of a sweep's played games (one per game and seat, in the schema of the game's results module,
experiments/runs/schema.py), built from the batch player's arrays and the cell's codes, never from
repeated strings (docs/RESULTS.md): the worker makes each column as a numpy array
(experiments.runs.worker, by the recipes of :func:`worker_columns`), the parent wraps them in the part's
DataFrame (:func:`part_frame`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from experiments.runs.schema import OVERRIDE_PREFIX, TRACE_COLUMNS, VARIANT, results_of
from experiments.runs.worker import Column
from sim.kit.bundle import DEFAULT_GAME

if TYPE_CHECKING:
    from types import ModuleType

    from experiments.runs.worker import CellTask, PlayedChunk

PARENT_COLUMNS = ("run", "cell")  # the cell's identifiers: added by the parent


def worker_columns(names: Any, agents: Sequence[str], constants: dict[str, Any],
                   categories: dict[str, list[str]], game: str = DEFAULT_GAME) -> tuple[Column, ...]:
    """How the worker makes each column of the game's schema but :data:`PARENT_COLUMNS`, in order, for a cell
    whose data has ``names`` (its compiled names), whose slots are ``agents`` (spec texts) and whose
    constant columns hold ``constants``; a categorical column's codes are those of the run's ``categories``."""
    results = results_of(game)
    coded = {**results.coded(names), "agent": (agents, "agent")}
    renamed = results.fields(names)
    out = []
    for name, (dtype, _) in results.COLUMNS.items():
        if name in PARENT_COLUMNS:
            continue
        source, index = renamed[name] if name in renamed else _source(name, results)
        if dtype != "category":
            out.append(Column(name, source, index))
            continue
        labels, source = ((str(constants[name]),), "constant") if name in constants else coded[name]
        position = {c: i for i, c in enumerate(categories[name])}
        lookup = np.array([position.get(str(label), -1) for label in labels], dtype=np.int64)
        out.append(Column(name, source, index, lookup, tuple(str(label) for label in labels)))
    return tuple(out)


def _source(name: str, results: ModuleType) -> tuple[str, int]:
    """Where a column's values come from: a field of the seat's row or of the game, else computed."""
    if name in results.ROW_FIELDS:
        return "seat_row", results.ROW_FIELDS.index(name)
    if name in results.GAME_FIELDS:
        return "game_row", results.GAME_FIELDS.index(name)
    return name, 0


def part_frame(task: CellTask, played: PlayedChunk) -> pd.DataFrame:
    """The schema's rows of a played chunk (a worker's columns): exactly the game's columns in order
    with their dtypes (a categorical column over the run's categories), then the cell's ``set:<key>``
    and variant columns, then the trace's columns of a traced run."""
    columns = played.columns
    size = len(columns["game"])
    out: dict[str, Any] = {}
    for name, (dtype, _) in results_of(task.game).COLUMNS.items():
        if name == "run":
            out[name] = pd.array(np.full(size, task.run, dtype=object), dtype="string")
        elif name == "cell":
            out[name] = np.full(size, task.cell, dtype=np.int64)
        elif dtype == "category":
            out[name] = pd.Categorical.from_codes(columns[name], categories=task.categories[name], validate=False)
        else:
            out[name] = columns[name].astype(dtype)
    for key, value in task.constants.items():
        if key.startswith(OVERRIDE_PREFIX) or key == VARIANT:
            out[key] = pd.Series(np.full(size, value, dtype=object)).astype(task.set_dtypes.get(key, "string"))
    df = pd.DataFrame(out)
    if played.leaders is not None:
        add_lead_columns(df, played.leaders)
    return df


def add_lead_columns(df: pd.DataFrame, leaders: np.ndarray) -> None:
    """Add the trace's game-level columns (experiments.runs.schema.TRACE_COLUMNS, repeated on each seat's row)
    to the rows of a chunk (sorted by game and seat) from the leaders at each round start
    (agents.trace.play_batch_trace)."""
    from agents.trace import lead_summary

    games = df.drop_duplicates("game")
    winners = df.loc[df["won"], ["game", "seat"]].drop_duplicates("game").set_index("game")["seat"]
    summary = lead_summary(leaders, winners.reindex(games["game"]).fillna(-1).to_numpy(np.int64),
                           games["rounds"].to_numpy())
    players = len(df) // max(len(games), 1)
    for name, values in zip(TRACE_COLUMNS, summary, strict=True):
        df[name] = np.repeat(values, players)
