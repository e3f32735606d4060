"""The University and what moves Students: the University bag, the Bonfire,
Omega Students and the Alert Card, Students gained, sacrificed and taken
back at Rest (the bag's own moves: ``bag``).

Rulebook: "Students", "Omega Students, Jinx Cards, Alert Card and the
University", "Player Level", "Maximum Alert" (Omega Infinity; the trigger is
the rule's, ``rules.maximum_alert.trigger``). The Reserve holds everything not in play, so every move here is
between two counted places and the box stays conserved.

Student kinds (Rocca Civetta, "Student Congregations"): with that rule the
University, the Reserve, the Bonfire (in order from the arrow,
S_BONFIRE_KINDS) and the Scholars (PF_CONGREGATION, counted in PF_STUDENTS)
hold Congregation Students too. Without it every Student is grey or Omega
and the functions below do exactly what the base game does.
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.bag import fill_university
from sim.dungeonology.core.components.decks import draw_jinx
from sim.dungeonology.core.components.scholars import pf, stat
from sim.dungeonology.core.engine.dispatch_university import (
    alert_card_full,
    draw_students_instead,
    sacrifice_instead,
    university_fill,
)
from sim.dungeonology.core.procedures.end_game import end_game_now, trigger_end_at_current
from sim.kit.jit import kernel
from sim.kit.rng import randint


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
def fill_students(s, t, grey, omega, setup):
    """Fill the University with `grey` standard and `omega` Omega Students
    (Setup O, an Alert Card replenishment); a module's Students enter first, each
    replacing a standard one (the hook ``university_fill``: Student Congregations)."""
    fill_university(s, university_fill(s, t, grey, setup), omega)


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
    fill_students(
        s, t, t[L.T_AL_STUD + k] * effective_players(s, t), t[L.T_AL_OMEGA + k], False
    )
    return True


@kernel
def grey_drawn(s, total):
    """Is the Student drawn grey? The next one a scenario fixed (S_SET_UNIV),
    if that kind is in the bag; else at random."""
    while s[L.S_SET_UNIV_I] < s[L.S_SET_UNIV_N]:
        omega = s[L.S_SET_UNIV + s[L.S_SET_UNIV_I]]
        s[L.S_SET_UNIV_I] += 1
        if omega == 1 and s[L.S_UNIV_OMEGA] > 0:
            return False
        if omega == 0 and s[L.S_UNIV_GREY] > 0:
            return True
    return randint(s, total) < s[L.S_UNIV_GREY]


@kernel
def draw_one_student(s, t):
    """One Student out of the University bag: a grey one goes to the Bonfire
    (the Reserve once it is full) and 0 is returned; an Omega Student leaves
    the bag and 1 is returned (the caller resolves it); -1: the bag is empty."""
    total = s[L.S_UNIV_GREY] + s[L.S_UNIV_OMEGA]
    if total == 0:
        return -1
    if grey_drawn(s, total):
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
    if not place_omega_on_card(s, t) and not alert_card_full(s, t):  # Maximum Alert: the rule instead
        trigger_end_at_current(s, L.END_ALERT_FULL)
    clear_bonfire(s)
    draw_jinx(s, t, seat, L.JX_DOWN)


@kernel
def draw_students(s, t, seat, n):
    """Draw n Students from the University at once (all of them if fewer): the
    grey ones go to the Bonfire (the Reserve once it is full), then each Omega
    Student drawn is resolved (which empties the Bonfire and replenishes the
    bag, so no Student of this draw comes from the replenishment). A module may
    resolve the draw its own way (``draw_students_instead``: Student Congregations)."""
    if draw_students_instead(s, t, seat, n):
        return
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
def sacrifice(s, t, seat, n):
    """Sacrifice up to n of the seat's Students to the Reserve. True when a module
    resolves it its own way, on the continuation stack (``sacrifice_instead``: with
    Student Congregations, the Scholar chooses which of her kinds go): what the caller
    does after the Sacrifice must then wait for it (``kstack.push_below``)."""
    if sacrifice_instead(s, t, seat, n):
        return True
    sacrifice_now(s, seat, n)
    return False


@kernel
def sacrifice_now(s, seat, n):
    """Sacrifice up to n of the seat's Students at once; returns how many. Standard
    Students first, then Congregation Students, those whose "When you Sacrifice" effect
    gives Students back (Phi) first, then in CONGREGATIONS order (a choice only when
    more than one kind is held: ``sacrifice``)."""
    have = s[pf(seat, L.PF_STUDENTS)]
    k = n if n < have else have
    s[pf(seat, L.PF_STUDENTS)] -= k
    grey = have - congregation_held(s, seat)
    g = k if k < grey else grey
    s[L.S_RES_GREY] += g
    left = k - g
    for rnd in range(2):
        for c in range(L.NCONGREGATIONS):
            if left == 0 or (s[L.S_CG_SAC_GAIN + c] > 0) != (rnd == 0):
                continue
            h = s[pf(seat, L.PF_CONGREGATION) + c]
            m = left if left < h else h
            s[pf(seat, L.PF_CONGREGATION) + c] -= m
            s[L.S_RES_CONGREGATION + c] += m
            left -= m
            for _ in range(m):
                sacrificed_trigger(s, seat, c)
    return k


@kernel
def sacrifice_kind(s, seat, kind):
    """Sacrifice one of the seat's Students of `kind` (STUDENT_KINDS index, not Omega)."""
    s[pf(seat, L.PF_STUDENTS)] -= 1
    if kind == 0:
        s[L.S_RES_GREY] += 1
        return
    c = kind - 2
    s[pf(seat, L.PF_CONGREGATION) + c] -= 1
    s[L.S_RES_CONGREGATION + c] += 1
    sacrificed_trigger(s, seat, c)


