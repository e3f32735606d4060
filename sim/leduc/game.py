"""One Leduc game in Python: the state array, its tables and the actions taken (over sim.leduc.kernels)."""

from __future__ import annotations

import numpy as np

from sim.kit.game import Game, check_seed
from sim.kit.rng import seed_words
from sim.leduc import kernels as K
from sim.leduc import layout as L
from sim.leduc import observation as O
from sim.leduc.config import Compiled, LeducConfig, compile_config


class LeducGame(Game):
    """A game of Leduc poker: play it with ``legal_actions`` and ``apply``."""

    KERNELS = K

    def __init__(self, compiled: Compiled, seed: int) -> None:
        state = np.zeros(L.STATE_SIZE, np.int64)
        w0, w1 = seed_words(check_seed(seed))
        K.init(state, compiled.tables, compiled.config.players, compiled.setup, w0, w1)
        super().__init__(compiled, int(seed), state)

    def returns(self) -> list[float]:
        """Each seat's return in chips (OpenSpiel's Returns: 0 before the end)."""
        s, n = self.state, self.config.players
        if not self.is_terminal():
            return [0.0] * n
        return [(int(s[L.S_PAYOUT + p]) - int(s[L.S_CONTRIB + p]) * L.CHIP_UNITS) / L.CHIP_UNITS for p in range(n)]

    def action_to_string(self, action: int) -> str:
        return O.action_to_string(action)

    def observation_tensor(self, seat: int) -> np.ndarray:
        return O.observation_tensor(self.state, self.tables, self._seat(seat))

    def information_state_tensor(self, seat: int) -> np.ndarray:
        return O.information_state_tensor(self.state, self.tables, self._seat(seat))

    def observation_string(self, seat: int) -> str:
        return O.observation_string(self.state, self.tables, self._seat(seat))

    def information_state_string(self, seat: int) -> str:
        return O.information_state_string(self.state, self.tables, self._seat(seat))

    def check_invariants(self) -> int:
        """0 when the invariants hold, else a kernels.CHK_* code."""
        return int(K.check(self.state, self.tables))


def new_game(config: LeducConfig | None = None, seed: int = 0) -> LeducGame:
    """A new game of ``config`` (two players by default) dealt from ``seed``."""
    return LeducGame(compile_config(config or LeducConfig()), seed)
