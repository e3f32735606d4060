"""Shared supplies: the University bag, the Bonfire, Omega Students and the
Alert Card, the Trick deck, the Jinx deck and Stun Tokens.

Rulebook: "Students", "Omega Students, Jinx Cards, Alert Card and the
University", "Player Level", "Trick Cards" (reshuffle), "Jinx Cards",
"Stun Tokens". The Reserve holds everything not in play, so every move here
is between two counted places and the box stays conserved.
"""

from __future__ import annotations

from sim import layout as L
from sim.core.common import add_passives, pf, stat
from sim.core.jit import kernel
from sim.core.rng import randint


# ------------------------------------------------------------ Alert Card
@kernel
def effective_players(s, t):
    """Player count for Alert Card calculations after the Player Level."""
    n = s[L.S_NPLAYERS] - t[L.T_LEVEL_REDUCTION]
    return n if n > 1 else 1


@kernel
def alert_bonus(s, t):
    """Alert Bonus of the lowest Omega Student on the Alert Card (A); under
    Maximum Alert the Alert Card is gone and the Panic Card's Alert Modifier
    (F) applies to every Zone instead."""
    if s[L.S_MAX_ALERT] == 1:
        return t[L.T_PANIC_ALERT_MOD + s[L.S_PANIC]]
    k = s[L.S_ALERT_FILLED]
    if k == 0:
        return 0
    return t[L.T_AL_BONUS + k - 1]


@kernel
def fill_university(s, grey, omega):
    """Move Students from the Reserve into the University, if available."""
    g = grey if grey < s[L.S_RES_GREY] else s[L.S_RES_GREY]
    s[L.S_RES_GREY] -= g
    s[L.S_UNIV_GREY] += g
    o = omega if omega < s[L.S_RES_OMEGA] else s[L.S_RES_OMEGA]
    s[L.S_RES_OMEGA] -= o
    s[L.S_UNIV_OMEGA] += o


@kernel
def place_omega_on_card(s, t):
    """An Omega Student takes the top free space: Alert Bonus and replenish (B).

    The caller has already taken the Omega Student out of the bag or Reserve.
    Returns False (and puts it in the Reserve) when no space is free.
    """
    k = s[L.S_ALERT_FILLED]
    if k >= t[L.T_AL_NSLOTS]:
        s[L.S_RES_OMEGA] += 1
        return False
    s[L.S_ALERT_FILLED] = k + 1
    fill_university(
        s, t[L.T_AL_STUD + k] * effective_players(s, t), t[L.T_AL_OMEGA + k]
    )
    return True


@kernel
def trigger_end_at_current(s, reason):
    """The game ends at the beginning of the current player's next turn."""
    if s[L.S_END_AT_SEAT] < 0:
        s[L.S_END_AT_SEAT] = s[L.S_CUR]
        s[L.S_END_REASON] = reason


# ---------------------------------------------------------- Maximum Alert
@kernel
def end_game_now(s, reason):
    """The game ends at once, for `reason` (END_*): no decision open, nothing
    left to resolve."""
    s[L.S_OVER] = 1
    s[L.S_END_REASON] = reason
    s[L.S_PHASE] = L.PH_NONE
    s[L.S_ACTOR] = -1
    s[L.S_KSP] = 0


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
    c = s[L.S_PANIC]
    fill_university(s, t[L.T_PANIC_GREY + c] * s[L.S_NPLAYERS], t[L.T_PANIC_OMEGA + c])
    for p in range(s[L.S_NPLAYERS]):
        normalize_stun(s, t, p)  # the card's passive effects may lower Stamina
    # the basic End Game rules are replaced: no pending "ends at the next turn"
    s[L.S_END_AT_SEAT] = -1
    return True


@kernel
def draw_one_student(s, t):
    """One Student out of the University bag: a grey one goes to the Bonfire
    (the Reserve once it is full) and 0 is returned; an Omega Student leaves
    the bag and 1 is returned (the caller resolves it); -1: the bag is empty."""
    total = s[L.S_UNIV_GREY] + s[L.S_UNIV_OMEGA]
    if total == 0:
        return -1
    if randint(s, total) < s[L.S_UNIV_GREY]:
        s[L.S_UNIV_GREY] -= 1
        if s[L.S_BONFIRE] < t[L.T_BONFIRE_SPACES]:
            s[L.S_BONFIRE] += 1
        else:
            s[L.S_RES_GREY] += 1
        return 0
    s[L.S_UNIV_OMEGA] -= 1
    return 1


