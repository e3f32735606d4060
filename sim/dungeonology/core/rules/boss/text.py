"""The Boss's moves in words (``sim.dungeonology.actions``)."""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.tables import Names


def boss_move_text(s: np.ndarray, t: np.ndarray, names: Names, i: int) -> str | None:
    """zone i in PH_BOSS_MOVE: the Zone the Boss goes to (None without a Boss: the basic words)."""
    if int(s[L.S_BOSS]) < 0:
        return None
    where = names.zones[i] if i < len(names.zones) else "?"
    return f"Move {names.boss_names[int(s[L.S_BOSS])]} to {where}"
