"""Pydantic models of the component data: one model per component, and
:class:`GameData`, the whole namespace in normalised form.

Pydantic checks types, unknown keys, ranges and single-field vocabularies;
the checks that tie values together are in :mod:`sim.dungeonology.schema.checks`.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, create_model, model_validator

from sim.dungeonology.layout import (
    MAX_ME_COSTS,
    MAX_ZEFF,
    ME_TIMINGS,
    ME_WHEN,
    SECRET_LETTERS,
    ZONE_EFFECTS_WITH_N,
)
from sim.dungeonology.schema.vocab import (
    DIRECTIONS,
    OPS,
    TIMINGS,
    ZONE_EFFECTS,
    Count,
    Floor,
    Passage,
    Passages,
    Positive,
    at_least,
    one_of,
    strip_provisional,
)

# --------------------------------------------------------------------------- models


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Cube(Model):
    name: str
    count: Positive
    points: Positive


class Students(Model):
    grey: Count
    omega: Count


class TrapToken(Model):
    count: Count
    n: Count = 0


class Tokens(Model):
    stun: Count
    knowledge: Count
    stair: Count
    wall: Count
    secret_passage: Count
    teleport: Count
    trap: dict[str, TrapToken]


class Campus(Model):
    bonfire_spaces: Count


class Rules(Model):
    thesis_min_stars: Count
    thesis_bonus: Annotated[
        list[Count], at_least(4, "needs a bonus for at least the 1st to 4th Thesis")
    ]
    study_size_penalty: Annotated[list[Count], at_least(1, "needs at least one entry")]
    thesis_fail_loss_order: list[str]
    failure_stun: Count
    failure_students: Count
    espionage_sacrifice: Count
    end_of_turn_students: Count
    deal_per_turn_position: Count
    round_cap: Positive


class PlayerLevel(Model):
    reduction: Count
    min_players: Annotated[int, one_of((2, 3, 4), "player count")]


class Column(Model):
    slots: Positive
    stars: list[int]
    arrows: list[int]
    # Star Token of each Star, in `stars` order ("silver" / "gold"; RC "Star
    # Tokens"); [] = the first Star silver, the second gold
    star_tokens: list[str] = []


class NoteBoard(Model):
    colors: Annotated[list[str], at_least(1, "needs at least one Note Board colour")]
    columns: dict[str, Column]


class Step(Model):
    op: Annotated[str, one_of(OPS, "op")]
    n: Positive = 1
    type: str | None = None
    cost: bool = False


Option = Annotated[list[Step], at_least(1, "an option needs at least one step")]
Options = Annotated[list[Option], at_least(1, "needs at least one option")]
Timing = Annotated[str, one_of(TIMINGS, "timing")]


class Effect(Model):
    timing: Timing
    options: Options


class Tricks(Model):
    total: Positive
    types: Annotated[list[str], at_least(1, "needs at least one Trick type")]
    main_actions_per_turn: Positive = 1  # "Only one Main Effect with the word Action"
    # RC "Add 1 or More Types of Trick Cards to the Deck": the Types an expansion adds (each module layer
    # appends its own), and the type Scholar skills' typed discards also accept once `wild_min_added` of them
    # have cards in the deck (Fate, from two added Types)
    added_types: list[str] = []
    wild_type: str | None = None
    wild_min_added: Positive = 2


CostOption = Annotated[list[Step], at_least(1, "a cost option needs at least one step")]


class MainEffect(Model):
    """A Trick Card's Main Effect (advanced rule "Main Effects")."""

    name: str
    timing: Annotated[str, one_of(ME_TIMINGS, "Main Effect timing")] = "standard"
    action: bool = False
    when: Annotated[str, one_of(ME_WHEN, "Main Effect moment")] = "any"
    cost: Annotated[list[CostOption], Field(max_length=MAX_ME_COSTS)] = []
    effect: Annotated[list[Step], at_least(1, "a Main Effect needs at least one step")]
    after: list[Step] = []


class Card(Model):
    type: str
    bonus: Count
    auxiliary: Annotated[list[str], Field(min_length=0, max_length=2)]
    copies: Positive
    intern: str | None = None
    main: MainEffect | None = None
    # RC "Spriggan Cards": who uses this card's Bonus Value to declare a Stealth Value takes its Intern
    declare_intern: bool = False


class Skill(Model):
    name: str
    timing: Timing
    options: Options


class ScholarSide(Model):
    students: Count
    hand: Positive
    speed: Positive
    intelligence: Positive
    stamina: Positive
    knowledge: Annotated[
        dict[str, Positive], at_least(1, "a Knowledge Combo needs at least one cube")
    ]
    passive: dict[str, int] = {}
    skills: list[Skill] = []


