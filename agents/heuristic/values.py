"""What the heuristic thinks each effect op is worth: ONE table, ``OP_VALUES``,
keyed by the op names of ``sim.layout.OPCODES`` (the names of the data files).

Every op has an entry, also the ops the heuristic does not value (an explicit
"not valued" with the reason): a new op without an entry stops the import
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
  reach (``agents.heuristic.dungeon.move_value``);
* ``gains_intern``: the step that gains the card's Intern ("Intern Cards"),
  valued by ``agents.heuristic.knowledge.intern_value``.

A step's n is its number (N of the card's icon). Values are in the
heuristic's units, about one cube point; a card in hand is ``CARD_WORTH``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from sim import layout as L
from sim.core.common import pf, targetable
from sim.core.jit import kernel

CARD_WORTH = 1.0  # a Trick Card in hand, in the heuristic's units (about a cube point)

# what a step's worth is counted in (OpValue.worth_of)
WORTH_OF = {
    "": 0,  # no worth
    "n": 1,  # worth per unit of n
    "bonfire": 2,  # per Student taken, at most the Bonfire's
    "reserve": 3,  # per grey Student gained, at most the Reserve's
    "opponent_with_cards": 4,  # per card, when some opponent in the Dungeon holds a card
    "opponents_with_students": 5,  # per Student, times the opponents in the Dungeon holding any
    "speed_left": 6,  # per Speed point the Scholar still has from his Scholar Card (n unused)
}
Q_NONE, Q_N, Q_BONFIRE, Q_RESERVE, Q_OPP_CARDS, Q_OPP_STUDENTS, Q_SPEED_LEFT = range(7)
# how a step moves the Scholar (OpValue.moves)
MOVES = {"": 0, "linked": 1, "destination": 2}
MV_NONE, MV_LINKED, MV_DESTINATION = range(3)


class OpValue(NamedTuple):
    """How the heuristic values one effect op (all values per step)."""

    why: str  # what the value stands for, or "not valued: <reason>"
    stealth: tuple[float, float] = (0.0, 0.0)  # (base, per n) added to the Stealth Value in a test
    alert: tuple[float, float] = (0.0, 0.0)  # (base, per n) added to the Alert Value in a test
    students_drawn: float = 0.0  # per n: Students drawn to the Bonfire (a test card's price)
    worth: float = 0.0  # worth for the seat, per unit of worth_of (negative: a cost)
    worth_of: str = ""  # key of WORTH_OF
    last_student: float = 0.0  # added to the worth when the step takes the seat's last Students
    threat: float = 0.0  # an opponent declared it: how much it urges a Reaction
    moves: str = ""  # key of MOVES: valued by the Study it reaches
    intern: bool = False  # gains the card's Intern: valued by intern_value

    def valued(self) -> bool:
        return self != OpValue(self.why)


def _not_valued(reason: str) -> OpValue:
    return OpValue("not valued: " + reason)


_JINX = "a Jinx Card's revealed effect, never in a card the heuristic chooses to play"
_BOSS = "a Boss Sighting / Activation or Panic Card step (boss.toml, panic.toml), never chosen by a Scholar"
_TOKEN = ("a Zone Effect Token placed by a Main Effect: the card is played for its other steps "
          "(movement, Intern) and weighed against its Bonus Value")
_DIVINATION = (1.5, 0.6)  # Divination N: about the mean Bonus Value of the best of N cards

OP_VALUES: dict[str, OpValue] = {
    "sacrifice": OpValue("Students sacrificed: a cost per Student, more when it takes the last ones",
                         worth=-0.6, worth_of="n", last_student=-1.0),
    "draw_students": OpValue("Students drawn to the Bonfire: a cost (the Omega risk)",
                             students_drawn=1.0, worth=-0.4, worth_of="n"),
    "speed": OpValue("Speed points", worth=0.3, worth_of="n"),
    "take_bonfire": OpValue("Students from the Bonfire, as many as it holds", worth=0.6, worth_of="bonfire"),
    "draw_cards": OpValue("Trick Cards drawn", worth=CARD_WORTH, worth_of="n"),
    "stealth": OpValue("N to the Stealth Value of a Stealth Test", stealth=(0.0, 1.0)),
    "alert": OpValue("N to the Alert Value of a Stealth Test", alert=(0.0, 1.0)),
    "divination_stealth": OpValue("Divination N for the Stealth Value", stealth=_DIVINATION),
    "divination_alert": OpValue("Divination N for the Alert Value", alert=_DIVINATION),
    "discard_target": OpValue("a target discards N cards: worth it while an opponent holds any; aimed at us",
                              worth=0.7, worth_of="opponent_with_cards", threat=1.0),
    "discard_own": OpValue("own cards discarded: a card each", worth=-CARD_WORTH, worth_of="n"),
    "discard_type": OpValue("own cards of a type discarded: a card each", worth=-CARD_WORTH, worth_of="n"),
    "stun": OpValue("Stun Tokens taken", worth=-1.5, worth_of="n"),
    "lose_random_info": _not_valued(_JINX),
    "move_random_direction": _not_valued(_JINX),
    "move_random_passage": _not_valued(_JINX + "; or a Panic Card's"),
    "give_random_scholar": _not_valued(_JINX),
    "drop": _not_valued("in no card of the base box"),
    "boss_appear": _not_valued(_BOSS),
    "boss_move": _not_valued(_BOSS),
    "boss_move_random": _not_valued(_BOSS),
    "boss_move_random_passage": _not_valued(_BOSS),
    "boss_activate": _not_valued(_BOSS),
    "skip_movement": OpValue("no more movement: the Speed left from the Scholar Card is lost",
                             worth=-0.3, worth_of="speed_left"),
    "move_floor": OpValue("a Zone of the Floor: the best Study there", threat=1.0, moves="destination"),
    "move_any": OpValue("any placed Zone: the best Study there", threat=1.0, moves="destination"),
    "move_linked": OpValue("one Linked Zone per step: the best Study within reach", threat=1.0, moves="linked"),
    "cancel": OpValue("cancels the effect below it: a strong reason to react", threat=2.0),
    "boost_side": OpValue("N to the actor's side of the test (Stealth in his own, else Alert)",
                          stealth=(0.0, 1.0), alert=(0.0, 1.0)),
    "divination_side": OpValue("Divination N for the actor's side of the test",
                               stealth=_DIVINATION, alert=_DIVINATION),
    "opponents_sacrifice": OpValue("each opponent sacrifices N Students; aimed at us",
                                   worth=0.4, worth_of="opponents_with_students", threat=1.0),
    "gain_reserve": OpValue("grey Students from the Reserve, as many as it holds", worth=0.6, worth_of="reserve"),
    "gain_intern": OpValue("the card's Intern (intern_value)", intern=True),
    "place_trap": _not_valued(_TOKEN),
    "place_teleport": _not_valued(_TOKEN),
    "place_teleport_left": _not_valued(_TOKEN),
    "place_secret_passage": _not_valued(_TOKEN),
}


class OpTableError(Exception):
    """OP_VALUES and sim.layout.OPCODES disagree."""


def check_op_values(values: dict[str, OpValue], opcodes: dict[str, int]) -> None:
    """Every op of OPCODES has exactly one well-formed entry (OpTableError otherwise)."""
    missing = sorted(set(opcodes) - set(values))
    unknown = sorted(set(values) - set(opcodes))
    if missing or unknown:
        raise OpTableError(f"agents/heuristic/values.py OP_VALUES: ops without a value {missing}, "
                           f"entries for no op {unknown}: give each op of sim.layout.OPCODES one entry")
    for name, v in values.items():
        if v.worth_of not in WORTH_OF or v.moves not in MOVES or (v.worth != 0.0) != (v.worth_of != ""):
            raise OpTableError(f"agents/heuristic/values.py OP_VALUES[{name!r}]: worth={v.worth}, "
                               f"worth_of={v.worth_of!r}, moves={v.moves!r}; worth_of is one of "
                               f"{sorted(WORTH_OF)} (empty exactly when worth is 0), moves one of {sorted(MOVES)}")
        if v.valued() == v.why.startswith("not valued"):
            raise OpTableError(f"agents/heuristic/values.py OP_VALUES[{name!r}]: an op without values says "
                               f"'not valued: <why>', and only such an op")


def _arrays(values: dict[str, OpValue], opcodes: dict[str, int]) -> tuple[np.ndarray, ...]:
    """The table as arrays indexed by opcode (what the kernels read)."""
    check_op_values(values, opcodes)
    size = max(opcodes.values()) + 1
    test = np.zeros((size, 5))  # stealth base, per n; alert base, per n; Students drawn per n
    worth = np.zeros((size, 3))  # worth, WORTH_OF code, last-Student worth
    other = np.zeros((size, 3))  # threat, MOVES code, gains the Intern
    for name, v in values.items():
        op = opcodes[name]
        test[op] = (*v.stealth, *v.alert, v.students_drawn)
        worth[op] = (v.worth, WORTH_OF[v.worth_of], v.last_student)
        other[op] = (v.threat, MOVES[v.moves], 1.0 if v.intern else 0.0)
    in_tests = (test != 0.0).any(axis=1).astype(np.int64)
    return (test[:, 0].copy(), test[:, 1].copy(), test[:, 2].copy(), test[:, 3].copy(), test[:, 4].copy(),
            in_tests, worth[:, 0].copy(), worth[:, 1].astype(np.int64), worth[:, 2].copy(),
            other[:, 0].copy(), other[:, 1].astype(np.int64), other[:, 2].astype(np.int64))


(ST_BASE, ST_PER, AL_BASE, AL_PER, DRAWN_PER, IN_TESTS, WORTH, WORTH_KIND, LAST_STUDENT,
 THREAT, MOVE_KIND, GAINS_INTERN) = _arrays(OP_VALUES, L.OPCODES)


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
        if IN_TESTS[op]:
            n = t[o + 1]
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
def step_worth(s, me, op, n):
    """Worth of one step for the seat (``OP_VALUES`` worth, worth_of, last_student)."""
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
    return w * (s[L.S_SPEED] - s[L.S_CARD_SPEED])  # Q_SPEED_LEFT


@kernel
def prog_value(s, t, me, prog):
    """Rough worth of a program's non-movement steps for the seat."""
    v = 0.0
    start = t[L.T_PROG_START + prog]
    for i in range(t[L.T_PROG_LEN + prog]):
        o = L.T_OPS + (start + i) * L.OP_W
        op = t[o]
        if WORTH_KIND[op] != Q_NONE:
            v += step_worth(s, me, op, t[o + 1])
    return v


@kernel
def plus_threat(t, prog, v):
    """v plus how much a declared program urges a Reaction: its steps'
    threats, added one by one."""
    start = t[L.T_PROG_START + prog]
    for i in range(t[L.T_PROG_LEN + prog]):
        v += THREAT[t[L.T_OPS + (start + i) * L.OP_W]]
    return v


@kernel
def move_steps(t, prog):
    """(Linked Zones walked, opcode of the last step to a destination or 0)."""
    linked = 0
    mode = 0
    start = t[L.T_PROG_START + prog]
    for i in range(t[L.T_PROG_LEN + prog]):
        op = t[L.T_OPS + (start + i) * L.OP_W]
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
        if MOVE_KIND[t[L.T_OPS + (start + j) * L.OP_W]] != MV_NONE:
            return True
    return False


@kernel
def gains_intern(t, prog):
    """The program has a step that gains the card's Intern."""
    start = t[L.T_PROG_START + prog]
    for j in range(t[L.T_PROG_LEN + prog]):
        if GAINS_INTERN[t[L.T_OPS + (start + j) * L.OP_W]]:
            return True
    return False
