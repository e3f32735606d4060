"""The heuristic's play of Rocca Civetta's Trick Cards (Rocca Civetta,
"Alchemy Cards", "Specialists Cards", "Spriggan Cards"; the Fool's Token).

Hooked into ``dispatch`` around two existing handlers, changing nothing where
none of these cards is in play (the base game plays the same games):

- ``action_decision``: where the turn would end, play an Alchemy draw (an
  Auxiliary Effect of an added Trick type, T_RC_KIND_ADDED) worth more than
  the card it spends, or a Specialists Main Effect that calls an Intern worth
  more than a card (the base rule for Interns, ``turn.action_decision``);
- ``window_decision``: a Specialists play is worth the Interns its player owns
  (the op table's estimate is one per step): played when it closes the gap of
  one's own test, never when it adds nothing;
- PH_RC_TOKEN: the Fool's Token goes to the leading opponent.

The Spriggan's Bonus Value 8 is committed first by ``commit_decision`` (the
highest Bonus Value of a card with no test effect), which takes the Intern.
"""

from __future__ import annotations

from agents.dungeonology.heuristic.knowledge import action_prog, in_buf, leader, prog_intern_value
from agents.dungeonology.heuristic.main_effects import main_cost_value
from agents.dungeonology.heuristic.stealth_tests import window_decision
from agents.dungeonology.heuristic.turn import action_decision
from agents.dungeonology.heuristic.values import prog_value
from sim.dungeonology import layout as L
from sim.dungeonology.core.rules.main_effects.interns import interns_owned
from sim.kit.jit import kernel

ALCHEMY_MARGIN = 0.5  # worth above the card it spends (its Bonus Value, at this weight per point)
BONUS_WEIGHT = 0.15
ALCHEMY_DECK_MIN = 3  # an Alchemy draw only from a deck holding the most it draws (Alchemy 2: 3 cards)
INTERN_MARGIN = 1.0  # "an Intern to gain (or to steal back) is worth a card" (turn.action_decision)


@kernel
def intern_stealth(s, t, me, prog):
    """Stealth the program's stealth_interns steps add for the seat, or -1 if it has none."""
    found = False
    total = 0
    start = t[L.T_PROG_START + prog]
    for i in range(t[L.T_PROG_LEN + prog]):
        o = L.T_OPS + (start + i) * L.OP_W
        if t[o + L.OPF_CODE] == L.OP_STEALTH_INTERNS:
            found = True
            total += t[o + L.OPF_N] * interns_owned(s, t, me)
    return total if found else -1


@kernel
def rc_action_decision(s, t, me, buf, n, params, rng):
    """PH_ACTION: the base decision; where it ends the turn, an Alchemy draw first."""
    a = action_decision(s, t, me, buf, n, params, rng)
    if a != L.A_END_TURN:
        return a
    best_v = ALCHEMY_MARGIN
    best_a = a
    for i in range(n):
        b = buf[i]
        if b >= L.A_MAIN and b < L.A_MAIN + L.MAX_KINDS and t[L.T_RC_KIND_ADDED + b - L.A_MAIN] == 1:
            k = b - L.A_MAIN
            v = prog_intern_value(s, t, me, t[L.T_ME_EFFECT + k]) + main_cost_value(s, t, me, k)
            v += ALCHEMY_MARGIN - INTERN_MARGIN - BONUS_WEIGHT * t[L.T_KIND_BONUS + k]
            if v > best_v:
                best_v = v
                best_a = b
        elif b >= L.A_PLAY and b < L.A_SKILL and s[L.S_DECK_N] >= ALCHEMY_DECK_MIN:
            # with the deck nearly empty a draw reshuffles the discards, the played card among them:
            # a Scholar holding the other cards could draw it back and play it for ever
            k = (b - L.A_PLAY) // 4
            if t[L.T_RC_KIND_ADDED + k] == 1:
                v = prog_value(s, t, me, action_prog(s, t, me, b)) - BONUS_WEIGHT * t[L.T_KIND_BONUS + k]
                if v > best_v:
                    best_v = v
                    best_a = b
    return best_a


@kernel
def rc_window_decision(s, t, me, buf, n, params, rng):
    """PH_WINDOW: a Specialists play that closes one's own test first; the base
    decision without the Specialists plays that add nothing."""
    useless = 0
    closing = -1
    gap = s[L.S_T_ALERT] - s[L.S_T_STEALTH]
    for i in range(n):
        a = buf[i]
        if a >= L.A_PLAY and a < L.A_SKILL:
            st = intern_stealth(s, t, me, action_prog(s, t, me, a))
            if st == 0:
                useless += 1
            elif st > 0 and me == s[L.S_T_ACTIVE] and gap > 0 and st >= gap and closing < 0:
                closing = a
    if closing >= 0:
        return closing
    if useless == 0:
        return window_decision(s, t, me, buf, n, params, rng)
    m = 0  # the useless plays leave the scratch buffer (its order kept; Pass always stays)
    for i in range(n):
        a = buf[i]
        if a >= L.A_PLAY and a < L.A_SKILL and intern_stealth(s, t, me, action_prog(s, t, me, a)) == 0:
            continue
        buf[m] = a
        m += 1
    return window_decision(s, t, me, buf, m, params, rng)


@kernel
def token_decision(s, t, me, buf, n, params, rng):
    """PH_RC_TOKEN: the Fool's Token to the leading opponent."""
    a = L.A_TARGET + leader(s, t, me)
    return a if in_buf(buf, n, a) else buf[0]
