"""Models of the component data, its vocabularies, and its validation.

The TOML files in ``sim/data/base`` form one namespace (``cubes``, ``students``,
..., ``zones``) that :class:`GameData` holds in normalised form. Pydantic checks
types, unknown keys, ranges and single-field vocabularies; :func:`validate_data`
then checks what ties values together (colours, effect names, Passages of
Doors, card copies, ...) and reports every failure as a :class:`DataError`.
See docs/DATA_FORMAT.md for the designer's view.
"""

from __future__ import annotations

import typing
from collections.abc import Iterator, Mapping
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    model_validator,
)

from sim.errors import DataError, format_key
from sim.layout import (
    BOSS_OPS,
    MAX_BOSS_STEPS,
    MAX_INTERNS,
    MAX_ME_COSTS,
    MAX_ZEFF,
    ME_TIMINGS,
    ME_WHEN,
    OP_TABLE,
    PASSIVE_NAMES,
    SECRET_LETTERS,
    SINGLE_OPS,
    TIMING_MASKS,
    TRAP_KINDS,
    TURN_ONLY_OPS,
    ZONE_EFFECT_KINDS,
    ZONE_EFFECTS_WITH_N,
)

# --------------------------------------------------------------------------- vocabularies

PASSAGES = ("N1", "N2", "E1", "E2", "S1", "S2", "W1", "W2")
DIRECTIONS = ("N", "E", "S", "W")
TIMINGS = tuple(TIMING_MASKS)  # own, own_test, own_espionage, test, instant (sim/layout/codes.py)
OPS: dict[str, str] = {op.name: op.doc for op in OP_TABLE}  # the op table, sim/layout/ops.py
PASSIVES = PASSIVE_NAMES  # sim/layout/codes.py holds the order the engine uses
ZONE_EFFECTS = tuple(ZONE_EFFECT_KINDS)  # sim/layout/codes.py; "Zone Effect Types"
# The rulebook's difficulties (the keys of the base alert.toml). A data folder
# defines its own: use GameData.difficulties for the ones actually loaded.
DIFFICULTIES = ("introductory", "easy", "medium", "hard")
FLOORS = (1, 2, 3)
MAX_PASSAGES = len(PASSAGES)
PROVISIONAL_KEYS = ("provisional", "provisional_note")
ANY_TYPE = "any"


def _one_of(vocab: tuple[Any, ...] | Mapping[str, Any], what: str) -> AfterValidator:
    allowed = ", ".join(str(v) for v in vocab)

    def check(value: Any) -> Any:
        if value not in vocab:
            raise ValueError(f"unknown {what} (allowed: {allowed})")
        return value

    return AfterValidator(check)


def _at_least(n: int, message: str) -> AfterValidator:
    def check(value: Any) -> Any:
        if len(value) < n:
            raise ValueError(f"{message} (allowed: {n} or more entries)")
        return value

    return AfterValidator(check)


def _passage_list(value: list[str]) -> list[str]:
    allowed = f"allowed: 1 to {MAX_PASSAGES} of {' '.join(PASSAGES)}"
    if not value:
        raise ValueError(f"a Zone needs at least one Passage ({allowed})")
    if len(set(value)) != len(value):
        raise ValueError(f"a Passage is listed twice ({allowed}, each at most once)")
    return value


Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]
Floor = Annotated[int, _one_of(FLOORS, "Floor")]
Passage = Annotated[str, _one_of(PASSAGES, "Passage")]
Passages = Annotated[list[Passage], AfterValidator(_passage_list)]


# --------------------------------------------------------------------------- models


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Cube(_Model):
    name: str
    count: Positive
    points: Positive


class Students(_Model):
    grey: Count
    omega: Count


class TrapToken(_Model):
    count: Count
    n: Count = 0


class Tokens(_Model):
    stun: Count
    knowledge: Count
    stair: Count
    wall: Count
    secret_passage: Count
    teleport: Count
    trap: dict[str, TrapToken]


class Campus(_Model):
    bonfire_spaces: Count


class Rules(_Model):
    thesis_min_stars: Count
    thesis_bonus: Annotated[
        list[Count], _at_least(4, "needs a bonus for at least the 1st to 4th Thesis")
    ]
    study_size_penalty: Annotated[list[Count], _at_least(1, "needs at least one entry")]
    thesis_fail_loss_order: list[str]
    failure_stun: Count
    failure_students: Count
    espionage_sacrifice: Count
    end_of_turn_students: Count
    deal_per_turn_position: Count
    round_cap: Positive


