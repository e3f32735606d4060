"""What a Python agent is given when its seat decides, in every game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Observation:
    """What one seat may know when it decides."""

    seat: int
    tensor: np.ndarray  # float32, the game's observation tensor of the seat, read-only
    legal_actions: tuple[int, ...]  # ascending
    view: dict[str, Any] | None = None  # the seat's view as a dict, for agents with wants_view = True


def seat_observation(seat: int, tensor: np.ndarray, buf: np.ndarray, n: int, num_actions: int,
                     view: dict[str, Any] | None = None) -> tuple[Observation, np.ndarray]:
    """The Observation (``tensor`` made read-only) and the boolean legal mask of the actions ``buf[:n]``."""
    legal = np.sort(buf[:n])
    mask = np.zeros(num_actions, dtype=bool)
    mask[legal] = True
    tensor.flags.writeable = False
    return Observation(seat, tensor, tuple(int(a) for a in legal), view), mask
