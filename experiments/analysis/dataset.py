"""Reading a run folder's rows of any game for analysis: :func:`load` (every column, the schema's dtypes) and
:func:`load_compact` (the columns the report reads, in the smallest dtypes that hold them). The game is
the one the run's manifest names; its results module gives the columns, their dtypes and the order of
their categories (experiments/runs/schema.py).

Both read the Parquet parts one at a time with pyarrow, convert each part (categoricals in
rulebook order, the games stopped by an error left out and counted) and only then put the parts
together, so the peak is the result plus one part, never every part as read plus the result. The
report of 10 million rows is measured by ``dungeonology report-memory`` (:func:`load_compact`,
experiments/dungeonology/report/memory.py). :mod:`experiments.analysis` re-exports these.

A run folder is also a plain Parquet dataset: the manifest and the report folder start with "_",
which pyarrow, pandas and duckdb skip, so ``pd.read_parquet(run_dir)`` or duckdb's
``read_parquet('run_dir/*.parquet')`` read its parts directly (``set:`` columns of swept numbers
as numbers).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from experiments.runs.folder import PART_GLOB, manifest_path
from experiments.runs.schema import OVERRIDE_PREFIX, TRACE_COLUMNS, VARIANT, game_name, results_of
from sim.kit.documents import read_json
from sim.kit.errors import ConfigError, DungeonologyError

Orders = dict[str, tuple[str, ...]]  # a game's order of its categorical columns' values (its results module)
DEFAULT_VALUE = "(default)"  # an override column's value in cells that do not set it
OPTIONAL_COLUMNS = (VARIANT, *TRACE_COLUMNS)  # read with any column choice when a run has them (variants, trace)


class Manifest(dict):
    """A run's manifest as kept in ``frame.attrs["manifest"]``: pandas deep-copies a frame's attrs on every
    operation, and a manifest lists every part and marked value, so this one is shared, never copied."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Manifest:
        return self


class RunDirError(DungeonologyError, ValueError):
    """A run folder cannot be read: missing, without parts, a bad manifest or bad columns."""


