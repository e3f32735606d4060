"""Game Scoring ("Game Scoring", "End Game"): Note Board points with the Clan
modifiers per cube, the Thesis bonuses (10/7/5/3), Jinx penalties, and the modules'
points (Intern Cards, Research Cards, the New Clan Cards' Star bonus); only
successful Theses compete unless nobody submitted; ties by Thesis order, then
most Students, then the seeded age order (for "the youngest player")."""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.noteboard import board_points, jinx_penalty
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.core.engine.dispatch_scoring import score_bonus
from sim.kit.jit import allocating, kernel


@kernel
def score_parts(s, t, seat, out):
    """out[0] board points (with Clan modifiers), out[1] Thesis bonus,
    out[2] Jinx penalty, out[3] total (with the points the modules add, the hook
    ``score_bonus``: the Intern Cards' bonus points, the completed Research
    Cards' bonus points, the Clan Card's Star bonus: Game Scoring only, never
    the Thesis check)."""
    out[0] = board_points(s, t, seat)
    order = s[pf(seat, L.PF_THESIS)]
    out[1] = t[L.T_THESIS_BONUS + order - 1] if order > 0 else 0
    out[2] = jinx_penalty(s, t, seat)
    out[3] = out[0] + out[1] - out[2] + score_bonus(s, t, seat)


@kernel
def _better(s, sc, a, b):
    """Seat a ranks above seat b."""
    ea = s[L.S_THESIS_COUNT] == 0 or s[pf(a, L.PF_THESIS)] > 0
    eb = s[L.S_THESIS_COUNT] == 0 or s[pf(b, L.PF_THESIS)] > 0
    if ea != eb:
        return ea
    if sc[a] != sc[b]:
        return sc[a] > sc[b]
    ta = s[pf(a, L.PF_THESIS)]
    tb = s[pf(b, L.PF_THESIS)]
    if ta != tb:
        if ta == 0:
            return False
        if tb == 0:
            return True
        return ta < tb
    sa = s[pf(a, L.PF_STUDENTS)]
    sb = s[pf(b, L.PF_STUDENTS)]
    if sa != sb:
        return sa > sb
    return s[pf(a, L.PF_AGE)] < s[pf(b, L.PF_AGE)]


@allocating
def rank_seats(s, t, scores, ranks):
    """Fill scores[seat] and ranks[seat] (1 = winner)."""
    n = s[L.S_NPLAYERS]
    parts = np.zeros(4, np.int64)
    for p in range(n):
        score_parts(s, t, p, parts)
        scores[p] = parts[3]
    for p in range(n):
        r = 1
        for q in range(n):
            if q != p and _better(s, scores, q, p):
                r += 1
        ranks[p] = r
