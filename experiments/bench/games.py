"""The speed of any game in the game loop (agents.batch): random play (the fuzz's random games, one
generator for every seat, no invariant checks) and play by the game's default agent (its bundle's
``default_agent``), warm (after an untimed batch that compiles or loads the cache), on one core."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agents.batch import play_batch, play_random
from agents.spec import parse_spec
from experiments.checks.fuzz import game_seed
from sim.kit.bundle import game_of

WARM_UP = 20  # games of the untimed batch


class PerSecond:
    """Games and decisions per second of a timed batch (a dataclass with ``games``, ``decisions`` and
    ``seconds`` derives from it)."""

    games: int
    decisions: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds


@dataclass
class Throughput(PerSecond):
    """Games and decisions per second of one agent at one player count."""

    players: int
    agent: str  # "random", or the agent's spec
    games: int
    decisions: int
    seconds: float


def throughput(compiled: Any, games: int, agent: str | None = None) -> Throughput:
    """Warm games/s and decisions/s of random play (``agent`` None) or of ``agent`` at every seat."""
    seeds = [game_seed(0, i) for i in range(games)]
    if agent is None:
        play_random(compiled, seeds[: min(WARM_UP, games)], False)
        t0 = time.perf_counter()
        decisions = int(play_random(compiled, seeds, False)[0].sum())
    else:
        slots = [parse_spec(agent, game_of(compiled).name)]
        play_batch(compiled, seeds[: min(WARM_UP, games)], slots)
        t0 = time.perf_counter()
        decisions = int(_decisions(compiled, play_batch(compiled, seeds, slots)[1]).sum())
    return Throughput(compiled.config.players, agent or "random", games, decisions, time.perf_counter() - t0)


def _decisions(compiled: Any, games: Any) -> Any:
    """The decisions column of the game rows (the results' ``GAME_FIELDS``)."""
    from experiments.runs.schema import results_of

    return games[:, results_of(game_of(compiled).name).GAME_FIELDS.index("decisions")]


def run_games_bench(configs: Sequence[Any], games: int) -> list[Throughput]:
    """Random play and the game's default agent at every seat, for each configuration (one per player count)."""
    out = []
    for config in configs:
        game = game_of(config)
        compiled = game.compile_config(config)
        out += [throughput(compiled, games), throughput(compiled, games, game.default_agent)]
    return out