def read_manifest(run_dir: str | Path) -> dict[str, Any]:
    """The run's ``_manifest.json`` (or the ``manifest.json`` of an older folder) as a dict (RunDirError when
    missing or not a JSON object)."""
    path = manifest_path(run_dir)
    if not path.is_file():
        raise RunDirError(f"{path}: no manifest (is this a finished run folder?)")
    try:
        manifest = read_json(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise RunDirError(f"{path}: cannot read the manifest: {getattr(exc, 'strerror', None) or exc}") from None
    except json.JSONDecodeError as exc:
        raise RunDirError(f"{path}: corrupt manifest, not JSON (line {exc.lineno}, column {exc.colno}: "
                          f"{exc.msg})") from None
    except ConfigError as exc:
        raise RunDirError(f"{path}: corrupt manifest: {exc}") from None
    if not isinstance(manifest, dict):
        raise RunDirError(f"{path}: corrupt manifest (a JSON object is expected)")
    return manifest


def part_files(run_dir: str | Path) -> list[Path]:
    """The Parquet parts of a run, sorted (RunDirError when the folder is missing or has none)."""
    run_dir = Path(run_dir)
    if not run_dir.exists():
        raise RunDirError(f"{run_dir}: no such run folder")
    if not run_dir.is_dir():
        raise RunDirError(f"{run_dir}: not a folder (give the run folder, e.g. results/quick)")
    parts = sorted(run_dir.glob(PART_GLOB))
    if not parts:
        raise RunDirError(f"{run_dir}: no result parts ({PART_GLOB}); is the run finished?")
    return parts


def _ordered(values: pd.Series, column: str, orders: Orders) -> pd.Series:
    """A categorical in the game's order (``orders``: known values first; "(default)" first for overrides),
    then numbers in numeric order, then text."""
    cat = values.astype("category")
    present = [c for c in cat.cat.categories]
    known = orders.get(column, (DEFAULT_VALUE,) if column.startswith(OVERRIDE_PREFIX) else ())
    order = [v for v in known if v in present] + sorted((v for v in present if v not in known), key=value_sort_key)
    return cat.cat.reorder_categories(order) if order != present else cat


def value_sort_key(v: Any) -> tuple[int, float, str]:
    """The order of a column's values where no rulebook order is known: numbers in numeric order before
    text in text order (``sorted(values, key=value_sort_key)``)."""
    try:
        return (0, float(v), "")
    except (TypeError, ValueError):
        return (1, 0.0, str(v))


def apply_schema(frame: pd.DataFrame, source: str = "frame", required: Sequence[str] | None = None,
                 game: str | None = None) -> pd.DataFrame:
    """The frame with the dtypes of ``game``'s schema (None: the default game's; RunDirError naming missing or
    unconvertible columns).

    ``required``: the schema columns that must be there (default all). ``set:`` override columns become
    categoricals of text (numbers in numeric order); other extra columns are kept as they are. The
    columns an older run lacks are rebuilt by the game's ``derived_columns`` (Dungeonology's ``modules`` /
    ``box``, from ``rules``)."""
    results = results_of(game)
    columns, orders = results.COLUMNS, results.ORDERS
    frame = results.derived_columns(frame)
    missing = [c for c in (columns if required is None else required) if c not in frame.columns]
    if missing:
        raise RunDirError(f"{source}: missing column(s) {', '.join(missing)} (see experiments/runs/schema.py)")
    out = {}
    for col in frame.columns:
        s = frame[col]
        if col in columns:
            dtype = columns[col][0]
            try:
                if dtype == "category":
                    s = _ordered(s.astype(str) if not isinstance(s.dtype, pd.CategoricalDtype) else s, col, orders)
                elif dtype == "bool":
                    if s.isna().any():
                        raise ValueError("missing values")
                    s = s.astype(bool)
                else:
                    s = s.astype(dtype)
            except (TypeError, ValueError) as exc:
                raise RunDirError(f"{source}: column {col} is not {dtype}: {exc}") from None
        elif col.startswith(OVERRIDE_PREFIX):
            s = _set_column(s, col, orders)
        out[col] = s
    return pd.DataFrame(out, index=frame.index)


def _set_column(s: pd.Series, column: str, orders: Orders) -> pd.Series:
    """A ``set:`` column (numbers, or text) as a categorical of the values' texts, "(default)" where a cell
    does not set it (missing or ""); converted through its few distinct values, never row by row."""
    cat = s if isinstance(s.dtype, pd.CategoricalDtype) else s.astype("category")
    names = [DEFAULT_VALUE if str(c) == "" else str(c) for c in cat.cat.categories]
    codes = cat.cat.codes.to_numpy().astype(np.int64)
    missing = bool((codes < 0).any())
    unique = list(dict.fromkeys(names + ([DEFAULT_VALUE] if missing else [])))
    lookup = np.array([unique.index(n) for n in names] + ([unique.index(DEFAULT_VALUE)] if missing else [0]),
                      dtype=np.int64)
    text = pd.Categorical.from_codes(lookup[np.where(codes < 0, len(names), codes)], categories=unique)
    return _ordered(pd.Series(text, index=s.index), column, orders)


def _narrow(frame: pd.DataFrame) -> pd.DataFrame:
    """Whole-number columns in the smallest integer dtype that holds their values (int8 for seats and
    ranks, int16 for scores, int32 for game indices) and text columns (the run's name) as categoricals."""
    for col in frame.columns:
        s = frame[col]
        if isinstance(s.dtype, pd.CategoricalDtype):
            continue
        if pd.api.types.is_integer_dtype(s):
            frame[col] = pd.to_numeric(s, downcast="integer")
        elif pd.api.types.is_string_dtype(s) or s.dtype == object:
            frame[col] = s.astype("category")
    return frame


def _columns(frame: pd.DataFrame) -> dict[str, Any]:
    """A part's columns as separate arrays (a numpy column copied out of its block), so that each can be
    freed on its own once it is put into the whole frame."""
    out: dict[str, Any] = {}
    for col in frame.columns:
        array = frame[col].array
        out[col] = array if isinstance(array.dtype, pd.CategoricalDtype) or not isinstance(
            array, pd.arrays.NumpyExtensionArray) else frame[col].to_numpy().copy()
    return out


def _concat(parts: list[dict[str, Any]], orders: Orders) -> pd.DataFrame:
    """The parts (from :func:`_columns`) as one frame, column by column: each part's piece of a column is
    dropped as soon as the column is whole, so the peak is the frame plus one column. A categorical
    column stays categorical (its categories united, then in rulebook order); a ``set:`` column missing
    from a part is "(default)" there."""
    lengths = [len(next(iter(p.values()))) if p else 0 for p in parts]
    columns = list(dict.fromkeys(c for p in parts for c in p))
    out: dict[str, Any] = {}
    for col in columns:
        pieces = [p.pop(col) if col in p else pd.Categorical.from_codes(np.zeros(n, np.int8), [DEFAULT_VALUE])
                  for p, n in zip(parts, lengths, strict=True)]
        if all(isinstance(x, pd.Categorical) for x in pieces):
            cats = list(dict.fromkeys(c for x in pieces for c in x.categories))
            where = {c: i for i, c in enumerate(cats)}
            codes = np.concatenate([np.array([where[c] for c in x.categories] + [-1], dtype=np.int32)[x.codes]
                                    for x in pieces])
            merged = pd.Series(pd.Categorical.from_codes(codes, categories=cats))
            out[col] = _ordered(merged, col, orders).array
        else:
            out[col] = pd.concat([pd.Series(x) for x in pieces], ignore_index=True).array
        del pieces
    return pd.DataFrame(out, copy=False)


class _Filler:
    """The compact frame filled part by part into arrays sized for every row of the run (no list of parts
    and no concatenation: the peak is the frame plus one part). Whole numbers keep the smallest dtype any
    part needed (the array is widened when a later part needs more); categoricals keep narrow codes into
    categories united as the parts come."""

    def __init__(self, total: int, orders: Orders) -> None:
        self.total, self.n, self.orders = total, 0, orders
        self.arrays: dict[str, np.ndarray] = {}
        self.categories: dict[str, dict[Any, int]] = {}

    def add(self, frame: pd.DataFrame) -> None:
        lo, hi = self.n, self.n + len(frame)
        for col in frame.columns:
            s = frame[col]
            if isinstance(s.dtype, pd.CategoricalDtype):
                where = self.categories.setdefault(col, {})
                for c in s.cat.categories:
                    where.setdefault(c, len(where))
                lookup = np.array([where[c] for c in s.cat.categories] + [-1], dtype=np.int32)
                values = lookup[s.cat.codes.to_numpy()]
                values = values.astype(np.int8 if len(where) < 127 else np.int16 if len(where) < 32767 else np.int32)
            else:
                values = s.to_numpy()
            array = self.arrays.get(col)
            if array is None:
                array = self.arrays[col] = np.empty(self.total, dtype=values.dtype)
            elif np.result_type(array.dtype, values.dtype) != array.dtype:
                array = self.arrays[col] = array.astype(np.result_type(array.dtype, values.dtype))
            array[lo:hi] = values
        self.n = hi

    def frame(self) -> pd.DataFrame:
        out: dict[str, Any] = {}
        for col in list(self.arrays):
            values = self.arrays.pop(col)[: self.n]
            if col in self.categories:
                cat = pd.Categorical.from_codes(values, categories=list(self.categories[col]))
                out[col] = _ordered(pd.Series(cat, copy=False), col, self.orders).array
            else:
                out[col] = values
        return pd.DataFrame(out, copy=False)


def _rows(part: Path) -> int:
    """The row count of a Parquet part (RunDirError naming it when it cannot be read)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        return pq.read_metadata(part).num_rows
    except (OSError, pa.ArrowException) as exc:
        raise RunDirError(f"{part}: cannot read the Parquet part: {exc}") from None


BATCH_ROWS = 1 << 16  # rows converted at a time: a part of any size costs a few MiB while it is read


def _batches(part: Path, wanted: list[str] | None) -> Any:
    """The rows of a Parquet part as frames of at most BATCH_ROWS rows (only ``wanted`` columns, the
    ``set:`` columns and the :data:`OPTIONAL_COLUMNS` it has); RunDirError when the part cannot be read."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        file = pq.ParquetFile(part)
        names = file.schema_arrow.names
        read = None if wanted is None else [c for c in names if c in wanted or c.startswith(OVERRIDE_PREFIX)
                                            or c in OPTIONAL_COLUMNS]
        if file.metadata.num_rows == 0:
            yield file.schema_arrow.empty_table().select(read or names).to_pandas()
            return
        for batch in file.iter_batches(batch_size=BATCH_ROWS, columns=read):
            yield pa.Table.from_batches([batch]).to_pandas()
    except (OSError, pa.ArrowException) as exc:
        raise RunDirError(f"{part}: cannot read the Parquet part: {exc}") from None


def load(run_dir: str | Path, columns: Sequence[str] | None = None, compact: bool = False) -> pd.DataFrame:
    """The result parts of a run folder as one tidy frame (one row per (game, seat)).

    The columns have the dtypes of the run's game (its results module; categoricals in the game's order);
    ``columns``: only these schema columns (and every ``set:`` column); ``compact``: whole numbers in
    their smallest dtype and text columns as categoricals (:func:`load_compact`). Games with
    ``error != 0`` are left out. ``attrs``: ``manifest`` (the run's manifest), ``run_dir``, ``parts``,
    ``excluded_games`` (games left out for an error) and ``error_codes`` ({code: games})."""

    run_dir = Path(run_dir)
    parts = part_files(run_dir)
    manifest = read_manifest(run_dir)
    game = game_name(manifest)
    results = results_of(game)
    wanted = None if columns is None else list(dict.fromkeys([*columns, "game", "error"]))
    if wanted is not None:  # an older run's parts lack some: the game builds them from others (derived_columns)
        wanted = list(dict.fromkeys([*wanted, *(results.DERIVED[c] for c in wanted if c in results.DERIVED)]))
    frames: list[dict[str, Any]] = []
    errors: dict[int, int] = {}  # game -> error code of the games left out
    filler = _Filler(sum(_rows(p) for p in parts), results.ORDERS) if compact else None
    for part in parts:
        for frame in _batches(part, wanted):
            frame = apply_schema(frame, str(part), required=wanted, game=game)
            bad = frame["error"].to_numpy() != 0
            if bad.any():
                errors.update(zip(frame["game"].to_numpy()[bad].tolist(), frame["error"].to_numpy()[bad].tolist(),
                                  strict=True))
                frame = frame.loc[~bad]
            if filler is not None:
                filler.add(_narrow(frame))
            else:
                frames.append(_columns(frame))
            del frame
    df = filler.frame() if filler is not None else _concat(frames, results.ORDERS)
    del frames
    codes = pd.Series(list(errors.values()), dtype=np.int64).value_counts()
    if not compact:
        df = apply_schema(df, str(run_dir), required=wanted, game=game)
    df.attrs = {
        "manifest": Manifest(manifest),
        "run_dir": str(run_dir),
        "parts": len(parts),
        "excluded_games": int(codes.sum()),
        "error_codes": {int(k): int(v) for k, v in codes.sort_index().items()},
    }
    return df


def load_compact(run_dir: str | Path) -> pd.DataFrame:
    """:func:`load` of the columns the report reads (the game's ``REPORT_COLUMNS`` and the ``set:`` columns),
    whole numbers in their smallest dtype: about 30 bytes a seat row."""
    part_files(run_dir)  # a missing folder or one without parts is said so before its manifest is read
    return load(run_dir, results_of(game_name(read_manifest(run_dir))).REPORT_COLUMNS, compact=True)


# ---------------------------------------------------------- text values of a column
def texts_of(s: pd.Series) -> list[str]:
    """The distinct values of a column as texts, in order of first appearance, computed over its few
    distinct values (a categorical's used categories), never by turning every row into a string."""
    if isinstance(s.dtype, pd.CategoricalDtype):
        codes = pd.unique(s.cat.codes.to_numpy())
        return [str(s.cat.categories[c]) for c in codes if c >= 0]
    return list(dict.fromkeys(str(v) for v in pd.unique(s)))


def is_text(s: pd.Series, text: str) -> np.ndarray:
    """Which rows of a column hold the value whose text is ``text`` (a boolean array), through the
    column's distinct values as :func:`texts_of`."""
    if isinstance(s.dtype, pd.CategoricalDtype):
        hits = [i for i, c in enumerate(s.cat.categories) if str(c) == text]
        return np.isin(s.cat.codes.to_numpy(), hits)
    uniq = pd.unique(s)
    return s.isin([v for v in uniq if str(v) == text]).to_numpy()
