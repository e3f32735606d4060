"""The Boss in the view dicts (``sim.dungeonology.view``; "Boss": all public)."""

from __future__ import annotations

from typing import Any

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.tables import Names


def boss_view(s: np.ndarray, t: np.ndarray, names: Names, viewer: int | None) -> dict[str, Any] | None:
    """The Boss Card (face up), its profile and the model's Zone: all public."""
    b = int(s[L.S_BOSS])
    if b < 0:
        return None
    z = int(s[L.S_BOSS_ZONE])
    d: dict[str, Any] = {
        "boss": names.bosses[b],
        "name": names.boss_names[b],
        "profile": names.boss_profiles[b][int(s[L.S_BOSS_PROFILE])],
        "zone": names.zones[z] if z >= 0 else None,
    }
    if int(s[L.S_BOSS_STEPS]) > 0:
        target = int(s[L.S_BOSS_TARGET])
        d["moving"] = {"steps_left": int(s[L.S_BOSS_STEPS]),
                       "from": names.zones[int(s[L.S_BOSS_PREV])] if int(s[L.S_BOSS_PREV]) >= 0 else None,
                       "target": target if target >= 0 else None}
    return d
