"""Load the component data: merge the boxes in use and the designer's layers,
apply overrides, validate, and keep where every value comes from.

>>> loaded = load_data(overrides={"scholars.Sofia.speed": 4})
>>> loaded.data.scholars["Sofia"].speed
4

- :mod:`sim.dungeonology.loader.layers`: boxes, layers, manifests and how they merge;
- :mod:`sim.dungeonology.loader.overrides`: ``--set`` values by dotted key;
- :mod:`sim.dungeonology.loader.provenance`: the layer, file and status of every value;
- :mod:`sim.dungeonology.loader.describe`: what ``dungeonology data`` prints;
- :mod:`sim.dungeonology.loader.keys`: dotted keys and ``KEY=VALUE`` options.

See docs/DATA_FORMAT.md for the files, layers, provenance and overrides.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sim.dungeonology.boxes import BASE_BOX, BOXES_DIR, DATA_DIR, DATA_FILES, MANIFEST
from sim.dungeonology.loader.keys import parse_set_options, parse_value, split_key
from sim.dungeonology.loader.layers import (
    Layer,
    LayerData,
    available_boxes,
    box_layer,
    merge_layers,
    new_entry_error,
    read_box,
    read_layer,
)
from sim.dungeonology.loader.overrides import OPEN_MAPPINGS, apply_overrides, blame_override
from sim.dungeonology.loader.provenance import Provenance, ProvisionalValue, ValueSource
from sim.dungeonology.schema import GameData, strip_provisional, validate_data
from sim.kit.errors import ConfigError, DataError

OVERRIDES = Layer("--set", "override", "", status="override")


@dataclass(frozen=True)
class LoadedData:
    """Validated component data and where it came from."""

    data: GameData
    provisional: list[ProvisionalValue]
    overrides: dict[str, Any]
    source: str
    hash: str
    layers: tuple[Layer, ...] = ()  # the boxes, then the designer's layers (the overrides not included)
    provenance: Provenance | None = None
    is_provisional: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_provisional", bool(self.provisional))

    @property
    def transcribed(self) -> list[ProvisionalValue]:
        """The values taken from the fan transcription (status ``transcribed``)."""
        return self.provenance.marked_values("transcribed") if self.provenance else []

    def values(self) -> list[ValueSource]:
        """Every value with its layer, file and status (see :class:`ValueSource`)."""
        return self.provenance.values() if self.provenance else []

    def summary(self) -> dict[str, Any]:
        """A JSON-able account of the data for reports: source, hash, layers,
        values by status, and every value that is not printed."""
        values = self.values()
        return {
            "source": self.source,
            "hash": self.hash,
            "layers": [{"name": la.name, "kind": la.kind, "folder": la.folder, "title": la.title,
                        "rulebook": la.rulebook} for la in self.layers],
            "values": self.provenance.counts() if self.provenance else {},
            "overrides": dict(self.overrides),
            "provisional_values": [v.to_dict() for v in values if v.status == "provisional"],
            "transcribed_values": [v.to_dict() for v in values if v.status == "transcribed"],
            "changed_values": [v.to_dict() for v in values if v.status in ("designer", "override")],
        }


def load_data(
    data: str | Path | Sequence[str | Path] | None = None,
    overrides: Mapping[str, Any] | None = None,
    boxes: Sequence[str] = (BASE_BOX,),
) -> LoadedData:
    """Merge the ``boxes`` (folders of ``sim/dungeonology/data/``, in order), then each
    designer's layer of ``data`` (a folder or a list of folders, in order),
    apply ``overrides`` (dotted key -> value; string values are read as TOML),
    and validate.

    Raises :class:`DataError` for any problem in the files or the overrides
    (and :class:`ConfigError` when ``data`` or ``boxes`` is not a list of names).
    """
    stack = [read_box(name) for name in box_names(boxes)]
    stack += [read_layer(folder) for folder in data_layers(data)]
    merged = merge_layers(stack)
    applied = apply_overrides(merged.raw, overrides or {})
    layers = [d.layer for d in stack]
    files = [d.files for d in stack]
    marked = [d.marked for d in stack]
    if applied:
        layers.append(OVERRIDES)
        files.append({})
        marked.append({})
        for parts, _value in applied.values():
            merged.write(parts, len(stack))
    clean = strip_provisional(merged.raw)
    provenance = Provenance(tuple(layers), clean, dict(merged.writes), tuple(files), tuple(marked),
                            dict(merged.removed), tuple(d.manifest for d in stack))
    values = {key: value for key, (_parts, value) in applied.items()}
    try:
        validated = validate_data(clean, provenance.file_of)
    except DataError as exc:
        raise blame_override(new_entry_error(exc, merged, stack), values) from None
    canonical = json.dumps(clean, separators=(",", ":"), ensure_ascii=False, default=str)
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    source = " + ".join(d.layer.folder for d in stack)
    return LoadedData(validated, provenance.provisional(), values, source, digest, tuple(d.layer for d in stack),
                      provenance)


def box_names(boxes: Sequence[str]) -> tuple[str, ...]:
    """Check ``boxes``: known names, each once, each after the boxes it requires."""
    if isinstance(boxes, str) or not isinstance(boxes, Sequence) or not boxes:
        raise ConfigError(f"boxes is a list of box names, the base first (allowed: {', '.join(available_boxes())})",
                          key="boxes", value=boxes)
    names = tuple(boxes)
    for i, name in enumerate(names):
        if name in names[:i]:
            raise ConfigError("each box can be named once", key="boxes", value=list(names))
        requires = box_layer(name).requires
        if i == 0 and requires:
            raise ConfigError(f"the first box must be a complete game ({name!r} requires {requires[0]!r})",
                              key="boxes", value=list(names))
        for need in requires:
            if need not in names[:i]:
                raise ConfigError(f"box {name!r} requires {need!r} before it (allowed: boxes = "
                                  f"[{', '.join(repr(n) for n in (need, name))}])", key="boxes", value=list(names))
    return names


def data_layers(data: str | Path | Sequence[str | Path] | None) -> tuple[str, ...]:
    """``data`` (None, a folder, or a list of folders) as a tuple of folder names,
    the form the compiled-tables cache keys on."""
    if data is None:
        return ()
    if isinstance(data, (str, Path)):
        return (str(data),)
    if isinstance(data, Sequence) and all(isinstance(d, (str, Path)) for d in data):
        return tuple(str(d) for d in data)
    raise ConfigError("data is a folder of data files, or a list of folders applied in order", key="data",
                      value=data)


from sim.dungeonology.loader.describe import describe, describe_values, provenance_records  # noqa: E402 (uses LoadedData)

__all__ = [
    "BASE_BOX", "BOXES_DIR", "DATA_DIR", "DATA_FILES", "MANIFEST", "OPEN_MAPPINGS", "OVERRIDES", "Layer",
    "LayerData", "LoadedData", "Provenance", "ProvisionalValue", "ValueSource", "available_boxes", "box_names",
    "data_layers", "describe", "describe_values", "load_data", "parse_set_options", "parse_value",
    "provenance_records", "split_key",
]
