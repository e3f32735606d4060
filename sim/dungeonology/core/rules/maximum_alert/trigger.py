"""The Maximum Alert trigger ("Maximum Alert", the procedure): the first successful Thesis
triggers it, and so does an Omega Student finding no free space on the Alert Card. It moves
Students (the Alert Card and the University are emptied into the Reserve, the University is
filled as the Panic Card says) and replaces the basic End Game rules."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.bag import fill_university
from sim.dungeonology.core.components.stun import normalize_stun
from sim.kit.jit import inline_kernel, kernel


@kernel
def trigger_max_alert(s, t):
    """Maximum Alert is triggered ("Maximum Alert", the procedure): the Alert
    Card leaves the game with its Omega Students (to the Reserve), the Panic
    Card is revealed, the University is emptied into the Reserve and filled
    as the Panic Card says (D). Its rules (E, F) apply from now on (they read
    S_MAX_ALERT). Returns False when it was already triggered."""
    if s[L.S_MAX_ALERT] == 1 or (t[L.T_RULES] & L.RULE_MAXIMUM_ALERT) == 0 or s[L.S_PANIC] < 0:
        return False
    s[L.S_MAX_ALERT] = 1
    s[L.S_RES_OMEGA] += s[L.S_ALERT_FILLED]
    s[L.S_ALERT_FILLED] = 0
    s[L.S_RES_GREY] += s[L.S_UNIV_GREY]
    s[L.S_UNIV_GREY] = 0
    s[L.S_RES_OMEGA] += s[L.S_UNIV_OMEGA]
    s[L.S_UNIV_OMEGA] = 0
    for k in range(L.NCONGREGATIONS):
        s[L.S_RES_CONGREGATION + k] += s[L.S_UNIV_CONGREGATION + k]
        s[L.S_UNIV_CONGREGATION + k] = 0
    c = s[L.S_PANIC]
    fill_university(s, t[L.T_PANIC_GREY + c] * s[L.S_NPLAYERS], t[L.T_PANIC_OMEGA + c])
    for p in range(s[L.S_NPLAYERS]):
        normalize_stun(s, t, p)  # the card's passive effects may lower Stamina
    # the basic End Game rules are replaced: no pending "ends at the next turn"
    s[L.S_END_AT_SEAT] = -1
    return True


@inline_kernel
def first_thesis(s, t, seat):
    """A Thesis was Submitted with SUCCESS: the first one triggers Maximum Alert."""
    trigger_max_alert(s, t)


@inline_kernel
def alert_card_full(s, t):
    """No free space on the Alert Card for an Omega Student: Maximum Alert instead of the last round
    (nothing happens when it was triggered already, or without a Panic Card)."""
    trigger_max_alert(s, t)
    return True