class PlayerLevel(_Model):
    reduction: Count
    min_players: Annotated[int, _one_of((2, 3, 4), "player count")]


class Column(_Model):
    slots: Positive
    stars: list[int]
    arrows: list[int]


class NoteBoard(_Model):
    colors: Annotated[list[str], _at_least(1, "needs at least one Note Board colour")]
    columns: dict[str, Column]


class Step(_Model):
    op: Annotated[str, _one_of(OPS, "op")]
    n: Positive = 1
    type: str | None = None
    cost: bool = False


Option = Annotated[list[Step], _at_least(1, "an option needs at least one step")]
Options = Annotated[list[Option], _at_least(1, "needs at least one option")]
Timing = Annotated[str, _one_of(TIMINGS, "timing")]


class Effect(_Model):
    timing: Timing
    options: Options


class Tricks(_Model):
    total: Positive
    types: Annotated[list[str], _at_least(1, "needs at least one Trick type")]
    main_actions_per_turn: Positive = 1  # "Only one Main Effect with the word Action"


CostOption = Annotated[list[Step], _at_least(1, "a cost option needs at least one step")]


class MainEffect(_Model):
    """A Trick Card's Main Effect (advanced rule "Main Effects")."""

    name: str
    timing: Annotated[str, _one_of(ME_TIMINGS, "Main Effect timing")] = "standard"
    action: bool = False
    when: Annotated[str, _one_of(ME_WHEN, "Main Effect moment")] = "any"
    cost: Annotated[list[CostOption], Field(max_length=MAX_ME_COSTS)] = []
    effect: Annotated[list[Step], _at_least(1, "a Main Effect needs at least one step")]
    after: list[Step] = []


class Card(_Model):
    type: str
    bonus: Count
    auxiliary: Annotated[list[str], Field(min_length=1, max_length=2)]
    copies: Positive
    intern: str | None = None
    main: MainEffect | None = None


class Intern(_Model):
    points: Count
    passive: dict[str, int] = {}
    protected: list[str] = []


class Skill(_Model):
    name: str
    timing: Timing
    options: Options


class ScholarSide(_Model):
    students: Count
    hand: Positive
    speed: Positive
    intelligence: Positive
    stamina: Positive
    knowledge: Annotated[
        dict[str, Positive], _at_least(1, "a Knowledge Combo needs at least one cube")
    ]
    passive: dict[str, int] = {}
    skills: list[Skill] = []


class Scholar(ScholarSide):
    exalted: ScholarSide


class Clan(_Model):
    target: Count
    modifiers: dict[str, int] = {}


class UniversityFill(_Model):
    students_per_player: Count
    omega: Count


class AlertSlot(_Model):
    bonus: Count
    students_per_player: Count
    omega: Count


class AlertCard(_Model):
    university: UniversityFill
    slots: Annotated[
        list[AlertSlot], _at_least(1, "an Alert Card needs at least one slot")
    ]


class Jinx(_Model):
    on_reveal: list[Step] = []
    passive: dict[str, int] = {}
    penalty: Count


class BossProfile(_Model):
    """One profile of a Boss Card ("The Boss" B-E)."""

    alert_modifier: Count
    sighting: Annotated[list[Step], _at_least(1, "Sighting needs at least one step")]
    activation: Annotated[list[Step], _at_least(1, "Activation needs at least one step")]
    encounter: list[Step] = []


class Boss(_Model):
    """A Boss Card: its name and its two profiles ("The Boss" A)."""

    name: str
    profiles: Annotated[dict[str, BossProfile], Field(min_length=2, max_length=2)]
class PanicCard(_Model):
    """A Panic Card ("Maximum Alert", Panic Card A-F); see panic.toml."""

    dungeon: str | None = None
    boss: str | None = None
    exclusive: bool = False
    university: UniversityFill
    each_player: list[Step] = []
    each_scholar: list[Step] = []
    passive: dict[str, int] = {}
    alert_modifier: int = 0


class RandomizerCard(_Model):
    color: str
    direction: Annotated[str, _one_of(DIRECTIONS, "direction")]
    passage: Passage
    information: str


class Randomizer(_Model):
    cards: Annotated[list[RandomizerCard], _at_least(1, "needs at least one card")]


class StartZone(_Model):
    name: str
    floor: Floor
    passages: Passages


