"""What a package adds to the game, declared in one place: its :class:`Manifest`.

Every package of the rules (the basic game's ``sim.dungeonology.core.procedures``,
``effects`` and ``components``; each module's ``sim.dungeonology.core.rules.<name>``)
holds a ``manifest.py`` whose ``MANIFEST`` names everything it brings:

* its **state sections** (:class:`Field`: size, meaning, owner, visibility, range,
  value at Game Setup), its player-block fields and its table sections: the layout
  (``sim.dungeonology.layout``) allocates them in manifest order, so ``view``,
  ``observation``, the range check of outside states and the docs read them from
  here;
* its **codes**: constants (``PH_*``, ``K_*``, ...), code ranges, the names of its
  decision phases, its action verbs (:class:`Verb`) and effect ops;
* the **calls** that handle its phases, continuations and opcode ranges;
* its **hooks** (:class:`Hook`): calls the basic game makes at named points
  (setup, start and end of turn, scoring, end of game, extra legal actions,
  invariants, determinization, the observation, the heuristic...), generated into
  plain ``if`` chains (``python -m sim.dungeonology.core.engine.regenerate``);
* its **result columns** (:class:`Column`), its data (GameData fields, table
  compilers) and its Python surface (view keys, action strings, scenario
  operations, score breakdown).

A manifest imports nothing of the engine: the layout reads the manifests before
any compiled code exists. Calls are text, ``"module:function(args)"``, ``module``
relative to the package (or absolute). docs/ADDING_A_MODULE.md walks through one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Field.visibility: what the seats may see of a section (sim.dungeonology.observation)
PUBLIC = "public"  # everybody
OWN = "own"  # only the seat whose player block holds it (the others see zeros)
HIDDEN = "hidden"  # nobody (zeroed in every observation: chance, deck orders, the continuation stack)
RULE = "rule"  # hidden by a rule in code (a card face down, the order of a stack): see the observation hooks
VISIBILITIES = (PUBLIC, OWN, HIDDEN, RULE)

Code = str | int  # a layout name ("PH_BOSS_MOVE") or a number
Calls = str | tuple[str, ...]


@dataclass(frozen=True)
class Field:
    """One section of the state, of a player block or of the tables.

    ``bounds``: the range of each of its ints (state and player fields: checked
    before a state from outside reaches compiled code); ``init``: the value each
    of its ints takes at Game Setup before the setup steps (0 unless given; a
    tuple: the values of its first ints, the others 0);
    ``owner``: the module whose rules read and write it (default: the manifest's);
    ``after`` / ``before``: place it next to another field instead of after the
    fields declared so far (how the sections of layout version 4 keep their
    offsets)."""

    name: str
    size: int = 1
    meaning: str = ""
    visibility: str = PUBLIC
    bounds: tuple[int, int] | None = None
    init: int | tuple[int, ...] = 0
    owner: str = ""
    after: str | None = None
    before: str | None = None


@dataclass(frozen=True)
class Hook:
    """A call at one of the basic game's hook points (``sim.dungeonology.core.engine.points``).

    ``call``: ``"module:function(args)"`` with the point's arguments; ``order``:
    its place in the point's chain (lower first; ties in manifest order);
    ``always``: made in every game (the default: only when the module's rule bit is
    in ``T_RULES``; a content module, whose data decides, has no bit)."""

    point: str
    call: str
    order: int = 0
    always: bool = False


@dataclass(frozen=True)
class Verb:
    """A range of the action space: ``name``, ``size`` actions from ``const``
    (``A_*``, the first action's number); ``text``: ``"module:function"`` giving
    ``(state, tables, names, i) -> str`` for action i of the range
    (``sim.dungeonology.actions``)."""

    name: str
    const: str
    size: int
    text: str = ""


@dataclass(frozen=True)
class Column:
    """A result column: ``call`` gives its value, ``"module:function(args)"`` with
    ``s, t, p`` (a seat row, ``Manifest.rows``) or ``s`` (the game row, ``Manifest.games``)."""

    name: str
    call: str


@dataclass(frozen=True)
class ViewKey:
    """A key of a view dict (``sim.dungeonology.view``): ``part`` "state" (arguments
    ``s, t, names, viewer``), "reserve" (the same), "player" (``s, t, names, seat,
    viewer``) or "zone" (``s, t, names, z, viewer``); or of ``Game.result()``: "result"
    (``s, t, names``) and "breakdown" (a seat's score parts: ``s, t, names, p``; a value
    None leaves the key out). ``call``: ``"module:function"`` giving its value;
    ``after``: the key it follows (None: at the end); ``always``: False to show it only
    when the module's rule bit is in ``T_RULES``."""

    part: str
    key: str
    call: str
    after: str | None = None
    always: bool = True


@dataclass(frozen=True)
class Manifest:
    """Everything one package adds (see the module docstring).

    module: the module it belongs to (``"base"`` for the basic game; else a name of
    ``sim.dungeonology.modules``). ranges: the code ranges it owns, by part (a name
    for the docs) -> ((first, last) phases, continuations, opcodes). phases: phase ->
    (apply call, legal call); continuations: continuation -> call(s); ops: (first,
    last) opcode range -> call; payable: opcode range -> the call saying whether a
    cost step of it can be paid. codes: the constants it defines (exported by the
    layout); phase_names: code -> name of each of its decision phases; op_table:
    its effect ops (``sim.dungeonology.layout.ops.Op``).
    """

    module: str
    ranges: dict[str, tuple[tuple[int, int], tuple[int, int], tuple[int, int]]] = field(default_factory=dict)
    codes: dict[str, object] = field(default_factory=dict)
    phase_names: dict[int, str] = field(default_factory=dict)
    phases: dict[Code, tuple[str, str]] = field(default_factory=dict)
    continuations: dict[Code, Calls] = field(default_factory=dict)
    ops: dict[tuple[Code, Code], str] = field(default_factory=dict)
    payable: dict[tuple[Code, Code], str] = field(default_factory=dict)
    op_table: tuple = ()
    state: tuple[Field, ...] = ()
    player: tuple[Field, ...] = ()
    tables: tuple[Field, ...] = ()
    verbs: tuple[Verb, ...] = ()
    hooks: tuple[Hook, ...] = ()
    rows: tuple[Column, ...] = ()
    games: tuple[Column, ...] = ()
    invariants: dict[int, str] = field(default_factory=dict)
    observation: tuple[Field, ...] = ()  # header blocks after the state part of the observation tensor
    # the heuristic (agents/dungeonology/heuristic): phase -> "module:function" (args s, t, me, buf, n, params, rng),
    # and choosers asked before the phase's handler ("module:function(args)" returning an action or -1)
    heuristic: dict[Code, str] = field(default_factory=dict)
    heuristic_first: tuple[Hook, ...] = ()
    # Python surface
    data: str = ""  # "module:NAME": its GameData keys, {key: (annotation, default)}
    data_after: dict[str, str] = field(default_factory=dict)  # GameData key -> the key it follows
    compile: tuple[tuple[str, str], ...] = ()  # (stage, "module:function") table compilers
    view: tuple[ViewKey, ...] = ()
    texts: dict[tuple[Code, str], str] = field(default_factory=dict)  # (phase, verb or "*") -> "module:function"
    scenario: str = ""  # "module:Class": the Scenario builder's operations for this module
