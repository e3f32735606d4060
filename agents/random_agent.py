"""The random agent: a uniformly random legal action."""

from __future__ import annotations

from agents.registry import AgentKind, register
from sim.kit.jit import kernel
from sim.kit.rng import randint


@kernel
def act(s, t, buf, n, params, rng):
    return buf[randint(rng, n)]


register(AgentKind("random", act, "uniformly random legal action"))
