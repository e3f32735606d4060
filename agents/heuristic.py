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

Main Effects rule (Interns): an effect that gains an Intern is played when the
Intern is worth it (intern_value), Protected cubes are always kept, and
Espionage never aims at a colour the target protects.
"""

from __future__ import annotations

import math

import numpy as np

from agents.registry import AgentKind, register
from sim import layout as L
from sim.core.components.decks import jinx_held
from sim.core.components.dungeon import passable, zone_cube_count
from sim.core.components.noteboard import board_points, study_bonus
from sim.core.components.scholars import hand_size, in_start, passive, pf, side_index, stat, targetable
from sim.core.components.university import alert_bonus
from sim.core.effects.plays import payable
from sim.core.engine.jit import allocating, kernel
from sim.core.engine.rng import next32, randint
from sim.core.engine.step import apply_action
from sim.core.procedures.stealth import zone_alert
from sim.core.rules.boss.boss import best_step_for_mover, boss_links
from sim.core.rules.dangerous_zones.zone_effects import applies, eff_at, teleport_dest
from sim.core.rules.main_effects.interns import intern_owner, is_protected
from sim.core.rules.main_effects.ops import zone_destination

P_RISK = 0
P_AGGRESSION = 1
P_SABOTAGE = 2
P_THESIS = 3
P_HOARD = 4
P_DEPTH = 5
P_DEFEND = 6
P_NOISE = 7


@kernel
def rand01(rng):
    return next32(rng) / 4294967296.0


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
        return 1.0 if board_points(s, t, me) >= t[L.T_CLAN_TARGET + s[L.S_CLAN]] else 0.0
    ok = 0
    for cl in range(t[L.T_NCLANS]):
        pts = 0
        for c in range(t[L.T_NCOL]):
            pts += s[pf(me, L.PF_CUBES) + c] * (t[L.T_COL_POINTS + c] + t[L.T_CLAN_MOD + cl * L.MAX_COL + c])
        if pts >= t[L.T_CLAN_TARGET + cl]:
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
        elif op == L.OP_BOOST_SIDE:  # the actor's side: Stealth in his test, else Alert
            st += n
            al += n
        elif op == L.OP_DIV_SIDE:
            st += 1.5 + 0.6 * n
            al += 1.5 + 0.6 * n
    return st, al, drawn


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
    start = t[L.T_PROG_START + prog]
    for j in range(t[L.T_PROG_LEN + prog]):
        if t[L.T_OPS + (start + j) * L.OP_W] == L.OP_GAIN_INTERN:
            return intern_value(s, t, me, i)
    return 0.0


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


@kernel
def interference(s, t, me, params):
    """Alert Value the opponents may add to my Study (scaled by caution)."""
    n = 0
    for p in range(s[L.S_NPLAYERS]):
        if p != me and s[pf(p, L.PF_IN_GAME)] == 1 and not in_start(s, p) and hand_size(s, p) > 0:
            n += 1
    return (1.0 - params[P_RISK]) * 1.5 * n


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
def success_chance(slack, expected):
    """Chance that a test with this slack survives the expected interference."""
    return 1.0 / (1.0 + math.exp(-(slack - expected + 0.5) / 1.2))


FAIL_COST = 2.5  # a Stun Token, a Student drawn (Omega risk), the cards
STALL_ROUND = 30  # Main Effects rule: rounds after which waiting costs more than failing


@kernel
def stall_bonus(s, t):
    """With the Main Effects rule no Student is drawn at the End of Turn, so
    the Omega clock runs only when effects draw Students: a table of careful
    Scholars can wait forever. Late in such a game every Study gains a little
    worth per round, so somebody takes the risk (0 without the rule)."""
    if (t[L.T_RULES] & L.RULE_MAIN_EFFECTS) == 0 or s[L.S_ROUND] <= STALL_ROUND:
        return 0.0
    return 0.1 * (s[L.S_ROUND] - STALL_ROUND)


# -------------------------------------------------------- Zone Effects
@kernel
def zone_luck(s, t, me, z):
    """(stealth, alert, extra Students on failure) expected from the Passive
    Zone Effects of zone z for me (Good Luck, Bad Luck, Danger)."""
    st = 0.0
    al = 0.0
    danger = 0.0
    for i in range(t[L.T_Z_NEFF + z]):
        o = eff_at(z, i)
        kind = t[o]
        if kind != L.ZK_GOOD_LUCK and kind != L.ZK_BAD_LUCK and kind != L.ZK_DANGER:
            continue
        if not applies(s, t, me, z, i):
            continue
        if kind == L.ZK_GOOD_LUCK:
            st += 1.5 + 0.6 * t[o + 1]
        elif kind == L.ZK_BAD_LUCK:
            al += 1.5 + 0.6 * t[o + 1]
        elif t[o + 1] - t[L.T_FAIL_STUDENTS] > danger:
            danger = float(t[o + 1] - t[L.T_FAIL_STUDENTS])
    return st, al, danger


@kernel
def entry_cost(s, t, me, z):
    """What entering zone z costs me in its Incoming Effects (Ambush, Stop,
    Toll, Boss) and an unknown Trap Token; Stairs is left to exploring."""
    cost = 0.0
    stun_room = stat(s, t, me, L.ST_STAMINA) - s[pf(me, L.PF_STUN)]
    held = 0
    for c in range(t[L.T_NCOL]):
        held += s[pf(me, L.PF_CUBES) + c]
    for i in range(t[L.T_Z_NEFF + z]):
        o = eff_at(z, i)
        kind = t[o]
        if not applies(s, t, me, z, i):
            continue
        if kind == L.ZK_AMBUSH:
            # a Student or a Stun Token each; worse close to the Stamina
            cost += t[o + 1] * (1.0 if stun_room > t[o + 1] else 2.5)
        elif kind == L.ZK_STOP:
            cost += 0.4 * s[L.S_SPEED]
        elif kind == L.ZK_TOLL and held > 0:
            cost += 3.0 * (t[o + 1] if t[o + 1] < held else held)
        elif kind == L.ZK_BOSS:
            cost += 0.8
    if s[L.S_ZTRAP_KIND + z] != 0:
        cost += 1.5 if held > 0 else 1.0  # face down: Ambush, Stop or Toll
    return cost


@kernel
def wants_rest(s, t, me):
    """How much a Bivouac (or Rest) would help me now."""
    v = 0.0
    stun = s[pf(me, L.PF_STUN)]
    if stun > 0:
        v += stun * (1.0 if stun + 1 < stat(s, t, me, L.ST_STAMINA) else 2.0)
    v += 1.5 * jinx_held(s, t, me)
    short = stat(s, t, me, L.ST_HAND) - hand_size(s, me)
    if short > 0:
        v += 0.8 * short
    miss = stat(s, t, me, L.ST_STUDENTS) - s[pf(me, L.PF_STUDENTS)]
    if miss > 0:
        v += 0.5 * miss
    return v


# --------------------------------------------------------------- tests
@kernel
def best_study(s, t, me, z, params, extra_bonus):
    """(value, cubes) of the best Study in zone z; value <= 0 when none pays."""
    if zone_cube_count(s, t, z) == 0 or hand_size(s, me) == 0 and extra_bonus == 0:
        return 0.0, 0
    return study_in(s, t, me, z, params, extra_bonus, study_bonus(s, t, me) + stealth_potential(s, t, me))


@allocating
def zone_study_values(s, t, me, params, want):
    """best_study's value for the placed Dungeon Zones z with want[z] > 0
    (0 elsewhere): one hand evaluation for all of them."""
    vals = np.zeros(L.MAX_ZONES)
    if hand_size(s, me) == 0:
        return vals
    pot = study_bonus(s, t, me) + stealth_potential(s, t, me)
    common, expected, intel, stall = study_context(s, t, me, params)
    counts = np.zeros(L.MAX_COL, np.int64)
    for z in range(1, t[L.T_NZONES]):
        if want[z] > 0 and s[L.S_ZPLACED + z] == 1 and zone_cube_count(s, t, z) > 0:
            vals[z], _ = study_value(s, t, me, z, 0, pot, common, expected, intel, stall, counts)
    return vals


@kernel
def study_context(s, t, me, params):
    """The parts of a Study's worth that do not depend on the Zone: (Alert
    Value from the Alert Card and passives, expected interference,
    Intelligence, stall bonus)."""
    common = alert_bonus(s, t) + passive(s, t, me, L.PV_TEST_ALERT)
    return common, interference(s, t, me, params), stat(s, t, me, L.ST_INTEL), stall_bonus(s, t)


@allocating
def study_in(s, t, me, z, params, extra_bonus, hand_potential):
    """best_study with the hand's Stealth potential (Study Bonus included) given."""
    common, expected, intel, stall = study_context(s, t, me, params)
    return study_value(s, t, me, z, extra_bonus, hand_potential, common, expected, intel, stall,
                       np.zeros(L.MAX_COL, np.int64))