@kernel
def congregation_held(s, seat):
    """Congregation Students the seat holds (they are counted in PF_STUDENTS)."""
    n = 0
    for c in range(L.NCONGREGATIONS):
        n += s[pf(seat, L.PF_CONGREGATION) + c]
    return n


@kernel
def sacrificed_trigger(s, seat, c):
    """Phi "When you Sacrifice a Phi Student: take a standard Student from the
    Reserve" (the amount copied at Setup into S_CG_SAC_GAIN); on the owner's
    turn, or at any time with the gold symbol."""
    gain = s[L.S_CG_SAC_GAIN + c]
    if gain > 0 and (seat == s[L.S_CUR] or s[L.S_CG_SAC_GOLD + c] == 1):
        k = gain if gain < s[L.S_RES_GREY] else s[L.S_RES_GREY]
        s[L.S_RES_GREY] -= k
        s[pf(seat, L.PF_STUDENTS)] += k


@kernel
def student_to(s, seat, kind):
    """A Student of `kind` (STUDENT_KINDS index, not Omega) joins the seat."""
    s[pf(seat, L.PF_STUDENTS)] += 1
    if kind >= 2:
        s[pf(seat, L.PF_CONGREGATION) + kind - 2] += 1


@kernel
def student_to_reserve(s, kind):
    if kind == 0:
        s[L.S_RES_GREY] += 1
    elif kind == 1:
        s[L.S_RES_OMEGA] += 1
    else:
        s[L.S_RES_CONGREGATION + kind - 2] += 1


@kernel
def take_bonfire(s, seat, n):
    """Students picked up from the Campus Bonfire, the last one placed (the
    furthest from the arrow) first ("Student Congregations")."""
    k = n if n < s[L.S_BONFIRE] else s[L.S_BONFIRE]
    for _ in range(k):
        i = s[L.S_BONFIRE] - 1
        student_to(s, seat, s[L.S_BONFIRE_KINDS + i])
        s[L.S_BONFIRE_KINDS + i] = 0
        s[L.S_BONFIRE] = i


@kernel
def bonfire_put(s, t, kind):
    """A drawn Student placed in the next free space of the Bonfire, in the
    Reserve once every space is filled."""
    i = s[L.S_BONFIRE]
    if i < t[L.T_BONFIRE_SPACES]:
        s[L.S_BONFIRE_KINDS + i] = kind
        s[L.S_BONFIRE] = i + 1
    else:
        student_to_reserve(s, kind)


@kernel
def clear_bonfire(s):
    """Every Student at the Bonfire goes to the Reserve (an Omega Student drawn)."""
    for i in range(s[L.S_BONFIRE]):
        student_to_reserve(s, s[L.S_BONFIRE_KINDS + i])
        s[L.S_BONFIRE_KINDS + i] = 0
    s[L.S_BONFIRE] = 0


# ------------------------------------------------- Student Congregations
@kernel
def refill_students(s, t, seat):
    """Rest: take Students from the Reserve up to the Initial Students value."""
    want = stat(s, t, seat, L.ST_STUDENTS) - s[pf(seat, L.PF_STUDENTS)]
    if want > s[L.S_RES_GREY]:
        want = s[L.S_RES_GREY]
    if want > 0:
        s[L.S_RES_GREY] -= want
        s[pf(seat, L.PF_STUDENTS)] += want
