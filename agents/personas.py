"""Personas as data: named parameter sets of an agent kind, read from a TOML file.

A file holds one table per persona, ``[name]`` with ``parameter = value``
lines; a parameter left out keeps the kind's default. agents/dungeonology/heuristic/
personas.toml holds the heuristic's data personas (the tuned one, from
``dungeonology tune-heuristic``). Bad content is a DataError naming the file,
the key and what is allowed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path

from sim.kit.documents import read_toml
from sim.kit.errors import DataError


def load_personas(path: Path, params: Mapping[str, float],
                  ranges: Mapping[str, tuple[float, float]]) -> dict[str, dict[str, float]]:
    """The personas of ``path``: name -> {parameter: value}, each value checked against ``ranges``."""
    try:
        raw = read_toml(path.read_text(encoding="utf-8"), str(path), DataError)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not valid TOML: {exc}", file=str(path)) from None
    personas: dict[str, dict[str, float]] = {}
    for name, table in raw.items():
        if not isinstance(table, dict):
            raise DataError("a persona is a table [name] of parameter = value lines", file=str(path), key=name)
        values: dict[str, float] = {}
        for key, value in table.items():
            if key not in params:
                raise DataError(f"unknown parameter (parameters: {', '.join(params)})", file=str(path),
                                key=f"{name}.{key}")
            lo, hi = ranges.get(key, (float("-inf"), float("inf")))
            if isinstance(value, bool) or not isinstance(value, int | float) or not lo <= value <= hi:
                raise DataError(f"a number from {lo:g} to {hi:g}", file=str(path), key=f"{name}.{key}", value=value)
            values[key] = float(value)
        personas[name] = values
    return personas