@kernel
def study_value(s, t, me, z, extra_bonus, hand_potential, common, expected, intel, stall, counts):
    """(value, cubes) of the best Study in zone z, given study_context;
    counts: scratch space of MAX_COL (overwritten)."""
    luck_st, luck_al, danger = zone_luck(s, t, me, z)
    potential = hand_potential + extra_bonus + luck_st
    base = zone_alert(s, t, z) + common + luck_al
    fail_cost = FAIL_COST + 0.8 * danger
    best = 0.0
    best_n = 0
    gain = 0.0
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
        value = gain * chance - fail_cost * (1.0 - chance) - 0.15 * need + stall
        if value > best:
            best = value
            best_n = n
    return best, best_n


@kernel
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
            if s[pf(p, L.PF_CUBES) + c] == 0 or is_protected(s, t, p, c):
                continue  # a Protected cube would be kept by its owner
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
@allocating
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


@kernel
def boss_threat(s, z, near):
    """Cost of standing in Zone z near the Boss model (his next Activation
    may stun us): 0.4 in his Zone (he re-enters it only by a loop), 0.6 one step
    away (near: boss_links of his Zone). The Alert Modifier itself is in
    best_study (zone_alert)."""
    bz = s[L.S_BOSS_ZONE]
    if bz < 0 or z == 0:
        return 0.0
    if bz == z:
        return 0.4
    if (near >> z) & 1:
        return 0.6
    return 0.0


