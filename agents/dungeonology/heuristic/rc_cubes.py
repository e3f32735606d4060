"""The heuristic's Rocca Civetta cube decisions: the column of a Universal
Information cube (RC "Universal Information", PH_RC_UNIVERSAL).

The cube goes where one more cube is worth most to the Scholar
(``knowledge.cube_value``: its points with the Clan's modifier, the Star or
arrow it reaches), plus a premium for a Star Token the Clan Card asks for (the
Thesis needs it, or its bonus does; RC "New Clan Cards") - the known Clan's,
or the share of the Clans that ask for it while the Clan is unknown.
"""

from __future__ import annotations

from agents.dungeonology.heuristic.knowledge import clan_known, cube_value
from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf
from sim.kit.jit import kernel

NEEDED_STAR = 6.0  # worth of reaching a Star Token the Clan Card needs (a Thesis without it fails)
BONUS_STAR = 2.0  # worth of reaching one its bonus (C) needs


@kernel
def star_premium(s, t, me, c):
    """Worth of the Star Token that one more cube in column c would take."""
    k = s[pf(me, L.PF_CUBES) + c]
    new = t[L.T_STAR_TOKEN + c * (L.MAX_COL_SLOTS + 1) + k + 1] & ~s[pf(me, L.PF_STAR_TOKENS) + c]
    if new == 0:
        return 0.0
    v = 0.0
    if clan_known(s, me):
        cl = s[L.S_CLAN]
        if t[L.T_CLAN_STARS + cl * L.MAX_COL + c] & new:
            v += NEEDED_STAR
        if t[L.T_CLAN_BONUS_STARS + cl * L.MAX_COL + c] & new:
            v += BONUS_STAR
        return v
    for cl in range(t[L.T_NCLANS]):
        if t[L.T_CLAN_STARS + cl * L.MAX_COL + c] & new:
            v += NEEDED_STAR
        if t[L.T_CLAN_BONUS_STARS + cl * L.MAX_COL + c] & new:
            v += BONUS_STAR
    return v / t[L.T_NCLANS]


@kernel
def universal_decision(s, t, me, buf, n, params, rng):
    """PH_RC_UNIVERSAL: the column (A_COLOR + c) where the cube is worth most."""
    best = buf[0]
    best_v = -1e9
    for i in range(n):
        c = buf[i] - L.A_COLOR
        v = cube_value(s, t, me, c) + star_premium(s, t, me, c)
        if v > best_v:
            best_v = v
            best = buf[i]
    return best
