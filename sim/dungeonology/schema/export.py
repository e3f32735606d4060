"""The JSON Schema of each data file, for editor validation of the TOML files.

Pydantic gives the schema of :class:`GameData` (the normalised namespace); the
files differ from it in three ways, patched here: cubes are a table keyed by
colour, a Zone Effect may be written as a short text (``"ambush 1"``), and any
component table may carry status markers (``provisional = [...]``). Each file's
schema holds the top-level keys that file holds in the base box. See
docs/DATA_FORMAT.md, "JSON Schema".
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sim.dungeonology.boxes import BASE_BOX, box_keys
from sim.dungeonology.layout import QUEST_CONDITIONS
from sim.dungeonology.schema.models import DERIVED_FIELDS, GameData
from sim.dungeonology.schema.vocab import (
    DIRECTIONS,
    FLOORS,
    OPS,
    PASSAGES,
    STATUS_MARKERS,
    STATUSES,
    TIMINGS,
    ZONE_EFFECTS,
)

DRAFT = "https://json-schema.org/draft/2020-12/schema"
# Top-level keys the base box does not use, and the file that holds them (Rocca Civetta).
EXPANSION_KEYS = {"cube_kinds": "box.toml"}
MANIFEST_FILE = "manifest.toml"
# Single-field vocabularies the models check in Python, shown to editors as enums.
_ENUMS: dict[tuple[str, str], tuple[Any, ...]] = {
    ("Step", "op"): tuple(OPS),
    ("Effect", "timing"): TIMINGS,
    ("Skill", "timing"): TIMINGS,
    ("ZoneEffect", "effect"): ZONE_EFFECTS,
    ("RandomizerCard", "direction"): DIRECTIONS,
    ("RandomizerCard", "passage"): PASSAGES,
    ("Zone", "passages"): PASSAGES,
    ("StartZone", "passages"): PASSAGES,
    ("Zone", "floor"): FLOORS,
    ("StartZone", "floor"): FLOORS,
    ("QuestCondition", "what"): tuple(QUEST_CONDITIONS),
}


def file_schemas(files: Mapping[str, str], complete: bool = False) -> dict[str, dict[str, Any]]:
    """One JSON Schema per data file. ``files`` maps each top-level key to its
    file name (as in the base box). ``complete``: keep the required keys (a
    complete box); by default nothing is required, as in a layer, which holds
    only what it changes."""
    full = _file_form(GameData.model_json_schema())
    out: dict[str, dict[str, Any]] = {}
    for file in dict.fromkeys(files.values()):
        keys = [k for k, f in files.items() if f == file]
        schema = {
            "$schema": DRAFT,
            "title": f"Dungeonology component data: {file}",
            "description": f"Top-level keys of {file}: {', '.join(keys)} (docs/DATA_FORMAT.md).",
            "type": "object",
            "properties": {k: full["properties"][k] for k in keys},
            "additionalProperties": False,
        }
        schema["$defs"] = _reachable(schema["properties"], full["$defs"])
        if complete:
            schema["required"] = [k for k in full.get("required", []) if k in keys]
        out[file] = schema if complete else _optional(schema)
    out[MANIFEST_FILE] = manifest_schema()
    return out


def export_json_schema(out_dir: str | Path, files: Mapping[str, str] | None = None,
                       complete: bool = False) -> list[Path]:
    """Write ``<file>.schema.json`` for every data file (and the manifest) into
    ``out_dir``; returns the paths written. ``files`` defaults to the base box's
    files; ``complete`` as in :func:`file_schemas`."""
    if files is None:
        files = box_keys(BASE_BOX)
        files.update({k: f for k, f in EXPANSION_KEYS.items() if k not in files})
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for file, schema in file_schemas(files, complete).items():
        path = folder / f"{file}.schema.json"
        path.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written


def manifest_schema() -> dict[str, Any]:
    """The schema of a box's or a layer's ``manifest.toml``."""
    text = {"type": "string"}
    texts = {"type": "array", "items": {"type": "string"}}
    status = {"enum": [s for s in STATUSES if s != "override"]}
    box = {"type": "object", "additionalProperties": False, "required": ["name", "rulebook"],
           "properties": {"name": text, "rulebook": text, "description": text, "status": status,
                          "requires": texts, "replace": texts, "add": texts}}
    layer = {"type": "object", "additionalProperties": False,
             "properties": {"name": text, "description": text, "status": status, "replace": texts, "add": texts}}
    return {"$schema": DRAFT, "title": "Dungeonology box or layer manifest", "type": "object",
            "properties": {"box": box, "layer": layer}, "additionalProperties": False,
            "minProperties": 1, "maxProperties": 1}


def _file_form(schema: dict[str, Any]) -> dict[str, Any]:
    """Patch the model schema into the form the TOML files use."""
    schema = copy.deepcopy(schema)
    defs = schema["$defs"]
    for model, derived in DERIVED_FIELDS.items():  # cubes: a table keyed by name
        entry = copy.deepcopy(defs[model.__name__])
        for name in derived:
            entry["properties"].pop(name, None)
            entry["required"] = [k for k in entry.get("required", []) if k != name]
        defs[f"{model.__name__}Entry"] = entry
        ref = {"$ref": f"#/$defs/{model.__name__}"}
        for prop in schema["properties"].values():
            if prop.get("type") == "array" and prop.get("items") == ref:
                prop.pop("items")
                prop.update(type="object", additionalProperties={"$ref": f"#/$defs/{model.__name__}Entry"})
    shorthand = {"type": "string", "pattern": r"^[a-z_]+( [A-Za-z0-9]+)?$",
                 "description": 'A Zone Effect: "name", "name N" or "secret_passage LETTER".'}
    zone_effect = defs.pop("ZoneEffect")
    defs["ZoneEffectTable"] = zone_effect
    defs["ZoneEffect"] = {"anyOf": [shorthand, {"$ref": "#/$defs/ZoneEffectTable"}]}
    for (model, field), values in _ENUMS.items():
        model = "ZoneEffectTable" if model == "ZoneEffect" else model
        prop = defs[model]["properties"][field]
        (prop["items"] if prop.get("type") == "array" else prop)["enum"] = list(values)
    markers: dict[str, Any] = {}
    for marker, (_status, note) in STATUS_MARKERS.items():
        markers[marker] = {"type": "array", "items": {"type": "string"},
                           "description": f'keys of this table that are {marker} (or ["*"])'}
        markers[note] = {"type": "string", "description": f"why the {marker} values were chosen"}
    for definition in defs.values():
        if definition.get("type") == "object" and "properties" in definition:
            definition["properties"].update(markers)
    return schema


def _reachable(node: Any, defs: dict[str, Any]) -> dict[str, Any]:
    """The definitions ``node`` refers to, directly or through other definitions."""
    found: dict[str, Any] = {}
    todo = [node]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            ref = item.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                name = ref.removeprefix("#/$defs/")
                if name not in found:
                    found[name] = defs[name]
                    todo.append(defs[name])
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return dict(sorted(found.items()))


def _optional(node: Any) -> Any:
    """A copy of a schema without any ``required`` list (a layer's files)."""
    if isinstance(node, dict):
        return {k: _optional(v) for k, v in node.items() if k != "required"}
    if isinstance(node, list):
        return [_optional(v) for v in node]
    return node
