"""Exceptions shared by the whole engine, and how they print keys and values.

``DataError`` and ``ConfigError`` carry where the problem is (``file``, dotted
``key``), the offending ``value`` and a ``message`` saying what is wrong and
what is allowed; ``str(err)`` reads like::

    sim/dungeonology/data/base/zones.toml: zones."I-3".passages = []: a Zone needs at least
    one Passage (allowed: 1 to 8 of N1 N2 E1 E2 S1 S2 W1 W2)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

_BARE_KEY = re.compile(r"^[A-Za-z0-9_]+$")
_MAX_VALUE_CHARS = 200


def format_key(parts: Iterable[str | int]) -> str:
    """Dotted key from path parts; segments other than ``[A-Za-z0-9_]+`` are quoted."""
    out = []
    for part in parts:
        text = str(part)
        out.append(
            text if _BARE_KEY.match(text) else json.dumps(text, ensure_ascii=False)
        )
    return ".".join(out)


def format_value(value: Any, limit: int | None = _MAX_VALUE_CHARS) -> str:
    """A value written the way it would appear in a TOML file (shortened past ``limit``)."""
    text = _toml_inline(value)
    if limit is not None and len(text) > limit:
        text = text[: limit - 3] + "..."
    return text


def _toml_inline(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = ", ".join(
            f"{format_key([k])} = {_toml_inline(v)}" for k, v in value.items()
        )
        return "{ " + items + " }"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_inline(v) for v in value) + "]"
    if value is None:
        return "(nothing)"
    return str(value)


def raised(exc: BaseException, limit: int = 160) -> str:
    """An exception in one line, ``ValueError: boom`` (cut at ``limit`` characters; its type alone when
    its text cannot be had)."""
    try:
        text = " ".join(str(exc).split())
    except Exception:  # noqa: BLE001 - an exception whose text raises is still named
        text = ""
    text = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."


class DungeonologyError(Exception):
    """Base class of every error the engine raises on purpose."""


class _LocatedError(DungeonologyError):
    """An error about one value at a known place (file and dotted key)."""

    def __init__(
        self,
        message: str,
        file: str | None = None,
        key: str | None = None,
        value: Any = None,
    ) -> None:
        self.message = message
        self.file = file
        self.key = key
        self.value = value
        super().__init__(str(self))

    def __str__(self) -> str:
        parts = []
        if self.file:
            parts.append(str(self.file))
        if self.key:
            shown = (
                self.key
                if self.value is None
                else f"{self.key} = {format_value(self.value)}"
            )
            parts.append(shown)
        elif self.value is not None:
            parts.append(format_value(self.value))
        parts.append(self.message)
        return ": ".join(parts)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.message, self.file, self.key, self.value))


class DataError(_LocatedError):
    """Component data (the TOML files or an override of them) is not valid."""


class ConfigError(_LocatedError):
    """A game configuration or command-line input is not valid."""


class IllegalActionError(DungeonologyError, ValueError):
    """An action that the rules do not allow in the current state."""


class RecordError(DungeonologyError):
    """A game record cannot be read, written or replayed."""
