"""The vocabulary of effect ops: the :class:`Op` row, its operand enums and its value.

An effect (a Trick Card's Auxiliary or Main Effect, a skill, a Jinx Card, a
Boss profile, a Panic Card) is a list of steps ``{op, n, type, cost}`` in the
data files (docs/DATA_FORMAT.md). Each op is one :class:`Op` row: its name in
the data files, its opcode, its operands, whom it targets, its words
(``action_to_string``, narration, the schema's vocabulary) and its value to the
heuristic. The rows are the basic game's (``sim.dungeonology.layout.ops``) and
those of the modules' manifests; the table of all of them is ``ops.OP_TABLE``.

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
    INTERN = 7  # the Intern's own value (agents.dungeonology.heuristic.knowledge.intern_value)
    GIVEN_POINTS = 8  # worth * n * (sum of the cheapest cube's points of each opponent in the Dungeon)
    STOLEN_POINTS = 9  # worth * n * (the most points of a cube an opponent in the Dungeon holds)


@dataclass(frozen=True)
class Value:
    """An op's value to the heuristic (agents.dungeonology.heuristic; per step, n its n).

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
CARD_WORTH = 1.0  # a Trick Card in hand, in the heuristic's units (read by agents/dungeonology/heuristic/values.py)
DIVINATION = (1.5, 0.6)  # Divination n: the expected highest Bonus of n revealed cards


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
