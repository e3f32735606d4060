"""The Dungeon as the seat sees it: where its Scholar can walk, what a
Zone's effects and the Boss near it cost, how much a rest would help.

Cites "1. Movement Phase" (one Speed point per Adjacent and Linked Zone;
Doors block a Passage, "Dungeon Zones"), "Dangerous Zones - Zone Effect
Types" (Good Luck, Bad Luck, Danger, Ambush, Stop, Toll, the Boss icon; Trap
Tokens from "Zone Effect Tokens"), "Boss Movement" (his Activation near the
Scholar), "Rest" (what a Bivouac or a Rest recovers) and "Main Effects"
(movement effects: a Linked Zone per step, or any Zone of a Floor / the
Dungeon).
"""

from __future__ import annotations

from agents.dungeonology.heuristic.values import move_steps
from sim.dungeonology import layout as L
from sim.dungeonology.core.components.decks import jinx_held
from sim.dungeonology.core.components.dungeon import opens, player_colors
from sim.dungeonology.core.components.scholars import hand_size, pf, stat
from sim.dungeonology.core.rules.dangerous_zones.zone_effects import applies, eff_at
from sim.dungeonology.core.rules.main_effects.ops import zone_destination
from sim.dungeonology.layout import MAX_ZONES  # scratch sizes: constants (jit.scratch_int)
from sim.kit.jit import kernel, scratch_int


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


@kernel
def first_steps_into(s, t, me, z0, speed, dist, first, queue):
    """BFS over passable Links within `speed` steps, written into dist (steps
    to z, -1 out of reach) and first (the first Move action towards z, -1
    out of reach); MAX_ZONES each; queue: scratch space of MAX_ZONES."""
    nz = t[L.T_NZONES]
    colours = player_colors(s, t, me)
    for z in range(L.MAX_ZONES):
        dist[z] = -1
        first[z] = -1
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
            if opens(s, t, colours, z, p):
                dist[nb] = dist[z] + 1
                first[nb] = L.A_MOVE + p if z == z0 else first[z]
                queue[tail] = nb
                tail += 1


@kernel
def walking_best(s, t, me, vals, dist, first):
    """Best Study value here or within the Speed left (moving costs a little);
    vals: zone_study_values; dist, first: first_steps_into within the Speed
    left (empty: computed here)."""
    z0 = s[pf(me, L.PF_ZONE)]
    best = vals[z0]
    if s[L.S_SPEED] > 0:
        if dist.shape[0] == 0:
            dist = scratch_int(MAX_ZONES)
            first = scratch_int(MAX_ZONES)
            first_steps_into(s, t, me, z0, s[L.S_SPEED], dist, first, scratch_int(MAX_ZONES))
        for z in range(1, t[L.T_NZONES]):
            if dist[z] > 0 and first[z] >= 0:
                v = vals[z] - 0.3 * dist[z]
                if v > best:
                    best = v
    return best


@kernel
def move_value(s, t, me, prog, vals):
    """Best Study value the movement steps of a program reach (-1e9: none);
    vals: zone_study_values."""
    z0 = s[pf(me, L.PF_ZONE)]
    linked, mode = move_steps(t, prog)
    if linked == 0 and mode == 0:
        return -1e9
    best = -1e9
    if mode != 0:
        for z in range(1, t[L.T_NZONES]):
            if zone_destination(s, t, me, mode, z) and vals[z] > best:
                best = vals[z]
    else:
        dist = scratch_int(MAX_ZONES)
        first_steps_into(s, t, me, z0, linked, dist, scratch_int(MAX_ZONES), scratch_int(MAX_ZONES))
        for z in range(1, t[L.T_NZONES]):
            if dist[z] > 0 and vals[z] > best:
                best = vals[z]
    return best
