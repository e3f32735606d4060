"""The random agent: a uniformly random legal action."""

from __future__ import annotations

from agents.registry import AgentKind, register
from sim.core.engine.jit import kernel
from sim.core.engine.rng import randint


@kernel
def act(s, t, buf, n, params, rng):
    return buf[randint(rng, n)]


register(AgentKind("random", act, "uniformly random legal action"))
