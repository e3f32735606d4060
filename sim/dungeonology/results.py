"""Batch results as pandas frames: one row per (game, seat), named columns.

pandas and the data's names are imported by the functions that need them: a sweep's worker
(experiments.runs.worker) uses :func:`boss_codes` without them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.engine.batch import GAME_FIELDS, ROW_FIELDS

if TYPE_CHECKING:
    import pandas as pd

    from sim.dungeonology.tables import Names

MAX_PROFILES = 2  # profiles on a Boss Card ("The Boss", A)


def boss_labels(names: Names) -> list[str]:
    """Categories of the ``boss`` column: "" (no Boss), then "name:profile" for
    every Boss Card and profile, indexed 1 + boss * MAX_PROFILES + profile."""
    out = [""]
    for b, boss in enumerate(names.bosses):
        profiles = names.boss_profiles[b]
        out += [f"{boss}:{profiles[k]}" if k < len(profiles) else f"{boss}:-{k}" for k in range(MAX_PROFILES)]
    return out


def boss_codes(boss: np.ndarray, profile: np.ndarray) -> np.ndarray:
    """The ``boss`` column's codes (into :func:`boss_labels`) of the games' Boss Card and profile
    indices (-1: no Boss)."""
    return np.where(boss < 0, 0, 1 + boss * MAX_PROFILES + profile)


def rows_frame(rows: np.ndarray, games: np.ndarray, names: Names, players: int,
               game_ids: Sequence[int], extra: dict[str, object] | None = None) -> pd.DataFrame:
    """Tidy frame from the arrays of ``sim.dungeonology.core.engine.batch`` (seat rows x games)."""
    import pandas as pd

    n = rows.shape[0]
    flat = rows[:, :players, :].reshape(n * players, len(ROW_FIELDS))
    df = pd.DataFrame(flat, columns=list(ROW_FIELDS))
    g = pd.DataFrame(np.repeat(games, players, axis=0), columns=list(GAME_FIELDS))
    df = pd.concat([g, df], axis=1)
    df.insert(0, "game", np.repeat(np.asarray(game_ids, dtype=np.int64), players))
    df["players"] = players
    df["scholar"] = pd.Categorical.from_codes(df["scholar"], categories=list(names.scholars))
    df["clan"] = pd.Categorical.from_codes(df["clan"], categories=list(names.clans))
    df["end_reason"] = pd.Categorical.from_codes(df["end_reason"], categories=list(L.END_REASONS))
    labels = boss_labels(names)
    df["boss"] = pd.Categorical.from_codes(boss_codes(df["boss"].to_numpy(), df["boss_profile"].to_numpy()),
                                           categories=labels)
    df["panic"] = pd.Categorical.from_codes(df["panic"] + 1, categories=["", *names.panic])
    df["max_alert"] = df["max_alert"].astype(bool)
    df = df.drop(columns=["boss_profile"])
    df["turn_position"] = (df["seat"] - df["first_player"]) % players
    for c, color in enumerate(names.colors):
        df = df.rename(columns={f"cubes_{c}": f"cubes_{color}"})
    df = df.drop(columns=[c for c in df.columns if c.startswith("cubes_") and c[6:].isdigit()])
    for key, value in (extra or {}).items():
        df[key] = value
    df["won"] = df["won"].astype(bool)
    return df
