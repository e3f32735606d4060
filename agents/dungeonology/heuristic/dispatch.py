"""The heuristic's entry point: one handler per decision phase.

``act`` answers a forced choice (one legal action) at once, plays a random
legal action with probability ``noise`` (the exploration parameter), and
otherwise asks the modules' choosers first (a Research claim, a New Scholar's
skill, a Student's effect) and then the handler of the phase
(``sim.dungeonology.layout`` ``PH_*``). The handlers and choosers are declared in
the packages' manifests (``Manifest.heuristic``, ``Manifest.heuristic_first``) and
generated into ``dispatch_phases`` (``python -m sim.dungeonology.core.engine.regenerate``);
``PHASE_HANDLERS`` names the handler of every decision phase
(``tests/test_heuristic.py`` checks it against every ``PH_*`` constant). Every
handler takes ``(s, t, me, buf, n, params, rng)`` and returns a legal action.

No phase is played at random by design. A phase without a handler (one the
engine gained after its manifest) is played at random by ``unknown_phase``,
which counts it in ``params[P_FALLBACKS]``: the tests play heuristic games
under every rule and require that count to stay 0. The count costs nothing
in the decisions that have a handler.
"""

from __future__ import annotations

from agents.dungeonology.heuristic.dispatch_phases import PHASE_HANDLERS, first_choice, phase_decision
from agents.dungeonology.heuristic.params import P_FALLBACKS, P_NOISE, rand01
from sim.dungeonology import layout as L
from sim.kit.jit import kernel
from sim.kit.rng import randint

__all__ = ["PHASE_HANDLERS", "act", "unknown_phase"]


@kernel
def unknown_phase(buf, n, params, rng):
    """A phase without a handler: a random legal action, counted in
    params[P_FALLBACKS] (when the vector has that slot)."""
    if params.shape[0] > P_FALLBACKS:
        params[P_FALLBACKS] += 1.0
    return buf[randint(rng, n)]


@kernel
def act(s, t, buf, n, params, rng):
    """The heuristic's choice among buf[:n]."""
    if n == 1:
        return buf[0]
    if params[P_NOISE] > 0.0 and rand01(rng) < params[P_NOISE]:
        return buf[randint(rng, n)]
    ph = s[L.S_PHASE]
    me = s[L.S_ACTOR]
    a, n = first_choice(s, t, ph, me, buf, n, params, rng)
    if a >= 0:
        return a
    a = phase_decision(s, t, ph, me, buf, n, params, rng)
    if a >= 0:
        return a
    return unknown_phase(buf, n, params, rng)
