"""Rocca Civetta's cards in the view dicts (``sim.dungeonology.view``): the Interns' tokens a
Scholar holds (the Fool's Token)."""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.tables import Names


def tokens_held(s: np.ndarray, t: np.ndarray, names: Names, seat: int, viewer: int | None) -> list[str]:
    """The Interns whose token the seat holds."""
    return [name for i, name in enumerate(names.interns) if int(s[L.S_RC_TOKEN_HOLDER + i]) == seat + 1]
