"""A PettingZoo AEC environment of any game bundle: every seat an agent (``player_0`` ...).

Observation of an agent: ``{"observation": float32[...], "action_mask": int8[NUM_ACTIONS]}`` (its
seat's tensor, for Dungeonology docs/OBSERVATION.md; the mask is set only while that agent decides).
Actions are the engine's action numbers (docs/ACTIONS.md). Rewards come at the end: the game
adapter's returns (Dungeonology: 1 for the winner, every seat tied for first, 0 for the others;
Leduc: chips). ``reset(seed=s)`` plays the game of seed ``s`` (the bundle's ``new_game(config, s)``),
so the same seed gives the same game. Passes ``pettingzoo.test.api_test`` and ``seed_test``
(tests/test_adapters.py).

    >>> from adapters.pettingzoo_env import env
    >>> e = env(players=3, modules="all")
    >>> leduc = env(game="leduc", players=2)
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from adapters.common import adapter_of, agent_name, ansi_text, dict_space, game_config, masked_observation, seed_from
from sim.kit.errors import IllegalActionError


class GameAEC(AECEnv):
    """A game as an Agent Environment Cycle: the agent that decides steps next."""

    GAME: ClassVar[str | None] = None  # the bundle (None: the ``game`` argument, default dungeonology)
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, config: Any = None, render_mode: str | None = None, max_decisions: int | None = None,
                 game: str | None = None, **settings: Any) -> None:
        super().__init__()
        self.bundle, self.adapter = adapter_of(self.GAME or game)
        self.metadata = {**type(self).metadata, "name": self.adapter.ENV_NAME}
        self.config = game_config(config, game=self.bundle.name, **settings)
        compiled = self.bundle.part("compile")(self.config)  # a bad setting fails here, with its ConfigError
        self._new_game = self.bundle.part("new_game")
        self.render_mode = render_mode
        self.max_decisions = max_decisions
        self.possible_agents = [agent_name(p) for p in range(self.config.players)]
        num_actions = self.bundle.kernels_module().NUM_ACTIONS
        self._obs_space = dict_space(self.adapter, compiled, num_actions)
        self._act_space = spaces.Discrete(num_actions)
        self._np_random, _ = seeding.np_random(None)
        self.game = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        self.game = self._new_game(self.config, seed if seed is not None else seed_from(self._np_random))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = agent_name(self.game.current_player())

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return masked_observation(self.game, self.possible_agents.index(agent))

    def step(self, action: int | None) -> None:
        if self.game is None or not self.agents:
            raise IllegalActionError("no game going on (not started, or every agent done): call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(action)  # IllegalActionError for an action the mask does not allow, or not an integer
        if self.game.is_terminal():
            for a, r in zip(self.agents, self.adapter.returns(self.game), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            if self.max_decisions is not None and len(self.game.history) >= self.max_decisions:
                self.truncations = {a: True for a in self.agents}
            else:
                self.agent_selection = agent_name(self.game.current_player())
        self._accumulate_rewards()

    def render(self) -> str | None:
        return ansi_text(self.adapter, self.game, self.render_mode)

    def close(self) -> None:
        self.game = None


class DungeonologyAEC(GameAEC):
    """Dungeonology as an Agent Environment Cycle (keyword arguments: those of GameConfig)."""

    GAME = "dungeonology"
    metadata: ClassVar[dict[str, Any]] = {**GameAEC.metadata, "name": "dungeonology_v0"}


def env(game: str | None = None, **kwargs: Any) -> GameAEC:
    """The AEC environment of ``game`` (default dungeonology; keyword arguments: those of GameAEC and of
    the game's configuration)."""
    if game is None or game == "dungeonology":
        return DungeonologyAEC(**kwargs)
    return GameAEC(game=game, **kwargs)
