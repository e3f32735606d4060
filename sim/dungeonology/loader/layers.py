"""Boxes and data layers: reading their folders and merging them in order.

A **box** is a folder of ``sim/dungeonology/data/`` (``base``, ``rocca_civetta``) with a
``manifest.toml`` that names it and cites its rulebook. A **layer** is a
designer's folder (``--data``): any of the data files, each holding only what
it changes. The boxes in use are merged first, in order, then each layer:

- a table of fields or of named entries merges by key: a layer changes only the
  keys it names, and a key the lower layers lack adds a new entry (a new
  Scholar, Trick Card, Zone, ...) at the end of its table, complete;
- a list, and a table that is one value (a Knowledge Combo, Score Modifiers,
  passives, Doors: :func:`sim.dungeonology.schema.is_value_table`), is replaced whole;
- a dotted key listed in the manifest's ``replace`` takes exactly this layer's
  value, or disappears when this layer has none (how a layer removes a Panic
  Card, a Scholar, a whole table);
- a dotted key listed in the manifest's ``add`` adds this layer's value to the
  lower layers': a number is summed, a list appended (how a module's cards join
  the deck: ``tricks.total``, ``tricks.types``, ``cards."Fate 4".copies``).

See docs/DATA_FORMAT.md, "Boxes and layers".
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sim.dungeonology.boxes import BOXES_DIR, DATA_FILES, MANIFEST, ordered_files
from sim.dungeonology.loader.keys import split_key
from sim.dungeonology.schema import (
    PROVISIONAL_KEYS,
    STATUS_MARKERS,
    STATUSES,
    is_entry_table,
    is_value_table,
    model_at,
    model_keys,
    strip_provisional,
)
from sim.kit.documents import path_problem, read_regular_file, read_toml
from sim.kit.errors import DataError, format_key

Parts = tuple[str | int, ...]


@dataclass(frozen=True)
class Layer:
    """One layer of the data: a box, a designer's folder, or the overrides."""

    name: str  # the box name, the folder as given, or "--set"
    kind: str  # "box", "layer" or "override"
    folder: str  # the folder as displayed ("" for the overrides)
    title: str = ""  # the manifest's name
    rulebook: str = ""  # the rulebook a box cites
    status: str = "printed"  # the status of its values that no marker changes
    requires: tuple[str, ...] = ()  # the boxes a box needs below it


@dataclass
class LayerData:
    """What one layer holds, as read: its values (markers removed), the file of
    each top-level key, the keys it marks, and the keys it replaces whole."""

    layer: Layer
    raw: dict[str, Any]
    files: dict[str, str]
    marked: dict[Parts, tuple[str, str]]  # key parts -> (status, note)
    replace: tuple[Parts, ...] = ()
    manifest: str | None = None
    add: tuple[Parts, ...] = ()  # keys whose value is added to the lower layers' (summed / appended)


@dataclass
class Merged:
    """The merged namespace and who wrote what: ``writes`` maps the key parts
    where a layer set (or removed) a value to that layer's index; the value at
    any key belongs to the layer of its longest written prefix; ``removed``: the key parts a layer's ``replace``
    removed, to that layer's index."""

    raw: dict[str, Any] = field(default_factory=dict)
    writes: dict[Parts, int] = field(default_factory=dict)
    removed: dict[Parts, int] = field(default_factory=dict)
    new_entries: dict[Parts, tuple[int, tuple[str, ...]]] = field(default_factory=dict)

    def write(self, parts: Parts, index: int) -> None:
        """Record that layer ``index`` set the whole value at ``parts``."""
        n = len(parts)
        for p in [p for p in self.writes if len(p) > n and p[:n] == parts]:
            del self.writes[p]
        self.writes[parts] = index


def owner_of(writes: Mapping[Parts, int], parts: Parts) -> int:
    """The index of the layer the value at ``parts`` comes from: the layer of its
    longest written prefix (-1: none)."""
    for n in range(len(parts), 0, -1):
        index = writes.get(parts[:n])
        if index is not None:
            return index
    return -1