@kernel
def in_buf(buf, n, a):
    for i in range(n):
        if buf[i] == a:
            return True
    return False


@allocating
def max_alert_move(s, t, me, buf, n, params):
    """Maximum Alert: ending the turn in the Starting Zone forces the Thesis
    and ends the Scholar's game. With a board that should pass, head home
    (or stay there); otherwise never end the turn there. -1: no opinion."""
    if s[L.S_SPEED] <= 0:
        return -1
    z0 = s[pf(me, L.PF_ZONE)]
    # once someone has submitted, only a Thesis lets me compete at all
    need = params[P_THESIS] * (0.45 if s[L.S_THESIS_COUNT] > 0 else 1.0)
    if thesis_confidence(s, t, me) >= need:
        if in_start(s, me):
            return L.A_END_MOVE if in_buf(buf, n, L.A_END_MOVE) else L.A_END_TURN
        dist, first = first_steps(s, t, me, z0, L.MAX_ZONES)
        if dist[0] > 0 and first[0] >= 0 and in_buf(buf, n, first[0]):
            return first[0]
        return -1
    if in_start(s, me):
        for p in range(8):
            if in_buf(buf, n, L.A_MOVE + p):
                return L.A_MOVE + p
    return -1


@allocating
def towards_unexplored(s, t, me, z0, buf, n):
    """First step towards the nearest Zone on a Floor whose stack still holds
    tiles (Main Effects rule: without the End of Turn Student the game waits
    for the Scholars to explore, so nobody may idle on an exhausted Floor)."""
    if s[L.S_STACK_N + t[L.T_Z_FLOOR + z0]] > 0:
        return -1
    dist, first = first_steps(s, t, me, z0, L.MAX_ZONES)
    best = L.MAX_ZONES + 1
    best_a = -1
    for z in range(1, t[L.T_NZONES]):
        if dist[z] > 0 and first[z] >= 0 and dist[z] < best and s[L.S_STACK_N + t[L.T_Z_FLOOR + z]] > 0:
            if in_buf(buf, n, first[z]):
                best = dist[z]
                best_a = first[z]
    return best_a


