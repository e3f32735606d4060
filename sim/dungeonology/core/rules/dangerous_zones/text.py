"""The Dangerous Zones' actions in words (``sim.dungeonology.actions``): an Action Zone Effect used,
a Teleport's destination."""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.tables import Names

ZONE_EFFECT_TEXT = {L.ZK_BIVOUAC: "Bivouac"}  # Action Zone Effects


def zone_effect_text(s: np.ndarray, t: np.ndarray, names: Names, i: int) -> str:
    """zone_effect i: the Zone's printed Action Zone Effect i, or the Teleport Token (i = MAX_ZEFF)."""
    if i == L.MAX_ZEFF:
        return "Teleport"
    z = int(s[pf(int(s[L.S_ACTOR]), L.PF_ZONE)])
    kind = int(t[L.T_Z_EFF + (z * L.MAX_ZEFF + i) * L.ZE_W])
    return ZONE_EFFECT_TEXT.get(kind, "Zone Effect")


def teleport_text(s: np.ndarray, t: np.ndarray, names: Names, i: int) -> str:
    """zone i in PH_TELEPORT: where the Teleport leads."""
    return f"Teleport to {names.zones[i] if i < len(names.zones) else '?'}"
