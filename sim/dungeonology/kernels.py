"""Dungeonology's kernels: the numba contract of ``sim.kit.contract`` for this game.

The generic game loop and ISMCTS are bound to these names (``sim.kit.instantiate``); the rollout
policy (``rollout_act``, ``ROLLOUT_PARAMS``) is the heuristic's (``agents.dungeonology.heuristic.rollout``).
"""

from __future__ import annotations

import math

from sim.dungeonology import layout as L
from sim.dungeonology.core.checks.determinize import determinize
from sim.dungeonology.core.checks.invariants import check
from sim.dungeonology.core.components.noteboard import board_points, jinx_penalty
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.core.engine.batch import NGAME, NROW, write_game, write_rows
from sim.dungeonology.core.engine.legal import legal_actions
from sim.dungeonology.core.engine.step import step
from sim.dungeonology.core.procedures.scoring import rank_seats as standings
from sim.dungeonology.core.procedures.setup import init_state
from sim.dungeonology.layout import MAXP
from sim.kit import header as H
from sim.kit.jit import kernel, scratch_float, scratch_int

STATE_SIZE = L.STATE_SIZE
MAX_LEGAL = L.MAX_LEGAL
NUM_ACTIONS = L.NUM_ACTIONS
PHASE_NAMES = L.PHASE_NAMES
NPHASES = len(PHASE_NAMES)
SETUP_CLAN = 0  # Compiled.setup: [clan, scholar of seat 0, ..., scholar of seat MAXP - 1]; -1 = at random

__all__ = ["MAXP", "MAX_LEGAL", "NGAME", "NPHASES", "NROW", "NUM_ACTIONS", "PHASE_NAMES", "STATE_SIZE", "check",
           "determinize", "evaluate", "init", "legal_actions", "standings", "step", "write_game", "write_rows"]

if (L.S_RNG0, L.S_RNG1, L.S_NPLAYERS, L.S_TURN, L.S_ROUND, L.S_CUR, L.S_FIRST, L.S_PHASE, L.S_ACTOR,
        L.S_OVER, L.PH_NONE) != (H.H_RNG0, H.H_RNG1, H.H_NPLAYERS, H.H_TURN, H.H_ROUND, H.H_CUR, H.H_FIRST,
                                 H.H_PHASE, H.H_ACTOR, H.H_OVER, 0):
    raise ImportError("sim/dungeonology/layout/state.py: the state must start with the header of sim.kit.header")


@kernel
def init(s, t, nplayers, setup, w0, w1):
    """A new game ("Game Setup"): the Clan Card and the Scholars of ``setup`` (-1: at random)."""
    init_state(s, t, nplayers, setup[SETUP_CLAN + 1:], setup[SETUP_CLAN], w0, w1)


@kernel
def evaluate(s, t, out):
    """Reward per seat in [0, 1]: at the end, the ranking; before it, a
    soft ranking of the scores each seat would have now."""
    n = s[L.S_NPLAYERS]
    if s[L.S_OVER] == 1:
        scores = scratch_int(MAXP)
        ranks = scratch_int(MAXP)
        standings(s, t, scores, ranks)
        for p in range(n):
            out[p] = 0.75 * (1.0 if ranks[p] == 1 else 0.0) + 0.25 * (n - ranks[p]) / (n - 1)
        return
    total = 0.0
    vals = scratch_float(MAXP)
    for p in range(n):
        v = board_points(s, t, p) - jinx_penalty(s, t, p) + 3.0 * s[pf(p, L.PF_STARS)]
        order = s[pf(p, L.PF_THESIS)]
        if order > 0:
            v += t[L.T_THESIS_BONUS + order - 1] + 20.0
        vals[p] = math.exp(v / 6.0)
        total += vals[p]
    for p in range(n):
        out[p] = vals[p] / total