@allocating
def move_decision(s, t, me, buf, n, params):
    """Movement Phase: walk to the best Zone in reach, draw a new Zone, or stop."""
    if s[L.S_MAX_ALERT] == 1:
        a = max_alert_move(s, t, me, buf, n, params)
        if a >= 0:
            return a
    z0 = s[pf(me, L.PF_ZONE)]
    speed = s[L.S_SPEED]
    mains = has_main(buf, n)
    # the Zones worth a look: here, those in reach, Secret Passage exits (and
    # every Zone when a Main Effect may move the Scholar)
    want = np.full(L.MAX_ZONES, 1 if mains and moving_main(t, buf, n) else 0, np.int64)
    want[z0] = 1
    dist = np.zeros(L.MAX_ZONES, np.int64)
    first = dist
    if speed > 0:
        dist, first = first_steps(s, t, me, z0, speed)
        for z in range(L.MAX_ZONES):
            if dist[z] > 0 and first[z] >= 0:
                want[z] = 1
        for i in range(n):
            if buf[i] >= L.A_ZONE and buf[i] < L.A_ZONE + L.MAX_ZONES:
                want[buf[i] - L.A_ZONE] = 1
    vals = zone_study_values(s, t, me, params, want)
    esp, _ = best_espionage(s, t, me, params)
    if mains:
        v, a = best_turn_main(s, t, me, buf, n, params, True, vals, esp, dist, first)
        if a >= 0 and v > 0.0:
            return a
    here = vals[z0]
    if esp > here:
        here = esp
    if speed > 0:
        best = here
        best_a = -1
        near = boss_links(s, t, s[L.S_BOSS_ZONE]) if s[L.S_BOSS_ZONE] >= 0 else 0
        for z in range(1, t[L.T_NZONES]):
            if dist[z] > 0 and first[z] >= 0:
                v = vals[z] - (0.3 * dist[z] + entry_cost(s, t, me, z) + boss_threat(s, z, near))
                if v > best + 0.5:
                    best = v
                    best_a = first[z]
        for i in range(n):  # Secret Passages: one Speed point, any distance
            a = buf[i]
            if a >= L.A_ZONE and a < L.A_ZONE + L.MAX_ZONES:
                d = a - L.A_ZONE
                v = vals[d] - (0.3 + entry_cost(s, t, me, d))
                if v > best + 0.5:
                    best = v
                    best_a = a
        if best_a >= 0 and in_buf(buf, n, best_a):
            return best_a
        if here <= 0.0 and in_buf(buf, n, L.A_DRAW_ZONE):
            return L.A_DRAW_ZONE
        if here <= 0.0 and (t[L.T_RULES] & L.RULE_MAIN_EFFECTS) != 0:
            a = towards_unexplored(s, t, me, z0, buf, n)
            if a >= 0:
                return a
        if here <= 0.0 and in_start(s, me):
            # leave the Starting Zone towards any placed Zone
            for p in range(8):
                if in_buf(buf, n, L.A_MOVE + p):
                    return L.A_MOVE + p
    if in_buf(buf, n, L.A_END_MOVE):
        return L.A_END_MOVE
    return L.A_END_TURN


