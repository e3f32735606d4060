"""The ISMCTS agent of every game (``search``: the search, a template bound to each game's kernels).

Parameters: iterations, c (UCB constant), depth (rollout cut-off in decisions, 0 = play to the end),
time_ms (a per-decision budget in milliseconds that replaces iterations when > 0), rollout (the persona
of the game's rollout policy, a row of its ``ROLLOUT_PARAMS``; an index past them plays at random: for
Dungeonology 0 default heuristic, 1 cautious, 2 greedy, 3 spy, 4 saboteur, 5 random).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from agents.registry import AgentKind, register
from sim.kit.bundle import GameBundle, get_game
from sim.kit.instantiate import instantiate

ROLLOUT_PERSONAS = 6  # the rollout index's range: 0..5


@lru_cache(maxsize=8)
def _search_of(name: str) -> Callable:
    return instantiate("agents.ismcts.search", get_game(name).bindings(), tag=name).act


def _search(game: GameBundle) -> Callable:
    """The search's act bound to ``game`` (compiled once per game)."""
    return _search_of(game.name)


register(AgentKind(
    "ismcts", None, "information-set Monte Carlo tree search with heuristic rollouts",
    params={"iterations": 300.0, "c": 0.7, "depth": 40.0, "time_ms": 0.0, "rollout": 0.0},
    ranges={"iterations": (1, 1_000_000), "c": (0.0, 10.0), "depth": (0, 100_000), "time_ms": (0, 600_000),
            "rollout": (0, ROLLOUT_PERSONAS - 1)},
    integer_params=("iterations", "depth", "rollout"),
    build=_search,
))
