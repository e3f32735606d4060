"""The small prompts: discards, Stun Tokens, whom to target, which Jinx Card
goes, which cube to drop, whether to keep a Protected cube.

Cites "Icon Effects - Bad" (discard or make an opponent discard N cards),
"Rest" (discard any number of Trick Cards; discard a Jinx Card), "Stun
Tokens" (1: a Student may be Sacrificed instead; 4: at the Stamina the
Scholar must Rest), "Jinx Cards" (their End of Game penalty), "Dangerous
Zones - Zone Effect Types" (Toll: cubes of your choice; Drop) and "Protected
Information Cubes" (the owner may keep it: the heuristic always does);
the cube a Scholar Gives (Love Potion: the one worth least to him) and the
cube he Steals (Back Stab: the one worth most to him, from the leader first).
"""

from __future__ import annotations

from agents.dungeonology.heuristic.knowledge import card_keep_value, cube_value, in_buf, leader
from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import hand_size, pf, stat
from sim.kit.jit import kernel


@kernel
def discard_decision(s, t, me, buf, n, params, rng):
    """PH_DISCARD: the card least worth keeping; an optional discard only of
    a weak card from a hand of more than two."""
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
def stun_decision(s, t, me, buf, n, params, rng):
    """PH_STUN: sacrifice a Student with three or more, or with any when the
    Token would reach the Stamina; else take the Token."""
    students = s[pf(me, L.PF_STUDENTS)]
    forced = s[pf(me, L.PF_STUN)] + 1 >= stat(s, t, me, L.ST_STAMINA)
    return L.A_STUN_SACRIFICE if students >= 3 or (forced and students >= 1) else L.A_STUN_ACCEPT


@kernel
def target_decision(s, t, me, buf, n, params, rng):
    """PH_TARGET: the leader (``knowledge.leader``), else the last target offered."""
    lead = leader(s, t, me)
    a = L.A_TARGET + lead
    return a if lead >= 0 and in_buf(buf, n, a) else buf[n - 1]


@kernel
def jinx_decision(s, t, me, buf, n, params, rng):
    """PH_JINX: discard the Jinx Card with the largest penalty (a face-down
    one counts 1)."""
    best = -1
    best_a = buf[0]
    for i in range(n):
        j = buf[i] - L.A_JINX
        v = t[L.T_JINX_PENALTY + j] if s[L.S_JLOC + j] == L.JX_UP else 1
        if v > best:
            best = v
            best_a = buf[i]
    return best_a


@kernel
def color_decision(s, t, me, buf, n, params, rng):
    """PH_COLOR: give up a cube of the colour worth least to the seat
    (``knowledge.cube_value``)."""
    best = 1e9
    best_a = buf[0]
    for i in range(n):
        v = cube_value(s, t, me, buf[i] - L.A_COLOR)
        if v < best:
            best = v
            best_a = buf[i]
    return best_a


@kernel
def steal_decision(s, t, me, buf, n, params, rng):
    """PH_ME_STEAL: the cube worth most to the thief (``knowledge.cube_value``;
    one whose column is full goes to the Reserve, so it is worth only what
    the victim loses), a cube of the leader when the worth ties."""
    lead = leader(s, t, me)
    best = -1e9
    best_a = buf[0]
    for i in range(n):
        p, c = divmod(buf[i] - L.A_SPY, L.MAX_COL)
        v = cube_value(s, t, me, c) + 0.25 * t[L.T_COL_POINTS + c] + (0.1 if p == lead else 0.0)
        if v > best:
            best = v
            best_a = buf[i]
    return best_a


@kernel
def protect_decision(s, t, me, buf, n, params, rng):
    """PH_PROTECT: always keep a Protected cube."""
    return L.A_OPTION
