"""Models of the component data, its vocabularies, and its validation.

The TOML files of the boxes in use (``sim/dungeonology/data/base``, ...) and the designer's
layers merge into one namespace (``cubes``, ``students``, ..., ``zones``) that
:class:`GameData` holds in normalised form. Pydantic checks types, unknown
keys, ranges and single-field vocabularies; :func:`validate_data` then checks
what ties values together (colours, effect names, Passages of Doors, card
copies, ...) and reports every failure as a :class:`~sim.kit.errors.DataError`.
See docs/DATA_FORMAT.md for the designer's view.

- :mod:`sim.dungeonology.schema.vocab`: vocabularies and shared validators;
- :mod:`sim.dungeonology.schema.models`: one model per component, and :class:`GameData`;
- :mod:`sim.dungeonology.schema.checks`: the checks across fields;
- :mod:`sim.dungeonology.schema.validate`: :func:`validate_data` and the error translation;
- :mod:`sim.dungeonology.schema.export`: the JSON Schema of each data file, for editors.
"""

from sim.dungeonology.schema.export import export_json_schema, file_schemas, manifest_schema
from sim.dungeonology.schema.models import (
    DERIVED_FIELDS,
    AlertCard,
    AlertSlot,
    Campus,
    Card,
    Clan,
    Column,
    Cube,
    Effect,
    GameData,
    Jinx,
    MainEffect,
    NoteBoard,
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
from sim.dungeonology.schema.validate import (
    file_finder,
    is_entry_table,
    is_value_table,
    model_at,
    model_keys,
    type_at,
    validate_data,
)
from sim.dungeonology.schema.vocab import (
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
    STATUS_MARKERS,
    STATUSES,
    TIMINGS,
    ZONE_EFFECTS,
    strip_provisional,
)

__all__ = [
    "ANY_TYPE",
    "AlertCard",
    "AlertSlot",
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
    "Jinx",
    "MAX_BOSS_PROFILES",
    "MAX_PASSAGES",
    "MainEffect",
    "NoteBoard",
    "OPS",
    "PASSAGES",
    "PASSIVES",
    "PROVISIONAL_KEYS",
    "PlayerLevel",
    "Randomizer",
    "RandomizerCard",
    "Rules",
    "SINGLE_OPS",
    "STATUSES",
    "STATUS_MARKERS",
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
    "export_json_schema",
    "file_finder",
    "file_schemas",
    "is_entry_table",
    "is_value_table",
    "manifest_schema",
    "model_at",
    "type_at",
    "model_keys",
    "strip_provisional",
    "validate_data",
]
