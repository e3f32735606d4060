"""The table of effect ops: every step an effect program can take, declared once.

An effect (a Trick Card's Auxiliary or Main Effect, a skill, a Jinx Card, a
Boss profile, a Panic Card) is a list of steps ``{op, n, type, cost}`` in the
data files (docs/DATA_FORMAT.md). Each op is one :class:`Op` row of
``OP_TABLE``: its name in the data files, its opcode, its operands, whom it
targets, its words (``action_to_string``, narration, the schema's
vocabulary) and its value to the heuristic. Everything else is derived from
the table: the ``OP_*`` constants the engine switches on, ``OPCODES``, the
op families the schema checks (``BOSS_OPS`` ...), and ``OP_VALUE``, the
heuristic's numbers as an array numba can read.

The vocabularies (:class:`Target`, :class:`Quantity`, :class:`Condition`,
:class:`Trigger`) also name what Rocca Civetta's effects need ("the number of
Interns you have", "each encountered Scholar", "when you draw a Phi Student");
no base op uses those members yet and no rule reads them: they reserve the
codes and the operand slots of a compiled step (``OP_W``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

# A compiled step in T_OPS is OP_W ints:
OPF_CODE = 0  # the opcode
OPF_N = 1  # n
OPF_TYPE = 2  # Trick type + 1 (0 = any), discard_type only
# In a Scholar skill's discard_type, OPF_TYPE also holds WILD_TYPE_UNIT x (a second accepted type + 1):
# RC "Add 1 or More Types of Trick Cards to the Deck" (Fate cards, when two Types are added); 0 in the base game.
WILD_TYPE_UNIT = 256
OPF_COST = 3  # 1: a cost (must be payable)
OPF_TARGET = 4  # Target, 0 = the op's own target (reserved: 0 in the base game)
OPF_QUANTITY = 5  # Quantity, 0 = n (reserved)
OPF_CONDITION = 6  # Condition, 0 = none (reserved)
OPF_ARG = 7  # the condition's or quantity's argument (a Student kind, a Star mask ...; reserved)
OP_W = 8


class Target(IntEnum):
    """Whom a step acts on, seen from the program's actor (the Scholar who
    plays the effect; for a Boss's Encounter program, each encountered Scholar)."""

    SELF = 1  # the actor
    CHOSEN = 2  # the actor or an opponent, the actor's choice
    OPPONENTS = 3  # each other Scholar in the Dungeon
    RANDOM_SCHOLAR = 4  # a Scholar chosen by the Randomizer
    TEST = 5  # the Stealth Test in progress: its Stealth or Alert Value
    ZONE = 6  # the actor's Zone
    LEFT_ZONE = 7  # the Zone the actor last left
    BOSS = 8  # the Boss (model and card)
    MAIN_EFFECT = 9  # the Main Effect a Reaction answers
    CHOSEN_OPPONENT = 13  # an opponent the actor chooses, outside the Starting Zone (Steal)
    # Rocca Civetta (no base op uses them yet)
    CURRENT = 10  # the current Scholar: whose turn it is (Omega Against All: who performs the Omega Phase)
    ENCOUNTERED = 11  # each Scholar encountered during or at the end of a move (Boss, Omega "Encounter")
    OMEGA = 12  # the automaton Omega (RC "Managing Omega": a Scholar for effects that target one)


class NMode(IntEnum):
    """What a step's ``n`` means."""

    COUNT = 1  # n of something (Students, cards, points, Zones ...)
    REPEAT = 2  # do it n times: compiled into n single steps (sim.dungeonology.tables)
    SINGLE = 3  # takes no n (places or takes one component): n must be 1
    IGNORED = 4  # n is not read
    BOSS_STEPS = 5  # Zones the Boss moves, 1..MAX_BOSS_STEPS


class Quantity(IntEnum):
    """How many: the step's n, or a count read from the game (OPF_QUANTITY)."""

    N = 0  # the printed n
    # Rocca Civetta (reserved)
    INTERNS = 1  # the number of Interns the actor has (Specialists: "a bonus equal to the number of Interns")
    STUDENTS = 2  # all the actor's Students (Hecatombs: "Sacrifices all of her Students")
    STARS = 3  # the actor's Stars
    STUDENT_KIND = 4  # the actor's Students of kind OPF_ARG (STUDENT_KINDS index)


