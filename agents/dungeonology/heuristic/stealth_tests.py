"""Stealth Tests: which cards to commit for their Bonus Value, and what to
play in the windows that follow.

Cites "Study - Stealth Test" (steps 3-5: cards played at once for their Bonus
Value, with the Study Bonus; then one card at a time around the table,
Instant effects only; the active Scholar has the last say), "Espionage -
Stealth Test" (steps 4-7: only the two Scholars, turn about) and "Auxiliary
Effects" (Subterfuge, Spell / Divination, Fate: what a card adds, valued in
``agents.dungeonology.heuristic.values``). With the Main Effects rule a Main Effect may be
played in a window too ("Main Effects - Check the Timing of the Effect").
"""

from __future__ import annotations

from agents.dungeonology.heuristic.knowledge import action_prog, in_buf, is_test_card, leader
from agents.dungeonology.heuristic.main_effects import main_cost_value
from agents.dungeonology.heuristic.params import P_DEFEND, P_RISK, P_SABOTAGE, rand01
from agents.dungeonology.heuristic.study import interference
from agents.dungeonology.heuristic.values import prog_effect
from sim.dungeonology import layout as L
from sim.dungeonology.core.components.noteboard import study_bonus
from sim.dungeonology.core.components.scholars import hand_size, pf
from sim.kit.jit import kernel


@kernel
def commit_decision(s, t, me, buf, n, params, rng):
    """PH_COMMIT: commit cards for their Bonus Value until the target is met;
    keep the cards that work in Stealth Tests for later if possible."""
    sb = study_bonus(s, t, me) if s[L.S_T_KIND] == 1 else 0
    if s[L.S_T_KIND] == 1:
        margin = 0.5 * interference(s, t, me, params)
    else:
        margin = (1.0 - params[P_RISK]) * (1.5 if hand_size(s, s[L.S_T_TARGET]) > 0 else 0.0)
    target = s[L.S_T_ALERT] + margin
    if s[L.S_T_WPLAYS] > 0 and s[L.S_T_STEALTH] + sb >= target:
        return L.A_DECLARE
    best_k = -1
    best_key = -1.0
    for k in range(t[L.T_NKINDS]):
        if s[pf(me, L.PF_HAND) + k] == 0:
            continue
        key = float(t[L.T_KIND_BONUS + k]) + (0.0 if is_test_card(t, k) else 10.0)
        if key > best_key:
            best_key = key
            best_k = k
    if best_k < 0 or (s[L.S_T_WPLAYS] > 0 and best_key < 10.0 and s[L.S_T_STEALTH] + sb + 3 < s[L.S_T_ALERT] - 6):
        return L.A_DECLARE if in_buf(buf, n, L.A_DECLARE) else buf[0]
    return L.A_COMMIT + best_k


@kernel
def window_decision(s, t, me, buf, n, params, rng):
    """PH_WINDOW: one card (or skill) at a time in a Stealth Test window, or pass."""
    active = s[L.S_T_ACTIVE]
    gap = s[L.S_T_ALERT] - s[L.S_T_STEALTH]  # > 0: the test fails now
    if me == active:
        want_stealth = gap > 0
        want_alert = False
        need = gap
    elif s[L.S_T_KIND] == 2 and me == s[L.S_T_TARGET]:
        want_stealth = False
        want_alert = gap <= 0 and rand01(rng) < 0.3 + 0.7 * params[P_DEFEND]
        need = 1 - gap
    else:
        eager = params[P_SABOTAGE] + (0.3 if active == leader(s, t, me) else 0.0)
        want_stealth = False
        want_alert = gap <= 0 and rand01(rng) < eager
        need = 1 - gap
    if not (want_stealth or want_alert):
        return L.A_PASS
    best_a = -1
    best_amount = 0.0
    closing_a = -1
    closing_cost = 1e9
    for i in range(n):
        a = buf[i]
        is_main = a >= L.A_MAIN and a < L.A_MAIN + L.MAX_KINDS
        if (a < L.A_PLAY or a >= L.A_PASS) and not is_main:
            continue
        st, al, drawn = prog_effect(t, action_prog(s, t, me, a))
        amount = st if want_stealth else al
        if amount <= 0:
            continue
        cost = amount + 0.5 * drawn
        if is_main:
            cost += 0.5 * t[L.T_KIND_BONUS + a - L.A_MAIN] - main_cost_value(s, t, me, a - L.A_MAIN)
        elif a < L.A_SKILL:
            cost += 0.5 * t[L.T_KIND_BONUS + (a - L.A_PLAY) // 4]
        if amount >= need and cost < closing_cost:
            closing_cost = cost
            closing_a = a
        if amount > best_amount:
            best_amount = amount
            best_a = a
    if closing_a >= 0:
        return closing_a
    if best_a >= 0 and (me == active or params[P_SABOTAGE] > 0.6):
        return best_a
    return L.A_PASS