class Scholar(ScholarSide):
    exalted: ScholarSide


class Clan(Model):
    target: Count
    modifiers: dict[str, int] = {}
    # RC "New Clan Cards": Stars a successful Thesis needs besides the Target
    # Score (B), Stars shown under the name (C) and the bonus points they earn
    stars: dict[str, list[str]] = {}
    bonus_stars: dict[str, list[str]] = {}
    bonus: Count = 0


class UniversityFill(Model):
    students_per_player: Count
    omega: Count


class AlertSlot(Model):
    bonus: Count
    students_per_player: Count
    omega: Count


class AlertCard(Model):
    university: UniversityFill
    slots: Annotated[
        list[AlertSlot], at_least(1, "an Alert Card needs at least one slot")
    ]


class Jinx(Model):
    on_reveal: list[Step] = []
    passive: dict[str, int] = {}
    penalty: Count


class RandomizerCard(Model):
    color: str
    direction: Annotated[str, one_of(DIRECTIONS, "direction")]
    passage: Passage
    information: str


class Randomizer(Model):
    cards: Annotated[list[RandomizerCard], at_least(1, "needs at least one card")]


class StartZone(Model):
    name: str
    floor: Floor
    passages: Passages


class ZoneEffect(Model):
    """One printed Zone Effect. Shorthand in TOML: ``"ambush 1"``,
    ``"secret_passage A"``, ``"bivouac"``; the table form adds a colour
    condition (Colored Effects): ``{ effect = "bivouac", color = "worship" }``."""

    effect: Annotated[str, one_of(ZONE_EFFECTS, "Zone Effect")]
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


class ZoneEffectRules(Model):
    """Rule values of the Zone Effects not printed on a tile ("Zone Effect
    Tokens": Teleport needs at least one Worship Information Cube)."""

    teleport_color: str


class Zone(Model):
    floor: Floor
    alert: Count
    cubes: list[str]
    passages: Passages
    effects: Annotated[list[ZoneEffect], Field(max_length=MAX_ZEFF)] = []
    doors: dict[str, list[str]] = {}
    scholar: str | None = None  # RC "Special Zones": the Scholar who exploits it (Camp Z: Caterina)


class BaseData(Model):
    """The basic game's part of the component namespace (GameData adds each module's keys)."""

    cubes: Annotated[list[Cube], at_least(1, "needs at least one cube colour")]
    students: Students
    tokens: Tokens
    campus: Campus
    rules: Rules
    player_levels: Annotated[
        dict[str, PlayerLevel], at_least(1, "needs at least one Player Level")
    ]
    noteboard: NoteBoard
    auxiliary: dict[str, Effect]
    tricks: Tricks
    cards: Annotated[
        dict[str, Card], at_least(1, "needs at least one kind of Trick Card")
    ]
    scholars: Annotated[dict[str, Scholar], at_least(2, "needs at least 2 Scholars")]
    clans: Annotated[dict[str, Clan], at_least(1, "needs at least one Clan")]
    alert: Annotated[
        dict[str, AlertCard], at_least(1, "needs at least one Alert Card (difficulty)")
    ]
    jinx: Annotated[dict[str, Jinx], at_least(1, "needs at least one Jinx Card")]
    randomizer: Randomizer
    start: StartZone
    zones: Annotated[dict[str, Zone], at_least(1, "needs at least one Dungeon Zone")]
    zone_effects: ZoneEffectRules

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


def _module_fields() -> dict[str, Any]:
    """Each manifest's GameData keys (``Manifest.data``: annotation and default), in manifest order,
    each after the key its manifest names (``Manifest.data_after``)."""
    from sim.dungeonology.layout.manifests import MANIFESTS, resolve

    keys: list[str] = list(BaseData.model_fields)
    fields: dict[str, Any] = {}
    for package, m in MANIFESTS.items():
        if not m.data:
            continue
        for key, spec in resolve(package, m.data).items():
            if key in keys:
                raise ValueError(f"{package}: the data key {key!r} is declared twice")
            fields[key] = spec
            after = m.data_after.get(key)
            keys.insert(keys.index(after) + 1 if after else len(keys), key)
    return {k: fields[k] for k in keys if k in fields}


# The whole component namespace, validated and normalised: the basic game's keys and each module's.
GameData = create_model("GameData", __base__=BaseData, __module__=__name__, **_module_fields())
DERIVED_FIELDS: dict[type[BaseModel], frozenset[str]] = {Cube: frozenset({"name"})}