@allocating
def action_decision(s, t, me, buf, n, params, rng):
    """Action Phase: a Main Effect worth more than keeping its card (an
    ACTION only above the Study / Espionage it replaces), Study, Espionage,
    a useful card, or end the turn."""
    if s[L.S_MAX_ALERT] == 1 and (s[L.S_ACTION_DONE] == 1 or in_start(s, me)):
        a = max_alert_move(s, t, me, buf, n, params)  # Speed left from cards
        if a >= 0 and a != L.A_END_MOVE and a != L.A_END_TURN:
            return a
    es = 0.0
    ea = -1
    if s[L.S_ACTION_DONE] == 0:
        es, ea = best_espionage(s, t, me, params)
    # Study values: only needed before the turn's Action (after it, moving
    # Main Effects are not taken and an ACTION cannot be played)
    vals = np.zeros(L.MAX_ZONES)
    studied = False
    if has_main(buf, n):
        if s[L.S_ACTION_DONE] == 0:
            want = np.full(L.MAX_ZONES, 1 if moving_main(t, buf, n) else 0, np.int64)
            want[s[pf(me, L.PF_ZONE)]] = 1
            vals = zone_study_values(s, t, me, params, want)
            studied = True
        no_steps = np.zeros(0, np.int64)
        v, a = best_turn_main(s, t, me, buf, n, params, False, vals, es, no_steps, no_steps)
        if a >= 0 and v > 0.0:
            return a
    if s[L.S_ACTION_DONE] == 0 and not in_start(s, me):
        z = s[pf(me, L.PF_ZONE)]
        st = vals[z] if studied else best_study(s, t, me, z, params, 0)[0]
        # Action Zone Effects: Bivouac when worn out, Teleport towards cubes
        zv = 0.0
        za = -1
        for i in range(n):
            a = buf[i]
            if a >= L.A_ZONE_EFFECT and a < L.A_ZONE_EFFECT + L.MAX_ZEFF:
                v = wants_rest(s, t, me) - 2.0
                if v > zv:
                    zv = v
                    za = a
            elif a == L.A_ZONE_EFFECT + L.MAX_ZEFF:
                v = 0.5 * teleport_best(s, t, me, params)[0] - 1.0
                if v > zv:
                    zv = v
                    za = a
        if za >= 0 and zv > st and zv > es:
            return za
        if es > st and es > 0.0 and in_buf(buf, n, ea):
            return ea
        if st > 0.0 and in_buf(buf, n, L.A_STUDY):
            return L.A_STUDY
    # an Intern to gain (or to steal back) is worth a card
    best_v = 1.0
    best_a = -1
    for i in range(n):
        a = buf[i]
        if a >= L.A_PLAY and a < L.A_SKILL:
            v = prog_intern_value(s, t, me, action_prog(s, t, me, a))
            if v > best_v:
                best_v = v
                best_a = a
    if best_a >= 0:
        return best_a
    # Notoriety when the Bonfire has Students and few are at hand
    if s[L.S_BONFIRE] > 0 and s[pf(me, L.PF_STUDENTS)] < 4 and rand01(rng) > params[P_HOARD]:
        for i in range(n):
            a = buf[i]
            if a >= L.A_PLAY and a < L.A_SKILL:
                k = (a - L.A_PLAY) // 4
                if t[L.T_KIND_TYPE + k] == 4 and t[L.T_KIND_BONUS + k] <= 2:  # fame
                    return a
    return L.A_END_TURN


@allocating
def teleport_best(s, t, me, params):
    """(value, zone) of the best Teleport destination: a Study there later."""
    z = s[pf(me, L.PF_ZONE)]
    want = np.zeros(L.MAX_ZONES, np.int64)
    for d in range(t[L.T_NZONES]):
        if teleport_dest(s, t, z, d):
            want[d] = 1
    vals = zone_study_values(s, t, me, params, want)
    best = -1e9
    best_d = -1
    for d in range(t[L.T_NZONES]):
        if want[d] == 1:
            v = vals[d] - entry_cost(s, t, me, d)
            if v > best:
                best = v
                best_d = d
    return best, best_d


@allocating
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


# ------------------------------------------------------ Main Effects
CARD_WORTH = 1.0  # a Trick Card in hand, in the heuristic's units (about a cube point)


@kernel
def main_alternative(t, k):
    """What keeping the card for its Bonus Value or Auxiliary Effect is worth."""
    return 0.6 + 0.25 * t[L.T_KIND_BONUS + k] + (0.5 if is_test_card(t, k) else 0.0)


@kernel
def opponents_holding(s, me, field):
    """Other Scholars in the Dungeon with at least one of `field` (Students, cards)."""
    c = 0
    for p in range(s[L.S_NPLAYERS]):
        if p != me and targetable(s, p) and s[pf(p, field)] > 0:
            c += 1
    return c


