"""Stealth Tests: Study and Espionage.

Rulebook: "Study - Stealth Test" steps 1-5 (Alert Value, cubes indicated and
their +1/+3/+6/+10, committing at least one card, the opponents' Instant
plays in turn order, the active player's last say) and "Espionage - Stealth
Test" steps 1-7 (the Student sacrifice, target and cube, cube value + the
target's Students, alternating windows of the two Scholars only); SUCCESS
and FAILURE of both.
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.decks import flush_played, hand_to
from sim.dungeonology.core.components.dungeon import passable, zone_cube_count
from sim.dungeonology.core.components.noteboard import study_bonus
from sim.dungeonology.core.components.scholars import active, in_start, passive, pf, stat, targetable
from sim.dungeonology.core.components.stun import give_stun
from sim.dungeonology.core.components.university import alert_bonus, sacrifice
from sim.dungeonology.core.effects.plays import add_plays
from sim.dungeonology.core.engine import kstack
from sim.dungeonology.core.engine.dispatch_cubes import lose_cubes
from sim.dungeonology.core.engine.dispatch_stealth import (
    collect_cubes,
    cubes_guarded,
    failure_students,
    stealth_declared,
    test_window_plays,
    zone_alert_modifier,
)
from sim.dungeonology.core.procedures.priority import out_of_turn_play
from sim.kit.jit import kernel


@kernel
def can_spy_on(s, t, seat, target):
    """Target in the same Zone or an Adjacent and Linked one (a Passage this
    Scholar can use: Doors he cannot open leave it Blocked), with a cube."""
    if target == seat or not targetable(s, target):
        return False
    z = s[pf(seat, L.PF_ZONE)]
    zt = s[pf(target, L.PF_ZONE)]
    if z != zt:
        near = False
        for p in range(8):
            if s[L.S_NB + z * 8 + p] == zt and passable(s, t, seat, z, p):
                near = True
        if not near:
            return False
    for c in range(t[L.T_NCOL]):
        if s[pf(target, L.PF_CUBES) + c] > 0:
            return True
    return False


@kernel
def zone_alert(s, t, z):
    """The Zone's Alert Value: printed, plus what a module adds (the Boss's Alert
    Modifier when the Boss model occupies it, "The Boss" B)."""
    return t[L.T_Z_ALERT + z] + zone_alert_modifier(s, t, z)


@kernel
def start_test(s, kind, seat, alert):
    s[L.S_T_KIND] = kind
    s[L.S_T_ACTIVE] = seat
    s[L.S_T_ALERT] = alert
    s[L.S_T_STEALTH] = 0
    s[L.S_T_STAGE] = 1
    s[L.S_T_WPLAYS] = 0
    s[L.S_T_ORDER_I] = 0
    s[L.S_PHASE] = L.PH_COMMIT
    s[L.S_ACTOR] = seat


@kernel
def begin_study(s, t, seat, n):
    """Steps 1-2: the Zone's Alert Value + Alert Bonus + cubes indicated."""
    z = s[pf(seat, L.PF_ZONE)]
    alert = zone_alert(s, t, z) + alert_bonus(s, t) + t[L.T_STUDY_PENALTY + n]
    alert += passive(s, t, seat, L.PV_TEST_ALERT)
    s[L.S_T_ZONE] = z
    s[L.S_T_NCUBES] = n
    start_test(s, 1, seat, alert)


@kernel
def begin_espionage(s, t, seat, target, c):
    """Step 1, the sacrifice; then ``espionage_test`` (once she has chosen which Student, if she chooses)."""
    if sacrifice(s, t, seat, t[L.T_ESP_SACRIFICE]):
        kstack.push_below(s, L.K_ESPIONAGE, seat, target, c)
        return
    espionage_test(s, t, seat, target, c)


@kernel
def espionage_test(s, t, seat, target, c):
    """Steps 2-3: target and cube, cube value + target's Students."""
    alert = t[L.T_COL_POINTS + c]
    if passive(s, t, seat, L.PV_IGNORE_STUDENTS) == 0:
        alert += s[pf(target, L.PF_STUDENTS)]
    alert += passive(s, t, seat, L.PV_TEST_ALERT)
    s[L.S_T_TARGET] = target
    s[L.S_T_COLOR] = c
    s[L.S_T_ZONE] = s[pf(seat, L.PF_ZONE)]
    start_test(s, 2, seat, alert)