@kernel
def draw_students_max_alert(s, t, seat, n):
    """Drawing Students under Maximum Alert, one at a time. Omega Infinity: an
    Omega Student drawn gives the drawer a Jinx Card (face down, the normal
    rules) and goes back in the bag; if the bag is empty before it goes back,
    the game ends at once. No Alert Card, so no Bonfire clearing."""
    for _ in range(n):
        drawn = draw_one_student(s, t)
        if drawn < 0:
            return
        if drawn == 1:
            draw_jinx(s, t, seat, L.JX_DOWN)
            empty = s[L.S_UNIV_GREY] + s[L.S_UNIV_OMEGA] == 0
            s[L.S_UNIV_OMEGA] += 1
            if empty:
                end_game_now(s, L.END_MA_BAG_EMPTY)
                return


# --------------------------------------------------------------- Jinx
@kernel
def shuffle_range(s, base, n):
    for i in range(n - 1, 0, -1):
        j = randint(s, i + 1)
        tmp = s[base + i]
        s[base + i] = s[base + j]
        s[base + j] = tmp


@kernel
def draw_jinx(s, t, seat, loc):
    """Draw the top Jinx Card to `seat` face down (JX_DOWN) or up; -1 if none.

    An empty deck is rebuilt from the Jinx discards (the rulebook is silent).
    """
    if s[L.S_JDECK_N] == 0:
        n = 0
        for j in range(t[L.T_NJINX]):
            if s[L.S_JLOC + j] == L.JX_DISCARD:
                s[L.S_JLOC + j] = L.JX_DECK
                s[L.S_JDECK + n] = j
                n += 1
        s[L.S_JDECK_N] = n
        shuffle_range(s, L.S_JDECK, n)
        if n == 0:
            return -1
    s[L.S_JDECK_N] -= 1
    j = s[L.S_JDECK + s[L.S_JDECK_N]]
    s[L.S_JLOC + j] = loc
    s[L.S_JOWNER + j] = seat
    if loc == L.JX_UP:
        add_passives(s, t, seat, L.T_JINX_PASSIVE + j * L.NPASSIVE, 1)
    return j


@kernel
def reveal_jinx(s, t, j):
    """A held Jinx Card turns face up: its passive modifiers start to count."""
    s[L.S_JLOC + j] = L.JX_UP
    add_passives(s, t, s[L.S_JOWNER + j], L.T_JINX_PASSIVE + j * L.NPASSIVE, 1)


@kernel
def discard_jinx(s, t, j):
    if s[L.S_JLOC + j] == L.JX_UP:
        add_passives(s, t, s[L.S_JOWNER + j], L.T_JINX_PASSIVE + j * L.NPASSIVE, -1)
    s[L.S_JLOC + j] = L.JX_DISCARD
    s[L.S_JOWNER + j] = -1


@kernel
def holds_jinx(s, seat, j):
    """Jinx Card j is in the seat's possession (face up or face down)."""
    return s[L.S_JOWNER + j] == seat and (s[L.S_JLOC + j] == L.JX_DOWN or s[L.S_JLOC + j] == L.JX_UP)


@kernel
def jinx_held(s, t, seat):
    n = 0
    for j in range(t[L.T_NJINX]):
        if holds_jinx(s, seat, j):
            n += 1
    return n


# ------------------------------------------------------------- Students
@kernel
def omega_drawn(s, t, seat):
    """An Omega Student came out of the University (the three bullets); the
    caller has already taken it out of the bag."""
    if s[L.S_MAX_ALERT] == 1:
        # drawn in the same draw that triggered Maximum Alert: the bag it
        # came from is gone, so it joins the others in the Reserve
        s[L.S_RES_OMEGA] += 1
        draw_jinx(s, t, seat, L.JX_DOWN)
        return
    if not place_omega_on_card(s, t):
        if t[L.T_RULES] & L.RULE_MAXIMUM_ALERT:
            trigger_max_alert(s, t)
        else:
            trigger_end_at_current(s, L.END_ALERT_FULL)
    s[L.S_RES_GREY] += s[L.S_BONFIRE]
    s[L.S_BONFIRE] = 0
    draw_jinx(s, t, seat, L.JX_DOWN)


