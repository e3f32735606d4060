"""The invariants of Rocca Civetta's cubes (invariants 80-82 of
``sim.dungeonology.core.checks.invariants.INVARIANTS``)."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.noteboard import star_tokens_of, whites
from sim.dungeonology.core.components.scholars import pf
from sim.kit.jit import kernel


@kernel
def check_rc_cubes(s, t):
    """Star Tokens agree with the cubes; False / Universal Information
    conserved; white marks only on cubes (RC "Star Tokens", "False
    Information", "Universal Information")."""
    false = s[L.S_RES_CUBES + L.CUBE_FALSE]
    white = s[L.S_RES_CUBES + L.CUBE_UNIV] + s[L.S_RC_UNIV_N]
    if false < 0 or white < 0 or s[L.S_RC_UNIV_N] < 0:
        return 13
    for z in range(t[L.T_NZONES]):
        for i in range(L.MAX_ZSLOTS):
            v = s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i]
            if v == L.CUBE_FALSE + 1:
                false += 1
            elif v == L.CUBE_UNIV + 1:
                white += 1
    for p in range(s[L.S_NPLAYERS]):
        for c in range(L.MAX_COL):
            marks = s[pf(p, L.PF_UNIVERSAL) + c]
            k = s[pf(p, L.PF_CUBES) + c] if c < t[L.T_NCOL] else 0
            if marks < 0 or marks >> k != 0:
                return 82
            white += whites(s, p, c)
            tokens = star_tokens_of(s, t, p, c) if c < t[L.T_NCOL] else 0
            if s[pf(p, L.PF_STAR_TOKENS) + c] != tokens:
                return 80
    if false != t[L.T_COL_COUNT + L.CUBE_FALSE] or white != t[L.T_COL_COUNT + L.CUBE_UNIV]:
        return 81
    if s[L.S_RC_UNIV_N] > 0 and s[L.S_OVER] == 0 and s[L.S_PHASE] != L.PH_RC_UNIVERSAL:
        return 82
    return 0