class ZoneEffect(_Model):
    """One printed Zone Effect. Shorthand in TOML: ``"ambush 1"``,
    ``"secret_passage A"``, ``"bivouac"``; the table form adds a colour
    condition (Colored Effects): ``{ effect = "bivouac", color = "worship" }``."""

    effect: Annotated[str, _one_of(ZONE_EFFECTS, "Zone Effect")]
    n: Count = 0
    letter: str | None = None
    color: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        words = value.split()
        if not words or len(words) > 2:
            raise ValueError('write a Zone Effect as "name", "name N" or "secret_passage LETTER"')
        out: dict[str, Any] = {"effect": words[0]}
        if len(words) == 2:
            if words[0] == "secret_passage":
                out["letter"] = words[1]
            elif words[1].isdigit():
                out["n"] = int(words[1])
            else:
                raise ValueError(
                    f"the number N of {words[0]!r} must be a whole number (allowed: e.g. \"{words[0]} 1\")"
                )
        return out

    @model_validator(mode="after")
    def _shape(self) -> ZoneEffect:
        if self.effect in ZONE_EFFECTS_WITH_N and self.n < 1:
            raise ValueError(f"{self.effect} needs a number N of 1 or more (e.g. \"{self.effect} 1\")")
        if self.effect not in ZONE_EFFECTS_WITH_N and self.n:
            raise ValueError(f"{self.effect} takes no number (allowed with N: {', '.join(ZONE_EFFECTS_WITH_N)})")
        letters = SECRET_LETTERS[:-1]
        if self.effect == "secret_passage" and (self.letter is None or self.letter not in letters):
            raise ValueError(f"a Secret Passage needs a letter (allowed: {' '.join(letters)}; X is the Marker)")
        if self.effect != "secret_passage" and self.letter is not None:
            raise ValueError("only a Secret Passage has a letter")
        return self


class ZoneEffectRules(_Model):
    """Rule values of the Zone Effects not printed on a tile ("Zone Effect
    Tokens": Teleport needs at least one Worship Information Cube)."""

    teleport_color: str


class Zone(_Model):
    floor: Floor
    alert: Count
    cubes: list[str]
    passages: Passages
    effects: Annotated[list[ZoneEffect], Field(max_length=MAX_ZEFF)] = []
    doors: dict[str, list[str]] = {}


class GameData(_Model):
    """The whole component namespace, validated and normalised."""

    cubes: Annotated[list[Cube], _at_least(1, "needs at least one cube colour")]
    students: Students
    tokens: Tokens
    campus: Campus
    rules: Rules
    player_levels: Annotated[
        dict[str, PlayerLevel], _at_least(1, "needs at least one Player Level")
    ]
    noteboard: NoteBoard
    auxiliary: dict[str, Effect]
    tricks: Tricks
    cards: Annotated[
        dict[str, Card], _at_least(1, "needs at least one kind of Trick Card")
    ]
    scholars: Annotated[dict[str, Scholar], _at_least(2, "needs at least 2 Scholars")]
    clans: Annotated[dict[str, Clan], _at_least(1, "needs at least one Clan")]
    alert: Annotated[
        dict[str, AlertCard], _at_least(1, "needs at least one Alert Card (difficulty)")
    ]
    jinx: Annotated[dict[str, Jinx], _at_least(1, "needs at least one Jinx Card")]
    randomizer: Randomizer
    start: StartZone
    zones: Annotated[dict[str, Zone], _at_least(1, "needs at least one Dungeon Zone")]
    zone_effects: ZoneEffectRules
    boss: dict[str, Boss] = {}  # boss.toml (optional: only the Boss advanced rule uses it)
    interns: Annotated[dict[str, Intern], Field(max_length=MAX_INTERNS)] = {}
    # Maximum Alert (optional files/keys: a data folder without them has no Panic Card)
    dungeon: str | None = None  # the Dungeon icon of the Zones (zones.toml)
    panic: dict[str, PanicCard] = {}

    @model_validator(mode="before")
    @classmethod
    def _normalise(cls, raw: Any) -> Any:
        """Drop provisional markers, turn the cube table into a list, order columns by cube."""
        if not isinstance(raw, dict):
            return raw
        raw = strip_provisional(raw)
        cubes = raw.get("cubes")
        if isinstance(cubes, dict):
            raw["cubes"] = [
                {"name": k, **v} if isinstance(v, dict) else v for k, v in cubes.items()
            ]
            columns = (
                raw.get("noteboard", {}).get("columns")
                if isinstance(raw.get("noteboard"), dict)
                else None
            )
            if isinstance(columns, dict):
                ordered = {k: columns[k] for k in cubes if k in columns}
                ordered.update({k: v for k, v in columns.items() if k not in ordered})
                raw["noteboard"]["columns"] = ordered
        return raw

    @property
    def colors(self) -> tuple[str, ...]:
        """Cube colours in Note Board column order."""
        return tuple(c.name for c in self.cubes)

    @property
    def difficulties(self) -> tuple[str, ...]:
        """The difficulty names: the keys of ``alert``."""
        return tuple(self.alert)