@kernel
def draw_students(s, t, seat, n):
    """Draw n Students from the University at once (all of them if fewer): the
    grey ones go to the Bonfire (the Reserve once it is full), then each Omega
    Student drawn is resolved (which empties the Bonfire and replenishes the
    bag, so no Student of this draw comes from the replenishment)."""
    if s[L.S_MAX_ALERT] == 1:
        draw_students_max_alert(s, t, seat, n)
        return
    omegas = 0
    for _ in range(n):
        drawn = draw_one_student(s, t)
        if drawn < 0:
            break
        omegas += drawn
    for _ in range(omegas):
        omega_drawn(s, t, seat)


@kernel
def sacrifice(s, seat, n):
    """Sacrifice up to n of the seat's Students to the Reserve; returns how many."""
    have = s[pf(seat, L.PF_STUDENTS)]
    k = n if n < have else have
    s[pf(seat, L.PF_STUDENTS)] -= k
    s[L.S_RES_GREY] += k
    return k


@kernel
def take_bonfire(s, seat, n):
    k = n if n < s[L.S_BONFIRE] else s[L.S_BONFIRE]
    s[L.S_BONFIRE] -= k
    s[pf(seat, L.PF_STUDENTS)] += k


@kernel
def refill_students(s, t, seat):
    """Rest: take Students from the Reserve up to the Initial Students value."""
    want = stat(s, t, seat, L.ST_STUDENTS) - s[pf(seat, L.PF_STUDENTS)]
    if want > s[L.S_RES_GREY]:
        want = s[L.S_RES_GREY]
    if want > 0:
        s[L.S_RES_GREY] -= want
        s[pf(seat, L.PF_STUDENTS)] += want


# ---------------------------------------------------------- Trick deck
@kernel
def reshuffle_tricks(s, t):
    """The deck ran out: shuffle the discards into a new deck."""
    n = 0
    for k in range(t[L.T_NKINDS]):
        c = s[L.S_DISCARD + k]
        for _ in range(c):
            s[L.S_DECK + n] = k
            n += 1
        s[L.S_DISCARD + k] = 0
    s[L.S_DECK_N] = n
    shuffle_range(s, L.S_DECK, n)


@kernel
def pop_trick(s, t):
    """Top card of the deck (reshuffling if empty); -1 if none anywhere."""
    if s[L.S_DECK_N] == 0:
        reshuffle_tricks(s, t)
        if s[L.S_DECK_N] == 0:
            return -1
    s[L.S_DECK_N] -= 1
    return s[L.S_DECK + s[L.S_DECK_N]]


@kernel
def divination(s, t, n):
    """Reveal n Trick Cards from the deck; the highest Bonus Value counts.
    Revealed cards stay on the table until the test ends (Spell /
    Subterfuge Divinations, Good Luck / Bad Luck Zone Effects)."""
    best = 0
    for _ in range(n):
        k = pop_trick(s, t)
        if k < 0:
            break
        s[L.S_PLAYED + k] += 1
        b = t[L.T_KIND_BONUS + k]
        if b > best:
            best = b
    return best


@kernel
def draw_tricks(s, t, seat, n):
    for _ in range(n):
        k = pop_trick(s, t)
        if k < 0:
            return
        s[pf(seat, L.PF_HAND) + k] += 1
        s[pf(seat, L.PF_HAND_N)] += 1


@kernel
def draw_to_hand_value(s, t, seat):
    want = stat(s, t, seat, L.ST_HAND) - s[pf(seat, L.PF_HAND_N)]
    if want > 0:
        draw_tricks(s, t, seat, want)


@kernel
def hand_to(s, seat, kind, dest):
    """Move one card of `kind` from the hand to the discard pile or the table."""
    s[pf(seat, L.PF_HAND) + kind] -= 1
    s[pf(seat, L.PF_HAND_N)] -= 1
    s[dest + kind] += 1


@kernel
def flush_played(s, t):
    """Cards on the table (played in a test or effect) go to the discard pile."""
    for k in range(t[L.T_NKINDS]):
        s[L.S_DISCARD + k] += s[L.S_PLAYED + k]
        s[L.S_PLAYED + k] = 0


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
