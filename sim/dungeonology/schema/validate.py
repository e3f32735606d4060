"""Validation of the merged raw namespace: pydantic errors turned into
:class:`DataError` naming file, key, value and what is allowed."""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping
from typing import Annotated, Any, NoReturn

from pydantic import BaseModel, ValidationError

from sim.dungeonology.schema.bounds import check_bounds, check_magnitudes
from sim.dungeonology.schema.checks import Checker
from sim.dungeonology.schema.models import DERIVED_FIELDS, GameData
from sim.dungeonology.schema.vocab import strip_provisional
from sim.kit.errors import DataError, format_key

# --------------------------------------------------------------------------- validation


FileOf = Callable[[tuple[str | int, ...]], str | None]


def validate_data(
    raw: Mapping[str, Any], files: Mapping[str, str] | FileOf | None = None
) -> GameData:
    """Validate the merged raw namespace. ``files`` names the file a value came
    from: a mapping of each top-level key to its file, or a function of the
    value's key parts (what the layered loader passes).

    Raises :class:`DataError` (never a pydantic error) naming file, key and value.
    """
    file_of = file_finder(files)

    def fail(parts: tuple[str | int, ...], value: Any, message: str) -> NoReturn:
        raise DataError(message, file=file_of(parts), key=format_key(parts), value=value)

    check_magnitudes(raw, fail)  # before the models: no number near int64 goes further
    try:
        data = GameData.model_validate(dict(raw))
    except ValidationError as exc:
        raise _translate(exc, raw, file_of) from None
    Checker(data, file_of).run()
    check_bounds(data, fail)
    return data


def file_finder(files: Mapping[str, str] | FileOf | None) -> FileOf:
    """``files`` as a function of key parts (a mapping is read by top-level key)."""
    if callable(files):
        return files
    table = dict(files or {})
    return lambda parts: table.get(str(parts[0])) if parts else None


def type_at(loc: tuple[str | int, ...]) -> Any:
    """The annotation found by following ``loc`` from :class:`GameData` (None if unknown)."""
    current: Any = GameData
    for seg in loc:
        current = _unwrap(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            field = current.model_fields.get(str(seg))
            if field is None:
                return None
            current = field.annotation
        elif typing.get_origin(current) in (list, dict):
            current = typing.get_args(current)[-1]
        else:
            return None
    return _unwrap(current)


def model_at(loc: tuple[str | int, ...]) -> type[BaseModel] | None:
    """The model class found by following ``loc`` from :class:`GameData` (None if not a model)."""
    current = type_at(loc)
    return current if _is_model(current) else None


def is_value_table(loc: tuple[str | int, ...]) -> bool:
    """True when the table at ``loc`` is one value, a mapping of plain values
    (a Knowledge Combo, Score Modifiers, passives, Doors): a data layer replaces
    it whole instead of merging into it."""
    current = type_at(loc)
    if typing.get_origin(current) is not dict:
        return False
    return not _is_model(_unwrap(typing.get_args(current)[-1]))


def is_entry_table(loc: tuple[str | int, ...]) -> bool:
    """True when the table at ``loc`` holds named entries of one model (Scholars,
    Trick Cards, Zones, cubes, ...): a new key there is a new entry."""
    current = type_at(loc)
    if typing.get_origin(current) not in (dict, list):
        return False
    return _is_model(_unwrap(typing.get_args(current)[-1]))


def _is_model(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, BaseModel)


def model_keys(model: type[BaseModel]) -> list[str]:
    """The keys a file may use for ``model`` (its fields less derived ones)."""
    return [k for k in model.model_fields if k not in DERIVED_FIELDS.get(model, ())]


def _unwrap(tp: Any) -> Any:
    while typing.get_origin(tp) is Annotated:
        tp = typing.get_args(tp)[0]
    return tp


def _translate(exc: ValidationError, raw: Mapping[str, Any], file_of: FileOf) -> DataError:
    errors = exc.errors(include_url=False)
    err = errors[0]
    loc = tuple(p for p in err["loc"] if p != "[key]")
    parts = _raw_parts(raw, loc)
    message = _describe(err, loc)
    if len(errors) > 1:
        message += f" [and {len(errors) - 1} more problem(s) after this one]"
    value = (
        None if err["type"] == "missing" else _raw_value(raw, parts, err.get("input"))
    )
    file = file_of(tuple(parts)) if parts else None
    return DataError(
        message, file=file, key=format_key(parts) if parts else None, value=value
    )


def _raw_parts(raw: Any, loc: tuple[str | int, ...]) -> list[str | int]:
    """Turn a pydantic location into raw-file key parts (list index -> table key for cubes)."""
    parts: list[str | int] = []
    node: Any = raw
    for seg in loc:
        if isinstance(node, dict) and isinstance(seg, int) and seg not in node:
            keys = list(node)
            seg = keys[seg] if seg < len(keys) else seg
        parts.append(seg)
        if isinstance(node, dict):
            node = node.get(seg)
        elif isinstance(node, list) and isinstance(seg, int) and seg < len(node):
            node = node[seg]
        else:
            node = None
    return parts


def _raw_value(raw: Any, parts: list[str | int], default: Any) -> Any:
    """The value as written in the file at ``parts`` (``default`` if not found)."""
    node = raw
    for seg in parts:
        in_dict = isinstance(node, dict) and seg in node
        in_list = (
            isinstance(node, list) and isinstance(seg, int) and 0 <= seg < len(node)
        )
        if not (in_dict or in_list):
            return default
        node = node[seg]
    return strip_provisional(node)


_TYPE_NAMES = {
    "int": "a whole number",
    "string": "a text in quotes",
    "bool": "true or false",
    "list": "a list [ ... ]",
    "dict": "a table { ... }",
    "model": "a table { ... }",
    "model_attributes": "a table { ... }",
}


def _describe(err: Mapping[str, Any], loc: tuple[str | int, ...]) -> str:
    kind = err["type"]
    ctx = err.get("ctx", {})
    if kind == "extra_forbidden":
        model = model_at(loc[:-1])
        allowed = ", ".join(model_keys(model)) if model else "none"
        return f"unknown key {loc[-1]!r} (allowed here: {allowed})"
    if kind == "missing":
        model = model_at(loc[:-1])
        required = (
            [k for k, f in model.model_fields.items() if f.is_required()]
            if model
            else []
        )
        allowed = ", ".join(
            k for k in required if k not in DERIVED_FIELDS.get(model, ())
        )
        return f"required key is missing (required here: {allowed})"
    if kind == "value_error":
        return str(ctx.get("error", err["msg"]))
    if kind == "greater_than_equal":
        return f"too small (allowed: {ctx['ge']} or more)"
    if kind == "less_than_equal":
        return f"too large (allowed: {ctx['le']} or less)"
    if kind == "too_short":
        return f"too few entries (allowed: at least {ctx['min_length']})"
    if kind == "too_long":
        return f"too many entries (allowed: at most {ctx['max_length']})"
    for prefix, name in _TYPE_NAMES.items():
        if kind.startswith(prefix + "_"):
            return f"wrong type (allowed: {name})"
    return str(err["msg"])

