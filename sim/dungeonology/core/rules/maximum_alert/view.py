"""Maximum Alert in the view dicts (``sim.dungeonology.view``): the Panic deck, the Panic Card
(hidden until revealed), the Scholars a Forced Thesis removed."""

from __future__ import annotations

from typing import Any

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.tables import Names
from sim.dungeonology.view import HIDDEN


def max_alert_view(s: np.ndarray, t: np.ndarray, names: Names, viewer: int | None) -> dict[str, Any] | None:
    """Maximum Alert: the Panic deck (public), the Panic Card (hidden from
    everybody until revealed: the whole-truth view shows it), the state."""
    if int(s[L.S_PANIC]) < 0:
        return None
    revealed = bool(s[L.S_MAX_ALERT])
    card = names.panic[int(s[L.S_PANIC])]
    return {
        "triggered": revealed,
        "panic": card if revealed or viewer is None else HIDDEN,
        "panic_deck": [c for i, c in enumerate(names.panic) if (int(s[L.S_PANIC_DECK]) >> i) & 1],
        "removed": [p for p in range(int(s[L.S_NPLAYERS])) if (int(s[L.S_MA_REMOVED]) >> p) & 1],
    }


def panic_result(s: np.ndarray, t: np.ndarray, names: Names) -> str | None:
    """Game.result(): the Panic Card of the game, None without one."""
    return names.panic[int(s[L.S_PANIC])] if int(s[L.S_PANIC]) >= 0 else None


def max_alert_result(s: np.ndarray, t: np.ndarray, names: Names) -> bool:
    """Game.result(): whether Maximum Alert was triggered."""
    return bool(s[L.S_MAX_ALERT])
