"""The rows of a sweep's played games (one per game and seat, in the schema of experiments/runs/schema.py),
built from the batch player's arrays and the cell's codes, never from repeated strings
(docs/RESULTS.md): the worker makes each column as a numpy array (experiments.runs.worker, by the
recipes of :func:`worker_columns`), the parent wraps them in the part's DataFrame (:func:`part_frame`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from experiments.runs.schema import COLUMNS, OVERRIDE_PREFIX, VARIANT
from experiments.runs.worker import Column
from sim.dungeonology import layout as L
from sim.dungeonology.core.engine.batch import GAME_FIELDS, ROW_FIELDS
from sim.dungeonology.results import boss_labels

if TYPE_CHECKING:
    from experiments.runs.worker import CellTask, PlayedChunk
    from sim.dungeonology.tables import Names

PARENT_COLUMNS = ("run", "cell")  # the cell's identifiers: added by the parent


def worker_columns(names: Names, agents: Sequence[str], constants: dict[str, Any],
                   categories: dict[str, list[str]]) -> tuple[Column, ...]:
    """How the worker makes each column of the schema but :data:`PARENT_COLUMNS`, in order, for a cell
    whose data has ``names``, whose slots are ``agents`` (spec texts) and whose constant columns hold
    ``constants``; a categorical column's codes are those of the run's ``categories``."""
    coded = {"scholar": (names.scholars, "seat_row"), "clan": (names.clans, "game_row"),
             "end_reason": (L.END_REASONS, "game_row"),
             "boss": (boss_labels(names), "boss"), "panic": (("", *names.panic), "panic"), "agent": (agents, "agent")}
    cubes = {f"cubes_{color}": ROW_FIELDS.index(f"cubes_{c}") for c, color in enumerate(names.colors)}
    out = []
    for name, (dtype, _) in COLUMNS.items():
        if name in PARENT_COLUMNS:
            continue
        source, index = _source(name, cubes)
        if dtype != "category":
            out.append(Column(name, source, index))
            continue
        labels, source = ((str(constants[name]),), "constant") if name in constants else coded[name]
        position = {c: i for i, c in enumerate(categories[name])}
        lookup = np.array([position.get(str(label), -1) for label in labels], dtype=np.int64)
        out.append(Column(name, source, index, lookup, tuple(str(label) for label in labels)))
    return tuple(out)


def _source(name: str, cubes: dict[str, int]) -> tuple[str, int]:
    """Where a column's values come from: a field of the seat's row or of the game, else computed."""
    if name in cubes:
        return "seat_row", cubes[name]
    if name in ROW_FIELDS:
        return "seat_row", ROW_FIELDS.index(name)
    if name in GAME_FIELDS:
        return "game_row", GAME_FIELDS.index(name)
    return name, 0


def part_frame(task: CellTask, played: PlayedChunk) -> pd.DataFrame:
    """The schema's rows of a played chunk (a worker's columns): exactly the schema's columns in order
    with the schema's dtypes (a categorical column over the run's categories), then the cell's
    ``set:<key>`` and variant columns, then the trace's columns of a traced run."""
    columns = played.columns
    size = len(columns["game"])
    out: dict[str, Any] = {}
    for name, (dtype, _) in COLUMNS.items():
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
        from experiments.analysis.metrics import add_lead_columns

        add_lead_columns(df, played.leaders)
    return df
