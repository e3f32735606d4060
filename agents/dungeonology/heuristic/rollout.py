"""Dungeonology's rollout policy for ISMCTS (``agents.ismcts``): the heuristic at one of its personas."""

from __future__ import annotations

import numpy as np

from agents.dungeonology.heuristic.dispatch import act as rollout_act
from agents.dungeonology.heuristic.params import DEFAULTS, PERSONAS

ROLLOUT_NAMES = ("heuristic", "cautious", "greedy", "spy", "saboteur", "random")  # the rollout index: 0..5


def _rollout_table() -> np.ndarray:
    """One row of heuristic parameters per persona of ROLLOUT_NAMES but the last (random)."""
    names = list(DEFAULTS)
    rows = []
    for persona in ROLLOUT_NAMES[:-1]:
        values = dict(DEFAULTS)
        values.update(PERSONAS.get(persona, {}))
        row = np.zeros(16)
        row[: len(names)] = [values[k] for k in names]
        rows.append(row)
    return np.array(rows)


ROLLOUT_PARAMS = _rollout_table()
__all__ = ["ROLLOUT_NAMES", "ROLLOUT_PARAMS", "rollout_act"]
