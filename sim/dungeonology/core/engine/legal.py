"""Legal actions of the decision now open (the OpenSpiel-style action space of
``sim.dungeonology.layout``; documented in docs/ACTIONS.md). Each phase's actions are
written by the package that registers the phase (``sim.dungeonology.core.engine.registry``;
the dispatch is generated: ``dispatch_phases``). With the Research Cards rule
the current player's decisions also list her Quest claims (``claim_actions``)."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.engine.dispatch_phases import phase_actions
from sim.dungeonology.core.rules.research.research import claim_actions
from sim.kit.jit import inline_kernel


@inline_kernel
def legal_actions(s, t, out):
    """Fill `out` with the legal actions; return how many (0 when over)."""
    if s[L.S_OVER] == 1:
        return 0
    ph = s[L.S_PHASE]
    me = s[L.S_ACTOR]
    n = phase_actions(s, t, ph, me, out)
    if (t[L.T_RULES] & L.RULE_RESEARCH) != 0:
        n = claim_actions(s, t, ph, me, out, n)  # Research Cards: "at any time during their turn"
    return n
