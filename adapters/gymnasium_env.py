"""A single-agent Gymnasium environment: one seat is the learner, the other
seats are played by named agents (numba specs such as ``heuristic`` or
``ismcts:iterations=100``, or Python agents ``module:attr``).

Observation: ``{"observation": float32[OBS_SIZE], "action_mask":
int8[NUM_ACTIONS]}`` of the learner's seat (docs/OBSERVATION.md); action: an
action number (docs/ACTIONS.md). The reward is 1 when the learner wins (ranks
first) and 0 otherwise, at the end. An action the mask does not allow ends the
episode with ``illegal_reward`` (default -1) and ``info["illegal_action"]``.
Passes ``gymnasium.utils.env_checker.check_env`` (tests/test_adapters.py).

    >>> from adapters.gymnasium_env import DungeonologyEnv
    >>> e = DungeonologyEnv(players=4, seat=0, opponents=["heuristic", "random", "random"])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
from gymnasium import spaces

from adapters.common import (
    NUM_ACTIONS,
    ansi_text,
    dict_space,
    game_config,
    masked_observation,
    seat_returns,
    seed_from,
)
from agents.python_agents import NumbaAgent, load_agent, observe, takes_observation
from agents.spec import PYTHON_KIND, parse_spec
from sim.dungeonology import layout as L
from sim.dungeonology.config import GameConfig
from sim.dungeonology.game import Game, new_game
from sim.kit.errors import ConfigError


class DungeonologyEnv(gym.Env):
    """One seat of the game; the others play by themselves between the learner's decisions."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, config: GameConfig | None = None, seat: int = 0, opponents: Sequence[str] = ("random",),
                 illegal_reward: float = -1.0, render_mode: str | None = None, **settings: Any) -> None:
        self.config = game_config(config, **settings)
        players = self.config.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ConfigError(f"the learner's seat is 0..{players - 1}", key="seat", value=seat)
        specs = [parse_spec(s) for s in opponents]
        if not specs:
            raise ConfigError("name at least one opponent agent", key="opponents")
        self.seat = seat
        self.opponents = {p: specs[i % len(specs)] for i, p in enumerate(q for q in range(players) if q != seat)}
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = dict_space()
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.game: Game | None = None
        self._agents: dict[int, Any] = {}

    def _play_others(self) -> None:
        g = self.game
        while not g.is_terminal() and g.current_player() != self.seat:
            agent = self._agents[g.current_player()]
            if takes_observation(agent):
                obs, mask = observe(g.state, g.tables, g.names, g.config.to_dict(), g.current_player(), g._buf, g._n)
                g.apply(agent.act(obs, mask))
            else:
                g.apply(agent.act(g))

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else seed_from(self.np_random)
        self.game = new_game(self.config, game_seed)
        self._agents = {}
        for p, spec in self.opponents.items():
            if spec.kind == PYTHON_KIND:
                agent = load_agent(spec.text)
                if hasattr(agent, "reset"):
                    agent.reset(p, game_seed * L.MAXP + p)
            else:
                agent = NumbaAgent(spec, game_seed * L.MAXP + p)
            self._agents[p] = agent
        self._play_others()
        return masked_observation(self.game, self.seat), {}

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        g = self.game
        a = int(action)
        if not (0 <= a < NUM_ACTIONS and a in g.legal_actions()):
            return masked_observation(g, self.seat), self.illegal_reward, True, False, {"illegal_action": a}
        g.apply(a)
        self._play_others()
        over = g.is_terminal()
        reward = seat_returns(g)[self.seat] if over else 0.0
        return masked_observation(g, self.seat), reward, over, False, {}

    def render(self) -> str | None:
        return ansi_text(self.game, self.render_mode)


def make(**kwargs: Any) -> DungeonologyEnv:
    """The environment (keyword arguments: those of DungeonologyEnv and of GameConfig)."""
    return DungeonologyEnv(**kwargs)


def register() -> None:
    """Register ``Dungeonology-v0`` with Gymnasium (``gym.make("Dungeonology-v0", players=3)``)."""
    if "Dungeonology-v0" not in gym.registry:
        gym.register("Dungeonology-v0", entry_point="adapters.gymnasium_env:DungeonologyEnv")


