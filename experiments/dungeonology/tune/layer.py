"""The tuned data as a data layer folder (docs/DATA_FORMAT.md, "Boxes and layers").

:func:`write_layer` writes the overrides of the best candidate as TOML files that hold
only what they change, one file per top-level key named as in the box
(``scholars.toml`` ...), plus a ``manifest.toml`` naming the layer. A value inside a
list or inside a table that is one value (a Knowledge Combo, Score Modifiers, passives,
Doors) is written with its whole list or table, since a layer replaces those whole.
The folder is checked before it is kept: loaded over the same data it must give the
very data the overrides give (the same hash).
"""

from __future__ import annotations

import shutil
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePath
from typing import Any

from sim.dungeonology.boxes import BASE_BOX
from sim.dungeonology.loader import MANIFEST, load_data, split_key
from sim.dungeonology.schema import is_value_table
from sim.kit.errors import format_key, format_value


def layer_entries(raw: Mapping[str, Any], keys: Sequence[str]) -> dict[tuple, Any]:
    """The (key parts -> value) a layer must write so that ``keys`` take their values in ``raw``:
    each key cut at its first list or one-value table, which is written whole."""
    out: dict[tuple, Any] = {}
    for key in keys:
        node: Any = raw
        parts: list[str | int] = []
        for seg in split_key(key):
            if isinstance(node, list) or (parts and is_value_table(tuple(parts))):
                break
            parts.append(seg)
            node = node[seg]
        out[tuple(parts)] = node
    for parts in list(out):  # a key inside another written whole is already in it
        if any(len(p) < len(parts) and parts[:len(p)] == p for p in out):
            del out[parts]
    return out


def toml_text(entries: Mapping[tuple, Any]) -> str:
    """TOML holding ``entries`` (parts -> value), grouped under one table header per parent."""
    tables: dict[tuple, list[str]] = defaultdict(list)
    for parts, value in entries.items():
        tables[tuple(parts[:-1])].append(f"{format_key([parts[-1]])} = {format_value(value, limit=None)}")
    lines: list[str] = []
    for parent in sorted(tables, key=len):
        if parent:
            lines += ["", f"[{format_key(parent)}]"] if lines else [f"[{format_key(parent)}]"]
        lines += tables[parent]
    return "\n".join(lines) + "\n"


def write_layer(folder: str | Path, overrides: Mapping[str, Any], data: str | Sequence[str] | None = None,
                name: str = "tuned", description: str = "", boxes: Sequence[str] = (BASE_BOX,)) -> Path:
    """Write ``overrides`` as a data layer folder to be used above ``data`` (the tune's data) over the
    ``boxes`` (those of the tuned game's modules), replacing the folder; returns it. Raises RuntimeError when
    the folder does not give the overrides' data."""
    folder = Path(folder)
    loaded = load_data(data, dict(overrides), tuple(boxes))
    raw = loaded.provenance.raw
    entries = layer_entries(raw, list(overrides))
    by_file: dict[str, dict[tuple, Any]] = defaultdict(dict)
    for parts, value in entries.items():
        file = loaded.provenance.file_of((parts[0],))
        by_file[PurePath(file).name if file else f"{parts[0]}.toml"][parts] = value
    tmp = folder.with_name(f".{folder.name}.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    for file, part in by_file.items():
        (tmp / file).write_text(toml_text(part), encoding="utf-8")
    manifest = {("layer", "name"): name, ("layer", "description"): description or "written by dungeonology tune"}
    (tmp / MANIFEST).write_text(toml_text(manifest), encoding="utf-8")
    layers = [] if data is None else [data] if isinstance(data, (str, Path)) else list(data)
    check = load_data([*layers, str(tmp)], boxes=tuple(boxes))
    if check.hash != loaded.hash:
        shutil.rmtree(tmp, ignore_errors=True)
        raise RuntimeError(f"the layer written for {', '.join(overrides)} does not give the tuned data (hash "
                           f"{check.hash[:12]} instead of {loaded.hash[:12]})")
    shutil.rmtree(folder, ignore_errors=True)
    tmp.rename(folder)
    return folder