@allocating
def move_value(s, t, me, prog, vals):
    """Best Study value the movement steps of a program reach (-1e9: none);
    vals: zone_study_values."""
    z0 = s[pf(me, L.PF_ZONE)]
    start = t[L.T_PROG_START + prog]
    linked = 0
    mode = 0
    for i in range(t[L.T_PROG_LEN + prog]):
        op = t[L.T_OPS + (start + i) * L.OP_W]
        if op == L.OP_MOVE_LINKED:
            linked += 1
        elif op == L.OP_MOVE_FLOOR or op == L.OP_MOVE_ANY:
            mode = op
    if linked == 0 and mode == 0:
        return -1e9
    best = -1e9
    if mode != 0:
        for z in range(1, t[L.T_NZONES]):
            if zone_destination(s, t, me, mode, z) and vals[z] > best:
                best = vals[z]
    else:
        dist, _ = first_steps(s, t, me, z0, linked)
        for z in range(1, t[L.T_NZONES]):
            if dist[z] > 0 and vals[z] > best:
                best = vals[z]
    return best


@kernel
def prog_value(s, t, me, prog):
    """Rough worth of a program's non-movement steps for the seat."""
    v = 0.0
    start = t[L.T_PROG_START + prog]
    for i in range(t[L.T_PROG_LEN + prog]):
        o = L.T_OPS + (start + i) * L.OP_W
        op = t[o]
        n = t[o + 1]
        if op == L.OP_DRAW_CARDS:
            v += CARD_WORTH * n
        elif op == L.OP_TAKE_BONFIRE:
            v += 0.6 * min(n, s[L.S_BONFIRE])
        elif op == L.OP_GAIN_RESERVE:
            v += 0.6 * min(n, s[L.S_RES_GREY])
        elif op == L.OP_SACRIFICE:
            v -= 0.6 * n + (1.0 if s[pf(me, L.PF_STUDENTS)] <= n else 0.0)
        elif op == L.OP_DRAW_STUDENTS:
            v -= 0.4 * n
        elif op == L.OP_DISCARD_OWN or op == L.OP_DISCARD_TYPE:
            v -= CARD_WORTH * n
        elif op == L.OP_STUN:
            v -= 1.5 * n
        elif op == L.OP_DISCARD_TARGET:
            v += 0.7 * n * (1 if opponents_holding(s, me, L.PF_HAND_N) > 0 else 0)
        elif op == L.OP_OPP_SACRIFICE:
            v += 0.4 * n * opponents_holding(s, me, L.PF_STUDENTS)
        elif op == L.OP_SPEED:
            v += 0.3 * n
        elif op == L.OP_SKIP_MOVEMENT:
            v -= 0.3 * (s[L.S_SPEED] - s[L.S_CARD_SPEED])
    return v


@kernel
def main_cost_value(s, t, me, k):
    """Worth of the cheapest payable "/" cost option (<= 0), 0 with no cost."""
    nc = t[L.T_ME_NCOST + k]
    if nc == 0:
        return 0.0
    best = -1e9
    for i in range(nc):
        prog = t[L.T_ME_COST + k * L.MAX_ME_COSTS + i]
        if payable(s, t, me, prog, k):
            v = prog_value(s, t, me, prog)
            if v > best:
                best = v
    return best


@kernel
def main_gain(s, t, me, k):
    """Effect + additional costs (G) + cheapest cost, movement left out."""
    v = prog_value(s, t, me, t[L.T_ME_EFFECT + k]) + main_cost_value(s, t, me, k)
    if t[L.T_ME_AFTER + k] >= 0:
        v += prog_value(s, t, me, t[L.T_ME_AFTER + k])
    return v


@allocating
def walking_best(s, t, me, vals, dist, first):
    """Best Study value here or within the Speed left (moving costs a little);
    vals: zone_study_values; dist, first: first_steps within the Speed left
    (empty: computed here)."""
    z0 = s[pf(me, L.PF_ZONE)]
    best = vals[z0]
    if s[L.S_SPEED] > 0:
        if dist.shape[0] == 0:
            dist, first = first_steps(s, t, me, z0, s[L.S_SPEED])
        for z in range(1, t[L.T_NZONES]):
            if dist[z] > 0 and first[z] >= 0:
                v = vals[z] - 0.3 * dist[z]
                if v > best:
                    best = v
    return best


