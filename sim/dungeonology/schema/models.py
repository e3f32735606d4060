"""Pydantic models of the component data: one model per component, and
:class:`GameData`, the whole namespace in normalised form.

Pydantic checks types, unknown keys, ranges and single-field vocabularies;
the checks that tie values together are in :mod:`sim.dungeonology.schema.checks`.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from sim.dungeonology.layout import (
    CG_EFFECT_KINDS,
    CONGREGATIONS,
    MAX_CG_EFFECTS,
    MAX_INTERNS,
    MAX_ME_COSTS,
    MAX_QUEST_CONDS,
    MAX_RESEARCH,
    MAX_ZEFF,
    ME_TIMINGS,
    ME_WHEN,
    QUEST_CONDITIONS,
    SECRET_LETTERS,
    ZONE_EFFECTS_WITH_N,
)
from sim.dungeonology.schema.vocab import (
    DIRECTIONS,
    MAX_BOSS_PROFILES,
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


class PlayerLevel(_Model):
    reduction: Count
    min_players: Annotated[int, one_of((2, 3, 4), "player count")]


class Column(_Model):
    slots: Positive
    stars: list[int]
    arrows: list[int]
    # Star Token of each Star, in `stars` order ("silver" / "gold"; RC "Star
    # Tokens"); [] = the first Star silver, the second gold
    star_tokens: list[str] = []


class NoteBoard(_Model):
    colors: Annotated[list[str], at_least(1, "needs at least one Note Board colour")]
    columns: dict[str, Column]


class Step(_Model):
    op: Annotated[str, one_of(OPS, "op")]
    n: Positive = 1
    type: str | None = None
    cost: bool = False


Option = Annotated[list[Step], at_least(1, "an option needs at least one step")]
Options = Annotated[list[Option], at_least(1, "needs at least one option")]
Timing = Annotated[str, one_of(TIMINGS, "timing")]


class Effect(_Model):
    timing: Timing
    options: Options


class Tricks(_Model):
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


class MainEffect(_Model):
    """A Trick Card's Main Effect (advanced rule "Main Effects")."""

    name: str
    timing: Annotated[str, one_of(ME_TIMINGS, "Main Effect timing")] = "standard"
    action: bool = False
    when: Annotated[str, one_of(ME_WHEN, "Main Effect moment")] = "any"
    cost: Annotated[list[CostOption], Field(max_length=MAX_ME_COSTS)] = []
    effect: Annotated[list[Step], at_least(1, "a Main Effect needs at least one step")]
    after: list[Step] = []


class Card(_Model):
    type: str
    bonus: Count
    auxiliary: Annotated[list[str], Field(min_length=0, max_length=2)]
    copies: Positive
    intern: str | None = None
    main: MainEffect | None = None
    # RC "Spriggan Cards": who uses this card's Bonus Value to declare a Stealth Value takes its Intern
    declare_intern: bool = False


class Intern(_Model):
    points: Count
    passive: dict[str, int] = {}
    protected: list[str] = []
    token: dict[str, int] = {}  # passives of the Intern's token for the Scholar holding it (RC: the Fool's Token)
    # the module whose Trick Cards call this Intern (RC Specialists, Spriggan): without them no card names it,
    # and it stays in the Intern deck
    called_by: str | None = None


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
        dict[str, Positive], at_least(1, "a Knowledge Combo needs at least one cube")
    ]
    passive: dict[str, int] = {}
    skills: list[Skill] = []


class Scholar(ScholarSide):
    exalted: ScholarSide


class Clan(_Model):
    target: Count
    modifiers: dict[str, int] = {}
    # RC "New Clan Cards": Stars a successful Thesis needs besides the Target
    # Score (B), Stars shown under the name (C) and the bonus points they earn
    stars: dict[str, list[str]] = {}
    bonus_stars: dict[str, list[str]] = {}
    bonus: Count = 0


class CubeKind(_Model):
    """False or Universal Information in the box (RC "New Components")."""

    count: Count


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
        list[AlertSlot], at_least(1, "an Alert Card needs at least one slot")
    ]


class Jinx(_Model):
    on_reveal: list[Step] = []
    passive: dict[str, int] = {}
    penalty: Count


class BossProfile(_Model):
    """One profile of a Boss Card ("The Boss" B-E)."""

    alert_modifier: Count
    sighting: Annotated[list[Step], at_least(1, "Sighting needs at least one step")]
    activation: Annotated[list[Step], at_least(1, "Activation needs at least one step")]
    encounter: list[Step] = []


