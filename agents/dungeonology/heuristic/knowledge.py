"""What the seat knows, and what cubes, cards and Interns are worth to it.

The heuristic reads only what its seat may know: its own hand, public
information (the Dungeon, Note Boards, hand sizes, the Alert Card) and the
Clan Card only once it holds the Knowledge Token or the card is public
("Submit the Thesis - Clan Card"; "Stun and Knowledge Tokens").

Cubes are worth their column's points with the Clan's Modifier, plus the Star
or arrow they reach ("Note Board and Scholar Card", "Game Scoring"); a card is
worth its Bonus Value and its Auxiliary Effects ("Trick Cards"); an Intern its
End of Game points, passives and shields ("Intern Cards", "Protected
Information Cubes").
"""

from __future__ import annotations

from agents.dungeonology.heuristic.values import gains_intern, prog_effect
from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf, side_index
from sim.dungeonology.core.rules.main_effects.interns import intern_owner
from sim.dungeonology.core.rules.rocca_civetta.clans import clan_stars_met, thesis_passes
from sim.kit.jit import kernel


@kernel
def in_buf(buf, n, a):
    """Action a is among the legal actions buf[:n]."""
    for i in range(n):
        if buf[i] == a:
            return True
    return False


# ----------------------------------------------------------- knowledge
@kernel
def clan_known(s, me):
    return s[L.S_CLAN_PUBLIC] == 1 or s[pf(me, L.PF_KNOWLEDGE)] == 1


@kernel
def cube_value(s, t, me, c):
    """Points of one more cube of colour c (Clan modifier when known; the mean
    over the Clans otherwise), plus the Star or arrow it would reach."""
    k = s[pf(me, L.PF_CUBES) + c]
    if k >= t[L.T_COL_SLOTS + c]:
        return 0.0
    v = float(t[L.T_COL_POINTS + c])
    if clan_known(s, me):
        v += t[L.T_CLAN_MOD + s[L.S_CLAN] * L.MAX_COL + c]
    else:
        m = 0.0
        for cl in range(t[L.T_NCLANS]):
            m += t[L.T_CLAN_MOD + cl * L.MAX_COL + c]
        v += m / t[L.T_NCLANS]
    row = c * (L.MAX_COL_SLOTS + 1) + k + 1
    v += 4.0 * t[L.T_STAR_AT + row] + 1.5 * t[L.T_ARROW_AT + row]
    return v


@kernel
def thesis_confidence(s, t, me):
    """Share of the possible Clan Cards for which the Thesis would succeed."""
    if clan_known(s, me):
        return 1.0 if thesis_passes(s, t, me, s[L.S_CLAN]) else 0.0
    ok = 0
    for cl in range(t[L.T_NCLANS]):
        pts = 0
        for c in range(t[L.T_NCOL]):
            pts += s[pf(me, L.PF_CUBES) + c] * (t[L.T_COL_POINTS + c] + t[L.T_CLAN_MOD + cl * L.MAX_COL + c])
        if pts >= t[L.T_CLAN_TARGET + cl] and clan_stars_met(s, t, me, cl):  # RC: the Stars shown too
            ok += 1
    return ok / t[L.T_NCLANS]


@kernel
def leader(s, t, me):
    """The opponent with the most Stars (then cubes): the one to hold back."""
    best = -1
    key = -1
    for p in range(s[L.S_NPLAYERS]):
        if p == me or s[pf(p, L.PF_IN_GAME)] == 0:
            continue
        k = s[pf(p, L.PF_STARS)] * 100
        for c in range(t[L.T_NCOL]):
            k += s[pf(p, L.PF_CUBES) + c] * t[L.T_COL_POINTS + c]
        if k > key:
            key = k
            best = p
    return best


# --------------------------------------------------------------- cards
@kernel
def is_test_card(t, k):
    """A card with an effect playable in another Scholar's Stealth Test."""
    for aux in range(t[L.T_KIND_NAUX + k]):
        if t[L.T_KIND_TIMING + k * 2 + aux] & L.TM_OTHER_TEST:
            return True
    return False


