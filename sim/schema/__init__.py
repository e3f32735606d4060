"""Models of the component data, its vocabularies, and its validation.

The TOML files of the boxes in use (``sim/data/base``, ...) and the designer's
layers merge into one namespace (``cubes``, ``students``, ..., ``zones``) that
:class:`GameData` holds in normalised form. Pydantic checks types, unknown
keys, ranges and single-field vocabularies; :func:`validate_data` then checks
what ties values together (colours, effect names, Passages of Doors, card
copies, ...) and reports every failure as a :class:`~sim.errors.DataError`.
See docs/DATA_FORMAT.md for the designer's view.

- :mod:`sim.schema.vocab`: vocabularies and shared validators;
- :mod:`sim.schema.models`: one model per component, and :class:`GameData`;
- :mod:`sim.schema.checks`: the checks across fields;
- :mod:`sim.schema.validate`: :func:`validate_data` and the error translation;
- :mod:`sim.schema.export`: the JSON Schema of each data file, for editors.
"""

from sim.schema.models import (
    DERIVED_FIELDS,
    AlertCard,
    AlertSlot,
    Boss,
    BossProfile,
    Campus,
    Card,
    Clan,
    Column,
    Cube,
    Effect,
    GameData,
    Intern,
    Jinx,
    MainEffect,
    NoteBoard,
    PanicCard,
    PlayerLevel,
    Randomizer,
    RandomizerCard,
    Rules,
    Scholar,
    ScholarSide,
    Skill,
    StartZone,
    Step,
    Students,
    Tokens,
    TrapToken,
    Tricks,
    UniversityFill,
    Zone,
    ZoneEffect,
    ZoneEffectRules,
)
from sim.schema.validate import model_at, model_keys, validate_data
from sim.schema.vocab import (
    ANY_TYPE,
    DIFFICULTIES,
    DIRECTIONS,
    FLOORS,
    MAX_BOSS_PROFILES,
    MAX_PASSAGES,
    OPS,
    PASSAGES,
    PASSIVES,
    PROVISIONAL_KEYS,
    SINGLE_OPS,
    TIMINGS,
    ZONE_EFFECTS,
    strip_provisional,
)

__all__ = [
    "ANY_TYPE",
    "AlertCard",
    "AlertSlot",
    "Boss",
    "BossProfile",
    "Campus",
    "Card",
    "Clan",
    "Column",
    "Cube",
    "DERIVED_FIELDS",
    "DIFFICULTIES",
    "DIRECTIONS",
    "Effect",
    "FLOORS",
    "GameData",
    "Intern",
    "Jinx",
    "MAX_BOSS_PROFILES",
    "MAX_PASSAGES",
    "MainEffect",
    "NoteBoard",
    "OPS",
    "PASSAGES",
    "PASSIVES",
    "PROVISIONAL_KEYS",
    "PanicCard",
    "PlayerLevel",
    "Randomizer",
    "RandomizerCard",
    "Rules",
    "SINGLE_OPS",
    "Scholar",
    "ScholarSide",
    "Skill",
    "StartZone",
    "Step",
    "Students",
    "TIMINGS",
    "Tokens",
    "TrapToken",
    "Tricks",
    "UniversityFill",
    "ZONE_EFFECTS",
    "Zone",
    "ZoneEffect",
    "ZoneEffectRules",
    "model_at",
    "model_keys",
    "strip_provisional",
    "validate_data",
]
