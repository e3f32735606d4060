"""Dotted keys and ``KEY=VALUE`` options: how an override names a value."""

from __future__ import annotations

import datetime
import tomllib
from collections.abc import Iterable
from typing import Any

from sim.kit.documents import read_toml
from sim.kit.errors import ConfigError, DataError


def parse_set_options(items: Iterable[str]) -> dict[str, Any]:
    """Turn CLI strings ``KEY=VALUE`` into an overrides mapping (values stay strings)."""
    out: dict[str, Any] = {}
    for item in items:
        at = _find_outside_quotes(item, "=")
        key = item[:at].strip() if at >= 0 else ""
        if at < 0 or not key:
            raise ConfigError(
                "expected KEY=VALUE (for example scholars.Sofia.speed=4)", value=item
            )
        out[key] = item[at + 1 :].strip()
    return out


def parse_value(text: str, key: str | None = None) -> Any:
    """A TOML value (``4``, ``[1, 2]``, ``"red"``, ``true``), else the bare string; DataError naming ``key``
    for a value nested too deeply or a number too long (:func:`sim.kit.documents.read_toml`)."""
    try:
        doc = read_toml(f"v = {text}", error=DataError)
    except tomllib.TOMLDecodeError:
        return text
    except DataError as exc:
        raise DataError(exc.message, key=key, value=text) from None
    value = doc.get("v")
    if set(doc) != {"v"} or isinstance(value, (datetime.date, datetime.time)):
        return text
    return value


def split_key(key: str) -> list[str]:
    """Split a dotted key; segments may be quoted (``zones."I-3".alert``)."""
    parts: list[str] = []
    i, n = 0, len(key)
    while True:
        while i < n and key[i] in " \t":
            i += 1
        if i < n and key[i] in "\"'":
            end = key.find(key[i], i + 1)
            if end < 0:
                raise _bad_key(key)
            parts.append(key[i + 1 : end])
            i = end + 1
        else:
            start = i
            while i < n and key[i] not in ".\"'":
                i += 1
            segment = key[start:i].strip()
            if not segment:
                raise _bad_key(key)
            parts.append(segment)
        while i < n and key[i] in " \t":
            i += 1
        if i == n:
            return parts
        if key[i] != ".":
            raise _bad_key(key)
        i += 1


def _bad_key(key: str) -> DataError:
    return DataError(
        "not a dotted key (allowed: names separated by dots, quoted when they hold "
        'spaces or dashes, e.g. zones."I-3".alert or randomizer.cards.3.color)',
        value=key,
    )


def _find_outside_quotes(text: str, char: str) -> int:
    quote = None
    for i, c in enumerate(text):
        if quote:
            quote = None if c == quote else quote
        elif c in "\"'":
            quote = c
        elif c == char:
            return i
    return -1