@kernel
def card_stealth(t, k):
    """What a card can add to my own Stealth Value: its Bonus Value, or its
    best Stealth effect (played in the last say)."""
    best = float(t[L.T_KIND_BONUS + k])
    for aux in range(t[L.T_KIND_NAUX + k]):
        if t[L.T_KIND_TIMING + k * 2 + aux] & L.TM_OWN_STUDY:
            for opt in range(t[L.T_KIND_NOPTS + k * 2 + aux]):
                st, _, _ = prog_effect(t, t[L.T_KIND_PROG + (k * 2 + aux) * L.MAX_OPTS + opt])
                if st > best:
                    best = st
    return best


@kernel
def stealth_potential(s, t, me):
    """What the cards in my hand can add to my Stealth Value."""
    total = 0.0
    for k in range(t[L.T_NKINDS]):
        held = s[pf(me, L.PF_HAND) + k]
        if held:
            total += held * card_stealth(t, k)
    return total


@kernel
def card_keep_value(t, k):
    """What keeping a card is worth when one must go (discards)."""
    return t[L.T_KIND_BONUS + k] + (2.0 if is_test_card(t, k) else 0.0)


@kernel
def main_alternative(t, k):
    """What keeping the card for its Bonus Value or Auxiliary Effect is worth."""
    return 0.6 + 0.25 * t[L.T_KIND_BONUS + k] + (0.5 if is_test_card(t, k) else 0.0)


@kernel
def action_prog(s, t, me, a):
    """Effect program of a PLAY, SKILL or MAIN action."""
    if a >= L.A_MAIN and a < L.A_MAIN + L.MAX_KINDS:
        return t[L.T_ME_EFFECT + a - L.A_MAIN]
    if a >= L.A_PLAY and a < L.A_SKILL:
        r = a - L.A_PLAY
        return t[L.T_KIND_PROG + ((r // 4) * 2 + (r // 2) % 2) * L.MAX_OPTS + r % 2]
    r = a - L.A_SKILL
    i = side_index(s, me) * L.MAX_SKILLS + r // 2
    return t[L.T_SCH_SK_PROG + i * L.MAX_OPTS + r % 2]


# ------------------------------------------------------------- Interns
@kernel
def intern_value(s, t, me, i):
    """What owning Intern i is worth to me (points-like units): its End of Game
    Bonus Points, its passive modifiers, its shields on colours I hold; taking
    it from an opponent also takes it away from him."""
    v = float(t[L.T_INTERN_POINTS + i])
    row = L.T_INTERN_PASSIVE + i * L.NPASSIVE
    v += 1.5 * (t[row + L.PV_SPEED] + t[row + L.PV_INTEL] + t[row + L.PV_STUDY_BONUS])
    v += 1.0 * (t[row + L.PV_HAND] + t[row + L.PV_STAMINA] + t[row + L.PV_STUDENTS])
    v -= 1.5 * t[row + L.PV_TEST_ALERT]
    v += 2.0 * t[row + L.PV_EXTRA_MAIN_ACTIONS]
    for c in range(t[L.T_NCOL]):
        if (t[L.T_INTERN_PROTECT + i] >> c) & 1:
            v += 0.5 + 0.5 * s[pf(me, L.PF_CUBES) + c]
    if intern_owner(s, i) >= 0 and intern_owner(s, i) != me:
        v += 0.5 * t[L.T_INTERN_POINTS + i]
    return v


@kernel
def prog_intern_value(s, t, me, prog):
    """Value of the Intern a program's gain_intern step would give me (0 when
    none, or when I own it already). For any effect program, Main Effects
    included (T_PROG_KIND names the card kind)."""
    k = t[L.T_PROG_KIND + prog] - 1
    if k < 0:
        return 0.0
    i = t[L.T_KIND_INTERN + k] - 1
    if i < 0 or intern_owner(s, i) == me:
        return 0.0
    if gains_intern(t, prog):
        return intern_value(s, t, me, i)
    return 0.0