def status_in(data: LayerData, parts: Parts) -> tuple[str, str]:
    """The (status, note) layer ``data`` gives the value at ``parts``."""
    return marked_status(data.marked, parts, data.layer.status)


def marked_status(marks: Mapping[Parts, tuple[str, str]], parts: Parts, default: str) -> tuple[str, str]:
    """(status, note) of the value at ``parts``: its longest marked prefix in
    ``marks``, else ``default`` (the layer's own status)."""
    for n in range(len(parts), 0, -1):
        mark = marks.get(parts[:n])
        if mark is not None:
            return mark
    return default, ""


# --------------------------------------------------------------------------- reading


def available_boxes() -> list[str]:
    """The boxes in ``sim/dungeonology/data/`` (folders with a manifest)."""
    return sorted(p.name for p in BOXES_DIR.iterdir() if (p / MANIFEST).is_file())


def box_layer(name: str) -> Layer:
    """The box ``name`` of ``sim/dungeonology/data/`` as its manifest describes it."""
    return _box(name)[0]


def read_box(name: str) -> LayerData:
    """Read the box ``name`` of ``sim/dungeonology/data/``; a box that requires none must be complete."""
    layer, replace, add = _box(name)
    folder = BOXES_DIR / name
    if not layer.requires:
        for file in DATA_FILES:
            if not (folder / file).is_file():
                raise DataError(
                    f"missing data file (a box that requires no other box needs: {', '.join(DATA_FILES)})",
                    file=display(folder / file),
                )
    data = _read_files(folder, layer)
    data.replace = replace
    data.add = add
    data.manifest = display(folder / MANIFEST)
    return data


def _box(name: str) -> tuple[Layer, tuple[Parts, ...], tuple[Parts, ...]]:
    folder = BOXES_DIR / str(name)
    if not isinstance(name, str) or not name or not (folder / MANIFEST).is_file():
        raise DataError(f"unknown box (allowed: {', '.join(available_boxes())})", key="boxes", value=name)
    m = _manifest(folder / MANIFEST, "box")
    return (Layer(name, "box", display(folder), m["name"], m["rulebook"], m["status"], m["requires"]),
            m["replace"], m["add"])


def read_layer(path: str | Path) -> LayerData:
    """Read a designer's folder: any of the data files, and an optional manifest."""
    folder = Path(path)
    problem = path_problem(folder)
    if problem is not None:
        raise DataError(f"not a data folder: {problem}", file=str(path))
    if not folder.is_dir():
        raise DataError(
            "data folder not found (allowed: a folder holding any of the data files: "
            f"{', '.join(DATA_FILES)}, ...)",
            file=display(folder),
        )
    has_manifest = os.path.lexists(folder / MANIFEST)  # a link or a FIFO named so is refused when read
    manifest = _manifest(folder / MANIFEST, "layer", "box") if has_manifest else None
    status = manifest["status"] if manifest else "designer"
    title, rulebook = (manifest["name"], manifest["rulebook"]) if manifest else ("", "")
    layer = Layer(str(path), "layer", display(folder), title, rulebook, status)
    data = _read_files(folder, layer)
    if not data.raw and not (manifest and manifest["replace"]):
        empty = sorted(data_file_names(folder))
        hidden = sorted(p.name for p in folder.glob("*.toml") if p.name.startswith("."))
        said = (f" ({', '.join(empty)}: empty)" if empty else "") + (
            f" ({', '.join(hidden)}: hidden, not read)" if hidden else "")
        raise DataError(
            f"this data layer holds no data{said} (allowed: any of {', '.join(DATA_FILES)}, each holding only "
            "what it changes)",
            file=display(folder),
        )
    if manifest:
        data.replace = manifest["replace"]
        data.add = manifest["add"]
        data.manifest = display(folder / MANIFEST)
    return data


