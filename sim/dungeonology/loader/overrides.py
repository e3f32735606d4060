"""Overrides (``--set``): one value set by its dotted key on the merged data."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from sim.dungeonology.loader.keys import parse_value, split_key
from sim.dungeonology.schema import PROVISIONAL_KEYS, model_at
from sim.kit.errors import DataError, format_key

# Mappings whose keys are open (a colour, a passive, a Passage): overrides may add keys.
OPEN_MAPPINGS = ("modifiers", "knowledge", "passive", "doors")

Parts = tuple[str | int, ...]


def apply_overrides(
    raw: dict[str, Any], overrides: Mapping[str, Any]
) -> dict[str, tuple[Parts, Any]]:
    """Set each override in ``raw`` (in place); string values are read as TOML.

    Returns the applied overrides: formatted key -> (resolved parts, value).
    """
    applied: dict[str, tuple[Parts, Any]] = {}
    for key, value in overrides.items():
        if isinstance(value, str):
            value = parse_value(value, str(key))
        parts = _set(raw, split_key(str(key)), copy.deepcopy(value), value)
        applied[format_key(parts)] = (parts, value)
    return applied


def _set(raw: dict[str, Any], segments: list[str], value: Any, shown: Any) -> Parts:
    """Set ``value`` at ``segments``; returns the resolved parts (list indices as ints)."""
    node: Any = raw
    parts: list[str | int] = []
    for i, seg in enumerate(segments):
        last = i == len(segments) - 1
        if isinstance(node, list):
            if not (seg.isdigit() and int(seg) < len(node)):
                allowed = f"0 to {len(node) - 1}" if node else "none, the list is empty"
                raise _no_key(segments, parts, seg, f"an index {allowed}", shown)
            index = int(seg)
            parts.append(index)
            if last:
                node[index] = value
            node = node[index]
            continue
        if not isinstance(node, dict):
            raise DataError(
                f"{format_key(parts)} is a single value, not a table "
                f"(allowed: stop at {format_key(parts)})",
                key=format_key(segments),
                value=shown,
            )
        keys = [k for k in node if k not in PROVISIONAL_KEYS]
        if seg not in keys and not _may_add(parts, seg, segments[i + 1 :]):
            listed = ", ".join(format_key([k]) for k in keys) or "none"
            raise _no_key(segments, parts, seg, listed, shown)
        parts.append(seg)
        if last:
            node[seg] = value
        else:
            node = node.setdefault(seg, {})
    return tuple(parts)


def _may_add(parts: list[str | int], seg: str, rest: list[str]) -> bool:
    """A missing key may be created: a new entry of an open mapping, or an optional field."""
    if not rest and parts and parts[-1] in OPEN_MAPPINGS:
        return True
    model = model_at(tuple(parts))
    if model is None or seg not in model.model_fields:
        return False
    optional = not model.model_fields[seg].is_required()
    return optional and (not rest or (seg in OPEN_MAPPINGS and len(rest) == 1))


def _no_key(
    segments: list[str], parts: list[str | int], seg: str, allowed: str, shown: Any
) -> DataError:
    where = format_key(parts) if parts else "the top level"
    return DataError(
        f"no key {seg!r} under {where} (allowed: {allowed})",
        key=format_key(segments),
        value=shown,
    )


def blame_override(exc: DataError, applied: Mapping[str, Any]) -> DataError:
    """Say so when the bad value (or a part of it) came from an override."""
    key = exc.key or ""
    for o in applied:
        if key == o or key.startswith(o + ".") or o.startswith(key + "."):
            message = f"{exc.message} [value set by override {o}]"
            return DataError(message, file=exc.file, key=exc.key, value=exc.value)
    return exc
