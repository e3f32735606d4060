"""Legal actions of the decision now open (the OpenSpiel-style action space of
``sim.layout``; documented in docs/ACTIONS.md). Each phase's actions are
written by the package that registers the phase (``sim.core.engine.registry``;
the dispatch is generated: ``dispatch_phases``)."""

from __future__ import annotations

from sim import layout as L
from sim.core.engine.dispatch_phases import phase_actions
from sim.core.engine.jit import kernel


@kernel
def legal_actions(s, t, out):
    """Fill `out` with the legal actions; return how many (0 when over)."""
    if s[L.S_OVER] == 1:
        return 0
    return phase_actions(s, t, s[L.S_PHASE], s[L.S_ACTOR], out)