def display(path: Path) -> str:
    """The path relative to the working directory when inside it, else absolute."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except (OSError, RuntimeError, ValueError):  # RuntimeError: a symbolic link loop
        return str(path)


def data_file_names(folder: Path) -> list[str]:
    """The data files of a box or layer folder: its ``*.toml`` but the manifest, hidden names (``.x.toml``,
    ``.toml``) left out."""
    return [p.name for p in folder.glob("*.toml") if p.name != MANIFEST and not p.name.startswith(".")]


def _read_files(folder: Path, layer: Layer) -> LayerData:
    ordered = ordered_files(data_file_names(folder))
    raw: dict[str, Any] = {}
    files: dict[str, str] = {}
    marked: dict[Parts, tuple[str, str]] = {}
    for name in ordered:
        path = folder / name
        doc = _toml(path)
        shown = display(path)
        for key, value in doc.items():
            if key in files:
                raise DataError(
                    f"already defined in {files[key]} (allowed: each top-level key in one file of a layer only)",
                    file=shown,
                    key=format_key([key]),
                )
            if key in PROVISIONAL_KEYS:
                raise DataError(
                    "provisional markers belong inside a table (allowed: in any [table])",
                    file=shown,
                    key=key,
                    value=value,
                )
            files[key] = shown
            for parts, table in _tables(value, (key,)):
                marked.update(_marks(table, parts, shown))
            raw[key] = strip_provisional(value)
    return LayerData(layer, raw, files, marked)


_PARSED: dict[Path, tuple[tuple[int, int], dict[str, Any]]] = {}  # box file -> ((mtime_ns, size), document)


def _copy(node: Any) -> Any:
    """A copy of a TOML document (tables and arrays copied; their values are immutable)."""
    if isinstance(node, dict):
        return {k: _copy(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_copy(v) for v in node]
    return node


def _toml(path: Path) -> dict[str, Any]:
    """The TOML document of a file (a fresh copy). The built-in boxes' files are parsed once per process
    (again if their time stamp or size changes); a designer's files are read every time. Only a regular file
    is read (:func:`sim.kit.documents.read_regular_file`: no symbolic link, FIFO or device)."""
    shown = display(path)
    try:
        cached = Path(os.path.realpath(path)).is_relative_to(BOXES_DIR)
        st = os.lstat(path)
        stamp = (st.st_mtime_ns, st.st_size)
        hit = _PARSED.get(path) if cached else None
        if hit is not None and hit[0] == stamp:
            return _copy(hit[1])
        doc = read_toml(read_regular_file(path, shown), shown, DataError)
        if cached:
            _PARSED[path] = (stamp, doc)
        return _copy(doc) if cached else doc
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"TOML syntax error: {exc}", file=shown) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"cannot read the file: {getattr(exc, 'strerror', None) or exc}", file=shown) from None


# --------------------------------------------------------------------------- manifests

_MANIFEST_KEYS = {
    "box": {"name": str, "rulebook": str, "description": str, "status": str, "requires": list, "replace": list,
            "add": list},
    "layer": {"name": str, "description": str, "status": str, "replace": list, "add": list},
}
_REQUIRED = {"box": ("name", "rulebook"), "layer": ()}
_TYPE_WORDS = {str: "a text in quotes", list: "a list of texts"}


def _manifest(path: Path, *tables: str) -> dict[str, Any]:
    """Read and check a manifest: ``[box]`` for a box; ``[layer]`` for a designer's
    layer, which may also be a copied box's ``[box]``. The default status is
    ``printed`` in a ``[box]``, ``designer`` in a ``[layer]``."""
    doc = _toml(path)
    file = display(path)
    if len(doc) != 1 or next(iter(doc)) not in tables:
        allowed = " or ".join(f"[{t}]" for t in tables)
        raise DataError(f"a manifest holds one table (allowed: {allowed})", file=file,
                        key=format_key([next((k for k in doc if k not in tables), tables[0])]), value=sorted(doc))
    table = next(iter(doc))
    body = doc[table]
    allowed = _MANIFEST_KEYS[table]
    for key, value in body.items():
        if key not in allowed:
            raise DataError(f"unknown key {key!r} (allowed here: {', '.join(allowed)})", file=file,
                            key=f"{table}.{key}", value=value)
        kind = allowed[key]
        if not isinstance(value, kind) or (kind is list and not all(isinstance(v, str) for v in value)):
            raise DataError(f"wrong type (allowed: {_TYPE_WORDS[kind]})", file=file, key=f"{table}.{key}",
                            value=value)
    for key in _REQUIRED[table]:
        if key not in body:
            raise DataError(f"required key is missing (required here: {', '.join(_REQUIRED[table])})",
                            file=file, key=f"{table}.{key}")
    statuses = [s for s in STATUSES if s != "override"]
    status = body.get("status", "printed" if table == "box" else "designer")
    if status not in statuses:
        raise DataError(f"unknown status (allowed: {', '.join(statuses)})", file=file, key=f"{table}.status",
                        value=status)
    keys: dict[str, list[Parts]] = {"replace": [], "add": []}
    for what, found in keys.items():
        for text in body.get(what, []):
            try:
                found.append(tuple(split_key(text)))
            except DataError as exc:
                raise DataError(exc.message, file=file, key=f"{table}.{what}", value=text) from None
    return {"name": body.get("name", ""), "rulebook": body.get("rulebook", ""), "status": status,
            "requires": tuple(body.get("requires", ())), "replace": tuple(keys["replace"]),
            "add": tuple(keys["add"])}


# --------------------------------------------------------------------------- markers


def _tables(node: Any, parts: Parts) -> Iterator[tuple[Parts, dict[str, Any]]]:
    """Every table of ``node`` that carries markers, with its key parts."""
    if isinstance(node, dict):
        if any(k in node for k in PROVISIONAL_KEYS):
            yield parts, node
        for key, value in node.items():
            if key not in PROVISIONAL_KEYS:
                yield from _tables(value, (*parts, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _tables(value, (*parts, i))


def _marks(table: dict[str, Any], parts: Parts, file: str) -> dict[Parts, tuple[str, str]]:
    """The keys a table marks (``provisional = [...]``), checked: parts -> (status, note)."""
    out: dict[Parts, tuple[str, str]] = {}
    keys = [k for k in table if k not in PROVISIONAL_KEYS]
    allowed = ", ".join(format_key([k]) for k in keys)
    for marker, (status, note_key) in STATUS_MARKERS.items():
        if marker not in table and note_key not in table:
            continue
        names = table.get(marker, [])
        note = table.get(note_key, "")
        if not isinstance(note, str):
            raise DataError("wrong type (allowed: a text in quotes)", file=file,
                            key=format_key((*parts, note_key)), value=note)
        if not (isinstance(names, list) and all(isinstance(k, str) for k in names)):
            raise DataError(f'wrong type (allowed: a list of key names of this table, or ["*"]: {allowed})',
                            file=file, key=format_key((*parts, marker)), value=names)
        for name in names:
            if name != "*" and name not in keys:
                raise DataError(f'{name!r} is not a key of this table (allowed: {allowed}, or "*")',
                                file=file, key=format_key((*parts, marker)), value=names)
        if "*" in names:  # every key but the subtables that carry their own markers
            names = [k for k in keys if not any(True for _ in _tables(table[k], ()))]
        for name in names:
            out[(*parts, name)] = (status, note)
    return out


# --------------------------------------------------------------------------- merging


def merge_layers(layers: Sequence[LayerData]) -> Merged:
    """Merge ``layers`` in order (module docstring: how tables, lists and
    ``replace`` merge)."""
    merged = Merged()
    for index, data in enumerate(layers):
        for parts in data.add:
            if not _present(data.raw, parts) or not _present(merged.raw, parts):
                raise DataError(
                    "add names a key that this layer and a lower layer must both hold (allowed: a dotted key "
                    "of a number or list, e.g. tricks.total or tricks.types)",
                    file=data.manifest, key=f"{data.layer.kind}.add", value=format_key(parts))
        _merge(merged, merged.raw, data.raw, (), layers, index)
        for parts in data.replace:
            if _present(data.raw, parts):
                continue
            parent = _node(merged.raw, parts[:-1])
            if not isinstance(parent, dict) or parts[-1] not in parent:
                raise DataError(
                    "replace names a key that no lower layer holds and this layer does not set "
                    "(allowed: a dotted key of the lower layers' data, e.g. panic or scholars.Sofia.skills)",
                    file=data.manifest, key=f"{data.layer.kind}.replace", value=format_key(parts))
            del parent[parts[-1]]
            merged.write(parts, index)
            merged.removed[parts] = index
    return merged


def _merge(merged: Merged, node: dict[str, Any], incoming: Mapping[str, Any], parts: Parts,
           layers: Sequence[LayerData], index: int) -> None:
    for key, value in incoming.items():
        here = (*parts, key)
        old = node.get(key)
        if here in layers[index].add:
            value = _added(old, value, layers[index], here)
        if (isinstance(value, dict) and isinstance(old, dict) and here not in layers[index].replace
                and not is_value_table(here)):
            _merge(merged, old, value, here, layers, index)
            continue
        if (key in node and _same(old, value)
                and status_in(layers[owner_of(merged.writes, here)], here) == status_in(layers[index], here)):
            continue  # what the lower layers hold, with the same status: it keeps their provenance
        if index > 0 and key not in node and parts and is_entry_table(parts):
            merged.new_entries[here] = (index, tuple(node))
        node[key] = _copy(value)
        merged.write(here, index)


def _added(old: Any, value: Any, data: LayerData, parts: Parts) -> Any:
    """The value of an ``add`` key: the lower layers' number plus this one, or
    their list with this one's items after it."""
    if isinstance(old, list) and isinstance(value, list):
        return [*old, *value]
    if type(old) is int and type(value) is int:
        return old + value
    raise DataError(f"add sums numbers and appends lists (allowed: both whole numbers or both lists; the lower "
                    f"layers hold {old!r})", file=data.manifest, key=format_key(parts), value=value)


