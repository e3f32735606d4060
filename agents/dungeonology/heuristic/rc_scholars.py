"""The heuristic's use of the New Scholars' skills (Rocca Civetta, "New
Scholars"; provisional texts in sim/dungeonology/data/rocca_civetta/scholars.toml).

The skills a Scholar may use in her own Movement or Action Phase as often as
their costs allow are those with a ``once_per_turn`` cost: ``rc_skill_choice``
weighs each such option step by step (what the costs take, what the effects
bring now) and answers the best one worth more than ``THRESHOLD``, else -1.
The skills used inside a Stealth Test (Computation, Excavation) are Stealth
bonuses like the base ones: the test windows weigh them already. Base
Scholars have no once_per_turn skill, so their games do not change.
"""

from __future__ import annotations

from agents.dungeonology.heuristic.knowledge import action_prog
from sim.dungeonology import layout as L
from sim.dungeonology.core.components.dungeon import zone_cube_count
from sim.dungeonology.core.components.scholars import hand_size, pf, stat
from sim.kit.jit import kernel

THRESHOLD = 0.25  # the least worth of a skill use (heuristic units: a Trick Card = 1)


@kernel
def once_per_turn(t, prog):
    """The program holds a once_per_turn step (a New Scholars' turn skill)."""
    start = t[L.T_PROG_START + prog]
    for i in range(t[L.T_PROG_LEN + prog]):
        if t[L.T_OPS + (start + i) * L.OP_W + L.OPF_CODE] == L.OP_ONCE_PER_TURN:
            return True
    return False


@kernel
def floor_has_cubes(s, t, me):
    """Another placed Zone of my Floor holds cubes (where a flight may lead)."""
    z0 = s[pf(me, L.PF_ZONE)]
    f = t[L.T_Z_FLOOR + z0]
    for z in range(1, t[L.T_NZONES]):
        if z != z0 and s[L.S_ZPLACED + z] == 1 and t[L.T_Z_FLOOR + z] == f and zone_cube_count(s, t, z) > 0:
            return True
    return False


@kernel
def skill_worth(s, t, me, prog):
    """What one use of the program is worth now, step by step."""
    stun = s[pf(me, L.PF_STUN)]
    stamina = stat(s, t, me, L.ST_STAMINA)
    students = s[pf(me, L.PF_STUDENTS)]
    hand = hand_size(s, me)
    moving = s[L.S_MOVE_PHASE] == 1
    v = 0.0
    start = t[L.T_PROG_START + prog]
    for i in range(t[L.T_PROG_LEN + prog]):
        o = L.T_OPS + (start + i) * L.OP_W
        op = t[o + L.OPF_CODE]
        n = t[o + L.OPF_N]
        if op == L.OP_STUN:
            stun += n
            v -= 1.2 * n + (3.0 if stun >= stamina else 0.0)  # at Stamina: a forced Rest
        elif op == L.OP_SACRIFICE:
            students -= n
            v -= 0.7 * n + (1.0 if students <= 0 else 0.0)
        elif op == L.OP_DISCARD_OWN:
            hand -= n
            v -= 0.9 * n + (0.6 * n if hand < 2 else 0.0)  # the last cards are worth more
        elif op == L.OP_DISCARD_STUN:
            k = n if n < stun else stun
            stun -= k
            v += 1.3 * k + (1.5 if k > 0 and stun + k >= stamina - 1 else 0.0)
        elif op == L.OP_SPEED:
            if not moving:
                v -= 0.5  # Speed after the Movement Phase is lost
            else:  # worth more when nothing can be Studied here
                v += (0.4 if zone_cube_count(s, t, s[pf(me, L.PF_ZONE)]) > 0 else 1.0) * n
        elif op == L.OP_DRAW_CARDS or op == L.OP_EXHUME:
            hand += n
            v += 1.0 * n
        elif op == L.OP_GAIN_RESERVE:
            k = n if n < s[L.S_RES_GREY] else s[L.S_RES_GREY]
            students += k
            v += 0.7 * k
        elif op == L.OP_GAIN_KNOWLEDGE:
            v += 2.5 if s[pf(me, L.PF_KNOWLEDGE)] == 0 else -1.0
        elif op == L.OP_PLACE_TRAP:
            z = s[pf(me, L.PF_ZONE)]
            v += 1.0 if s[L.S_ZTRAP_KIND + z] == 0 and zone_cube_count(s, t, z) > 0 else -0.3
        elif op == L.OP_MOVE_FLOOR:
            here = zone_cube_count(s, t, s[pf(me, L.PF_ZONE)])
            v += 2.0 if s[L.S_ACTION_DONE] == 0 and here == 0 and floor_has_cubes(s, t, me) else -2.0
    return v


@kernel
def rc_skill_choice(s, t, me, ph, buf, n):
    """In PH_MOVE / PH_ACTION: the once-per-turn skill option worth using now
    (above THRESHOLD); -1 in other phases or when none is."""
    if ph != L.PH_MOVE and ph != L.PH_ACTION:
        return -1
    best = THRESHOLD
    best_a = -1
    for i in range(n):
        a = buf[i]
        if a < L.A_SKILL or a >= L.A_PASS:
            continue
        prog = action_prog(s, t, me, a)
        if not once_per_turn(t, prog):
            continue
        v = skill_worth(s, t, me, prog)
        if v > best:
            best = v
            best_a = a
    return best_a
