"""Rocca Civetta's cubes in words (``sim.dungeonology.actions``)."""

from __future__ import annotations

import numpy as np

from sim.dungeonology.tables import Names


def universal_text(s: np.ndarray, t: np.ndarray, names: Names, i: int) -> str:
    """choose_color i in PH_RC_UNIVERSAL: the column a Universal Information cube goes into."""
    return f"Put the Universal cube in the {names.colors[i]} column"