@kernel
def commit(s, t, kind):
    """Step 3/4: a card committed for its Bonus Value (all go down at once)."""
    hand_to(s, s[L.S_T_ACTIVE], kind, L.S_PLAYED)
    s[L.S_T_STEALTH] += t[L.T_KIND_BONUS + kind]
    s[L.S_T_WPLAYS] += 1


@kernel
def declare(s, t):
    """The Stealth Value is declared: Bonus Values (+ Study Bonus for Study),
    then the Zone's Good Luck / Bad Luck reveals ("Zone Effect Types")."""
    if s[L.S_T_KIND] == 1:
        s[L.S_T_STEALTH] += study_bonus(s, t, s[L.S_T_ACTIVE])
    s[L.S_T_DECLARED] = s[L.S_T_STEALTH]
    # the modules: a Spriggan's Intern taken (RC "Spriggan Cards"), Good Luck / Bad Luck (Dangerous Zones)
    stealth_declared(s, t)
    s[L.S_T_STAGE] = 2
    s[L.S_T_ORDER_I] = 0
    s[L.S_PHASE] = L.PH_NONE
    kstack.push(s, L.K_TEST_NEXT, 0, 0, 0)


@kernel
def open_window(s, seat, i):
    s[L.S_T_ORDER_I] = i
    s[L.S_T_WINDOW] = seat
    s[L.S_T_WPLAYS] = 0
    s[L.S_PHASE] = L.PH_WINDOW
    s[L.S_ACTOR] = seat


@kernel
def may_play_in_test(s, seat):
    """Scholars in the Starting Zone (or out of the game) cannot play cards."""
    return active(s, seat) and not in_start(s, seat)


@kernel
def test_next(s, t):
    """Open the next window of the test, or resolve it."""
    n = s[L.S_NPLAYERS]
    me = s[L.S_T_ACTIVE]
    i = s[L.S_T_ORDER_I]
    if s[L.S_T_KIND] == 1:
        # opponents in turn order from the active player's left, then last say
        i += 1
        while i < n:
            seat = (me + i) % n
            if may_play_in_test(s, seat):
                open_window(s, seat, i)
                return
            i += 1
        if i == n:
            open_window(s, me, n)
            return
        resolve(s, t)
        return
    # Espionage: target (odd windows) and attacker (even) until the attacker
    # closes a window without playing.
    if i >= 2 and i % 2 == 0 and s[L.S_T_WPLAYS] == 0:
        resolve(s, t)
        return
    i += 1
    open_window(s, s[L.S_T_TARGET] if i % 2 == 1 else me, i)


@kernel
def collect(s, t, seat, z, n):
    """Collect n cubes from the left; a cube whose column is full is skipped
    (with False and Universal Information: ``rules.rocca_civetta.cubes``; none
    from a Zone a module keeps the seat from: an opponent's Iota Student)."""
    if not cubes_guarded(s, seat, z):
        collect_cubes(s, t, seat, z, n)


@kernel
def record_outcome(s):
    """Keep the outcome of the test now resolving (S_LT_*): who, the declared
    and final Stealth Value, the Alert Value, SUCCESS or FAILURE."""
    s[L.S_LT_KIND] = s[L.S_T_KIND]
    s[L.S_LT_SEAT] = s[L.S_T_ACTIVE]
    s[L.S_LT_TARGET] = s[L.S_T_TARGET] if s[L.S_T_KIND] == 2 else -1
    s[L.S_LT_DECLARED] = s[L.S_T_DECLARED]
    s[L.S_LT_STEALTH] = s[L.S_T_STEALTH]
    s[L.S_LT_ALERT] = s[L.S_T_ALERT]
    s[L.S_LT_SUCCESS] = 1 if s[L.S_T_STEALTH] >= s[L.S_T_ALERT] else 0
    s[L.S_LT_TURN] = s[L.S_TURN]


