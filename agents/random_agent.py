"""The random agent of every game: a uniformly random legal action; and :class:`RandomAgent`, the
fuzz's random agent from Python (one generator for every seat, as ``agents.batch.play_random`` plays)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from agents.contract import SEAT_WORDS
from agents.loop import seed_agent
from agents.registry import AgentKind, register
from sim.kit.jit import kernel
from sim.kit.rng import randint, seed_words


@kernel
def act(s, t, buf, n, params, rng):
    return buf[randint(rng, n)]


register(AgentKind("random", act, "uniformly random legal action"))


class RandomAgent:
    """The fuzz's random agent, from Python: for the same seed it makes the same draws, so it chooses
    exactly what the fuzz's random games (``agents.batch.play_random``) choose."""

    def __init__(self, seed: int) -> None:
        self.rng = np.zeros(SEAT_WORDS, np.int64)
        w0, w1 = seed_words(seed)
        seed_agent(self.rng, w0, w1)

    def choose(self, legal: Sequence[int]) -> int:
        return int(legal[int(randint(self.rng, len(legal)))])
