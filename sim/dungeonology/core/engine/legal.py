"""Legal actions of the decision now open (the OpenSpiel-style action space of
``sim.dungeonology.layout``; documented in docs/ACTIONS.md). Each phase's actions are
written by the package whose manifest handles the phase (``sim.dungeonology.core.engine.registry``;
the dispatch is generated: ``dispatch_phases``); a module may add actions to every
decision (``dispatch_engine.decision_actions``: the Research Cards' Quest claims)."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.engine.dispatch_engine import decision_actions
from sim.dungeonology.core.engine.dispatch_phases import phase_actions
from sim.kit.jit import inline_kernel


@inline_kernel
def legal_actions(s, t, out):
    """Fill `out` with the legal actions; return how many (0 when over)."""
    if s[L.S_OVER] == 1:
        return 0
    ph = s[L.S_PHASE]
    me = s[L.S_ACTOR]
    n = phase_actions(s, t, ph, me, out)
    return decision_actions(s, t, ph, me, out, n)