@kernel
def has_main(buf, n):
    """A Main Effect among the legal actions (only with the Main Effects rule)."""
    for i in range(n):
        if buf[i] >= L.A_MAIN and buf[i] < L.A_MAIN + L.MAX_KINDS:
            return True
    return False


@kernel
def moving_main(t, buf, n):
    """A legal Main Effect that moves the Scholar (its value needs every Zone's)."""
    for i in range(n):
        a = buf[i]
        if a >= L.A_MAIN and a < L.A_MAIN + L.MAX_KINDS:
            prog = t[L.T_ME_EFFECT + a - L.A_MAIN]
            start = t[L.T_PROG_START + prog]
            for j in range(t[L.T_PROG_LEN + prog]):
                op = t[L.T_OPS + (start + j) * L.OP_W]
                if op == L.OP_MOVE_LINKED or op == L.OP_MOVE_FLOOR or op == L.OP_MOVE_ANY:
                    return True
    return False


@kernel
def best_turn_main(s, t, me, buf, n, params, movement_only, vals, esp, dist, first):
    """(net value, action) of the best Main Effect in the seat's own phase;
    net = its worth minus keeping the card. Movement effects are valued by
    the Study they reach, over the best one without them; ACTIONs must beat
    the Study / Espionage they replace. vals: zone_study_values; esp:
    best_espionage's value; dist, first: as walking_best."""
    best = 0.0
    best_a = -1
    base = -1e9
    action_value = 0.0
    if s[L.S_ACTION_DONE] == 0:
        action_value = max(vals[s[pf(me, L.PF_ZONE)]], esp, 0.0)
    for i in range(n):
        a = buf[i]
        if a < L.A_MAIN or a >= L.A_MAIN + L.MAX_KINDS:
            continue
        k = a - L.A_MAIN
        eff = t[L.T_ME_EFFECT + k]
        mv = move_value(s, t, me, eff, vals)
        if movement_only and mv <= -1e8:
            continue
        v = main_gain(s, t, me, k) - main_alternative(t, k) - 0.8 * params[P_HOARD]
        if mv > -1e8:
            if s[L.S_ACTION_DONE] == 1:
                continue  # nothing to Study after moving
            if base < -1e8:
                base = walking_best(s, t, me, vals, dist, first)
            v += mv - max(base, 0.0)
        if t[L.T_ME_ACTION + k] == 1:
            v -= action_value
        if v > best:
            best = v
            best_a = a
    return best, best_a


@kernel
def priority_decision(s, t, me, buf, n, params, rng):
    """Another Scholar's turn: play one Instant effect when it is clearly
    worth the card (Blackmail on a rich hand, a cheap draw), else pass."""
    best = 0.4 + 0.8 * params[P_HOARD] - 0.6 * params[P_SABOTAGE]
    best_a = L.A_PASS
    for i in range(n):
        a = buf[i]
        if a >= L.A_MAIN and a < L.A_MAIN + L.MAX_KINDS:
            k = a - L.A_MAIN
            v = main_gain(s, t, me, k) - main_alternative(t, k)
        elif a >= L.A_PLAY and a < L.A_SKILL:
            k = (a - L.A_PLAY) // 4
            v = prog_value(s, t, me, action_prog(s, t, me, a)) - main_alternative(t, k)
        elif a >= L.A_SKILL and a < L.A_PASS:
            v = prog_value(s, t, me, action_prog(s, t, me, a))
        else:
            continue
        if v > best:
            best = v
            best_a = a
    return best_a


@kernel
def declared_strength(s, t, idx):
    """How much the declarer of chain entry idx gains (an ACTION counts as a
    whole turn's Action)."""
    seat = s[L.S_ME_SEAT + idx]
    k = s[L.S_ME_KIND + idx]
    v = prog_value(s, t, seat, t[L.T_ME_EFFECT + k]) + 0.8 * t[L.T_ME_ACTION + k]
    eff = t[L.T_ME_EFFECT + k]
    start = t[L.T_PROG_START + eff]
    for i in range(t[L.T_PROG_LEN + eff]):
        op = t[L.T_OPS + (start + i) * L.OP_W]
        if op == L.OP_MOVE_FLOOR or op == L.OP_MOVE_ANY or op == L.OP_MOVE_LINKED:
            v += 1.0
        elif op == L.OP_DISCARD_TARGET or op == L.OP_OPP_SACRIFICE:
            v += 1.0  # aimed at us
        elif op == L.OP_CANCEL:
            v += 2.0  # it would cancel the effect below
    return v


