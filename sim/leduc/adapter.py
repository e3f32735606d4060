"""What the adapters (PettingZoo, Gymnasium, OpenSpiel) need to know about Leduc poker.

Returns: each seat's chips won or lost (zero-sum), as OpenSpiel's ``leduc_poker``. The tensors are
sim/leduc/observation.py's, sized by the seats and the deck (OpenSpiel's layout).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sim.leduc import layout as L
from sim.leduc.config import Compiled, LeducConfig
from sim.leduc.observation import information_state_tensor, observation_tensor

SHORT_NAME = "python_leduc"
ENV_NAME = "leduc_v0"
GYM_ID = "Leduc-v0"
LONG_NAME = "Leduc poker"
PARAMS = {"players": 2, "seed": 0}
ZERO_SUM = True


def config(config: LeducConfig | None = None, *, players: int = 2, **settings: Any) -> LeducConfig:
    """``config`` itself, or a LeducConfig from plain settings (``players``, ``data``, ``overrides``)."""
    return config if config is not None else LeducConfig(players=players, **settings)


def config_from_params(params: dict[str, Any]) -> LeducConfig:
    return config(players=int(params["players"]))


def _most_in(compiled: Compiled) -> int:
    t = compiled.tables
    return int(t[L.T_ANTE] + sum(t[L.T_RAISE + r] * t[L.T_MAX_RAISES] for r in range(L.ROUNDS)))


def utility_range(compiled: Compiled) -> tuple[float, float]:
    """The most a seat can lose (everything it can put in) and win (that from every other seat)."""
    most = _most_in(compiled)
    return -float(most), float(most * (compiled.config.players - 1))


def _sample(compiled: Compiled) -> tuple[np.ndarray, np.ndarray]:
    from sim.leduc.game import LeducGame

    g = LeducGame(compiled, 0)
    return observation_tensor(g.state, g.tables, 0), information_state_tensor(g.state, g.tables, 0)


def observation_size(compiled: Compiled) -> int:
    return len(_sample(compiled)[0])


def information_state_size(compiled: Compiled) -> int:
    return len(_sample(compiled)[1])


def observation_bounds(compiled: Compiled) -> tuple[np.ndarray, np.ndarray]:
    """One-hot entries in [0, 1], then each seat's chips in the pot up to the most it can put in."""
    n = compiled.config.players
    size = observation_size(compiled)
    lo, hi = np.zeros(size, np.float32), np.ones(size, np.float32)
    hi[size - n:] = _most_in(compiled)
    return lo, hi


def describe(game: Any) -> str:
    if game.is_terminal():
        return f"game over: returns {game.returns()}"
    legal = "; ".join(game.action_to_string(a) for a in game.legal_actions())
    return f"round {int(game.state[L.H_ROUND])} seat {game.current_player()}: {legal}"


def returns(game: Any) -> list[float]:
    """Each seat's chips won or lost (0 before the end)."""
    return game.returns()
