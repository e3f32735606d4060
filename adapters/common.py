"""What the three adapters share: a configuration from plain settings, the
observation spaces' shapes and a seat's masked observation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.config import GameConfig
from sim.dungeonology.game import Game
from sim.dungeonology.modules import base_rules
from sim.dungeonology.observation import HIDDEN, OBS_SIZE, OBS_STATE, PANIC_HIDDEN

NUM_ACTIONS = L.NUM_ACTIONS


def game_config(config: GameConfig | None = None, *, players: int = 4, modules: str | Sequence[str] = "",
                **settings: Any) -> GameConfig:
    """``config`` itself, or a GameConfig from plain settings: ``modules`` is a comma-separated
    text (``"all"``: the four advanced rules, as ``--modules all``) or a list of module names."""
    if config is not None:
        return config
    if isinstance(modules, str):
        words = [w.strip() for w in modules.split(",") if w.strip() and w.strip() != "none"]
        modules = base_rules() if words == ["all"] else tuple(words)
    return GameConfig(players=players, modules=tuple(modules), **settings)


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def masked_observation(game: Game, seat: int) -> dict[str, np.ndarray]:
    """``{"observation": float32[OBS_SIZE], "action_mask": int8[NUM_ACTIONS]}``; the mask is
    the legal actions when `seat` decides now, else all zero."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    if game.current_player() == seat:
        mask[game.legal_actions()] = 1
    return {"observation": game.observation_tensor(seat), "action_mask": mask}


def observation_bounds() -> tuple[np.ndarray, np.ndarray]:
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


def dict_space() -> Any:
    """The Gymnasium space of :func:`masked_observation`."""
    from gymnasium import spaces

    lo, hi = observation_bounds()
    return spaces.Dict({
        "observation": spaces.Box(lo, hi, shape=(OBS_SIZE,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(NUM_ACTIONS,), dtype=np.int8),
    })


def seed_from(rng: np.random.Generator) -> int:
    """A game seed drawn from a Gymnasium / PettingZoo generator."""
    return int(rng.integers(0, 2**63 - 1))


def seat_returns(game: Game) -> list[float]:
    """1.0 for every seat ranked first (Game Scoring: tied seats all win), 0.0 for the others."""
    return [1.0 if s["winner"] else 0.0 for s in game.result()["seats"]]


def ansi_text(game: Game | None, render_mode: str | None) -> str | None:
    """The ``render()`` of the environments in ``"ansi"`` mode: the turn, the seat and phase that decide
    and their legal actions, or the winner (None in other modes or before ``reset``)."""
    if render_mode != "ansi" or game is None:
        return None
    if game.is_terminal():
        return f"game over: winner seat {game.result()['winner']}"
    legal = "; ".join(game.action_to_string(a) for a in game.legal_actions())
    return f"turn {game.result()['turns']} seat {game.current_player()} ({game.phase()}): {legal}"