@kernel
def react_decision(s, t, me, buf, n, params):
    """Cancel an opponent's strong effect, or protect our own effect from a
    Reaction, with the cheapest Reaction; else pass."""
    idx = s[L.S_ME_RX_IDX]
    strength = declared_strength(s, t, idx)
    if idx > 0 and s[L.S_ME_SEAT + idx - 1] == me:
        # a Reaction against our effect: keep it alive if it was worth it
        strength = 1.0 + declared_strength(s, t, idx - 1)
    need = 2.6 - 1.2 * params[P_SABOTAGE]
    if strength < need:
        return L.A_PASS
    best = -1e9
    best_a = L.A_PASS
    for i in range(n):
        a = buf[i]
        if a < L.A_MAIN or a >= L.A_MAIN + L.MAX_KINDS:
            continue
        k = a - L.A_MAIN
        v = main_gain(s, t, me, k) - main_alternative(t, k)
        if v > best:
            best = v
            best_a = a
    if best_a != L.A_PASS and strength + best < need - 1.0:
        return L.A_PASS
    return best_a


@kernel
def cost_decision(s, t, me, buf, n):
    """The cheapest "/" cost option."""
    k = s[L.S_ME_KIND + s[L.S_ME_CHAIN_N] - 1]
    best = -1e9
    best_a = buf[0]
    for i in range(n):
        o = buf[i] - L.A_OPTION
        v = prog_value(s, t, me, t[L.T_ME_COST + k * L.MAX_ME_COSTS + o])
        if v > best:
            best = v
            best_a = buf[i]
    return best_a


@allocating
def zone_decision(s, t, me, buf, n, params):
    """The destination with the best Study; an optional move only if better."""
    want = np.zeros(L.MAX_ZONES, np.int64)
    want[s[pf(me, L.PF_ZONE)]] = 1
    for i in range(n):
        if buf[i] != L.A_PASS:
            want[buf[i] - L.A_ZONE] = 1
    vals = zone_study_values(s, t, me, params, want)
    here = vals[s[pf(me, L.PF_ZONE)]]
    best = -1e9
    best_a = buf[0]
    for i in range(n):
        a = buf[i]
        if a == L.A_PASS:
            continue
        v = vals[a - L.A_ZONE] + 0.01 * zone_cube_count(s, t, a - L.A_ZONE)
        if v > best:
            best = v
            best_a = a
    if in_buf(buf, n, L.A_PASS) and here >= best:
        return L.A_PASS
    return best_a


# -------------------------------------------------------------- tests
@kernel
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


@kernel
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


# ----------------------------------------------------------- prompts
@kernel
def card_keep_value(t, k):
    return t[L.T_KIND_BONUS + k] + (2.0 if is_test_card(t, k) else 0.0)


@kernel
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


@kernel
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


@kernel
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
    if ph == L.PH_TELEPORT:
        _, d = teleport_best(s, t, me, params)
        a = L.A_ZONE + d
        return a if d >= 0 and in_buf(buf, n, a) else buf[0]
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
    if ph == L.PH_PROTECT:
        return L.A_OPTION  # always keep a Protected cube
    if ph == L.PH_COLOR:
        best = 1e9
        best_a = buf[0]
        for i in range(n):
            v = cube_value(s, t, me, buf[i] - L.A_COLOR)
            if v < best:
                best = v
                best_a = buf[i]
        return best_a
    if ph == L.PH_ME_PRIORITY:
        return priority_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_ME_REACT:
        return react_decision(s, t, me, buf, n, params)
    if ph == L.PH_ME_COST:
        return cost_decision(s, t, me, buf, n)
    if ph == L.PH_ME_ZONE:
        return zone_decision(s, t, me, buf, n, params)
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
