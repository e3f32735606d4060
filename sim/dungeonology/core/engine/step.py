"""Applying one action and resolving the rules until the next decision.

``apply_action`` handles the decision now open (``S_PHASE``); ``step``
applies an action and pops the continuation stack until a player must choose
again, applying on its own every decision that has a single legal action (a
forced choice); ``advance`` is the same without an action. Which package
handles a phase or a continuation is in the packages' manifests
(``sim.dungeonology.core.engine.registry``); the dispatch is generated
(``dispatch_phases``), and so is the hook for an action a module allows at
any decision (``dispatch_engine.decision_action``).

Compile time: these are ``inline_kernel`` (``sim.kit.jit``), copied
into the compiled code that calls them, and so are the phase and continuation
dispatchers they call: each would otherwise be compiled on its own and
optimised by LLVM with all of the rules it reaches. ``step`` has the one call
of each, so a caller that calls ``step`` once (``play.random_games``) holds
one copy of the engine's dispatch.
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.engine import kstack
from sim.dungeonology.core.engine.dispatch_engine import decision_action
from sim.dungeonology.core.engine.dispatch_phases import apply_phase, run_continuation
from sim.dungeonology.core.engine.legal import legal_actions
from sim.kit.jit import inline_kernel
from sim.kit.profile import P_APPLY, P_LEGAL, P_RESOLVE, count, cycles, last_row, set_last


@inline_kernel
def apply_action(s, t, a):
    """Apply a legal action of the open decision (legality checked by callers)."""
    ph = s[L.S_PHASE]
    me = s[L.S_ACTOR]
    s[L.S_PHASE] = L.PH_NONE
    if decision_action(s, t, ph, me, a):
        return  # a module's action at any decision (a Research claim): the decision stays open
    apply_phase(s, t, ph, me, a)


@inline_kernel
def step(s, t, a, buf, prof=None):
    """Apply action `a` (none when `a` < 0) and resolve until a player must choose (or the game is over).

    Returns the number of legal actions now (0 when over); `buf` receives them. With ``prof`` (a
    profile of ``sim.kit.profile``) the cycles of each legal-actions call, action applied and
    continuation resolved are counted by phase.
    """
    while True:
        if a >= 0:
            if prof is not None:
                ph = s[L.S_PHASE]
                c0 = cycles()
            apply_action(s, t, a)
            if prof is not None:
                count(prof, ph, P_APPLY, cycles() - c0)
                set_last(prof, ph)
            a = -1
        if s[L.S_OVER] == 1:
            return 0
        if s[L.S_PHASE] != L.PH_NONE:
            if prof is not None:
                c0 = cycles()
            n = legal_actions(s, t, buf)
            if prof is not None:
                count(prof, s[L.S_PHASE], P_LEGAL, cycles() - c0)
            if n == 1:
                a = buf[0]  # a forced choice: applied here
                continue
            return n
        if prof is not None:
            c0 = cycles()
        code, b, c, d = kstack.pop(s)
        if code == 0:
            return 0
        run_continuation(s, t, code, b, c, d)
        if prof is not None:
            count(prof, last_row(prof), P_RESOLVE, cycles() - c0)


@inline_kernel
def advance(s, t, buf):
    """Resolve until a player must choose (or the game is over); as ``step`` without an action."""
    return step(s, t, -1, buf)