def _boss_profiles(value: dict[str, BossProfile]) -> dict[str, BossProfile]:
    if not 1 <= len(value) <= MAX_BOSS_PROFILES:
        raise ValueError(
            f"a Boss Card has one profile or two, one on each side of the card; this one has {len(value)} "
            f"(allowed: 1 to {MAX_BOSS_PROFILES} profiles)"
        )
    return value


class Boss(_Model):
    """A Boss Card: its name and its profiles ("The Boss" A): two for Laetus of
    the base box, one for a Big Boss (Rocca Civetta, "Big Boss" A)."""

    name: str
    profiles: Annotated[dict[str, BossProfile], AfterValidator(_boss_profiles)]


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


def _quest_conditions(value: list[QuestCondition]) -> list[QuestCondition]:
    if not 1 <= len(value) <= MAX_QUEST_CONDS:
        raise ValueError(f"a Quest has 1 to {MAX_QUEST_CONDS} conditions (allowed: 1..{MAX_QUEST_CONDS} entries)")
    return value


class QuestCondition(_Model):
    """One requirement of a Research Card's Quest (Rocca Civetta, "Research
    Cards"): what the Scholar holds, at least ``n`` (at most with ``at_most``);
    ``color`` only for ``cubes``, ``each`` only for ``columns``."""

    what: Annotated[str, one_of(QUEST_CONDITIONS, "quest condition")]
    n: Count
    color: str | None = None
    each: Positive = 1
    at_most: bool = False


class ResearchCard(_Model):
    """A Research Card (Rocca Civetta, "Research Cards"): its Quest (every
    condition must hold) and the bonus victory points it grants at Scoring."""

    points: Count
    requires: Annotated[list[QuestCondition], AfterValidator(_quest_conditions)]
class CongregationEffect(_Model):
    """One effect of a Student Congregation Card (Rocca Civetta, "Student
    Congregations"); see congregations.toml."""

    effect: Annotated[str, one_of(tuple(CG_EFFECT_KINDS), "Congregation effect")]
    sacrifice: Count = 0  # Students of the Congregation Sacrificed to activate it (0: a "When you ..." effect)
    n: Count = 0
    gold: bool = False  # the gold symbol: also during the opponents' turns


def _congregation_names(value: dict[str, Any]) -> dict[str, Any]:
    allowed = [c.capitalize() for c in CONGREGATIONS]
    for name in value:
        if name not in allowed:
            raise ValueError(f"unknown Student Congregation {name!r} (allowed: {', '.join(allowed)})")
    return value


class Congregation(_Model):
    """A Student Congregation: its Students, when it is available, its card's effects."""

    colour: str = ""
    students: Count  # put in the Reserve when the Congregation is used
    used: bool = True  # chosen for the game (a Congregation unavailable by a Boss or Scholar stays out anyway)
    unavailable_with: list[str] = []  # Boss or Scholar names: not available when one of them is in the game
    not_at_setup_with: list[str] = []  # Boss or Scholar names: its Students are not entered at Game Setup
    effects: Annotated[dict[str, CongregationEffect], Field(max_length=MAX_CG_EFFECTS)] = {}


class RandomizerCard(_Model):
    color: str
    direction: Annotated[str, one_of(DIRECTIONS, "direction")]
    passage: Passage
    information: str


class Randomizer(_Model):
    cards: Annotated[list[RandomizerCard], at_least(1, "needs at least one card")]


class StartZone(_Model):
    name: str
    floor: Floor
    passages: Passages


class ZoneEffect(_Model):
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
    scholar: str | None = None  # RC "Special Zones": the Scholar who exploits it (Camp Z: Caterina)


class GameData(_Model):
    """The whole component namespace, validated and normalised."""

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
    boss: dict[str, Boss] = {}  # boss.toml (optional: only the Boss advanced rule uses it)
    interns: Annotated[dict[str, Intern], Field(max_length=MAX_INTERNS)] = {}
    # Maximum Alert (optional files/keys: a data folder without them has no Panic Card)
    dungeon: str | None = None  # the Dungeon icon of the Zones (zones.toml)
    panic: dict[str, PanicCard] = {}
    # Research Cards (Rocca Civetta module research: research.toml of its data layer)
    research: Annotated[dict[str, ResearchCard], Field(max_length=MAX_RESEARCH)] = {}
    # RC "False Information", "Universal Information": cubes without a column (box.toml)
    cube_kinds: dict[str, CubeKind] = {}
    # Student Congregations (Rocca Civetta advanced rule; congregations.toml of its data layer)
    congregations: Annotated[dict[str, Congregation], AfterValidator(_congregation_names)] = {}

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
