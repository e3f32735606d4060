"""The Forced Thesis of Maximum Alert ("Maximum Alert": Forced Thesis), continuation
K_MA_FORCED_THESIS: pushed when a Scholar ends her turn in the Starting Zone."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.noteboard import update_exalted
from sim.dungeonology.core.components.scholars import active, pf
from sim.dungeonology.core.procedures.turn import submit_thesis
from sim.kit.jit import kernel


@kernel
def forced_thesis(s, t):
    """Maximum Alert, Forced Thesis: the Scholar ending her turn in the
    Starting Zone performs Submit the Thesis (no Star minimum: it is not
    chosen); whatever the outcome she leaves the game. A failure resolves as
    usual (Jinx revealed, a cube lost) with the Scholar already out."""
    cur = s[L.S_CUR]
    submit_thesis(s, t)
    if active(s, cur):  # failed
        s[pf(cur, L.PF_IN_GAME)] = 0
        s[L.S_MA_REMOVED] |= 1 << cur
        update_exalted(s, t, -1)
