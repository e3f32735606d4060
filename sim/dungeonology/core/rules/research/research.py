"""Research Cards (Rocca Civetta, "Research Cards", an advanced rule: module
``research``).

- Setup: "during Game Setup, draw three Research Cards and place them face up
  near the Campus" (``setup_research``).
- Complete a Quest: "at any time during their turn, but only once per turn, a
  Scholar can designate a single Quest Card they meet the requirements for and
  take the card for themselves". The claim is an action of the current player
  at each of her decisions in her turn (``claim_actions``, applied by
  ``claim`` without closing the decision), and at one more claim point at the
  end of her turn, before it passes on (``end_point``, phase PH_RESEARCH),
  so a Quest met by the last effect of a turn can still be completed.
- New Research: the taken card is replaced from the deck at once.
- End of Game: "during Scoring, all completed Research Cards grant the owner
  bonus victory points equal to those indicated" (``research_points``).

Quests are conditions over what the Scholar holds (T_RESEARCH_COND, QC_*;
compiled from research.toml by ``sim.dungeonology.tables``).
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.decks import shuffle_range, shuffle_with
from sim.dungeonology.core.components.scholars import active, pf
from sim.dungeonology.core.engine import kstack
from sim.dungeonology.core.rules.main_effects.interns import interns_owned
from sim.kit.jit import allocating, inline_kernel, kernel


@kernel
def rule_on(t):
    return (t[L.T_RULES] & L.RULE_RESEARCH) != 0


@kernel
def setup_research(s, t):
    """Setup: the Research deck shuffled, three cards drawn face up."""
    if not rule_on(t):
        return
    n = t[L.T_RESEARCH_N]
    for i in range(n):
        s[L.S_RESEARCH_DECK + i] = i
    s[L.S_RESEARCH_N] = n
    shuffle_range(s, L.S_RESEARCH_DECK, n)
    for slot in range(L.RESEARCH_UP):
        draw_face_up(s, slot)


@kernel
def draw_face_up(s, slot):
    """The top card of the Research deck into the empty face-up place `slot`
    (it stays empty when the deck has run out)."""
    n = s[L.S_RESEARCH_N]
    if n == 0:
        s[L.S_RESEARCH_UP + slot] = 0
        return
    s[L.S_RESEARCH_N] = n - 1
    s[L.S_RESEARCH_UP + slot] = s[L.S_RESEARCH_DECK + n - 1] + 1
    s[L.S_RESEARCH_DECK + n - 1] = 0


@kernel
def quest_value(s, t, seat, code, arg):
    """What a Quest condition reads of the Scholar (QC_*)."""
    if code == L.QC_STUDENTS:
        return s[pf(seat, L.PF_STUDENTS)]
    if code == L.QC_CUBES:
        if arg > 0:
            return s[pf(seat, L.PF_CUBES) + arg - 1]
        total = 0
        for c in range(t[L.T_NCOL]):
            total += s[pf(seat, L.PF_CUBES) + c]
        return total
    if code == L.QC_COLUMNS:
        k = 0
        for c in range(t[L.T_NCOL]):
            if s[pf(seat, L.PF_CUBES) + c] >= arg:
                k += 1
        return k
    if code == L.QC_STARS:
        return s[pf(seat, L.PF_STARS)]
    if code == L.QC_ARROWS:
        return s[pf(seat, L.PF_ARROWS)]
    if code == L.QC_KNOWLEDGE:
        return s[pf(seat, L.PF_KNOWLEDGE)]
    if code == L.QC_INTERNS:
        return interns_owned(s, t, seat)
    if code == L.QC_FLOOR:
        z = s[pf(seat, L.PF_ZONE)]
        return 0 if z == 0 else t[L.T_Z_FLOOR + z] + 1
    if code == L.QC_STUDY_WINS:
        return s[pf(seat, L.PF_STUDY_WINS)]
    if code == L.QC_ESPIONAGE_WINS:
        return s[pf(seat, L.PF_SPY_WINS)]
    if code == L.QC_TRICKS:
        return s[pf(seat, L.PF_HAND_N)]
    if code == L.QC_EXALTED:
        return s[pf(seat, L.PF_EXALTED)]
    if code == L.QC_STUN:
        return s[pf(seat, L.PF_STUN)]
    return 0


@kernel
def quest_met(s, t, seat, card):
    """The Scholar meets every requirement of the Research Card's Quest."""
    for k in range(t[L.T_RESEARCH_NCOND + card]):
        o = L.T_RESEARCH_COND + (card * L.MAX_QUEST_CONDS + k) * L.QC_W
        v = quest_value(s, t, seat, t[o + L.QCF_CODE], t[o + L.QCF_ARG])
        n = t[o + L.QCF_N]
        if t[o + L.QCF_AT_MOST] == 1:
            if v > n:
                return False
        elif v < n:
            return False
    return True


@kernel
def may_claim(s, t, seat):
    """The current player, still in the game, has not completed a Quest this turn."""
    return (rule_on(t) and seat == s[L.S_CUR] and active(s, seat)
            and s[L.S_RESEARCH_TURN] != s[L.S_TURN] + 1)


