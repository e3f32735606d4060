"""What the adapters (PettingZoo, Gymnasium, OpenSpiel) need to know about Dungeonology.

Returns: 1 for every seat ranked first (Game Scoring: tied seats all win), 0 for the others.
The tensors are sim/dungeonology/observation.py's (docs/OBSERVATION.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.config import Compiled, GameConfig
from sim.dungeonology.modules import base_rules
from sim.dungeonology.observation import HIDDEN, INFO_SIZE, OBS_SIZE, OBS_STATE, PANIC_HIDDEN

SHORT_NAME = "python_dungeonology"  # OpenSpiel's name of the game
ENV_NAME = "dungeonology_v0"  # PettingZoo's
GYM_ID = "Dungeonology-v0"  # Gymnasium's
LONG_NAME = "Dungeonology: The Expedition"
PARAMS = {"players": 4, "modules": "", "alert": "medium", "level": "students", "seed": 0}  # OpenSpiel's
ZERO_SUM = False


def config(config: GameConfig | None = None, *, players: int = 4, modules: str | Sequence[str] = "",
           **settings: Any) -> GameConfig:
    """``config`` itself, or a GameConfig from plain settings: ``modules`` is a comma-separated
    text (``"all"``: the four advanced rules, as ``--modules all``) or a list of module names."""
    if config is not None:
        return config
    if isinstance(modules, str):
        words = [w.strip() for w in modules.split(",") if w.strip() and w.strip() != "none"]
        modules = base_rules() if words == ["all"] else tuple(words)
    return GameConfig(players=players, modules=tuple(modules), **settings)


def config_from_params(params: dict[str, Any]) -> GameConfig:
    """The configuration of OpenSpiel's game parameters (PARAMS)."""
    return config(players=int(params["players"]), modules=str(params["modules"]), alert=str(params["alert"]),
                  player_level=str(params["level"]))


def utility_range(compiled: Compiled) -> tuple[float, float]:
    return 0.0, 1.0


def observation_size(compiled: Compiled) -> int:
    return OBS_SIZE


def information_state_size(compiled: Compiled) -> int:
    return INFO_SIZE


def observation_bounds(compiled: Compiled) -> tuple[np.ndarray, np.ndarray]:
    """Lowest and highest value of every observation entry: the state part's are the state's
    field ranges (sim.dungeonology.state_bounds, what a record's state is checked against) widened by the
    masks' values (-1 hidden, -2 the face-down Panic Card); the header's are 0 and a count."""
    from sim.dungeonology.state_bounds import COUNT, field_ranges

    lo, hi = np.zeros(OBS_SIZE, np.float32), np.full(OBS_SIZE, COUNT, np.float32)
    slo, shi, _ = field_ranges()
    lo[:OBS_STATE], hi[:OBS_STATE] = slo, shi
    for off, size, value in ((L.S_JLOC, L.MAX_JINX, HIDDEN), (L.S_JOWNER, L.MAX_JINX, HIDDEN),
                             (L.S_CLAN, 1, HIDDEN), (L.S_PANIC, 1, PANIC_HIDDEN)):
        lo[off:off + size] = np.minimum(lo[off:off + size], value)
    lo[:OBS_STATE] = np.minimum(lo[:OBS_STATE], 0)  # masked sections hold 0
    hi[:OBS_STATE] = np.maximum(hi[:OBS_STATE], 1)  # a Trap Token's presence
    return lo, hi


def describe(game: Any) -> str:
    """One line: the turn, the seat and phase that decide and their legal actions, or the winner."""
    if game.is_terminal():
        return f"game over: winner seat {game.result()['winner']}"
    legal = "; ".join(game.action_to_string(a) for a in game.legal_actions())
    return f"turn {game.result()['turns']} seat {game.current_player()} ({game.phase()}): {legal}"


def returns(game: Any) -> list[float]:
    """1.0 for every seat ranked first (Game Scoring: tied seats all win), 0.0 for the others."""
    return [1.0 if s["winner"] else 0.0 for s in game.result()["seats"]]
