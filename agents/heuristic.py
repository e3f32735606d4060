"""The heuristic family: a rule-based player for every decision of the basic
game, tuned by a few parameters, with named personas.

Advanced rules: as the Boss's mover it sends him onto opponents and away from
its own Scholar (``boss.best_step_for_mover``); moving its Scholar, it counts
the Boss's Alert Modifier and keeps a little away from him (``boss_threat``).

It reads only what its seat may know: its own hand, public information (the
Dungeon, Note Boards, hand sizes, the Alert Card) and the Clan Card only once
it holds the Knowledge Token or the card is public.

Parameters (0..1 unless said otherwise):
  risk        appetite for Stealth Tests: low = a wide safety margin
  aggression  preference for Espionage over Study
  sabotage    how readily it spends cards to make opponents fail
  thesis      confidence needed to Submit the Thesis without knowing the Clan
  hoard       reluctance to spend cards outside Stealth Tests
  depth       preference for deeper Floors when Stairs give a choice
  defend      how readily it protects its own cubes against Espionage
  noise       chance of a uniformly random legal action (exploration)
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from agents.registry import AgentKind, register
from sim import layout as L
from sim.core.board import board_points, study_bonus
from sim.core.boss import best_step_for_mover, boss_links
from sim.core.common import hand_size, in_start, passive, pf, side_index, stat, targetable
from sim.core.dungeon import passable, zone_cube_count
from sim.core.rng import next32, randint
from sim.core.stealth import zone_alert
from sim.core.step import apply_action
from sim.core.supply import alert_bonus

P_RISK = 0
P_AGGRESSION = 1
P_SABOTAGE = 2
P_THESIS = 3
P_HOARD = 4
P_DEPTH = 5
P_DEFEND = 6
P_NOISE = 7


@njit(cache=True)
def rand01(rng):
    return next32(rng) / 4294967296.0


# ----------------------------------------------------------- knowledge
@njit(cache=True)
def clan_known(s, me):
    return s[L.S_CLAN_PUBLIC] == 1 or s[pf(me, L.PF_KNOWLEDGE)] == 1


@njit(cache=True)
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


@njit(cache=True)
def thesis_confidence(s, t, me):
    """Share of the possible Clan Cards for which the Thesis would succeed."""
    if clan_known(s, me):
        return 1.0 if board_points(s, t, me) >= t[L.T_CLAN_TARGET + s[L.S_CLAN]] else 0.0
    ok = 0
    for cl in range(t[L.T_NCLANS]):
        pts = 0
        for c in range(t[L.T_NCOL]):
            pts += s[pf(me, L.PF_CUBES) + c] * (t[L.T_COL_POINTS + c] + t[L.T_CLAN_MOD + cl * L.MAX_COL + c])
        if pts >= t[L.T_CLAN_TARGET + cl]:
            ok += 1
    return ok / t[L.T_NCLANS]


@njit(cache=True)
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
@njit(cache=True)
def is_test_card(t, k):
    """A card with an effect playable in another Scholar's Stealth Test."""
    for aux in range(t[L.T_KIND_NAUX + k]):
        if t[L.T_KIND_TIMING + k * 2 + aux] & L.TM_OTHER_TEST:
            return True
    return False



@njit(cache=True)
def prog_effect(t, prog):
    """(stealth gain, alert gain, Students drawn) expected from a program."""
    st = 0.0
    al = 0.0
    drawn = 0.0
    start = t[L.T_PROG_START + prog]
    for i in range(t[L.T_PROG_LEN + prog]):
        o = L.T_OPS + (start + i) * L.OP_W
        op = t[o]
        n = t[o + 1]
        if op == L.OP_STEALTH:
            st += n
        elif op == L.OP_ALERT:
            al += n
        elif op == L.OP_DIV_STEALTH:
            st += 1.5 + 0.6 * n
        elif op == L.OP_DIV_ALERT:
            al += 1.5 + 0.6 * n
        elif op == L.OP_DRAW_STUDENTS:
            drawn += n
    return st, al, drawn


