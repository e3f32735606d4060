"""Random play through each adapter, in decisions/s, beside the native Python
API (``dungeonology bench --adapters``).

Each row plays the same seeds with a uniformly random legal action
(``random.Random(seed)``), one core, after one untimed warm-up game:

- ``sim.Game``: ``legal_actions()`` and ``apply()``, nothing else;
- ``sim.Game + observation``: the same plus the deciding seat's observation
  tensor at every decision (what every adapter builds);
- PettingZoo AEC: ``last()`` (observation and mask) and ``step()``;
- Gymnasium: ``step()`` for seat 0, the other seats played by the numba
  ``random`` agent inside ``step`` (their decisions counted too);
- OpenSpiel: ``legal_actions()`` and ``apply_action()`` on the
  ``python_dungeonology`` state, then the same with ``observation_tensor()`` at
  every decision (pyspiel copies the 4,194 floats into a Python list);
- a Python agent in a tournament's loop: ``play_batch`` with
  ``agents.python_agents:UniformRandom`` at every seat (observation, mask, act);
- numba batch: ``play_batch`` with the ``random`` agent (no Python per decision).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from sim.dungeonology.config import GameConfig, compile_config
from sim.dungeonology.game import new_game

PYTHON_RANDOM = "agents.python_agents:UniformRandom"


@dataclass(frozen=True)
class AdapterRow:
    name: str
    games: int
    decisions: int
    seconds: float

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0


def _native(config: GameConfig, seed: int, observe: bool) -> int:
    g, r = new_game(config, seed), random.Random(seed)
    while not g.is_terminal():
        if observe:
            g.observation_tensor(g.current_player())
        g.apply(r.choice(g.legal_actions()))
    return len(g.history)


def _pettingzoo(config: GameConfig, seed: int) -> int:
    from adapters.pettingzoo_env import DungeonologyAEC

    e, r = DungeonologyAEC(config=config), random.Random(seed)
    e.reset(seed=seed)
    for _ in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else r.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return len(e.game.history)


def _gymnasium(config: GameConfig, seed: int) -> int:
    from adapters.gymnasium_env import DungeonologyEnv

    e, r = DungeonologyEnv(config=config, seat=0, opponents=["random"]), random.Random(seed)
    obs, _ = e.reset(seed=seed)
    over = False
    while not over:
        obs, _, over, _, _ = e.step(r.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return len(e.game.history)


def _openspiel(config: GameConfig, seed: int, observe: bool = True) -> int:
    import pyspiel

    import adapters.openspiel_game  # noqa: F401  (registers the game)

    modules = ",".join(config.modules)
    game = pyspiel.load_game("python_dungeonology", {"players": config.players, "modules": modules, "seed": seed})
    state, r, n = game.new_initial_state(), random.Random(seed), 0
    while not state.is_terminal():
        if observe:
            state.observation_tensor(state.current_player())
        state.apply_action(r.choice(state.legal_actions()))
        n += 1
    return n


def _batch(config: GameConfig, seeds: list[int], agent: str = "random") -> int:
    from agents.batch import play_batch
    from agents.spec import parse_spec

    _, games = play_batch(compile_config(config), seeds, [parse_spec(agent)])
    return int(games[:, 5].sum())  # GAME_FIELDS "decisions"


def _timed(name: str, play: Callable[[int], int], seeds: list[int]) -> AdapterRow:
    play(seeds[0] + 10_000)  # warm-up: compile or load caches, import
    start = time.perf_counter()
    decisions = sum(play(s) for s in seeds)
    return AdapterRow(name, len(seeds), decisions, time.perf_counter() - start)


def run_adapter_bench(config: GameConfig, games: int = 20) -> list[AdapterRow]:
    """One row per way of playing (module docstring), the same seeds each."""
    seeds = list(range(games))
    rows = [
        _timed("sim.Game (native Python API)", lambda s: _native(config, s, False), seeds),
        _timed("sim.Game + observation tensor", lambda s: _native(config, s, True), seeds),
        _timed("PettingZoo AEC", lambda s: _pettingzoo(config, s), seeds),
        _timed("Gymnasium (seat 0; others numba random)", lambda s: _gymnasium(config, s), seeds),
        _timed("OpenSpiel, no observation", lambda s: _openspiel(config, s, False), seeds),
        _timed("OpenSpiel + observation_tensor", lambda s: _openspiel(config, s), seeds),
    ]
    for name, agent in (("Python agent in play_batch (UniformRandom)", PYTHON_RANDOM),
                        ("numba batch (play_batch, random)", "random")):
        _batch(config, [10_000], agent)
        start = time.perf_counter()
        decisions = _batch(config, seeds, agent)
        rows.append(AdapterRow(name, games, decisions, time.perf_counter() - start))
    return rows


def lines(rows: list[AdapterRow], config: GameConfig) -> list[str]:
    """The table as text: decisions/s and the ratio to the native Python API."""
    base = rows[0].decisions_per_s
    mods = ", ".join(config.modules) or "basic game"
    out = [f"Random play through each adapter, {config.players} players, {mods} (one core, warm):",
           f"{'way of playing':42} {'games':>6} {'decisions':>10} {'seconds':>8} {'decisions/s':>12} {'x native':>9}"]
    for r in rows:
        out.append(f"{r.name:42} {r.games:6d} {r.decisions:10,d} {r.seconds:8.2f} {r.decisions_per_s:12,.0f} "
                   f"{r.decisions_per_s / base if base else 0:9.2f}")
    return out
