"""Grouping the rows of a run: the columns of a grouping (:func:`columns_of`) and the rows and sums per
group (:func:`group_counts`), counted with numpy over one narrow index of the rows so that a report of
millions of rows needs a few bytes a row on top of its frame, not a groupby's copies."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd


def columns_of(by: str | Sequence[str]) -> list[str]:
    """The columns of a grouping given as one column name or several."""
    return [by] if isinstance(by, str) else list(by)


def _key_codes(s: pd.Series) -> tuple[np.ndarray, Any]:
    """(codes, levels) of a grouping column: a categorical's codes and categories, or a whole-number
    column's values offset into the range of those present (levels sorted); codes stay narrow."""
    if isinstance(s.dtype, pd.CategoricalDtype):
        return s.cat.codes.to_numpy(), s.cat.categories
    values = s.to_numpy()
    if values.dtype.kind not in "iub" or not len(values):
        levels, codes = np.unique(values, return_inverse=True)
        return codes.astype(np.int32), levels
    lo = int(values.min())
    shifted = values - np.array(lo, dtype=values.dtype)
    present = np.flatnonzero(_bincount(shifted, int(shifted.max()) + 1))
    lookup = np.zeros(int(shifted.max()) + 1, np.int16 if len(present) < 2**15 else np.int32)
    lookup[present] = np.arange(len(present))
    return lookup[shifted], (present + lo).astype(np.int64)


CHUNK = 1 << 20  # rows per np.bincount call: it copies its input to 64-bit integers


def _bincount(index: np.ndarray, size: int, weights: np.ndarray | None = None) -> np.ndarray:
    """np.bincount over ``index`` (and ``weights``) a million rows at a time: the same counts, without a
    64-bit copy of millions of rows."""
    out = np.zeros(size, np.float64 if weights is not None else np.int64)
    for i in range(0, len(index), CHUNK):
        out += np.bincount(index[i:i + CHUNK], None if weights is None else weights[i:i + CHUNK], minlength=size)
    return out


def group_counts(df: pd.DataFrame, keys: Sequence[str], sums: dict[str, np.ndarray]) -> pd.DataFrame:
    """Rows per combination of ``keys`` that occurs (column ``rows``) and the sum of each array of ``sums``
    over them, in the keys' order (categories in their order, numbers ascending), like a sorted, observed
    groupby; counted with numpy over one narrow index array of the rows, so a report of millions of rows
    needs a few bytes a row on top of its frame, not a groupby's copies."""
    coded = [_key_codes(df[k]) for k in keys]
    sizes = [max(len(levels), 1) for _, levels in coded]
    total = int(np.prod(sizes, dtype=np.float64)) if sizes else 1
    if total >= 2**31 - 1:
        raise ValueError(f"too many combinations of {', '.join(keys)} to count")
    levels_of = [levels for _, levels in coded]
    flat = np.zeros(len(df), np.int16 if total < 2**15 else np.int32)
    for (codes, _), size in zip(coded, sizes, strict=True):
        flat *= size
        flat += codes
    del coded  # the codes are in flat now
    rows = _bincount(flat, total)
    seen = np.flatnonzero(rows)
    out: dict[str, Any] = {}
    for k, levels, idx in zip(keys, levels_of, np.unravel_index(seen, sizes) if sizes else [], strict=True):
        col = df[k]
        out[k] = (pd.Categorical.from_codes(idx, dtype=col.dtype) if isinstance(col.dtype, pd.CategoricalDtype)
                  else np.asarray(levels)[idx])
    out["rows"] = rows[seen]
    for name, values in sums.items():
        if values.dtype == bool:
            out[name] = _bincount(flat[values], total)[seen]
        else:
            out[name] = _bincount(flat, total, values)[seen]
    return pd.DataFrame(out)