class Condition(IntEnum):
    """When a step applies at all (OPF_CONDITION)."""

    NONE = 0
    # Rocca Civetta (reserved)
    STAR_TOKENS = 1  # the actor holds the Star Tokens OPF_ARG (bits 2*colour: silver, 2*colour+1: gold)
    STARS_OVER_OMEGA = 2  # the actor has at least OPF_ARG more Stars than Omega (Omega Card "Star" G, "Double Star" H)
    BLACK_STARS = 3  # the actor has fewer Stars than Omega's Black Stars (Omega Card "Black Star" F)
    RESEARCH_QUEST = 4  # the actor meets the requirements of Research Card OPF_ARG (RC "Research Cards")


class Trigger(IntEnum):
    """What makes a program run (T_PROG_TRIGGER; reserved: 0 in the base game)."""

    PLAYED = 0  # its card, skill or Zone Effect is played / resolved (every base effect)
    # Rocca Civetta (reserved)
    DRAW_STUDENT = 1  # when the actor draws a Student of kind arg from the University (Phi)
    SACRIFICE_STUDENT = 2  # when the actor Sacrifices a Student of kind arg (Phi)
    ENTER_ZONE = 3  # when a Scholar enters the Zone (Bucket, Hecatombs)
    TURN_START = 4  # at the start of the actor's turn (Iota: the Student leaves the Zone)
    ENCOUNTER = 5  # when the Boss or Omega encounters the Scholar
    DECLARE_STEALTH = 6  # after a Stealth Value is declared (Omega Card "Sabotage" I)
    TARGETED = 7  # when Omega is targeted by a Trick Card's effect (Omega Card "Reaction" J)


class Context(IntEnum):
    """Where in the data a step may stand (checked by sim.dungeonology.schema)."""

    ANY = 1
    BOSS_CARD = 2  # a Boss Card's Sighting or Activation only
    NOT_BOSS_CARD = 3  # anywhere but on a Boss Card (a Boss cannot activate itself)
    TRICK_CARD = 4  # a Trick Card's effect (Auxiliary or Main Effect)
    REACTION = 5  # a Reaction's effect (Main Effects)
    OWN_TURN = 6  # acts on the current player's turn registers: a Standard Main Effect, never a cost


class Scale(IntEnum):
    """How the heuristic scales an op's worth (Value.worth) in a program's value."""

    N = 0  # worth * n
    BONFIRE = 1  # worth * min(n, Students at the Bonfire)
    RESERVE_GREY = 2  # worth * min(n, grey Students in the Reserve)
    LAST_STUDENTS = 3  # worth * n + extra when the seat has at most n Students
    OPPONENT_HAS_CARDS = 4  # worth * n * (1 if an opponent holds Trick Cards else 0)
    OPPONENTS_WITH_STUDENTS = 5  # worth * n * (opponents holding Students)
    UNSPENT_SPEED = 6  # worth * (Speed left - Speed gained from effects)
    INTERN = 7  # the Intern's own value (agents.heuristic.knowledge.intern_value)
    GIVEN_POINTS = 8  # worth * n * (sum of the cheapest cube's points of each opponent in the Dungeon)
    STOLEN_POINTS = 9  # worth * n * (the most points of a cube an opponent in the Dungeon holds)


@dataclass(frozen=True)
class Value:
    """An op's value to the heuristic (agents.heuristic; per step, n its n).

    stealth / alert: (a, b): the Stealth / Alert Value it adds to a Stealth
    Test, a + b*n (prog_effect); drawn: Students drawn from the University
    per n; worth, scale, extra: its worth outside a test (prog_value, see
    Scale); threat: how strong an opponent's declared Main Effect with this
    step is (declared_strength); move: 0, 1 one Linked Zone (move_value
    counts them), 2 a Zone of a choice (move_floor / move_any)."""

    stealth: tuple[float, float] = (0.0, 0.0)
    alert: tuple[float, float] = (0.0, 0.0)
    drawn: float = 0.0
    worth: float = 0.0
    scale: Scale = Scale.N
    extra: float = 0.0
    threat: float = 0.0
    move: int = 0


