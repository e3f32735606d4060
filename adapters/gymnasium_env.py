"""A single-agent Gymnasium environment of any game bundle: one seat is the learner, the other seats
are played by named agents (numba specs such as ``heuristic`` or ``ismcts:iterations=100``, or Python
agents ``module:attr``).

Observation: ``{"observation": float32[...], "action_mask": int8[NUM_ACTIONS]}`` of the learner's seat
(for Dungeonology docs/OBSERVATION.md); action: an action number (docs/ACTIONS.md). The reward comes
at the end: the game adapter's return of the learner's seat (Dungeonology: 1 when the learner wins,
ranks first, 0 otherwise; Leduc: chips). An action the mask does not allow ends the episode with
``illegal_reward`` (default -1) and ``info["illegal_action"]``. Passes
``gymnasium.utils.env_checker.check_env`` (tests/test_adapters.py).

    >>> from adapters.gymnasium_env import DungeonologyEnv, GameEnv
    >>> e = DungeonologyEnv(players=4, seat=0, opponents=["heuristic", "random", "random"])
    >>> leduc = GameEnv(game="leduc", players=2, opponents=["ismcts"])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from adapters.common import adapter_of, ansi_text, dict_space, game_config, masked_observation, seed_from
from agents.python_agents import decide, seat_agent
from agents.spec import parse_spec
from sim.kit.errors import ConfigError


class GameEnv(gym.Env):
    """One seat of a game; the others play by themselves between the learner's decisions."""

    GAME: ClassVar[str | None] = None  # the bundle (None: the ``game`` argument, default dungeonology)
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"]}

    def __init__(self, config: Any = None, seat: int = 0, opponents: Sequence[str] = ("random",),
                 illegal_reward: float = -1.0, render_mode: str | None = None, game: str | None = None,
                 **settings: Any) -> None:
        self.bundle, self.adapter = adapter_of(self.GAME or game)
        self.config = game_config(config, game=self.bundle.name, **settings)
        compiled = self.bundle.part("compile")(self.config)
        players = self.config.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ConfigError(f"the learner's seat is 0..{players - 1}", key="seat", value=seat)
        specs = [parse_spec(s, self.bundle.name) for s in opponents]
        if not specs:
            raise ConfigError("name at least one opponent agent", key="opponents")
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, (int, float)) \
                or not math.isfinite(illegal_reward):
            raise ConfigError("illegal_reward is a finite number", key="illegal_reward", value=illegal_reward)
        self.seat = seat
        self.opponents = {p: specs[i % len(specs)] for i, p in enumerate(q for q in range(players) if q != seat)}
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        kernels = self.bundle.kernels_module()
        self._num_actions, self._maxp = kernels.NUM_ACTIONS, kernels.MAXP
        self.observation_space = dict_space(self.adapter, compiled, self._num_actions)
        self.action_space = spaces.Discrete(self._num_actions)
        self._new_game = self.bundle.part("new_game")
        self._observe = self.bundle.part("observe")
        self.game: Any = None
        self._agents: dict[int, Any] = {}

    def _play_others(self) -> None:
        g = self.game
        while not g.is_terminal() and g.current_player() != self.seat:
            g.apply(decide(self._agents[g.current_player()], g, self._observe))

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else seed_from(self.np_random)
        self.game = self._new_game(self.config, game_seed)
        self._agents = {p: seat_agent(spec, p, game_seed * self._maxp + p, self.bundle.name)
                        for p, spec in self.opponents.items()}
        self._play_others()
        return masked_observation(self.game, self.seat), {}

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        g = self.game
        if g is None or g.is_terminal():
            raise gym.error.ResetNeeded("the episode is over: call reset() before step()")
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)) \
                or not (0 <= action < self._num_actions and int(action) in g.legal_actions()):
            return masked_observation(g, self.seat), self.illegal_reward, True, False, {"illegal_action": action}
        g.apply(int(action))
        self._play_others()
        over = g.is_terminal()
        reward = self.adapter.returns(g)[self.seat] if over else 0.0
        return masked_observation(g, self.seat), reward, over, False, {}

    def render(self) -> str | None:
        return ansi_text(self.adapter, self.game, self.render_mode)


class DungeonologyEnv(GameEnv):
    """One seat of Dungeonology (keyword arguments: those of GameEnv and of GameConfig)."""

    GAME = "dungeonology"


def make(game: str | None = None, **kwargs: Any) -> GameEnv:
    """The environment of ``game`` (default dungeonology; keyword arguments: those of GameEnv and of the
    game's configuration)."""
    return DungeonologyEnv(**kwargs) if game in (None, "dungeonology") else GameEnv(game=game, **kwargs)


def register() -> None:
    """Register ``Dungeonology-v0`` and ``Leduc-v0`` with Gymnasium (``gym.make("Dungeonology-v0", players=3)``)."""
    if "Dungeonology-v0" not in gym.registry:
        gym.register("Dungeonology-v0", entry_point="adapters.gymnasium_env:DungeonologyEnv")
    if "Leduc-v0" not in gym.registry:
        gym.register("Leduc-v0", entry_point="adapters.gymnasium_env:GameEnv", kwargs={"game": "leduc"})
