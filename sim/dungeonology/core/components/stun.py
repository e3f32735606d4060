"""Stun Tokens: gaining them (each one avoidable by a Student sacrifice, a
PH_STUN choice), discarding them, and the Stamina limit.

Rulebook: "Stun Tokens" (rules 1-5); "Maximum Alert" (Stun: never discarded).
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf, stat
from sim.kit.jit import kernel


# ---------------------------------------------------------------- Stun
@kernel
def can_gain_stun(s, t, seat):
    return (
        s[pf(seat, L.PF_STUN)] < stat(s, t, seat, L.ST_STAMINA) and s[L.S_RES_STUN] > 0
    )


@kernel
def gain_stun_token(s, seat):
    s[pf(seat, L.PF_STUN)] += 1
    s[L.S_RES_STUN] -= 1


@kernel
def discard_stun(s, seat, n):
    """Discard Stun Tokens to the Reserve; never under Maximum Alert ("Stun:
    Stun Tokens can no longer be discarded for any reason")."""
    if s[L.S_MAX_ALERT] == 1:
        return
    have = s[pf(seat, L.PF_STUN)]
    k = n if n < have else have
    s[pf(seat, L.PF_STUN)] -= k
    s[L.S_RES_STUN] += k


@kernel
def normalize_stun(s, t, seat):
    """Stun Tokens above Stamina are discarded (Stun Tokens, rule 5). Kept under
    Maximum Alert: the limit of rule 2 ("you cannot go beyond this limit in
    any way") is not a discard a player makes."""
    over = s[pf(seat, L.PF_STUN)] - stat(s, t, seat, L.ST_STAMINA)
    if over > 0:
        s[pf(seat, L.PF_STUN)] -= over
        s[L.S_RES_STUN] += over


@kernel
def stun_continue(s, t):
    """Give the pending Stun Tokens (S_P_COUNT to S_P_SEAT) one at a time.

    Each one may be avoided by sacrificing a Student (a PH_STUN choice); none
    is gained beyond Stamina or when the supply is empty.
    """
    seat = s[L.S_P_SEAT]
    while s[L.S_P_COUNT] > 0:
        if not can_gain_stun(s, t, seat):
            s[L.S_P_COUNT] = 0
            return
        if s[pf(seat, L.PF_STUDENTS)] > 0:
            s[L.S_PHASE] = L.PH_STUN
            s[L.S_ACTOR] = seat
            return
        gain_stun_token(s, seat)
        s[L.S_P_COUNT] -= 1


@kernel
def give_stun(s, t, seat, n):
    s[L.S_P_SEAT] = seat
    s[L.S_P_COUNT] = n
    stun_continue(s, t)
