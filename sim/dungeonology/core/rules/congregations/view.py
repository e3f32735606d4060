"""The Student Congregations in the view dicts (``sim.dungeonology.view``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.tables import Names


def congregations_view(s: np.ndarray, t: np.ndarray, names: Names, viewer: int | None) -> dict[str, Any]:
    """Student Congregations (all public): the Congregations in the game, their
    Students in the University, the Reserve and held, the Bonfire in order from
    the arrow (the last is picked up first), the Students standing in Zones."""
    n = int(s[L.S_NPLAYERS])
    used = [c for i, c in enumerate(L.CONGREGATIONS) if (int(s[L.S_CG_USED]) >> i) & 1]
    return {
        "used": used,
        "university": {c: int(s[L.S_UNIV_CONGREGATION + i]) for i, c in enumerate(L.CONGREGATIONS) if c in used},
        "reserve": {c: int(s[L.S_RES_CONGREGATION + i]) for i, c in enumerate(L.CONGREGATIONS) if c in used},
        "held": [{c: int(s[pf(p, L.PF_CONGREGATION) + i]) for i, c in enumerate(L.CONGREGATIONS) if c in used}
                 for p in range(n)],
        "bonfire": [L.STUDENT_KINDS[int(s[L.S_BONFIRE_KINDS + i])] for i in range(int(s[L.S_BONFIRE]))],
        "in_zones": {names.zones[z]: {"seat": int(s[L.S_ZIOTA + z]) - 1,
                                      "congregation": L.CONGREGATIONS[int(s[L.S_CG_ZKIND + z])]}
                     for z in range(len(names.zones)) if s[L.S_ZIOTA + z]},
    }
