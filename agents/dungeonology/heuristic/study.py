"""Study and Espionage: what a Stealth Test is worth before it is taken, and
how many cubes to Study.

Cites "Action Phase", "Study - Stealth Test" (the Zone's Alert Value, the
Alert Card's bonus, +1/+3/+6/+10 for more cubes, the opponents' cards, the
Stun Token and the Student of a failure), "Espionage - Stealth Test" (the
Student sacrificed, the cube's points plus the target's Students, only the
two Scholars play cards) and "Protected Information Cubes" (never aimed at:
its owner would keep it). With the Main Effects rule no Student is drawn at
the "End of Turn Phase", hence ``stall_bonus``.
"""

from __future__ import annotations

import math

import numpy as np

from agents.dungeonology.heuristic.dungeon import zone_luck
from agents.dungeonology.heuristic.knowledge import cube_value, in_buf, leader, stealth_potential
from agents.dungeonology.heuristic.memory import context_kept, has_memory, keep_zone, kept_value, zone_kept
from agents.dungeonology.heuristic.params import P_AGGRESSION, P_RISK
from sim.dungeonology import layout as L
from sim.dungeonology.core.components.dungeon import passable, zone_cube_count
from sim.dungeonology.core.components.noteboard import study_bonus
from sim.dungeonology.core.components.scholars import hand_size, in_start, passive, pf, stat, targetable
from sim.dungeonology.core.components.university import alert_bonus
from sim.dungeonology.core.procedures.stealth import zone_alert
from sim.dungeonology.core.rules.main_effects.interns import is_protected
from sim.dungeonology.layout import MAX_COL  # scratch sizes: constants (jit.scratch_int)
from sim.kit.jit import allocating, kernel, scratch_int

FAIL_COST = 2.5  # a Stun Token, a Student drawn (Omega risk), the cards
STALL_ROUND = 30  # Main Effects rule: rounds after which waiting costs more than failing


@kernel
def interference(s, t, me, params):
    """Alert Value the opponents may add to my Study (scaled by caution)."""
    n = 0
    for p in range(s[L.S_NPLAYERS]):
        if p != me and s[pf(p, L.PF_IN_GAME)] == 1 and not in_start(s, p) and hand_size(s, p) > 0:
            n += 1
    return (1.0 - params[P_RISK]) * 1.5 * n


@kernel
def success_chance(slack, expected):
    """Chance that a test with this slack survives the expected interference."""
    return 1.0 / (1.0 + math.exp(-(slack - expected + 0.5) / 1.2))


@kernel
def stall_bonus(s, t):
    """With the Main Effects rule no Student is drawn at the End of Turn, so
    the Omega clock runs only when effects draw Students: a table of careful
    Scholars can wait forever. Late in such a game every Study gains a little
    worth per round, so somebody takes the risk (0 without the rule)."""
    if (t[L.T_RULES] & L.RULE_MAIN_EFFECTS) == 0 or s[L.S_ROUND] <= STALL_ROUND:
        return 0.0
    return 0.1 * (s[L.S_ROUND] - STALL_ROUND)


# --------------------------------------------------------------- Study
@kernel
def best_study(s, t, me, z, params, extra_bonus):
    """(value, cubes) of the best Study in zone z; value <= 0 when none pays."""
    if zone_cube_count(s, t, z) == 0 or hand_size(s, me) == 0 and extra_bonus == 0:
        return 0.0, 0
    return study_in(s, t, me, z, params, extra_bonus, study_bonus(s, t, me) + stealth_potential(s, t, me))


@allocating
def zone_study_values(s, t, me, params, want):
    """best_study's value for the placed Dungeon Zones z with want[z] > 0
    (0 elsewhere): one hand evaluation for all of them (a new array: for
    Python callers; the agent writes them into its own with
    zone_study_values_into)."""
    vals = np.empty(L.MAX_ZONES)
    zone_study_values_into(s, t, me, params, want, vals, np.empty(L.MAX_COL, np.int64), np.empty(0, np.int64))
    return vals


@kernel
def zone_study_values_into(s, t, me, params, want, vals, counts, mem):
    """zone_study_values written into vals (MAX_ZONES); counts: scratch
    space of MAX_COL; mem: the seat's row (agents.dungeonology.heuristic.memory: a Zone's
    value is reused from it when all its inputs are unchanged, and kept
    there), or a row too short for it (everything computed)."""
    for z in range(L.MAX_ZONES):
        vals[z] = 0.0
    if hand_size(s, me) == 0:
        return
    pot = study_bonus(s, t, me) + stealth_potential(s, t, me)
    common, expected, intel, stall = study_context(s, t, me, params)
    kept = has_memory(mem)
    if kept:
        context_kept(mem, s, t, me, pot, common, expected, intel, stall)
    for z in range(1, t[L.T_NZONES]):
        if want[z] > 0 and s[L.S_ZPLACED + z] == 1 and zone_cube_count(s, t, z) > 0:
            if not kept:
                vals[z], _ = study_value(s, t, me, z, 0, pot, common, expected, intel, stall, counts)
                continue
            alert = zone_alert(s, t, z)
            if zone_kept(mem, s, t, z, alert):
                vals[z] = kept_value(mem, z)
            else:
                vals[z], _ = study_value(s, t, me, z, 0, pot, common, expected, intel, stall, counts)
                keep_zone(mem, s, t, z, alert, vals[z])


@kernel
def study_context(s, t, me, params):
    """The parts of a Study's worth that do not depend on the Zone: (Alert
    Value from the Alert Card and passives, expected interference,
    Intelligence, stall bonus)."""
    common = alert_bonus(s, t) + passive(s, t, me, L.PV_TEST_ALERT)
    return common, interference(s, t, me, params), stat(s, t, me, L.ST_INTEL), stall_bonus(s, t)


@kernel
def study_in(s, t, me, z, params, extra_bonus, hand_potential):
    """best_study with the hand's Stealth potential (Study Bonus included) given."""
    common, expected, intel, stall = study_context(s, t, me, params)
    return study_value(s, t, me, z, extra_bonus, hand_potential, common, expected, intel, stall,
                       scratch_int(MAX_COL))


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
def study_size_decision(s, t, me, buf, n, params, rng):
    """PH_STUDY_N ("Study - Stealth Test", step 2): as many cubes as the best
    Study takes (at least one)."""
    _, k = best_study(s, t, me, s[pf(me, L.PF_ZONE)], params, 0)
    a = L.A_NCUBES + (k if k > 0 else 1) - 1
    return a if in_buf(buf, n, a) else buf[0]


# ----------------------------------------------------------- Espionage
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
