"""What the heuristic thinks each effect op is worth, read from the one table
of effect ops (``sim/dungeonology/layout/ops.py``, each op's ``value``: a ``Value`` that
every op declares, ``NO_VALUE`` for the ops the heuristic gives no value of
their own). A scale the heuristic cannot count stops the import
(``OpTableError``), so no op is valued 0 by an ``if`` chain falling through.
The kernels below read the table, compiled into arrays indexed by opcode,
and are the only heuristic code that looks at an op:

* ``prog_effect``: the Stealth Value / Alert Value a card adds in a Stealth
  Test and the Students it draws ("Icon Effects", "Auxiliary Effects");
* ``prog_value``: the rough worth of a program's other steps for the seat
  (Main Effects, Priority, Reactions);
* ``plus_threat``: how much an opponent's declared Main Effect urges a
  Reaction ("Main Effects - Priority");
* ``move_steps`` / ``moves``: the movement steps, valued by the Study they
  reach (``agents.dungeonology.heuristic.dungeon.move_value``);
* ``gains_intern``: the step that gains the card's Intern ("Intern Cards"),
  valued by ``agents.dungeonology.heuristic.knowledge.intern_value``.

A step's n is its number (N of the card's icon). Values are in the
heuristic's units, about one cube point; a card in hand is ``L.CARD_WORTH``.
"""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf, targetable
from sim.kit.jit import kernel

# what a step's worth is counted in (WORTH_KIND), from the op's Value.scale
(Q_NONE, Q_N, Q_BONFIRE, Q_RESERVE, Q_OPP_CARDS, Q_OPP_STUDENTS, Q_SPEED_LEFT, Q_GIVEN_POINTS,
 Q_STOLEN_POINTS) = range(9)
WORTH_OF_SCALE = {  # every Scale of sim/dungeonology/layout/ops.py (a new one must say how it is counted here)
    L.Scale.N: Q_N,  # worth per unit of n
    L.Scale.LAST_STUDENTS: Q_N,  # per unit of n, plus extra when it takes the seat's last Students
    L.Scale.BONFIRE: Q_BONFIRE,  # per Student taken, at most the Bonfire's
    L.Scale.RESERVE_GREY: Q_RESERVE,  # per grey Student gained, at most the Reserve's
    L.Scale.OPPONENT_HAS_CARDS: Q_OPP_CARDS,  # per card, when some opponent in the Dungeon holds a card
    L.Scale.OPPONENTS_WITH_STUDENTS: Q_OPP_STUDENTS,  # per Student, times the opponents holding any
    L.Scale.UNSPENT_SPEED: Q_SPEED_LEFT,  # per Speed point left from the Scholar Card (n unused)
    L.Scale.INTERN: Q_NONE,  # the card's Intern, valued by knowledge.intern_value (GAINS_INTERN)
    L.Scale.GIVEN_POINTS: Q_GIVEN_POINTS,  # per point of the cheapest cube of each opponent (Give to you)
    L.Scale.STOLEN_POINTS: Q_STOLEN_POINTS,  # per point of the best cube an opponent holds (Steal)
}
# how a step moves the Scholar (MOVE_KIND), from Value.move
MV_NONE, MV_LINKED, MV_DESTINATION = range(3)


class OpTableError(Exception):
    """An op's value in sim/dungeonology/layout/ops.py cannot be read by the heuristic."""


def _arrays(table: tuple) -> tuple[np.ndarray, ...]:
    """The op table's values as arrays indexed by opcode (what the kernels read)."""
    size = max(op.code for op in table) + 1
    test = np.zeros((size, 5))  # stealth base, per n; alert base, per n; Students drawn per n
    worth = np.zeros((size, 3))  # worth, worth kind, last-Student worth
    other = np.zeros((size, 3))  # threat, move kind, gains the Intern
    for op in table:
        v = op.value
        if v.scale not in WORTH_OF_SCALE or v.move not in (MV_NONE, MV_LINKED, MV_DESTINATION):
            raise OpTableError(f"sim/dungeonology/layout/ops.py {op.name}: scale {v.scale!r}, move {v.move}: "
                               "the heuristic "
                               f"knows the scales {[s.name for s in WORTH_OF_SCALE]} and moves 0, 1, 2")
        kind = WORTH_OF_SCALE[v.scale] if v.worth != 0.0 else Q_NONE
        last = v.extra if v.scale == L.Scale.LAST_STUDENTS else 0.0
        test[op.code] = (*v.stealth, *v.alert, v.drawn)
        worth[op.code] = (v.worth, kind, last)
        other[op.code] = (v.threat, v.move, 1.0 if v.scale == L.Scale.INTERN else 0.0)
    in_tests = (test != 0.0).any(axis=1).astype(np.int64)
    return (test[:, 0].copy(), test[:, 1].copy(), test[:, 2].copy(), test[:, 3].copy(), test[:, 4].copy(),
            in_tests, worth[:, 0].copy(), worth[:, 1].astype(np.int64), worth[:, 2].copy(),
            other[:, 0].copy(), other[:, 1].astype(np.int64), other[:, 2].astype(np.int64))


