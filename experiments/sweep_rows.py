"""The rows of a sweep's played games (one per game and seat, in the schema of experiments/schema.py),
built from the batch player's arrays and the cell's codes, never from repeated strings
(docs/RESULTS.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from experiments.schema import COLUMNS, OVERRIDE_PREFIX, VARIANT

if TYPE_CHECKING:
    from experiments.sweep import CellTask


def chunk_frame(task: CellTask, rows: np.ndarray, games: np.ndarray, ids: np.ndarray, seeds: np.ndarray,
                assign: np.ndarray) -> pd.DataFrame:
    """The schema's rows of played games (``agents.batch.play_batch``'s arrays): the cell's constants
    and the agents are categorical columns built from codes, never from repeated strings."""
    from sim.results import rows_frame

    players = task.compiled.config.players
    df = rows_frame(rows, games, task.compiled.names, players, ids)
    size = len(df)
    df["run"] = task.run
    df["cell"] = task.cell
    df["seed"] = np.repeat(seeds, players)
    df["agent"] = pd.Categorical.from_codes(assign.reshape(-1), categories=[s.text for s in task.slots])
    df["thesis_submitted"] = df["thesis_order"] > 0
    extra = [k for k in task.constants if k.startswith(OVERRIDE_PREFIX) or k == VARIANT]
    for key, value in task.constants.items():
        if key in extra:
            df[key] = value
        else:  # one category, every row code 0
            df[key] = pd.Categorical.from_codes(np.zeros(size, np.int8), categories=[value])
    return conform(df, task.categories, {k: task.set_dtypes.get(k, "string") for k in extra})


def _categorical(name: str, col: pd.Series, cats: list[str]) -> pd.Categorical:
    """``col`` (categorical or not) as a categorical over ``cats``, each value by its text; the codes
    are translated through a lookup table of ``col``'s own categories (a few, whatever the rows)."""
    if isinstance(col.dtype, pd.CategoricalDtype):
        codes = col.cat.codes.to_numpy()
        labels: list[Any] = [str(c) for c in col.cat.categories] + [np.nan]  # missing: in no run's categories
        codes = np.where(codes < 0, len(labels) - 1, codes)
    else:
        codes, uniques = pd.factorize(col.astype(str), sort=False)
        labels = [str(u) for u in uniques]
    position = {c: i for i, c in enumerate(cats)}
    lookup = np.array([position.get(label, -1) for label in labels], dtype=np.int64)
    present = np.flatnonzero(np.bincount(codes, minlength=len(labels)))
    unknown = {labels[i] for i in present if lookup[i] < 0}
    if unknown:
        raise ValueError(f"column {name}: values {sorted(unknown)} outside the run's categories {cats}")
    return pd.Categorical.from_codes(lookup[codes], categories=cats)


def conform(df: pd.DataFrame, categories: dict[str, list[str]],
            set_columns: dict[str, str] | list[str]) -> pd.DataFrame:
    """Exactly the schema's columns (then ``set_columns``: name -> dtype, or names of text columns) in
    order, with the schema's dtypes; a categorical column gets the run's categories (``categories[name]``)
    for its values' texts."""
    out: dict[str, Any] = {}
    for name, (dtype, _) in COLUMNS.items():
        col = df[name]
        if dtype == "category":
            out[name] = _categorical(name, col, categories[name])
        elif dtype == "bool":
            out[name] = col.astype(bool)
        elif dtype == "string":
            out[name] = col.astype("string")
        else:
            out[name] = col.astype(dtype)
    dtypes = set_columns if isinstance(set_columns, dict) else dict.fromkeys(set_columns, "string")
    for name, dtype in dtypes.items():
        out[name] = df[name].astype(dtype)
    return pd.DataFrame(out)
