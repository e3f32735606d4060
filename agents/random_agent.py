"""The random agent: a uniformly random legal action; and :class:`RandomAgent`, the same agent
from Python, as the engine's random batch plays it."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from agents.registry import AgentKind, register
from sim.dungeonology import layout as L
from sim.dungeonology.core.engine.play import seed_agent
from sim.kit.jit import kernel
from sim.kit.rng import randint, seed_words


@kernel
def act(s, t, buf, n, params, rng):
    return buf[randint(rng, n)]


register(AgentKind("random", act, "uniformly random legal action"))


class RandomAgent:
    """The batch's random agent, from Python: for the same seed it makes the
    same draws, so it chooses exactly what ``sim.dungeonology.core.engine.play.random_games`` chooses."""

    def __init__(self, seed: int) -> None:
        self.rng = np.zeros(L.STATE_SIZE, np.int64)
        w0, w1 = seed_words(seed)
        seed_agent(self.rng, w0, w1)

    def choose(self, legal: Sequence[int]) -> int:
        return int(legal[int(randint(self.rng, len(legal)))])
