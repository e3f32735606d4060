"""Checks of a game record from outside, before any of it reaches compiled code.

A record (``Game.record()``, ``play --save``) is JSON anyone can edit. Every
field is checked for its type and range: the seed and the actions are 64-bit
whole numbers (actions inside the action space), the config is a table of
settings, and an ``initial_state`` has every field in range
(:func:`sim.dungeonology.state_bounds.state_problem`) and then passes the invariant checker.
A record written by this engine also carries ``final_sha256``, the sha256 of
the state its actions lead to: :func:`sim.dungeonology.game.replay` refuses a record whose
actions lead elsewhere (an edited action or seed that still replays).
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np

from sim.dungeonology import layout as L
from sim.kit.errors import RecordError

INT64 = (-(2**63), 2**63 - 1)


def whole(value: Any, lo: int = INT64[0], hi: int = INT64[1]) -> bool:
    """Whether ``value`` is a JSON whole number (not a bool) in [lo, hi]."""
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def check_actions(actions: Any) -> list[int]:
    """The record's actions: a list of action numbers of this engine's action space."""
    if not isinstance(actions, list):
        raise RecordError("the record's actions must be a list of integers")
    for i, a in enumerate(actions):
        if not whole(a):
            raise RecordError(f"the record's actions must be a list of integers: action #{i} ({_short(a)}) is not")
        if not 0 <= a < L.NUM_ACTIONS:
            raise RecordError(f"action #{i} ({a}) of the record is not legal: not an action number (allowed: 0 to "
                              f"{L.NUM_ACTIONS - 1})")
    return actions


def check_initial_state(init: Any, players: int) -> np.ndarray:
    """The record's ``initial_state`` as a state array: STATE_SIZE integers, every field in range (RecordError
    naming the first one that is not)."""
    from sim.dungeonology.state_bounds import state_problem

    if not isinstance(init, list) or len(init) != L.STATE_SIZE:
        raise RecordError(f"the record's initial_state must be a list of {L.STATE_SIZE} integers")
    for i, v in enumerate(init):
        if not whole(v):
            raise RecordError(f"initial_state[{i}] = {_short(v)} is not a 64-bit integer")
    state = np.array(init, dtype=np.int64)
    problem = state_problem(state, players)
    if problem is not None:
        raise RecordError(f"initial_state: {problem}")
    return state


def state_sha256(state: np.ndarray) -> str:
    """The fingerprint of a state (``final_sha256`` of a record)."""
    return hashlib.sha256(np.ascontiguousarray(state, dtype=np.int64).tobytes()).hexdigest()


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
