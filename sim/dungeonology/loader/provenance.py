"""Provenance: for every value of the loaded data, the layer, file and status it
comes from (docs/DATA_FORMAT.md, "Provenance").

The status of a value is its layer's (``printed`` for a box, ``designer`` for a
designer's layer, ``override`` for ``--set``) unless the table that holds it in
that layer marks it (``provisional = [...]``); see :data:`sim.dungeonology.schema.STATUSES`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import PurePath
from typing import Any

from sim.dungeonology.loader.layers import Layer, Parts, marked_status, owner_of
from sim.dungeonology.schema import STATUSES
from sim.kit.errors import format_key


@dataclass(frozen=True)
class ProvisionalValue:
    """A value not printed in the rulebook (provisional or transcribed): where
    it is, what it is, and why it was chosen or where it was taken from."""

    file: str
    key: str
    value: Any
    note: str
    layer: str = "base"


@dataclass(frozen=True)
class ValueSource:
    """One value of the loaded data and where it comes from."""

    key: str  # dotted key (list indices from 0)
    value: Any
    layer: str  # the box name, the layer folder as given, or "--set"
    kind: str  # "box", "layer" or "override"
    file: str | None  # the file that sets it (None for an override)
    status: str  # a key of sim.dungeonology.schema.STATUSES
    note: str = ""  # why, for a marked value

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Provenance:
    """Who set each value: the layers in order (the overrides last), the merged
    namespace, the key parts each layer wrote (longest prefix wins), each
    layer's files by top-level key and the keys each layer's tables mark; ``removed`` (key parts -> layer
    index) the keys a layer's ``replace`` removed, and ``manifests`` each layer's manifest file."""

    layers: tuple[Layer, ...]
    raw: dict[str, Any]
    writes: dict[Parts, int]
    files: tuple[dict[str, str], ...]
    marked: tuple[dict[Parts, tuple[str, str]], ...]
    removed: dict[Parts, int] = field(default_factory=dict)
    manifests: tuple[str | None, ...] = ()

    def owner(self, parts: Parts) -> int:
        """The index of the layer the value at ``parts`` comes from (-1: none)."""
        return owner_of(self.writes, parts)

    def file_of(self, parts: Parts) -> str | None:
        """The file to blame for the value at ``parts``: its layer's file, or for
        an override the file of the layer below that holds its top-level key; for a key a layer's ``replace``
        removed, that layer's manifest."""
        if not parts:
            return None
        written = next((parts[:n] for n in range(len(parts), 0, -1) if parts[:n] in self.writes), None)
        index = self.removed.get(written, -1) if written is not None else -1
        if 0 <= index < len(self.manifests) and index == self.writes[written] and self.manifests[index]:
            return self.manifests[index]
        for index in range(self.owner(parts), -1, -1):
            file = self.files[index].get(str(parts[0]))
            if file is not None:
                return file
        return None

    def source(self, parts: Parts) -> ValueSource:
        """Where the value at ``parts`` comes from."""
        index = self.owner(parts)
        layer = self.layers[index]
        status, note = marked_status(self.marked[index], parts, layer.status)
        file = self.files[index].get(str(parts[0])) if layer.kind != "override" else None
        return ValueSource(format_key(parts), _get(self.raw, parts), layer.name, layer.kind, file, status, note)

    def values(self) -> list[ValueSource]:
        """Every value (each number, text and truth value; an empty list or table
        counts as one value), in data order, with its provenance."""
        return [self.source(parts) for parts in _leaves(self.raw, ())]

    def counts(self) -> dict[str, int]:
        """How many values have each status (every status listed, in STATUSES order)."""
        out = dict.fromkeys(STATUSES, 0)
        for v in self.values():
            out[v.status] = out.get(v.status, 0) + 1
        return out

    def provisional(self) -> list[ProvisionalValue]:
        """The marked provisional keys still standing (see :meth:`marked_values`)."""
        return self.marked_values("provisional")

    def marked_values(self, wanted: str) -> list[ProvisionalValue]:
        """The keys marked ``wanted`` (``provisional``, ``transcribed``) still
        standing: one entry per key a table marks, unless a later layer or an
        override replaced it (a change deeper inside it keeps it listed)."""
        out: list[ProvisionalValue] = []
        for index, marks in enumerate(self.marked):
            for parts, (status, note) in marks.items():
                if status != wanted or self.owner(parts) != index or not _has(self.raw, parts):
                    continue
                file = PurePath(self.files[index][str(parts[0])]).name
                out.append(ProvisionalValue(file, format_key(parts), _get(self.raw, parts), note,
                                            self.layers[index].name))
        return out


def _leaves(node: Any, parts: Parts) -> Iterator[Parts]:
    if isinstance(node, dict) and node:
        for key, value in node.items():
            yield from _leaves(value, (*parts, key))
    elif isinstance(node, list) and node:
        for i, value in enumerate(node):
            yield from _leaves(value, (*parts, i))
    elif parts:
        yield parts


def _get(raw: Any, parts: Parts) -> Any:
    node = raw
    for seg in parts:
        node = node[seg]
    return node


def _has(raw: Any, parts: Parts) -> bool:
    node = raw
    for seg in parts:
        if isinstance(node, dict) and seg in node:
            node = node[seg]
        elif isinstance(node, list) and isinstance(seg, int) and 0 <= seg < len(node):
            node = node[seg]
        else:
            return False
    return True
