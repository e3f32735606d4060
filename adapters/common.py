"""What the three adapters share, for any game bundle: its configuration from plain settings, the
observation spaces' shapes and a seat's masked observation. A game's own answers come from its
bundle's ``adapter`` module (``sim/dungeonology/adapter.py``, ``sim/leduc/adapter.py``)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np

from sim.kit.bundle import DEFAULT_GAME, GameBundle, get_game


def adapter_of(game: str | None = None) -> tuple[GameBundle, ModuleType]:
    """The bundle of ``game`` (None: the default game) and its adapter module."""
    bundle = get_game(game or DEFAULT_GAME)
    return bundle, bundle.part("adapter")


def game_config(config: Any = None, *, game: str | None = None, **settings: Any) -> Any:
    """``config`` itself, or the configuration of ``game`` from plain settings (for Dungeonology:
    ``players`` and ``modules``, a comma-separated text, ``"all"`` the four advanced rules, or a list)."""
    return adapter_of(game)[1].config(config, **settings)


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def masked_observation(game: Any, seat: int) -> dict[str, np.ndarray]:
    """``{"observation": float32[...], "action_mask": int8[NUM_ACTIONS]}``; the mask is the legal
    actions when `seat` decides now, else all zero."""
    mask = np.zeros(game.KERNELS.NUM_ACTIONS, dtype=np.int8)
    if game.current_player() == seat:
        mask[game.legal_actions()] = 1
    return {"observation": game.observation_tensor(seat), "action_mask": mask}


def dict_space(adapter: ModuleType, compiled: Any, num_actions: int) -> Any:
    """The Gymnasium space of :func:`masked_observation` for a compiled configuration."""
    from gymnasium import spaces

    lo, hi = adapter.observation_bounds(compiled)
    return spaces.Dict({
        "observation": spaces.Box(lo, hi, shape=lo.shape, dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(num_actions,), dtype=np.int8),
    })


def seed_from(rng: np.random.Generator) -> int:
    """A game seed drawn from a Gymnasium / PettingZoo generator."""
    return int(rng.integers(0, 2**63 - 1))


def ansi_text(adapter: ModuleType, game: Any, render_mode: str | None) -> str | None:
    """The ``render()`` of the environments in ``"ansi"`` mode: the game's one line (the adapter's
    ``describe``), None in other modes or before ``reset``."""
    if render_mode != "ansi" or game is None:
        return None
    return adapter.describe(game)
