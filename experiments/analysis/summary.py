"""A run at a glance: one row per game (:func:`games`), the key figures (:func:`overview`), the values
played, the swept overrides and what a table pools together (:func:`pooled_over`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from experiments.analysis.dataset import value_sort_key
from experiments.analysis.groups import columns_of
from experiments.runs.schema import OVERRIDE_PREFIX
from experiments.runs.stamps import code_text

BASIC = "basic game"  # how the rules column's "" (no advanced rule) is shown


GAME_COLUMNS = ("run", "cell", "game", "seed", "players", "alert", "player_level", "rules", "agents", "clan",
                "first_player", "turns", "rounds", "end_reason", "decisions", "theses", "error", "boss", "panic",
                "max_alert")


def games(df: pd.DataFrame) -> pd.DataFrame:
    """One row per game: the game-level columns, the ``set:`` columns, and ``nobody_submits``
    (no seat submitted a successful Thesis)."""
    cols = [c for c in GAME_COLUMNS if c in df.columns] + [c for c in df.columns if c.startswith(OVERRIDE_PREFIX)]
    step = np.diff(df["game"].to_numpy())
    if len(df) and (step >= 0).all():  # rows in game order (as the parts are): one pass, no groupby
        starts = np.r_[0, np.flatnonzero(step) + 1]
        del step
        g = df.iloc[starts][["game", *(c for c in cols if c != "game")]].reset_index(drop=True)
        g["nobody_submits"] = ~np.logical_or.reduceat(df["thesis_submitted"].to_numpy(dtype=bool), starts)
        return g
    g = df.drop_duplicates("game")[cols].set_index("game")
    g["nobody_submits"] = ~df.groupby("game")["thesis_submitted"].any().reindex(g.index)
    return g.reset_index()


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
    that exists."""
    manifest = df.attrs.get("manifest", {})
    g = games(df)
    items = [
        ("run", manifest.get("name", ", ".join(played(df, "run")) if "run" in df else "")),
        ("games analysed", f"{len(g):,}"),
        ("seat rows", f"{len(df):,}"),
        ("games excluded (error)", f"{df.attrs.get('excluded_games', 0):,}"),
        ("cells", f"{df['cell'].nunique():,}" if "cell" in df else ""),
        ("player counts", ", ".join(played(df, "players"))),
        ("Alert difficulties", ", ".join(played(df, "alert"))),
        ("Player Levels", ", ".join(played(df, "player_level"))),
        ("agents", "; ".join(played(df, "agents")) if "agents" in df else ""),
        ("overrides", "; ".join(f"{k} ({', '.join(played(df, OVERRIDE_PREFIX + k))})" for k in override_keys(df))
         or "none"),
        ("advanced rules", "; ".join(v or BASIC for v in played(df, "rules")) if "rules" in df else BASIC),
        ("boxes", "; ".join(played(df, "box")) if "box" in df else "base"),
        ("provisional data", "yes" if manifest.get("provisional") else "no"),
        ("data layers", _layers_text(manifest)),
        ("data hash", manifest.get("data_hash", "")),
        ("code version", code_text(manifest.get("code_version"))),
    ]
    return pd.DataFrame(items, columns=["item", "value"]).astype({"value": str})


def override_keys(df: pd.DataFrame) -> list[str]:
    """The dotted keys of the "what if" data overrides swept in the run (``set:<key>`` columns)."""
    return [c[len(OVERRIDE_PREFIX):] for c in df.columns if c.startswith(OVERRIDE_PREFIX)]


POOLED_LABELS = {"agent": "agent kinds", "rules": "rule sets", "boss": "Boss profiles", "panic": "Panic Cards",
                 "players": "player counts"}


def pooled_over(df: pd.DataFrame, by: str | Sequence[str] = ()) -> list[str]:
    """What a table grouped by ``by`` pools together: each swept override with several values, and
    several agent kinds, rule sets, Boss profiles, Panic Cards or player counts (the columns not in
    ``by`` that take more than one value), as "label (value, value, ...)" texts."""
    shown = set(columns_of(by))
    out = []
    for key in override_keys(df):
        values = pd.unique(df[OVERRIDE_PREFIX + key].astype(str))
        if OVERRIDE_PREFIX + key not in shown and len(values) > 1:
            out.append(f"{key} ({', '.join(values)})")
    for col, label in POOLED_LABELS.items():
        if col in df and col not in shown and not (col == "agent" and "agents" in shown):
            empty = BASIC if col == "rules" else "none"  # '' = the basic game / no Boss / no Panic Card
            values = sorted({str(v) or empty for v in df[col].unique()}, key=value_sort_key)
            if len(values) > 1:
                out.append(f"{label} ({', '.join(values)})")
    return out
