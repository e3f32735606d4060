"""One Leduc game in Python: the state array, its tables and the actions taken (over sim.leduc.kernels)."""

from __future__ import annotations

import numpy as np

from sim.kit.errors import IllegalActionError
from sim.kit.rng import seed_words
from sim.leduc import kernels as K
from sim.leduc import layout as L
from sim.leduc import observation as O
from sim.leduc.config import Compiled, LeducConfig, compile_config


class LeducGame:
    """A game of Leduc poker: play it with ``legal_actions`` and ``apply``."""

    def __init__(self, compiled: Compiled, seed: int) -> None:
        self.compiled = compiled
        self.config = compiled.config
        self.seed = int(seed)
        self.tables = compiled.tables
        self.state = np.zeros(L.STATE_SIZE, np.int64)
        self.history: list[int] = []
        self._buf = np.zeros(L.MAX_LEGAL, np.int64)
        w0, w1 = seed_words(self.seed)
        K.init(self.state, self.tables, self.config.players, compiled.setup, w0, w1)
        self._n = int(K.step(self.state, self.tables, -1, self._buf))

    def current_player(self) -> int:
        """The seat that decides now, -1 once the game is over."""
        return -1 if self.is_terminal() else int(self.state[L.H_ACTOR])

    def legal_actions(self) -> list[int]:
        return [int(a) for a in self._buf[: self._n]]

    def apply(self, action: int) -> None:
        """Apply a legal action (IllegalActionError otherwise)."""
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)) or action not in self.legal_actions():
            legal = ", ".join(f"{a} ({O.action_to_string(a)})" for a in self.legal_actions()) or "none (over)"
            raise IllegalActionError(f"action {action!r} is not legal now; legal: {legal}")
        self.history.append(int(action))
        self._n = int(K.step(self.state, self.tables, int(action), self._buf))

    def is_terminal(self) -> bool:
        return bool(self.state[L.H_OVER])

    def returns(self) -> list[float]:
        """Each seat's return in chips (OpenSpiel's Returns: 0 before the end)."""
        s, n = self.state, self.config.players
        if not self.is_terminal():
            return [0.0] * n
        return [(int(s[L.S_PAYOUT + p]) - int(s[L.S_CONTRIB + p]) * L.CHIP_UNITS) / L.CHIP_UNITS for p in range(n)]

    def clone(self) -> LeducGame:
        other = object.__new__(LeducGame)
        other.__dict__.update(self.__dict__)
        other.state, other.history, other._buf = self.state.copy(), list(self.history), self._buf.copy()
        return other

    def action_to_string(self, action: int) -> str:
        return O.action_to_string(action)

    def observation_tensor(self, seat: int) -> np.ndarray:
        return O.observation_tensor(self.state, self.tables, seat)

    def information_state_tensor(self, seat: int) -> np.ndarray:
        return O.information_state_tensor(self.state, self.tables, seat)

    def observation_string(self, seat: int) -> str:
        return O.observation_string(self.state, self.tables, seat)

    def information_state_string(self, seat: int) -> str:
        return O.information_state_string(self.state, self.tables, seat)

    def determinize(self, seat: int, seed: int) -> LeducGame:
        """A copy with what ``seat`` cannot see dealt again (kernels.determinize)."""
        other = self.clone()
        rng = np.array(seed_words(seed), np.int64)
        K.determinize(other.state, self.tables, seat, rng)
        return other

    def check_invariants(self) -> int:
        """0 when the invariants hold, else a kernels.CHK_* code."""
        return int(K.check(self.state, self.tables))


def new_game(config: LeducConfig | None = None, seed: int = 0) -> LeducGame:
    """A new game of ``config`` (two players by default) dealt from ``seed``."""
    return LeducGame(compile_config(config or LeducConfig()), seed)
