"""The worked numba agent of docs/AGENTS.md: an agent in one module and one registration line."""

from numba import njit

from agents.registry import AgentKind, register
from sim.dungeonology import layout as L


@njit(cache=True)
def act(s, t, buf, n, params, rng):
    """Study whenever it is legal; otherwise the first legal action."""
    for i in range(n):
        if buf[i] == L.A_STUDY:
            return buf[i]
    return buf[0]


register(AgentKind("study-first", act, "studies whenever it can, else the first legal action"))
