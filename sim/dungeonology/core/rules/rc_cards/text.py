"""Rocca Civetta's cards in words (``sim.dungeonology.actions``)."""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.tables import Names


def token_text(s: np.ndarray, t: np.ndarray, names: Names, i: int) -> str:
    """target i in PH_RC_TOKEN: whom the Intern's token goes to."""
    sch = names.scholars[int(s[pf(i, L.PF_SCHOLAR)])]
    return f"Give the {names.interns[int(s[L.S_P_TYPE])]}'s token to seat {i} ({sch})"
