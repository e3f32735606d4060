"""The table of effect ops: every step an effect program can take, declared once.

``OP_TABLE`` holds the basic game's ops (``BASE_OPS``, below) and those each
module declares in its manifest (``Manifest.op_table``), in opcode order; the
row itself is :class:`sim.dungeonology.layout.opdefs.Op`. Everything else is
derived from the table: the ``OP_*`` constants the engine switches on,
``OPCODES``, the op families the schema checks (``BOSS_OPS`` ...), and the
heuristic's numbers (agents/dungeonology/heuristic/values.py).
"""

from __future__ import annotations

from sim.dungeonology.layout.manifests import MANIFESTS
from sim.dungeonology.layout.opdefs import (  # noqa: F401 (the op vocabulary, read as layout.ops.*)
    CARD_WORTH,
    DIVINATION,
    NO_VALUE,
    OP_W,
    OPF_ARG,
    OPF_CODE,
    OPF_CONDITION,
    OPF_COST,
    OPF_N,
    OPF_QUANTITY,
    OPF_TARGET,
    OPF_TYPE,
    WILD_TYPE_UNIT,
    Condition,
    Context,
    NMode,
    Op,
    Quantity,
    Scale,
    Target,
    Trigger,
    Value,
)

T, N, C = Target, NMode, Context
_BASIC = "basic"
BASE_OPS: tuple[Op, ...] = (
    Op(1, "sacrifice", "SACRIFICE", _BASIC, T.SELF, N.COUNT, False, C.ANY, "", "Sacrifice {n} Student{s}",
       "Sacrifice n of your Students (put them in the Reserve)",
       Value(worth=-0.6, scale=Scale.LAST_STUDENTS, extra=-1.0)),
    Op(2, "draw_students", "DRAW_STUDENTS", _BASIC, T.SELF, N.COUNT, False, C.ANY, "",
       "Draw {n} Student{s} to the Bonfire",
       "draw n Students from the University and place them at the Bonfire", Value(drawn=1.0, worth=-0.4)),
    Op(3, "speed", "SPEED", _BASIC, T.SELF, N.COUNT, False, C.OWN_TURN, "Speed", "Gain {n} Speed point{s}",
       "gain n Speed points", Value(worth=0.3)),
    Op(4, "take_bonfire", "TAKE_BONFIRE", _BASIC, T.SELF, N.COUNT, False, C.ANY, "",
       "Take up to {n} Student{s} from the Bonfire", "take up to n Students from the Campus Bonfire",
       Value(worth=0.6, scale=Scale.BONFIRE)),
    Op(5, "draw_cards", "DRAW_CARDS", _BASIC, T.SELF, N.COUNT, False, C.ANY, "draw", "Draw {n} Trick Card{s}",
       "draw n Trick Cards from the deck", Value(worth=CARD_WORTH)),
    Op(6, "stealth", "STEALTH", _BASIC, T.TEST, N.COUNT, False, C.ANY, "Stealth", "Stealth +{n}",
       "add n to the Scholar's Stealth Value (during a Stealth Test)", Value(stealth=(0.0, 1.0))),
    Op(7, "alert", "ALERT", _BASIC, T.TEST, N.COUNT, False, C.ANY, "Alert", "Alert +{n}",
       "add n to the Alert Value (during a Stealth Test)", Value(alert=(0.0, 1.0))),
    Op(8, "divination_stealth", "DIV_STEALTH", _BASIC, T.TEST, N.COUNT, False, C.ANY, "Stealth",
       "Divination {n} for the Stealth Value",
       "Divination n: reveal n Trick Cards, add the highest Bonus to the Stealth Value", Value(stealth=DIVINATION)),
    Op(9, "divination_alert", "DIV_ALERT", _BASIC, T.TEST, N.COUNT, False, C.ANY, "Alert",
       "Divination {n} for the Alert Value",
       "Divination n: reveal n Trick Cards, add the highest Bonus to the Alert Value", Value(alert=DIVINATION)),
    Op(10, "discard_target", "DISCARD_TARGET", _BASIC, T.CHOSEN, N.COUNT, False, C.ANY, "make discard",
       "Make a Scholar discard {n} Trick Card{s}",
       "you or an opponent (your choice) discards n Trick Cards of their choice",
       Value(worth=0.7, scale=Scale.OPPONENT_HAS_CARDS, threat=1.0)),
    Op(11, "discard_own", "DISCARD_OWN", _BASIC, T.SELF, N.COUNT, False, C.ANY, "", "Discard {n} Trick Card{s}",
       "discard n of your Trick Cards", Value(worth=-CARD_WORTH)),
    Op(12, "discard_type", "DISCARD_TYPE", _BASIC, T.SELF, N.COUNT, True, C.ANY, "", "Discard {n} Trick Card{s}",
       "discard n of your Trick Cards of type `type` (or any type)", Value(worth=-CARD_WORTH)),
    Op(13, "stun", "STUN", _BASIC, T.SELF, N.COUNT, False, C.ANY, "", "Gain {n} Stun Token{s}",
       "gain n Stun Tokens", Value(worth=-1.5)),
    Op(14, "lose_random_info", "LOSE_RANDOM_INFO", _BASIC, T.SELF, N.COUNT, False, C.ANY, "",
       "Lose {n} Randomized Information Cube{s}", "lose n Information Cubes chosen by the Randomizer", NO_VALUE),
    Op(15, "move_random_direction", "MOVE_RANDOM_DIR", _BASIC, T.SELF, N.REPEAT, False, C.ANY, "",
       "Move in a Randomized direction", "n times: move to the Linked Zone in a direction chosen by the Randomizer",
       NO_VALUE),
    Op(16, "move_random_passage", "MOVE_RANDOM_PASSAGE", _BASIC, T.SELF, N.REPEAT, False, C.ANY, "",
       "Move through a Randomized Passage", "n times: move through a Passage of your Zone chosen by the Randomizer",
       NO_VALUE),
    Op(17, "give_random_scholar", "GIVE_RANDOM_SCHOLAR", _BASIC, T.RANDOM_SCHOLAR, N.REPEAT, False, C.ANY, "",
       "Give a Randomized cube to a Randomized Scholar",
       "n times: Give the top cube of a Randomized Information to a Randomized Scholar", NO_VALUE),
    Op(18, "drop", "DROP", _BASIC, T.SELF, N.REPEAT, False, C.ANY, "", "Drop a cube",
       "n times: Drop a cube of your choice in your Zone (or a Linked Zone, or the Reserve)", NO_VALUE),
)
del T, N, C
OP_TABLE: tuple[Op, ...] = tuple(sorted((*BASE_OPS, *(op for m in MANIFESTS.values() for op in m.op_table)),
                                        key=lambda op: op.code))

# ----------------------------------------------------------- derived names
OP_BY_NAME = {op.name: op for op in OP_TABLE}
OP_BY_CODE = {op.code: op for op in OP_TABLE}
OPCODES = {op.name: op.code for op in OP_TABLE}  # data name -> opcode
CONSTANTS = {f"OP_{op.const}": op.code for op in OP_TABLE}  # OP_SACRIFICE = 1 ...
globals().update(CONSTANTS)
# Op families (in opcode order) the schema and the table compiler check.
BOSS_OPS = tuple(op.name for op in OP_TABLE if op.context == Context.BOSS_CARD)
REPEATED_OPS = tuple(op.name for op in OP_TABLE if op.n == NMode.REPEAT)  # compiled into n single steps
SINGLE_OPS = tuple(op.name for op in OP_TABLE if op.n == NMode.SINGLE)  # take no n
TURN_ONLY_OPS = tuple(op.name for op in OP_TABLE if op.context == Context.OWN_TURN)  # Standard Main Effects only

_IMPORTED = ("annotations", "MANIFESTS")
__all__ = [name for name in globals() if not name.startswith("_") and name not in _IMPORTED]
