"""A run at a glance: the key figures (:func:`overview`, with the game's own items), the values played,
the swept overrides and what a table pools together (:func:`pooled_over`, over the game's columns)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd

from experiments.analysis.dataset import value_sort_key
from experiments.analysis.groupings import analysis_of, groupings_of
from experiments.analysis.groups import columns_of
from experiments.runs.schema import OVERRIDE_PREFIX
from experiments.runs.stamps import code_text


def _layers_text(manifest: dict[str, Any]) -> str:
    """The data's layers, bottom first (box / layer name, then how many values of each status)."""
    data = manifest.get("data") or {}
    layers = [f"{la.get('kind', '')} {la.get('name', '')}".strip() for la in data.get("layers") or []]
    counts = ", ".join(f"{n} {status}" for status, n in (data.get("values") or {}).items())
    return "; ".join(layers) + (f" ({counts} values)" if counts else "") if layers else "built-in"


def provisional_count(manifest: dict[str, Any]) -> int:
    """How many printed card values of the run's data are provisional: the manifest's list of them
    (``provisional_values``), else the count of ``data.values.provisional``."""
    values = manifest.get("provisional_values")
    if isinstance(values, list) and values:
        return len(values)
    data = manifest.get("data") if isinstance(manifest.get("data"), dict) else {}
    counted = (data.get("values") or {}).get("provisional") if isinstance(data.get("values"), dict) else None
    return int(counted) if isinstance(counted, int) else 0


def played(df: pd.DataFrame, column: str) -> list[str]:
    """The values of ``column`` that occur in the rows (rulebook order for categoricals), not every value
    the run's categories could hold."""
    s = df[column]
    if isinstance(s.dtype, pd.CategoricalDtype):
        present = set(s.cat.codes.unique().tolist())
        return [str(c) for i, c in enumerate(s.cat.categories) if i in present]
    return [str(v) for v in sorted(pd.unique(s), key=value_sort_key)]


def overview(df: pd.DataFrame) -> pd.DataFrame:
    """Key figures of a run, one row per item (``item``, ``value``): the values played, not every value
    that exists; the game's own items (its analysis module's ``overview_items``) after the generic item
    each names."""
    manifest = df.attrs.get("manifest", {})
    module = analysis_of(df)
    extra = module.overview_items(df) if hasattr(module, "overview_items") else {}
    items = [
        ("run", manifest.get("name", ", ".join(played(df, "run")) if "run" in df else "")),
        ("games analysed", f"{df['game'].nunique():,}"),
        ("seat rows", f"{len(df):,}"),
        ("games excluded (error)", f"{df.attrs.get('excluded_games', 0):,}"),
        ("cells", f"{df['cell'].nunique():,}" if "cell" in df else ""),
        ("player counts", ", ".join(played(df, "players"))),
        *extra.get("player counts", ()),
        ("agents", "; ".join(played(df, "agents")) if "agents" in df else ""),
        ("overrides", "; ".join(f"{k} ({', '.join(played(df, OVERRIDE_PREFIX + k))})" for k in override_keys(df))
         or "none"),
        *extra.get("overrides", ()),
        ("provisional data", "yes" if manifest.get("provisional") else "no"),
        ("data layers", _layers_text(manifest)),
        ("data hash", manifest.get("data_hash", "")),
        ("code version", code_text(manifest.get("code_version"))),
    ]
    return pd.DataFrame(items, columns=["item", "value"]).astype({"value": str})


def override_keys(df: pd.DataFrame) -> list[str]:
    """The dotted keys of the "what if" data overrides swept in the run (``set:<key>`` columns)."""
    return [c[len(OVERRIDE_PREFIX):] for c in df.columns if c.startswith(OVERRIDE_PREFIX)]


def pooled_over(df: pd.DataFrame, by: str | Sequence[str] = ()) -> list[str]:
    """What a table grouped by ``by`` pools together: each swept override with several values, and the
    game's pooled columns not in ``by`` that take more than one value (agent kinds and player counts;
    Dungeonology's rule sets, Boss profiles and Panic Cards too), as "label (value, value, ...)" texts."""
    defaults = groupings_of(df)
    shown = set(columns_of(by))
    out = []
    for key in override_keys(df):
        values = pd.unique(df[OVERRIDE_PREFIX + key].astype(str))
        if OVERRIDE_PREFIX + key not in shown and len(values) > 1:
            out.append(f"{key} ({', '.join(values)})")
    for col, label in defaults.pooled.items():
        if col in df and col not in shown and not (col == "agent" and "agents" in shown):
            empty = defaults.empty.get(col, "none")  # how '' reads (Dungeonology: the basic game / no Boss)
            values = sorted({str(v) or empty for v in df[col].unique()}, key=value_sort_key)
            if len(values) > 1:
                out.append(f"{label} ({', '.join(values)})")
    return out