NO_VALUE = Value()  # the heuristic gives the op no value of its own
CARD_WORTH = 1.0  # a Trick Card in hand, in the heuristic's units (read by agents/heuristic/values.py)
_DIV = (1.5, 0.6)  # Divination n: the expected highest Bonus of n revealed cards


@dataclass(frozen=True)
class Op:
    """One effect op. Every field is required (tests/test_ops.py)."""

    code: int  # OP_<CONST>, in the range of its part (sim.dungeonology.layout.codes.RANGES)
    name: str  # in the data files
    const: str  # the engine's constant: OP_<const>
    part: str  # the rules it belongs to (a RANGES key)
    target: Target
    n: NMode
    takes_type: bool  # reads `type` (a Trick type)
    context: Context
    label: str  # short word in an option's label ("Stealth", "draw"); "" = none
    text: str  # in action strings and narration: {n}, {s} = "s" when n > 1
    doc: str  # the data-file vocabulary (sim.dungeonology.schema, docs/DATA_FORMAT.md)
    value: Value

    @property
    def cost_ok(self) -> bool:
        """May stand in a cost (a Main Effect's "/" options)."""
        return self.context not in (Context.OWN_TURN, Context.REACTION)

    def words(self, n: int) -> str:
        """The step in words: "Sacrifice 2 Students"."""
        return self.text.format(n=n, s="s" if n > 1 else "")