def _same(a: Any, b: Any) -> bool:
    """Equal values of the same types (``1`` and ``true`` differ, as in TOML)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def _present(raw: Any, parts: Parts) -> bool:
    node = _node(raw, parts[:-1])
    return isinstance(node, dict) and parts[-1] in node


def _node(raw: Any, parts: Parts) -> Any:
    node = raw
    for seg in parts:
        if not isinstance(node, dict) or seg not in node:
            return None
        node = node[seg]
    return node


def new_entry_error(exc: DataError, merged: Merged, layers: Sequence[LayerData]) -> DataError:
    """Explain an error inside an entry that a layer added (often a misspelt name)."""
    key = exc.key or ""
    for parts, (index, existing) in merged.new_entries.items():
        name = format_key(parts)
        if index == 0 or not (key == name or key.startswith(name + ".")):
            continue
        where = format_key(parts[:-1])
        listed = ", ".join(existing) or "none"
        entry = _node(merged.raw, parts)
        model = model_at(parts)
        if exc.message.startswith("required key is missing") and model is not None and isinstance(entry, dict):
            missing = [k for k in model_keys(model) if model.model_fields[k].is_required() and k not in entry]
            return DataError(
                f"{parts[-1]!r} is not in {where} of the lower layers ({listed}): a layer changes an entry by "
                f"its name, and a new entry needs every required key (missing here: {', '.join(missing)})",
                file=layers[index].files.get(str(parts[0])), key=name, value=entry)
        return DataError(f"{exc.message} [in {name}, a new entry added by this layer; the lower layers have: "
                         f"{listed}]", file=exc.file, key=exc.key, value=exc.value)
    return exc