DERIVED_FIELDS: dict[type[BaseModel], frozenset[str]] = {Cube: frozenset({"name"})}


def strip_provisional(value: Any) -> Any:
    """A copy of raw data without ``provisional`` / ``provisional_note`` keys (at any depth)."""
    if isinstance(value, dict):
        return {
            k: strip_provisional(v)
            for k, v in value.items()
            if k not in PROVISIONAL_KEYS
        }
    if isinstance(value, list):
        return [strip_provisional(v) for v in value]
    return value


# --------------------------------------------------------------------------- validation


def validate_data(
    raw: Mapping[str, Any], files: Mapping[str, str] | None = None
) -> GameData:
    """Validate the merged raw namespace; ``files`` maps each top-level key to its file.

    Raises :class:`DataError` (never a pydantic error) naming file, key and value.
    """
    files = dict(files or {})
    try:
        data = GameData.model_validate(dict(raw))
    except ValidationError as exc:
        raise _translate(exc, raw, files) from None
    _Checker(data, files).run()
    return data


def model_at(loc: tuple[str | int, ...]) -> type[BaseModel] | None:
    """The model class found by following ``loc`` from :class:`GameData` (None if not a model)."""
    current: Any = GameData
    for seg in loc:
        current = _unwrap(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            field = current.model_fields.get(str(seg))
            if field is None:
                return None
            current = field.annotation
        elif typing.get_origin(current) in (list, dict):
            current = typing.get_args(current)[-1]
        else:
            return None
    current = _unwrap(current)
    return (
        current
        if isinstance(current, type) and issubclass(current, BaseModel)
        else None
    )


def model_keys(model: type[BaseModel]) -> list[str]:
    """The keys a file may use for ``model`` (its fields less derived ones)."""
    return [k for k in model.model_fields if k not in DERIVED_FIELDS.get(model, ())]


def _unwrap(tp: Any) -> Any:
    while typing.get_origin(tp) is Annotated:
        tp = typing.get_args(tp)[0]
    return tp


def _translate(
    exc: ValidationError, raw: Mapping[str, Any], files: Mapping[str, str]
) -> DataError:
    errors = exc.errors(include_url=False)
    err = errors[0]
    loc = tuple(p for p in err["loc"] if p != "[key]")
    parts = _raw_parts(raw, loc)
    message = _describe(err, loc)
    if len(errors) > 1:
        message += f" [and {len(errors) - 1} more problem(s) after this one]"
    value = (
        None if err["type"] == "missing" else _raw_value(raw, parts, err.get("input"))
    )
    file = files.get(str(parts[0])) if parts else None
    return DataError(
        message, file=file, key=format_key(parts) if parts else None, value=value
    )


def _raw_parts(raw: Any, loc: tuple[str | int, ...]) -> list[str | int]:
    """Turn a pydantic location into raw-file key parts (list index -> table key for cubes)."""
    parts: list[str | int] = []
    node: Any = raw
    for seg in loc:
        if isinstance(node, dict) and isinstance(seg, int) and seg not in node:
            keys = list(node)
            seg = keys[seg] if seg < len(keys) else seg
        parts.append(seg)
        if isinstance(node, dict):
            node = node.get(seg)
        elif isinstance(node, list) and isinstance(seg, int) and seg < len(node):
            node = node[seg]
        else:
            node = None
    return parts


def _raw_value(raw: Any, parts: list[str | int], default: Any) -> Any:
    """The value as written in the file at ``parts`` (``default`` if not found)."""
    node = raw
    for seg in parts:
        in_dict = isinstance(node, dict) and seg in node
        in_list = (
            isinstance(node, list) and isinstance(seg, int) and 0 <= seg < len(node)
        )
        if not (in_dict or in_list):
            return default
        node = node[seg]
    return strip_provisional(node)


_TYPE_NAMES = {
    "int": "a whole number",
    "string": "a text in quotes",
    "bool": "true or false",
    "list": "a list [ ... ]",
    "dict": "a table { ... }",
    "model": "a table { ... }",
    "model_attributes": "a table { ... }",
}


def _describe(err: Mapping[str, Any], loc: tuple[str | int, ...]) -> str:
    kind = err["type"]
    ctx = err.get("ctx", {})
    if kind == "extra_forbidden":
        model = model_at(loc[:-1])
        allowed = ", ".join(model_keys(model)) if model else "none"
        return f"unknown key {loc[-1]!r} (allowed here: {allowed})"
    if kind == "missing":
        model = model_at(loc[:-1])
        required = (
            [k for k, f in model.model_fields.items() if f.is_required()]
            if model
            else []
        )
        allowed = ", ".join(
            k for k in required if k not in DERIVED_FIELDS.get(model, ())
        )
        return f"required key is missing (required here: {allowed})"
    if kind == "value_error":
        return str(ctx.get("error", err["msg"]))
    if kind == "greater_than_equal":
        return f"too small (allowed: {ctx['ge']} or more)"
    if kind == "less_than_equal":
        return f"too large (allowed: {ctx['le']} or less)"
    if kind == "too_short":
        return f"too few entries (allowed: at least {ctx['min_length']})"
    if kind == "too_long":
        return f"too many entries (allowed: at most {ctx['max_length']})"
    for prefix, name in _TYPE_NAMES.items():
        if kind.startswith(prefix + "_"):
            return f"wrong type (allowed: {name})"
    return str(err["msg"])


class _Checker:
    """Checks that need more than one field (raise at the first failure)."""

    def __init__(self, data: GameData, files: Mapping[str, str]) -> None:
        self.data = data
        self.files = files
        self.colors = data.colors

    def fail(
        self, parts: tuple[str | int, ...], value: Any, message: str
    ) -> typing.NoReturn:
        raise DataError(
            message,
            file=self.files.get(str(parts[0])),
            key=format_key(parts),
            value=value,
        )

    def run(self) -> None:
        for check in (
            self.rules,
            self.noteboard,
            self.tricks,
            self.mains,
            self.steps,
            self.scholars,
            self.clans,
            self.jinx,
            self.boss,
            self.randomizer,
            self.zones,
            self.interns,
            self.tokens,
            self.panic,
        ):
            check()

    # helpers
    def color(
        self,
        parts: tuple[str | int, ...],
        color: Any,
        what: str = "cube colour",
        value: Any = None,
    ) -> None:
        if color not in self.colors:
            shown = color if value is None else value
            self.fail(
                parts,
                shown,
                f"unknown {what} {color!r} (allowed: {', '.join(self.colors)})",
            )

    def passives(
        self, parts: tuple[str | int, ...], passive: Mapping[str, int]
    ) -> None:
        for name, amount in passive.items():
            if name not in PASSIVES:
                self.fail(
                    (*parts, name),
                    amount,
                    f"unknown passive {name!r} (allowed: {', '.join(PASSIVES)})",
                )

    def unique(
        self, parts: tuple[str | int, ...], values: list[Any], what: str
    ) -> None:
        if len(set(values)) != len(values):
            self.fail(
                parts, values, f"a {what} is listed twice (allowed: each at most once)"
            )

    # checks
    def rules(self) -> None:
        order = self.data.rules.thesis_fail_loss_order
        if sorted(order) != sorted(self.colors):
            self.fail(
                ("rules", "thesis_fail_loss_order"),
                order,
                f"must list every cube colour exactly once (allowed: an order of {', '.join(self.colors)})",
            )
        sides = [(f"scholars.{n}", s) for n, s in self.data.scholars.items()]
        sides += [
            (f"scholars.{n}.exalted", s.exalted) for n, s in self.data.scholars.items()
        ]
        where, side = max(sides, key=lambda item: item[1].intelligence)
        penalty = self.data.rules.study_size_penalty
        if len(penalty) < side.intelligence:
            self.fail(
                ("rules", "study_size_penalty"),
                penalty,
                f"needs an entry for each cube count up to the largest Intelligence "
                f"({side.intelligence}, {where}) (allowed: at least {side.intelligence} entries)",
            )

    def noteboard(self) -> None:
        board = self.data.noteboard
        self.unique(("noteboard", "colors"), board.colors, "Note Board colour")
        for name, column in board.columns.items():
            self.color(
                ("noteboard", "columns", name),
                name,
                "colour for a Note Board column",
                column.model_dump(),
            )
            for field in ("stars", "arrows"):
                positions = getattr(column, field)
                parts = ("noteboard", "columns", name, field)
                self.unique(parts, positions, "position")
                for pos in positions:
                    if not 1 <= pos <= column.slots:
                        self.fail(
                            parts,
                            positions,
                            f"position {pos} is outside the column (allowed: 1 to {column.slots})",
                        )
        missing = [c for c in self.colors if c not in board.columns]
        if missing:
            self.fail(
                ("noteboard", "columns"),
                sorted(board.columns),
                f"no column for {', '.join(missing)} (allowed: exactly one column per cube colour)",
            )

    def tricks(self) -> None:
        types = self.data.tricks.types
        self.unique(("tricks", "types"), types, "Trick type")
        total = 0
        for name, card in self.data.cards.items():
            if card.type not in types:
                self.fail(
                    ("cards", name, "type"),
                    card.type,
                    f"unknown Trick type (allowed: {', '.join(types)})",
                )
            for i, effect in enumerate(card.auxiliary):
                if effect not in self.data.auxiliary:
                    self.fail(
                        ("cards", name, "auxiliary", i),
                        effect,
                        f"unknown Auxiliary Effect (allowed: {', '.join(self.data.auxiliary)})",
                    )
            total += card.copies
        if total != self.data.tricks.total:
            self.fail(
                ("tricks", "total"),
                self.data.tricks.total,
                f"the copies of the cards add up to {total} "
                f"(allowed: cards.*.copies must add up to exactly tricks.total)",
            )

    def mains(self) -> None:
        """Main Effects: what each timing allows."""
        for name, card in self.data.cards.items():
            me = card.main
            if me is None:
                continue
            parts = ("cards", name, "main")
            if me.when == "test" and (me.timing != "instant"):
                self.fail((*parts, "when"), me.when,
                          f"test windows take Instant effects (allowed with timing {me.timing!r}: "
                          f"{'any, before_movement' if me.timing == 'standard' else 'any'})")
            if me.timing != "standard":
                if me.action:
                    self.fail((*parts, "action"), me.action,
                              "an ACTION is played in your own Action Phase "
                              f"(allowed: false with timing {me.timing!r})")
                if me.when not in ("any", "test"):
                    self.fail((*parts, "when"), me.when,
                              "a moment of your own turn needs a Standard timing "
                              f"(allowed: 'any' with timing {me.timing!r})")
            if me.action and me.when != "any":
                self.fail((*parts, "when"), me.when,
                          "an ACTION is played in the Action Phase (allowed: 'any' for an ACTION)")
            for field in ("effect", "after"):
                for j, step in enumerate(getattr(me, field)):
                    if me.timing != "standard" and step.op in TURN_ONLY_OPS:
                        self.fail((*parts, field, j, "op"), step.op,
                                  f"acts on your own turn (allowed with timing {me.timing!r}: any op but "
                                  f"{', '.join(TURN_ONLY_OPS)})")
                    if step.op == "cancel" and (me.timing != "reaction" or field != "effect"):
                        self.fail((*parts, field, j, "op"), step.op,
                                  "only a Reaction's effect cancels "
                                  "(allowed: cancel in main.effect with timing 'reaction')")
            for i, option in enumerate(me.cost):
                for j, step in enumerate(option):
                    if step.op in (*TURN_ONLY_OPS, "cancel"):
                        self.fail((*parts, "cost", i, j, "op"), step.op,
                                  f"not a cost (allowed: any op but {', '.join((*TURN_ONLY_OPS, 'cancel'))})")

    def steps(self) -> None:
        allowed = (*self.data.tricks.types, ANY_TYPE)
        for parts, step in self._all_steps():
            if step.op == "discard_type":
                if step.type not in allowed:
                    self.fail(
                        (*parts, "type"),
                        step.type,
                        f"discard_type needs the Trick type to discard (allowed: {', '.join(allowed)})",
                    )
            elif step.type is not None:
                self.fail(
                    (*parts, "type"),
                    step.type,
                    f"only discard_type takes a type (allowed: no type for op {step.op})",
                )
            if step.op in SINGLE_OPS and step.n != 1:
                self.fail((*parts, "n"), step.n, f"{step.op} takes no n (allowed: 1)")
            card_effect = parts[0] == "auxiliary" or (parts[0] == "cards" and parts[2] == "main")
            if step.op == "gain_intern" and not card_effect:
                self.fail((*parts, "op"), step.op,
                          "gain_intern belongs to a Trick Card's effect (allowed: in the Main Effect or the "
                          "auxiliary.toml effects of cards with an intern)")
            if (step.op == "gain_intern" and parts[0] == "cards"
                    and self.data.cards[str(parts[1])].intern is None):
                self.fail((*parts, "op"), step.op,
                          "this Main Effect has gain_intern but the card has no intern (allowed: a card "
                          "with an `intern` key)")
        for name, card in self.data.cards.items():
            for i, effect in enumerate(card.auxiliary):
                gains = any(st.op == "gain_intern" for opt in self.data.auxiliary[effect].options for st in opt)
                if gains and card.intern is None:
                    self.fail(("cards", name, "auxiliary", i), effect,
                              "its effect has gain_intern but the card has no intern (allowed: a card "
                              "with an `intern` key)")

    def _all_steps(self) -> Iterator[tuple[tuple[str | int, ...], Step]]:
        def options(
            parts: tuple[str | int, ...], opts: list[list[Step]]
        ) -> Iterator[Any]:
            for i, option in enumerate(opts):
                for j, step in enumerate(option):
                    yield (*parts, "options", i, j), step

        for name, effect in self.data.auxiliary.items():
            yield from options(("auxiliary", name), effect.options)
        for _name, side, parts in self._sides():
            for k, skill in enumerate(side.skills):
                yield from options((*parts, "skills", k), skill.options)
        for name, jinx in self.data.jinx.items():
            for i, step in enumerate(jinx.on_reveal):
                yield ("jinx", name, "on_reveal", i), step
        for name, boss in self.data.boss.items():
            for prof, profile in boss.profiles.items():
                for what in ("sighting", "activation", "encounter"):
                    for i, step in enumerate(getattr(profile, what)):
                        yield ("boss", name, "profiles", prof, what, i), step
        for name, card in self.data.panic.items():
            for field in ("each_player", "each_scholar"):
                for i, step in enumerate(getattr(card, field)):
                    yield ("panic", name, field, i), step
        for name, card in self.data.cards.items():
            if card.main is None:
                continue
            for i, option in enumerate(card.main.cost):
                for j, step in enumerate(option):
                    yield ("cards", name, "main", "cost", i, j), step
            for field in ("effect", "after"):
                for j, step in enumerate(getattr(card.main, field)):
                    yield ("cards", name, "main", field, j), step

    def _sides(self) -> Iterator[tuple[str, ScholarSide, tuple[str, ...]]]:
        for name, scholar in self.data.scholars.items():
            yield name, scholar, ("scholars", name)
            yield name, scholar.exalted, ("scholars", name, "exalted")

    def scholars(self) -> None:
        for _name, side, parts in self._sides():
            for color, n in side.knowledge.items():
                self.color(
                    (*parts, "knowledge", color),
                    color,
                    "colour in the Knowledge Combo",
                    n,
                )
            self.passives((*parts, "passive"), side.passive)

    def clans(self) -> None:
        for name, clan in self.data.clans.items():
            for color, n in clan.modifiers.items():
                self.color(
                    ("clans", name, "modifiers", color),
                    color,
                    "colour in the Score Modifiers",
                    n,
                )

    def jinx(self) -> None:
        for name, jinx in self.data.jinx.items():
            self.passives(("jinx", name, "passive"), jinx.passive)

    def boss(self) -> None:
        """Boss steps only on Boss Cards (Sighting, Activation), Encounter steps
        are ordinary effects of the encountered Scholar."""
        for parts, step in self._all_steps():
            boss_step = step.op in BOSS_OPS
            where = parts[4] if parts[0] == "boss" else None
            if boss_step and where not in ("sighting", "activation"):
                self.fail((*parts, "op"), step.op,
                          f"a Boss step belongs to a Boss Card's sighting or activation "
                          f"(allowed here: {', '.join(op for op in OPS if op not in BOSS_OPS)})")
            if step.op in BOSS_OPS[1:] and step.n > MAX_BOSS_STEPS:
                self.fail((*parts, "n"), step.n,
                          f"a Boss moves at most {MAX_BOSS_STEPS} Zones at a time (allowed: 1..{MAX_BOSS_STEPS})")
            if step.op == "boss_activate" and parts[0] == "boss":
                self.fail((*parts, "op"), step.op,
                          "a Boss Card cannot activate its own Boss (allowed: boss_activate on Panic Cards and "
                          "other effects)")

    def panic(self) -> None:
        for name, card in self.data.panic.items():
            parts = ("panic", name)
            self.passives((*parts, "passive"), card.passive)
            for field in ("each_player", "each_scholar"):
                for i, step in enumerate(getattr(card, field)):
                    if step.cost:
                        self.fail((*parts, field, i, "cost"), step.cost,
                                  "a Maximum Alert Effect is not a cost (allowed: cost = false)")
            for field in ("dungeon", "boss"):
                value = getattr(card, field)
                if value is not None and not value.strip():
                    self.fail((*parts, field), value,
                              f"an empty {field} requirement (allowed: a name, or leave the key out)")

    def randomizer(self) -> None:
        seats = self.data.noteboard.colors
        for i, card in enumerate(self.data.randomizer.cards):
            parts = ("randomizer", "cards", i)
            if card.color not in seats:
                self.fail(
                    (*parts, "color"),
                    card.color,
                    f"unknown Note Board colour (allowed: noteboard.colors: {', '.join(seats)})",
                )
            self.color(
                (*parts, "information"), card.information, "Information (cube colour)"
            )

    def zones(self) -> None:
        self.color(("zone_effects", "teleport_color"), self.data.zone_effects.teleport_color,
                   "Teleport cube colour")
        for name, zone in self.data.zones.items():
            parts = ("zones", name)
            for i, color in enumerate(zone.cubes):
                self.color((*parts, "cubes", i), color)
            for passage, colors in zone.doors.items():
                self._door((*parts, "doors", passage), zone, passage, colors)
            for i, eff in enumerate(zone.effects):
                if eff.color is not None:
                    self.color((*parts, "effects", i, "color"), eff.color, "Zone Effect colour")
            kinds = [e.effect for e in zone.effects]
            if "boss" in kinds and kinds[-1] != "boss":
                self.fail((*parts, "effects"), kinds,
                          "the Boss Effect is always the rightmost (allowed: boss last)")

    def interns(self) -> None:
        for name, intern in self.data.interns.items():
            parts = ("interns", name)
            self.passives((*parts, "passive"), intern.passive)
            for i, color in enumerate(intern.protected):
                self.color((*parts, "protected", i), color, "Protected cube colour")
            self.unique((*parts, "protected"), intern.protected, "Protected colour")
        linked: dict[str, str] = {}
        for name, card in self.data.cards.items():
            if card.intern is None:
                continue
            parts = ("cards", name, "intern")
            if card.intern not in self.data.interns:
                allowed = ", ".join(self.data.interns) or "none: interns.toml lists no Intern"
                self.fail(parts, card.intern, f"unknown Intern Card (allowed: {allowed})")
            if card.intern in linked:
                self.fail(parts, card.intern,
                          f"this Intern is already linked to {linked[card.intern]!r} "
                          "(allowed: each Intern linked to one Trick Card kind)")
            linked[card.intern] = name
        unlinked = [n for n in self.data.interns if n not in linked]
        if unlinked:
            self.fail(("interns", unlinked[0]), unlinked[0],
                      "no Trick Card kind is linked to this Intern (allowed: each Intern named by "
                      "exactly one cards.*.intern)")

    def tokens(self) -> None:
        traps = self.data.tokens.trap
        if sorted(traps) != sorted(TRAP_KINDS):
            self.fail(("tokens", "trap"), sorted(traps),
                      f"needs exactly the Trap kinds (allowed: {', '.join(TRAP_KINDS)})")
        for kind, token in traps.items():
            parts = ("tokens", "trap", kind, "n")
            if kind in ZONE_EFFECTS_WITH_N and token.n < 1:
                self.fail(parts, token.n, f"{kind} tokens need their N (allowed: 1 or more)")
            if kind not in ZONE_EFFECTS_WITH_N and token.n != 0:
                self.fail(parts, token.n, f"{kind} has no N (allowed: leave n out)")

    def _door(
        self, parts: tuple[str, ...], zone: Zone, passage: str, colors: list[str]
    ) -> None:
        if passage not in zone.passages:
            self.fail(
                parts,
                colors,
                f"Door on Passage {passage}, which this Zone does not have "
                f"(allowed: one of its Passages {' '.join(zone.passages)})",
            )
        if not 1 <= len(colors) <= 2 or len(set(colors)) != len(colors):
            self.fail(
                parts,
                colors,
                "a Door needs one colour or two different colours (allowed: 1 or 2 colours)",
            )
        for color in colors:
            self.color(parts, color, "Door colour")