T, N, C = Target, NMode, Context
_BASIC, _BOSS, _MAIN, _INT = "basic", "boss", "main_effects", "interns"
_RC, _RCS, _RCC = "rocca_civetta", "rc_scholars", "rc_cards"
OP_TABLE: tuple[Op, ...] = (
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
       "Divination n: reveal n Trick Cards, add the highest Bonus to the Stealth Value", Value(stealth=_DIV)),
    Op(9, "divination_alert", "DIV_ALERT", _BASIC, T.TEST, N.COUNT, False, C.ANY, "Alert",
       "Divination {n} for the Alert Value",
       "Divination n: reveal n Trick Cards, add the highest Bonus to the Alert Value", Value(alert=_DIV)),
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
    # Boss ("Boss", "Boss Movement"): boss.toml Sighting and Activation only
    Op(30, "boss_appear", "BOSS_APPEAR", _BOSS, T.BOSS, N.IGNORED, False, C.BOSS_CARD, "", "The Boss appears",
       "the Boss model appears in the Zone where the Boss Effect was activated", NO_VALUE),
    Op(31, "boss_move", "BOSS_MOVE", _BOSS, T.BOSS, N.BOSS_STEPS, False, C.BOSS_CARD, "",
       "Move the Boss {n} Zone{s}",
       "move the Boss n Zones without retracing his steps; the activating player chooses", NO_VALUE),
    Op(32, "boss_move_random", "BOSS_MOVE_RANDOM", _BOSS, T.BOSS, N.BOSS_STEPS, False, C.BOSS_CARD, "",
       "Move the Boss {n} Zone{s} towards a Randomized Scholar",
       "Randomize a target Scholar, then move the Boss n Zones towards him without retracing his steps", NO_VALUE),
    Op(33, "boss_move_random_passage", "BOSS_MOVE_RANDOM_PASSAGE", _BOSS, T.BOSS, N.BOSS_STEPS, False,
       C.BOSS_CARD, "", "Move the Boss through {n} Randomized Passage{s}",
       "n times: move the Boss through a Passage of his Zone chosen by the Randomizer (never straight back)",
       NO_VALUE),
    Op(34, "boss_activate", "BOSS_ACTIVATE", _BOSS, T.BOSS, N.IGNORED, False, C.NOT_BOSS_CARD, "",
       "Activate the Boss",
       "the Boss's Activation, played by this player (nothing if the Boss is not in the Dungeon)", NO_VALUE),
    # Main Effects (advanced rule)
    Op(40, "skip_movement", "SKIP_MOVEMENT", _MAIN, T.SELF, N.IGNORED, False, C.OWN_TURN, "",
       "Skip the rest of the Movement Phase",
       "skip the rest of your Movement Phase (Standard Main Effects only)",
       Value(worth=-0.3, scale=Scale.UNSPENT_SPEED)),
    Op(41, "move_floor", "MOVE_FLOOR", _MAIN, T.SELF, N.IGNORED, False, C.ANY, "", "Move to a Zone of your Floor",
       "move to a placed Zone of your choice on your Floor (not the Starting Zone)", Value(threat=1.0, move=2)),
    Op(42, "move_any", "MOVE_ANY", _MAIN, T.SELF, N.IGNORED, False, C.ANY, "", "Move to any Zone",
       "move to any placed Zone of your choice (not the Starting Zone)", Value(threat=1.0, move=2)),
    Op(43, "move_linked", "MOVE_LINKED", _MAIN, T.SELF, N.REPEAT, False, C.ANY, "", "Move to a Linked Zone",
       "n times: you may move to an Adjacent and Linked Zone of your choice", Value(threat=1.0, move=1)),
    Op(44, "cancel", "CANCEL", _MAIN, T.MAIN_EFFECT, N.IGNORED, False, C.REACTION, "", "Cancel the Main Effect",
       "cancel the Main Effect this Reaction answers (its cost is not paid)", Value(threat=2.0)),
    Op(45, "boost_side", "BOOST_SIDE", _MAIN, T.TEST, N.COUNT, False, C.ANY, "", "+{n} to your side of the test",
       "add n to your side of the Stealth Test: your Stealth Value if it is your test, else the Alert Value",
       Value(stealth=(0.0, 1.0), alert=(0.0, 1.0))),
    Op(46, "divination_side", "DIV_SIDE", _MAIN, T.TEST, N.COUNT, False, C.ANY, "",
       "Divination {n} for your side of the test",
       "Divination n for your side of the Stealth Test (Stealth if it is your test, else Alert)",
       Value(stealth=_DIV, alert=_DIV)),
    Op(47, "opponents_sacrifice", "OPP_SACRIFICE", _MAIN, T.OPPONENTS, N.COUNT, False, C.ANY, "",
       "Every opponent Sacrifices {n} Student{s}", "every other Scholar in the Dungeon Sacrifices up to n Students",
       Value(worth=0.4, scale=Scale.OPPONENTS_WITH_STUDENTS, threat=1.0)),
    Op(48, "gain_reserve", "GAIN_RESERVE", _MAIN, T.SELF, N.COUNT, False, C.ANY, "",
       "Take {n} Student{s} from the Reserve", "take up to n grey Students from the Reserve",
       Value(worth=0.6, scale=Scale.RESERVE_GREY)),
    Op(49, "opponents_give", "OPP_GIVE", _MAIN, T.OPPONENTS, N.REPEAT, False, C.ANY, "",
       "Every other Scholar with cubes Gives you a cube",
       "n times: every other Scholar in the Dungeon holding cubes Gives you a cube of his choice "
       "(Give: the top cube of a column, to the Reserve if your column is full)",
       Value(worth=1.0, scale=Scale.GIVEN_POINTS, threat=1.0)),
    Op(50, "steal", "STEAL", _MAIN, T.CHOSEN_OPPONENT, N.REPEAT, False, C.ANY, "",
       "Steal a cube from a target Scholar",
       "n times: Steal the top cube of a column of your choice from an opponent in the Dungeon of your choice "
       "(to the Reserve if your column is full; a Protected cube may be kept)",
       Value(worth=1.3, scale=Scale.STOLEN_POINTS, threat=1.0)),
    # Interns and Zone Effect Tokens
    Op(60, "gain_intern", "GAIN_INTERN", _INT, T.SELF, N.SINGLE, False, C.TRICK_CARD, "", "Gain the Intern",
       "get the Intern Card linked to the played Trick Card kind (stolen from its owner if taken)",
       Value(scale=Scale.INTERN)),
    Op(61, "place_trap", "PLACE_TRAP", _INT, T.ZONE, N.SINGLE, False, C.ANY, "", "Place a Trap Token",
       "place a random face-down Trap Token from the supply on your Zone", NO_VALUE),
    Op(62, "place_teleport", "PLACE_TELEPORT", _INT, T.ZONE, N.SINGLE, False, C.ANY, "", "Place a Teleport Token",
       "place a Teleport Token from the supply on your Zone", NO_VALUE),
    Op(63, "place_teleport_left", "PLACE_TELEPORT_LEFT", _INT, T.LEFT_ZONE, N.SINGLE, False, C.ANY, "",
       "Place a Teleport Token on the Zone you left",
       "place a Teleport Token from the supply on the Zone you last left", NO_VALUE),
    Op(64, "place_secret_passage", "PLACE_SECRET_PASSAGE", _INT, T.ZONE, N.SINGLE, False, C.ANY, "",
       "Place a Secret Passage Marker", "place a Secret Passage Marker X from the supply on your Zone", NO_VALUE),
    # Rocca Civetta, part cubes: False and Universal Information
    Op(80, "gain_universal", "GAIN_UNIVERSAL", _RC, T.SELF, N.COUNT, False, C.ANY, "",
       "Gain {n} Universal Information cube{s}",
       "gain n Universal Information cubes from the Reserve (fewer if it runs out), each into a column of your "
       "choice with a free space",
       Value(worth=3.0)),
    Op(81, "false_to_zone", "FALSE_TO_ZONE", _RC, T.ZONE, N.COUNT, False, C.ANY, "",
       "Put {n} False Information cube{s} into your Zone",
       "put n False Information cubes from the Reserve into the free spaces of your Zone, leftmost first "
       "(fewer if the Reserve or the spaces run out; none in the Starting Zone)", NO_VALUE),
    Op(82, "universal_to_zone", "UNIVERSAL_TO_ZONE", _RC, T.ZONE, N.COUNT, False, C.ANY, "",
       "Put {n} Universal Information cube{s} into your Zone",
       "put n Universal Information cubes from the Reserve into the free spaces of your Zone, leftmost first "
       "(fewer if the Reserve or the spaces run out; none in the Starting Zone)", NO_VALUE),
    # Rocca Civetta, New Scholars (rc_scholars): the seven Scholars' skills, Camp Z
    Op(90, "once_per_turn", "ONCE_PER_TURN", _RCS, T.SELF, N.COUNT, False, C.NOT_BOSS_CARD, "", "Once per turn",
       "(cost) the skill may be used once per turn: n (1 to 3) numbers its slot on the Scholar side", NO_VALUE),
    Op(91, "at_own_zone", "AT_OWN_ZONE", _RCS, T.ZONE, N.SINGLE, False, C.NOT_BOSS_CARD, "",
       "Standing in your own Zone",
       "(cost) only while you stand in a Zone that belongs to your Scholar (zones.toml `scholar`: Camp Z)", NO_VALUE),
    Op(92, "discard_stun", "DISCARD_STUN", _RCS, T.SELF, N.COUNT, False, C.ANY, "recover", "Discard {n} Stun Token{s}",
       "discard up to n of your Stun Tokens (to the Reserve; as a cost: you must hold one)", Value(worth=1.0)),
    Op(93, "gain_knowledge", "GAIN_KNOWLEDGE", _RCS, T.SELF, N.SINGLE, False, C.ANY, "Knowledge",
       "Gain the Knowledge Token",
       "take the Knowledge Token from the Reserve if you have none (as a cost: only then)", Value(worth=2.0)),
    Op(94, "exhume", "EXHUME", _RCS, T.SELF, N.COUNT, False, C.ANY, "exhume",
       "Take {n} Trick Card{s} from the discard pile",
       "take n Trick Cards chosen at random from the discard pile into your hand (as many as it holds)",
       Value(worth=CARD_WORTH)),
    # Rocca Civetta cards (RC "Specialists Cards", the Fool's Token)
    Op(105, "stealth_interns", "STEALTH_INTERNS", _RCC, T.TEST, N.COUNT, False, C.ANY, "Stealth",
       "Stealth +{n} per Intern you have",
       "add n times the number of Interns you have to your Stealth Value (during your Stealth Test)",
       Value(stealth=(0.0, 1.0))),
    Op(106, "give_token", "GIVE_TOKEN", _RCC, T.CHOSEN_OPPONENT, N.SINGLE, False, C.TRICK_CARD, "",
       "Give the Intern's token to another Scholar",
       "give the token of the Intern linked to the played Trick Card kind to another Scholar in the Dungeon of "
       "your choice (its `token` passives apply to her while she holds it)", Value(threat=0.5)),
)
del T, N, C

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

_IMPORTED = ("annotations", "dataclass", "IntEnum")
__all__ = [name for name in globals() if not name.startswith("_") and name not in _IMPORTED]