@kernel
def resolve(s, t):
    """SUCCESS (Stealth >= Alert) or FAILURE (Stun Token, Student drawn)."""
    me = s[L.S_T_ACTIVE]
    s[L.S_PHASE] = L.PH_NONE
    kstack.push(s, L.K_TEST_CLOSE, 0, 0, 0)
    study = s[L.S_T_KIND] == 1
    if study:
        s[pf(me, L.PF_STUDIES)] += 1
    else:
        s[pf(me, L.PF_SPIES)] += 1
    record_outcome(s)
    if s[L.S_T_STEALTH] >= s[L.S_T_ALERT]:
        if study:
            s[pf(me, L.PF_STUDY_WINS)] += 1
            collect(s, t, me, s[L.S_T_ZONE], s[L.S_T_NCUBES])
        else:
            s[pf(me, L.PF_SPY_WINS)] += 1
            # Stolen = Lost by the target: a Protected cube may be kept
            lose_cubes(s, t, s[L.S_T_TARGET], s[L.S_T_COLOR], 1, L.PRM_STEAL, me)
        return
    # the failure Students: Danger N of the Zone draws N instead
    kstack.push(s, L.K_TEST_AFTER_FAIL, me, failure_students(s, t, me, s[L.S_T_ZONE]), 0)
    give_stun(s, t, me, t[L.T_FAIL_STUN])


@kernel
def close_test(s, t):
    flush_played(s, t)
    s[L.S_T_KIND] = 0
    s[L.S_T_STAGE] = 0
    s[L.S_ACTION_DONE] = 1


@kernel
def reopen_window(s):
    """K_WINDOW: the current window again, after a play in it resolved."""
    s[L.S_PHASE] = L.PH_WINDOW
    s[L.S_ACTOR] = s[L.S_T_WINDOW]


# ------------------------------------------------------------ decisions
@kernel
def study_size_actions(s, t, me, out):
    """PH_STUDY_N: how many cubes to Study, 1 to the Intelligence (at most
    the cubes in the Zone)."""
    n = 0
    top = stat(s, t, me, L.ST_INTEL)
    have = zone_cube_count(s, t, s[pf(me, L.PF_ZONE)])
    if have < top:
        top = have
    for k in range(1, top + 1):
        out[n] = L.A_NCUBES + k - 1
        n += 1
    return n


@kernel
def commit_choice(s, t, me, a):
    """PH_COMMIT: commit one more card, or declare the test's value."""
    if a == L.A_DECLARE:
        declare(s, t)
    else:
        commit(s, t, a - L.A_COMMIT)
        s[L.S_PHASE] = L.PH_COMMIT


@kernel
def commit_actions(s, t, me, out):
    """PH_COMMIT: a card kind in hand; declare once at least one is committed."""
    n = 0
    for k in range(t[L.T_NKINDS]):
        if s[pf(me, L.PF_HAND) + k] > 0:
            out[n] = L.A_COMMIT + k
            n += 1
    if s[L.S_T_WPLAYS] > 0:
        out[n] = L.A_DECLARE
        n += 1
    return n


@kernel
def window_mask(s, seat):
    """Timing bit of a Stealth Test window for this seat."""
    if seat != s[L.S_T_ACTIVE]:
        return L.TM_OTHER_TEST
    return L.TM_OWN_STUDY if s[L.S_T_KIND] == 1 else L.TM_OWN_ESP


@kernel
def window_choice(s, t, me, a):
    """PH_WINDOW: a play (the window opens again after it) or a pass."""
    if a == L.A_PASS:
        kstack.push(s, L.K_TEST_NEXT, 0, 0, 0)
    else:
        s[L.S_T_WPLAYS] += 1
        kstack.push(s, L.K_WINDOW, 0, 0, 0)
        out_of_turn_play(s, t, me, a)


@kernel
def window_actions(s, t, me, out):
    """PH_WINDOW: the plays of the seat's timing (and Main Effects with their
    rule), and pass."""
    n = add_plays(s, t, me, window_mask(s, me), out, 0)
    n = test_window_plays(s, t, me, out, n)  # Main Effects, gold-symbol Student effects
    out[n] = L.A_PASS
    return n + 1
