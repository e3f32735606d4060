"""The Research claims in words (``sim.dungeonology.actions``)."""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.tables import Names


def claim_text(s: np.ndarray, t: np.ndarray, names: Names, i: int) -> str:
    """research i: complete the Quest of the face-up Research Card in place i."""
    card = int(s[L.S_RESEARCH_UP + i]) - 1
    name = names.research[card] if 0 <= card < len(names.research) else "?"
    return f"Complete the Research {name} ({int(t[L.T_RESEARCH_POINTS + card]) if card >= 0 else 0} points)"