@kernel
def write_claims(s, t, seat, out, n):
    """Append A_RESEARCH + slot for each face-up card whose Quest the seat meets."""
    for slot in range(L.RESEARCH_UP):
        card = s[L.S_RESEARCH_UP + slot] - 1
        if card >= 0 and quest_met(s, t, seat, card):
            out[n] = L.A_RESEARCH + slot
            n += 1
    return n


@kernel
def claim_actions(s, t, ph, me, out, n):
    """The claims the actor may add to the `n` actions of her decision `ph`:
    only the current player in her turn, once per turn, and only at a real
    decision (n > 0); the End of Turn claim point lists its own."""
    if n == 0 or ph == L.PH_RESEARCH or not may_claim(s, t, me):
        return n
    return write_claims(s, t, me, out, n)


@kernel
def is_claim(a):
    return L.A_RESEARCH <= a < L.A_RESEARCH + L.RESEARCH_UP


@kernel
def claim(s, t, seat, slot):
    """Complete a Quest: the seat takes the face-up card; a new one is drawn
    to replace it ("New Research"); no other Quest this turn."""
    card = s[L.S_RESEARCH_UP + slot] - 1
    s[L.S_RESEARCH_OWNER + card] = seat + 1
    s[L.S_RESEARCH_TURN] = s[L.S_TURN] + 1
    draw_face_up(s, slot)


@kernel
def end_point(s, t):
    """The End of Turn claim point (called first thing when the turn ends):
    opens PH_RESEARCH once per turn when the current player may still
    complete a Quest and meets one; returns True when it did (the turn's end
    runs again after the decision)."""
    cur = s[L.S_CUR]
    if not may_claim(s, t, cur) or s[L.S_RESEARCH_EOT] == s[L.S_TURN] + 1:
        return False
    s[L.S_RESEARCH_EOT] = s[L.S_TURN] + 1
    for slot in range(L.RESEARCH_UP):
        card = s[L.S_RESEARCH_UP + slot] - 1
        if card >= 0 and quest_met(s, t, cur, card):
            kstack.push(s, L.K_END_TURN, 0, 0, 0)
            s[L.S_PHASE] = L.PH_RESEARCH
            s[L.S_ACTOR] = cur
            return True
    return False


@kernel
def end_point_actions(s, t, me, out):
    """PH_RESEARCH: the Quests the current player meets, or pass."""
    n = write_claims(s, t, me, out, 0)
    out[n] = L.A_PASS
    return n + 1


@kernel
def end_point_choice(s, t, me, a):
    """PH_RESEARCH: complete the Quest of slot a - A_RESEARCH, or pass."""
    if is_claim(a):
        claim(s, t, me, a - L.A_RESEARCH)


@kernel
def research_points(s, t, seat):
    """Bonus victory points of the Research Cards the seat completed."""
    total = 0
    for card in range(t[L.T_RESEARCH_N]):
        if s[L.S_RESEARCH_OWNER + card] == seat + 1:
            total += t[L.T_RESEARCH_POINTS + card]
    return total


@kernel
def research_check(s, t):
    """Invariants: every card in one place (deck, face up, or owned by a seat in
    the game), no place empty while the deck has cards, the once-per-turn
    mark never ahead of the turn; all zero without the rule."""
    n = t[L.T_RESEARCH_N] if rule_on(t) else 0
    if s[L.S_RESEARCH_N] < 0 or s[L.S_RESEARCH_N] > n:
        return 64
    seen = 0
    for i in range(s[L.S_RESEARCH_N]):
        c = s[L.S_RESEARCH_DECK + i]
        if c < 0 or c >= n or (seen >> c) & 1:
            return 64
        seen |= 1 << c
    for slot in range(L.RESEARCH_UP):
        c = s[L.S_RESEARCH_UP + slot] - 1
        if c < -1 or c >= n or (c >= 0 and (seen >> c) & 1):
            return 64
        if c >= 0:
            seen |= 1 << c
        elif s[L.S_RESEARCH_N] > 0:
            return 65
    for c in range(L.MAX_RESEARCH):
        owner = s[L.S_RESEARCH_OWNER + c]
        if owner == 0:
            continue
        if c >= n or owner > s[L.S_NPLAYERS] or owner < 0 or (seen >> c) & 1:
            return 64
        seen |= 1 << c
    if seen != (1 << n) - 1:
        return 64
    if s[L.S_RESEARCH_TURN] > s[L.S_TURN] + 1 or s[L.S_RESEARCH_EOT] > s[L.S_TURN] + 1:
        return 66
    return 0


# ------------------------------------------------------------ the basic game's hooks
@inline_kernel
def claim_at_decision(s, t, ph, me, a):
    """A claim taken at another decision of the current player: the Quest is completed and the same
    decision stays open. True if `a` was one."""
    if is_claim(a) and ph != L.PH_RESEARCH:
        claim(s, t, me, a - L.A_RESEARCH)
        s[L.S_PHASE] = ph
        s[L.S_ACTOR] = me
        return True
    return False


@allocating
def resample_deck(s, t, seat, rng):
    """Determinization: the Research deck's order is unknown (put in canonical order, then shuffled)."""
    base = L.S_RESEARCH_DECK
    s[base : base + s[L.S_RESEARCH_N]].sort()
    shuffle_with(rng, s, base, s[L.S_RESEARCH_N])
