"""One game in Python, for any game bundle: the OpenSpiel-style names over its kernels.

A game's Python class derives from :class:`Game` and gives its kernels module
(``KERNELS``: ``step``, ``determinize``, ``check``, the sizes) and what only it
can say: ``action_to_string``, ``returns``, the tensors and the name of the
decision open now. The state is the flat ``int64`` array of the game's layout
(``sim.kit.header`` first); ``clone`` is one copy.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from types import ModuleType
from typing import Any, ClassVar

import numpy as np

from sim.kit.errors import ConfigError, IllegalActionError
from sim.kit.header import H_ACTOR, H_OVER
from sim.kit.rng import seed_words


def check_seed(seed: Any) -> int:
    """A game seed: a whole number from 0 to 2**63 - 1 (ConfigError otherwise)."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**63:
        raise ConfigError(f"the seed is a whole number from 0 to {2**63 - 1} (64 bits)", key="seed", value=seed)
    return int(seed)


class Game(ABC):
    """One game: a state array, the compiled tables and the action history."""

    KERNELS: ClassVar[ModuleType]  # the game's kernels (sim.kit.contract)

    def __init__(self, compiled: Any, seed: int, state: np.ndarray) -> None:
        self.compiled = compiled
        self.config = compiled.config
        self.seed = seed
        self.tables = compiled.tables
        self.names = compiled.names
        self.state = state
        self.history: list[int] = []
        self.actors: list[int] = []  # the seat that took each action of the history
        self._buf = np.zeros(self.KERNELS.MAX_LEGAL, dtype=np.int64)
        self._n = int(self.KERNELS.step(self.state, self.tables, -1, self._buf))

    # -------------------------------------------------------------- play
    def current_player(self) -> int:
        """Seat that decides now, or -1 when the game is over."""
        return -1 if self.is_terminal() else int(self.state[H_ACTOR])

    def legal_actions(self) -> list[int]:
        """The legal actions in ascending order (the engine's own order, which the
        numba agents index, stays in ``_buf``)."""
        return sorted(int(a) for a in self._buf[: self._n])

    def engine_legal_actions(self) -> list[int]:
        """The legal actions in the engine's own order: the order the numba agents (and the fuzz's
        random agent) pick from by index, so a Python replay of a batch game must choose from this list."""
        return [int(a) for a in self._buf[: self._n]]

    def legal_action_mask(self) -> np.ndarray:
        mask = np.zeros(self.KERNELS.NUM_ACTIONS, dtype=bool)
        mask[self._buf[: self._n]] = True
        return mask

    def decision(self) -> str:
        """The decision open now, in words (for error messages)."""
        return f"seat {self.current_player()}"

    def apply(self, action: int) -> None:
        """Apply a legal action (IllegalActionError otherwise)."""
        if self.is_terminal():
            raise IllegalActionError(f"the game is over; action {action!r} cannot be applied")
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise IllegalActionError(f"an action is an integer, got {action!r}")
        a = int(action)
        if a not in self._buf[: self._n]:
            legal = ", ".join(f"{x} ({self.action_to_string(x)})" for x in self.legal_actions())
            raise IllegalActionError(f"action {a} is not legal now ({self.decision()}); legal: {legal}")
        self.actors.append(int(self.state[H_ACTOR]))
        self._n = int(self.KERNELS.step(self.state, self.tables, a, self._buf))
        self.history.append(a)

    def is_terminal(self) -> bool:
        return bool(self.state[H_OVER])

    def clone(self) -> Game:
        g = type(self).__new__(type(self))
        g.__dict__.update(self.__dict__)
        g.state = self.state.copy()
        g.history = list(self.history)
        g.actors = list(self.actors)
        g._buf = self._buf.copy()
        return g

    def determinize(self, seat: int, seed: int) -> Game:
        """A copy with everything `seat` cannot see resampled (for ISMCTS)."""
        g = self.clone()
        rng = np.zeros(self.KERNELS.STATE_SIZE, dtype=np.int64)
        rng[0], rng[1] = seed_words(check_seed(seed))
        self.KERNELS.determinize(g.state, g.tables, int(self._seat(seat)), rng)
        g._n = int(self.KERNELS.step(g.state, g.tables, -1, g._buf))
        return g

    def _seat(self, seat: Any) -> int:
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < self.config.players:
            raise ConfigError(f"no seat {seat!r} in a {self.config.players}-player game", key="seat", value=seat)
        return int(seat)

    # ------------------------------------------------- what the game says
    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """The action in words."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's return at the end (OpenSpiel's ``returns``)."""

    @abstractmethod
    def observation_tensor(self, seat: int) -> np.ndarray:
        """What `seat` sees now, as a fixed-size float32 tensor."""

    @abstractmethod
    def information_state_tensor(self, seat: int) -> np.ndarray:
        """What `seat` knows now, its own decisions included, as a fixed-size float32 tensor."""