(ST_BASE, ST_PER, AL_BASE, AL_PER, DRAWN_PER, IN_TESTS, WORTH, WORTH_KIND, LAST_STUDENT,
 THREAT, MOVE_KIND, GAINS_INTERN) = _arrays(L.OP_TABLE)


@kernel
def prog_effect(t, prog):
    """(stealth gain, alert gain, Students drawn) expected from a program."""
    st = 0.0
    al = 0.0
    drawn = 0.0
    start = t[L.T_PROG_START + prog]
    for i in range(t[L.T_PROG_LEN + prog]):
        o = L.T_OPS + (start + i) * L.OP_W
        op = t[o + L.OPF_CODE]
        if IN_TESTS[op]:
            n = t[o + L.OPF_N]
            st += ST_BASE[op] + ST_PER[op] * n
            al += AL_BASE[op] + AL_PER[op] * n
            drawn += DRAWN_PER[op] * n
    return st, al, drawn


@kernel
def opponents_holding(s, me, field):
    """Other Scholars in the Dungeon with at least one of `field` (Students, cards)."""
    c = 0
    for p in range(s[L.S_NPLAYERS]):
        if p != me and targetable(s, p) and s[pf(p, field)] > 0:
            c += 1
    return c


@kernel
def opponents_cube_points(s, t, me, most):
    """Over the other Scholars outside the Starting Zone holding cubes: the sum
    of each one's cheapest cube's points (most=False: what they Give, each
    choosing), or the most points of any cube they hold (most=True: what a
    Steal takes)."""
    total = 0
    for p in range(s[L.S_NPLAYERS]):
        if p == me or not targetable(s, p):
            continue
        lo = 0
        for c in range(t[L.T_NCOL]):
            if s[pf(p, L.PF_CUBES) + c] > 0:
                pts = t[L.T_COL_POINTS + c]
                if most:
                    total = max(total, pts)
                elif lo == 0 or pts < lo:
                    lo = pts
        total += lo
    return total


@kernel
def step_worth(s, t, me, op, n):
    """Worth of one step for the seat (the op's Value: worth, scale, extra)."""
    kind = WORTH_KIND[op]
    w = WORTH[op]
    if kind == Q_N:
        v = w * n
        if LAST_STUDENT[op] != 0.0 and s[pf(me, L.PF_STUDENTS)] <= n:
            v += LAST_STUDENT[op]
        return v
    if kind == Q_BONFIRE:
        return w * min(n, s[L.S_BONFIRE])
    if kind == Q_RESERVE:
        return w * min(n, s[L.S_RES_GREY])
    if kind == Q_OPP_CARDS:
        return w * n * (1 if opponents_holding(s, me, L.PF_HAND_N) > 0 else 0)
    if kind == Q_OPP_STUDENTS:
        return w * n * opponents_holding(s, me, L.PF_STUDENTS)
    if kind == Q_GIVEN_POINTS:
        return w * n * opponents_cube_points(s, t, me, False)
    if kind == Q_STOLEN_POINTS:
        return w * n * opponents_cube_points(s, t, me, True)
    return w * (s[L.S_SPEED] - s[L.S_CARD_SPEED])  # Q_SPEED_LEFT


@kernel
def prog_value(s, t, me, prog):
    """Rough worth of a program's non-movement steps for the seat."""
    v = 0.0
    start = t[L.T_PROG_START + prog]
    for i in range(t[L.T_PROG_LEN + prog]):
        o = L.T_OPS + (start + i) * L.OP_W
        op = t[o + L.OPF_CODE]
        if WORTH_KIND[op] != Q_NONE:
            v += step_worth(s, t, me, op, t[o + L.OPF_N])
    return v


@kernel
def plus_threat(t, prog, v):
    """v plus how much a declared program urges a Reaction: its steps'
    threats, added one by one."""
    start = t[L.T_PROG_START + prog]
    for i in range(t[L.T_PROG_LEN + prog]):
        v += THREAT[t[L.T_OPS + (start + i) * L.OP_W + L.OPF_CODE]]
    return v


@kernel
def move_steps(t, prog):
    """(Linked Zones walked, opcode of the last step to a destination or 0)."""
    linked = 0
    mode = 0
    start = t[L.T_PROG_START + prog]
    for i in range(t[L.T_PROG_LEN + prog]):
        op = t[L.T_OPS + (start + i) * L.OP_W + L.OPF_CODE]
        kind = MOVE_KIND[op]
        if kind == MV_LINKED:
            linked += 1
        elif kind == MV_DESTINATION:
            mode = op
    return linked, mode


@kernel
def moves(t, prog):
    """The program moves the Scholar."""
    start = t[L.T_PROG_START + prog]
    for j in range(t[L.T_PROG_LEN + prog]):
        if MOVE_KIND[t[L.T_OPS + (start + j) * L.OP_W + L.OPF_CODE]] != MV_NONE:
            return True
    return False


@kernel
def gains_intern(t, prog):
    """The program has a step that gains the card's Intern."""
    start = t[L.T_PROG_START + prog]
    for j in range(t[L.T_PROG_LEN + prog]):
        if GAINS_INTERN[t[L.T_OPS + (start + j) * L.OP_W + L.OPF_CODE]]:
            return True
    return False
