"""The Python interface for agents: any object with ``act(game) -> action``
can sit at a seat (slower than the numba path, fine for experiments).

``NumbaAgent`` runs a registered numba agent on a ``sim.Game``, so both paths
play the same agents; ``play_game`` plays one game with Python agents.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from agents.registry import kinds
from agents.spec import AgentSpec, parse_spec
from sim.config import GameConfig
from sim.core.engine.rng import seed_words
from sim.game import Game, new_game


class Agent(Protocol):
    def act(self, game: Game) -> int: ...


class NumbaAgent:
    """A registered numba agent used from Python."""

    def __init__(self, spec: AgentSpec | str, seed: int = 0) -> None:
        self.spec = parse_spec(spec) if isinstance(spec, str) else spec
        self._act = kinds()[self.spec.kind].act
        self._params = self.spec.vector()
        w0, w1 = seed_words(seed)
        self._rng = np.array([w0, w1], dtype=np.int64)

    def act(self, game: Game) -> int:
        return int(self._act(game.state, game.tables, game._buf, game._n, self._params, self._rng))


def play_game(config: GameConfig, seed: int, agents: Sequence[Agent]) -> Game:
    """Play one game, asking the agent of the seat that decides at each step."""
    g = new_game(config, seed)
    while not g.is_terminal():
        g.apply(agents[g.current_player()].act(g))
    return g
