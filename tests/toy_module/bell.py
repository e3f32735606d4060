"""The Bell's rules (numba kernels), its words and the heuristic's choice."""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import active, pf
from sim.dungeonology.core.engine import kstack
from sim.dungeonology.tables import Names
from sim.kit.jit import kernel


@kernel
def offer_bell(s, t):
    """The turn ends: once per turn the current player, still in the game, may ring the Bell
    (PH_TOY_BELL; the turn's end runs again after the decision). True when it was offered."""
    cur = s[L.S_CUR]
    if not active(s, cur) or s[L.S_TOY_OFFERED] == s[L.S_TURN] + 1:
        return False
    s[L.S_TOY_OFFERED] = s[L.S_TURN] + 1
    kstack.push(s, L.K_END_TURN, 0, 0, 0)
    s[L.S_PHASE] = L.PH_TOY_BELL
    s[L.S_ACTOR] = cur
    return True


@kernel
def ring_choice(s, t, me, a):
    """PH_TOY_BELL: ring (A_TOY_BELL) or not (A_TOY_BELL + 1)."""
    if a == L.A_TOY_BELL:
        s[pf(me, L.PF_TOY_BELLS)] += 1


@kernel
def ring_actions(s, t, me, out):
    """PH_TOY_BELL: ring the Bell, or not."""
    out[0] = L.A_TOY_BELL
    out[1] = L.A_TOY_BELL + 1
    return 2


@kernel
def bell_points(s, t, seat):
    """Game Scoring: a point a ring."""
    return s[pf(seat, L.PF_TOY_BELLS)]


@kernel
def bells(s, t, p):
    """Result column: the times the seat rang the Bell."""
    return s[pf(p, L.PF_TOY_BELLS)]


@kernel
def bell_check(s, t):
    """Invariant 200: no ring count below zero, no Bell offered after the current turn."""
    for p in range(s[L.S_NPLAYERS]):
        if s[pf(p, L.PF_TOY_BELLS)] < 0:
            return 200
    if s[L.S_TOY_OFFERED] > s[L.S_TURN] + 1:
        return 200
    return 0


@kernel
def ring_decision(s, t, me, buf, n, params, rng):
    """The heuristic rings the Bell: a point is a point."""
    return L.A_TOY_BELL


def ring_text(s: np.ndarray, t: np.ndarray, names: Names, i: int) -> str:
    """toy_bell i: the words of the action."""
    return "Ring the Bell" if i == 0 else "Let the Bell be"