@njit(cache=True)
def action_prog(s, t, me, a):
    """Effect program of a PLAY or SKILL action."""
    if a >= L.A_PLAY and a < L.A_SKILL:
        r = a - L.A_PLAY
        return t[L.T_KIND_PROG + ((r // 4) * 2 + (r // 2) % 2) * L.MAX_OPTS + r % 2]
    r = a - L.A_SKILL
    i = side_index(s, me) * L.MAX_SKILLS + r // 2
    return t[L.T_SCH_SK_PROG + i * L.MAX_OPTS + r % 2]


@njit(cache=True)
def interference(s, t, me, params):
    """Alert Value the opponents may add to my Study (scaled by caution)."""
    n = 0
    for p in range(s[L.S_NPLAYERS]):
        if p != me and s[pf(p, L.PF_IN_GAME)] == 1 and not in_start(s, p) and hand_size(s, p) > 0:
            n += 1
    return (1.0 - params[P_RISK]) * 1.5 * n


@njit(cache=True)
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


@njit(cache=True)
def stealth_potential(s, t, me):
    total = 0.0
    for k in range(t[L.T_NKINDS]):
        total += s[pf(me, L.PF_HAND) + k] * card_stealth(t, k)
    return total


@njit(cache=True)
def success_chance(slack, expected):
    """Chance that a test with this slack survives the expected interference."""
    return 1.0 / (1.0 + math.exp(-(slack - expected + 0.5) / 1.2))


FAIL_COST = 2.5  # a Stun Token, a Student drawn (Omega risk), the cards


# --------------------------------------------------------------- tests
@njit(cache=True)
def best_study(s, t, me, z, params, extra_bonus):
    """(value, cubes) of the best Study in zone z; value <= 0 when none pays."""
    if zone_cube_count(s, t, z) == 0 or hand_size(s, me) == 0 and extra_bonus == 0:
        return 0.0, 0
    potential = study_bonus(s, t, me) + stealth_potential(s, t, me) + extra_bonus
    base = zone_alert(s, t, z) + alert_bonus(s, t) + passive(s, t, me, L.PV_TEST_ALERT)
    expected = interference(s, t, me, params)
    intel = stat(s, t, me, L.ST_INTEL)
    best = 0.0
    best_n = 0
    gain = 0.0
    counts = np.zeros(L.MAX_COL, np.int64)
    for c in range(t[L.T_NCOL]):
        counts[c] = s[pf(me, L.PF_CUBES) + c]
    n = 0
    for i in range(t[L.T_Z_NCUBES + z]):
        c = s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i] - 1
        if c < 0:
            continue
        if n == intel:
            break
        n += 1
        if counts[c] < t[L.T_COL_SLOTS + c]:
            v = float(t[L.T_COL_POINTS + c])
            row = c * (L.MAX_COL_SLOTS + 1) + counts[c] + 1
            v += 4.0 * t[L.T_STAR_AT + row] + 1.5 * t[L.T_ARROW_AT + row]
            gain += v
            counts[c] += 1
        need = base + t[L.T_STUDY_PENALTY + n]
        chance = success_chance(potential - need, expected)
        value = gain * chance - FAIL_COST * (1.0 - chance) - 0.15 * need
        if value > best:
            best = value
            best_n = n
    return best, best_n


@njit(cache=True)
def best_espionage(s, t, me, params):
    """(value, action) of the best Espionage from here; value <= 0 when none."""
    if passive(s, t, me, L.PV_NO_ESPIONAGE) != 0 or s[pf(me, L.PF_STUDENTS)] < t[L.T_ESP_SACRIFICE]:
        return 0.0, -1
    potential = stealth_potential(s, t, me)
    if potential == 0:
        return 0.0, -1
    z = s[pf(me, L.PF_ZONE)]
    best = 0.0
    best_a = -1
    lead = leader(s, t, me)
    for p in range(s[L.S_NPLAYERS]):
        if p == me or not targetable(s, p):
            continue
        zt = s[pf(p, L.PF_ZONE)]
        near = zt == z
        if not near:
            for q in range(8):
                if s[L.S_NB + z * 8 + q] == zt and passable(s, t, me, z, q):
                    near = True
        if not near:
            continue
        students = 0 if passive(s, t, me, L.PV_IGNORE_STUDENTS) != 0 else s[pf(p, L.PF_STUDENTS)]
        expected = (1.0 - params[P_RISK]) * 1.5 * (1 if hand_size(s, p) > 0 else 0)
        for c in range(t[L.T_NCOL]):
            if s[pf(p, L.PF_CUBES) + c] == 0:
                continue
            alert = t[L.T_COL_POINTS + c] + students + passive(s, t, me, L.PV_TEST_ALERT)
            chance = success_chance(potential - alert, expected)
            gain = cube_value(s, t, me, c) + (1.0 if p == lead else 0.0)
            value = gain * chance - FAIL_COST * (1.0 - chance) - 1.0 - 0.15 * alert  # 1: the Student
            value *= 0.5 + params[P_AGGRESSION]
            if value > best:
                best = value
                best_a = L.A_SPY + p * L.MAX_COL + c
    return best, best_a


# ---------------------------------------------------------- movement
@njit(cache=True)
def first_steps(s, t, me, z0, speed):
    """BFS over passable Links: dist[z] and the first Move action towards z."""
    nz = t[L.T_NZONES]
    dist = np.full(L.MAX_ZONES, -1, np.int64)
    first = np.full(L.MAX_ZONES, -1, np.int64)
    queue = np.zeros(L.MAX_ZONES, np.int64)
    dist[z0] = 0
    queue[0] = z0
    head = 0
    tail = 1
    while head < tail:
        z = queue[head]
        head += 1
        if dist[z] >= speed:
            continue
        for p in range(8):
            nb = s[L.S_NB + z * 8 + p]
            if nb < 0 or nb >= nz or dist[nb] >= 0:
                continue
            if passable(s, t, me, z, p):
                dist[nb] = dist[z] + 1
                first[nb] = L.A_MOVE + p if z == z0 else first[z]
                queue[tail] = nb
                tail += 1
    return dist, first


@njit(cache=True)
def boss_threat(s, t, z):
    """Cost of standing in Zone z near the Boss model (his next Activation
    may stun us): 0.4 in his Zone (he re-enters it only by a loop), 0.6 one step
    away. The Alert Modifier itself is in best_study (zone_alert)."""
    bz = s[L.S_BOSS_ZONE]
    if bz < 0 or z == 0:
        return 0.0
    if bz == z:
        return 0.4
    if (boss_links(s, t, bz) >> z) & 1:
        return 0.6
    return 0.0


@njit(cache=True)
def in_buf(buf, n, a):
    for i in range(n):
        if buf[i] == a:
            return True
    return False


@njit(cache=True)
def move_decision(s, t, me, buf, n, params):
    """Movement Phase: walk to the best Zone in reach, draw a new Zone, or stop."""
    z0 = s[pf(me, L.PF_ZONE)]
    speed = s[L.S_SPEED]
    here, _ = best_study(s, t, me, z0, params, 0)
    esp, _ = best_espionage(s, t, me, params)
    if esp > here:
        here = esp
    if speed > 0:
        dist, first = first_steps(s, t, me, z0, speed)
        best = here
        best_a = -1
        for z in range(1, t[L.T_NZONES]):
            if dist[z] > 0 and first[z] >= 0:
                v, _ = best_study(s, t, me, z, params, 0)
                v -= 0.3 * dist[z] + boss_threat(s, t, z)
                if v > best + 0.5:
                    best = v
                    best_a = first[z]
        if best_a >= 0 and in_buf(buf, n, best_a):
            return best_a
        if here <= 0.0 and in_buf(buf, n, L.A_DRAW_ZONE):
            return L.A_DRAW_ZONE
        if here <= 0.0 and in_start(s, me):
            # leave the Starting Zone towards any placed Zone
            for p in range(8):
                if in_buf(buf, n, L.A_MOVE + p):
                    return L.A_MOVE + p
    if in_buf(buf, n, L.A_END_MOVE):
        return L.A_END_MOVE
    return L.A_END_TURN


@njit(cache=True)
def action_decision(s, t, me, buf, n, params, rng):
    """Action Phase: Study, Espionage, a useful card, or end the turn."""
    if s[L.S_ACTION_DONE] == 0 and not in_start(s, me):
        z = s[pf(me, L.PF_ZONE)]
        st, _ = best_study(s, t, me, z, params, 0)
        es, ea = best_espionage(s, t, me, params)
        if es > st and es > 0.0 and in_buf(buf, n, ea):
            return ea
        if st > 0.0 and in_buf(buf, n, L.A_STUDY):
            return L.A_STUDY
    # Notoriety when the Bonfire has Students and few are at hand
    if s[L.S_BONFIRE] > 0 and s[pf(me, L.PF_STUDENTS)] < 4 and rand01(rng) > params[P_HOARD]:
        for i in range(n):
            a = buf[i]
            if a >= L.A_PLAY and a < L.A_SKILL:
                k = (a - L.A_PLAY) // 4
                if t[L.T_KIND_TYPE + k] == 4 and t[L.T_KIND_BONUS + k] <= 2:  # fame
                    return a
    return L.A_END_TURN


@njit(cache=True)
def place_decision(s, t, me, buf, n):
    """Where to put a drawn tile: one the Scholar can walk into, most Links."""
    best = -1.0
    best_a = buf[0]
    tile = s[L.S_PL_TILE]
    for i in range(n):
        a = buf[i]
        trial = s.copy()
        apply_action(trial, t, a)
        v = 0.0
        if s[L.S_PL_MODE] == 0 and trial[pf(me, L.PF_ZONE)] == tile:
            v += 10.0
        for p in range(8):
            v += trial[L.S_LINK + tile * 8 + p]
        if v > best:
            best = v
            best_a = a
    return best_a


# -------------------------------------------------------------- tests
@njit(cache=True)
def commit_decision(s, t, me, buf, n, params):
    """Commit cards for their Bonus Value until the target is met; keep the
    cards that work in Stealth Tests for later if possible."""
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


@njit(cache=True)
def window_decision(s, t, me, buf, n, params, rng):
    """One card (or skill) at a time in a Stealth Test window, or pass."""
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
        if a < L.A_PLAY or a >= L.A_PASS:
            continue
        st, al, drawn = prog_effect(t, action_prog(s, t, me, a))
        amount = st if want_stealth else al
        if amount <= 0:
            continue
        cost = amount + 0.5 * drawn
        if a < L.A_SKILL:
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


# ----------------------------------------------------------- prompts
@njit(cache=True)
def card_keep_value(t, k):
    return t[L.T_KIND_BONUS + k] + (2.0 if is_test_card(t, k) else 0.0)


@njit(cache=True)
def discard_decision(s, t, me, buf, n):
    worst = 1e9
    worst_a = -1
    for i in range(n):
        a = buf[i]
        if a >= L.A_DISCARD and a < L.A_DISCARD + L.MAX_KINDS:
            v = card_keep_value(t, a - L.A_DISCARD)
            if v < worst:
                worst = v
                worst_a = a
    if s[L.S_P_OPTIONAL] == 1 and (worst > 2.0 or hand_size(s, me) <= 2):
        return L.A_PASS
    return worst_a if worst_a >= 0 else buf[0]


@njit(cache=True)
def activity_decision(s, t, me, buf, n, params):
    if in_buf(buf, n, L.A_THESIS):
        if thesis_confidence(s, t, me) >= params[P_THESIS]:
            return L.A_THESIS
    stun = s[pf(me, L.PF_STUN)]
    stamina = stat(s, t, me, L.ST_STAMINA)
    students = s[pf(me, L.PF_STUDENTS)]
    if hand_size(s, me) == 0 or (stun >= stamina - 1 and students == 0) or (students == 0 and hand_size(s, me) <= 1):
        return L.A_REST
    return L.A_EXPLORE


@njit(cache=True)
def act(s, t, buf, n, params, rng):
    """The heuristic's choice among buf[:n]."""
    if n == 1:
        return buf[0]
    if params[P_NOISE] > 0.0 and rand01(rng) < params[P_NOISE]:
        return buf[randint(rng, n)]
    ph = s[L.S_PHASE]
    me = s[L.S_ACTOR]
    if ph == L.PH_ACTIVITY:
        return activity_decision(s, t, me, buf, n, params)
    if ph == L.PH_MOVE:
        return move_decision(s, t, me, buf, n, params)
    if ph == L.PH_ACTION:
        return action_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_PLACE:
        return place_decision(s, t, me, buf, n)
    if ph == L.PH_PILE:
        deep = params[P_DEPTH] >= 0.5
        return buf[n - 1] if deep else buf[0]
    if ph == L.PH_STUDY_N:
        _, k = best_study(s, t, me, s[pf(me, L.PF_ZONE)], params, 0)
        a = L.A_NCUBES + (k if k > 0 else 1) - 1
        return a if in_buf(buf, n, a) else buf[0]
    if ph == L.PH_COMMIT:
        return commit_decision(s, t, me, buf, n, params)
    if ph == L.PH_WINDOW:
        return window_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_STUN:
        students = s[pf(me, L.PF_STUDENTS)]
        forced = s[pf(me, L.PF_STUN)] + 1 >= stat(s, t, me, L.ST_STAMINA)
        return L.A_STUN_SACRIFICE if students >= 3 or (forced and students >= 1) else L.A_STUN_ACCEPT
    if ph == L.PH_DISCARD:
        return discard_decision(s, t, me, buf, n)
    if ph == L.PH_TARGET:
        lead = leader(s, t, me)
        a = L.A_TARGET + lead
        return a if lead >= 0 and in_buf(buf, n, a) else buf[n - 1]
    if ph == L.PH_BOSS_MOVE:
        # move the Boss onto opponents, away from our own Scholar
        return best_step_for_mover(s, t, buf, n)
    if ph == L.PH_JINX:
        best = -1
        best_a = buf[0]
        for i in range(n):
            j = buf[i] - L.A_JINX
            v = t[L.T_JINX_PENALTY + j] if s[L.S_JLOC + j] == L.JX_UP else 1
            if v > best:
                best = v
                best_a = buf[i]
        return best_a
    if ph == L.PH_COLOR:
        best = 1e9
        best_a = buf[0]
        for i in range(n):
            v = cube_value(s, t, me, buf[i] - L.A_COLOR)
            if v < best:
                best = v
                best_a = buf[i]
        return best_a
    return buf[randint(rng, n)]


DEFAULTS = {
    "risk": 0.5,
    "aggression": 0.4,
    "sabotage": 0.4,
    "thesis": 0.67,
    "hoard": 0.5,
    "depth": 0.5,
    "defend": 0.6,
    "noise": 0.0,
}
PERSONAS = {
    "cautious": {"risk": 0.15, "sabotage": 0.2, "thesis": 0.99, "defend": 0.9, "depth": 0.2},
    "greedy": {"risk": 0.85, "aggression": 0.2, "thesis": 0.5, "hoard": 0.2, "depth": 0.9},
    "spy": {"aggression": 0.95, "risk": 0.6, "sabotage": 0.3},
    "saboteur": {"sabotage": 0.95, "defend": 0.9, "risk": 0.4},
}

register(AgentKind(
    "heuristic", act, "rule-based player with tunable parameters and personas",
    params=DEFAULTS, ranges={k: (0.0, 1.0) for k in DEFAULTS}, personas=PERSONAS,
))
