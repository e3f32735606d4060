"""The Research Cards in the view dicts (``sim.dungeonology.view``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.rules.research.research import research_points
from sim.dungeonology.tables import Names


def research_view(s: np.ndarray, t: np.ndarray, names: Names, viewer: int | None) -> dict[str, Any]:
    """Research Cards (Rocca Civetta): the cards face up near the Campus (None:
    an empty place), who completed which (public), the deck (its order hidden),
    whether the current player already completed a Quest this turn."""
    up = [int(s[L.S_RESEARCH_UP + i]) - 1 for i in range(L.RESEARCH_UP)]
    deck = [names.research[int(s[L.S_RESEARCH_DECK + i])] for i in range(int(s[L.S_RESEARCH_N]))]
    return {
        "face_up": [names.research[c] if c >= 0 else None for c in up],
        "points": {name: int(t[L.T_RESEARCH_POINTS + c]) for c, name in enumerate(names.research)},
        "completed": {p: [name for c, name in enumerate(names.research) if int(s[L.S_RESEARCH_OWNER + c]) == p + 1]
                      for p in range(int(s[L.S_NPLAYERS]))},
        "deck": deck if viewer is None else len(deck),
        "completed_this_turn": int(s[L.S_RESEARCH_TURN]) == int(s[L.S_TURN]) + 1,
    }


def research_part(s: np.ndarray, t: np.ndarray, names: Names, p: int) -> int:
    """The score breakdown: the bonus points of the Research Cards the seat completed."""
    return int(research_points(s, t, p))
