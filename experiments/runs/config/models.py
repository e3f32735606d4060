"""The sweep file's shape (pydantic models): the settings every game's sweep file has, what each key
expects, and pydantic's errors turned into ConfigErrors naming the key.

A game's sweep module gives the models of its ``[fixed]`` and ``[sweep]`` tables and a file model
deriving from :class:`SweepFile` that adds its own settings and holds those tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from experiments.runs.config.plan import MAX_SEED
from sim.kit.bundle import DEFAULT_GAME
from sim.kit.errors import ConfigError, format_key


# ------------------------------------------------------------------ models
class Strict(BaseModel):
    """A table of the file: no unknown key, no value of another type."""

    model_config = ConfigDict(extra="forbid", strict=True)


class SweepFile(Strict):
    """The top level of every sweep file; a game's model adds its settings, ``fixed`` and ``sweep``."""

    name: str | None = None
    description: str = ""
    games_per_cell: int
    seed: int = 0
    chunk_size: int = 500
    data: str | None = None
    skip_invalid: bool = False
    rotate_agents: bool = True
    trace: bool = False  # record the per-round score trace (lead changes, decisiveness)
    game: str = DEFAULT_GAME  # the game the file plays (sim.kit.bundle)


EXPECTED: dict[tuple[str, ...], str] = {
    ("name",): 'a name of letters, digits, "-", "_" and "." (results go to results/<name>/)',
    ("description",): "a text in quotes",
    ("games_per_cell",): "a whole number of games per cell, at least 1",
    ("seed",): f"a whole number from 0 to {MAX_SEED:,}".replace(",", "_"),
    ("chunk_size",): "a whole number of games per task, at least 1",
    ("data",): "the path of a data folder (TOML files), in quotes",
    ("skip_invalid",): "true or false",
    ("rotate_agents",): "true or false",
    ("trace",): "true or false (record the per-round score trace: lead_changes and winner_led_from columns)",
    ("game",): "the name of a game, in quotes (`dungeonology --help`: the games)",
    ("fixed",): "a table [fixed] of settings",
    ("sweep",): "a table [sweep] of axes",
    ("fixed", "players"): "a player count",
    ("sweep", "players"): "a player count or a list of them",
    ("fixed", "agents"): "a list of agent specs, one per seat",
    ("sweep", "agents"): "a list of seat lists of agent specs",
    ("fixed", "overrides"): 'a table of dotted data keys and values, e.g. "section.key" = 4',
    ("sweep", "overrides"): 'a table of dotted data keys and lists of values, e.g. "section.key" = [3, 4, 5]',
    ("sweep", "variants"): 'a table of named variants, each a table of dotted data keys and values and/or '
                           'data = "a layer folder", e.g. baseline = {}, more = { "section.key" = 4 }',
}
"""What each key of every game's file expects; a game's sweep module adds (or restates) its own."""


def pydantic_error(exc: ValidationError, raw: Mapping[str, Any], file: str | None, model: type[SweepFile],
                   expected: Mapping[tuple[str, ...], str]) -> ConfigError:
    """The ConfigError of the first problem pydantic found in the file ``raw`` (read with ``model``),
    naming the key and what it expects (``expected``)."""
    errors = exc.errors()
    err = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
    loc = [p for p in err["loc"]]
    models: dict[tuple[str, ...], type[BaseModel]] = {(): model}
    for section in ("fixed", "sweep"):
        if section in model.model_fields:
            models[(section,)] = model.model_fields[section].annotation
    if err["type"] == "extra_forbidden":
        parent = tuple(str(p) for p in loc[:-1])
        table = models.get(parent)
        allowed = ", ".join(table.model_fields) if table else "none"
        where = f"[{'.'.join(parent)}]" if parent else "the top level"
        return ConfigError(f"unknown key in {where} (allowed: {allowed})", file=file,
                           key=format_key([*parent, str(loc[-1])]), value=err.get("input"))
    # the field: (name,) or (section, name); overrides also keep their data key
    section = str(loc[0])
    path = (section,) if section not in ("fixed", "sweep") or len(loc) == 1 else (section, str(loc[1]))
    if path[-1] == "overrides" and len(loc) > 2 and isinstance(loc[2], str) and loc[2] in raw[section]["overrides"]:
        key_parts = [*path, loc[2]]
    else:
        key_parts = list(path)
    value: Any = raw
    for p in key_parts:
        value = value.get(p) if isinstance(value, Mapping) else None
    if err["type"] == "missing":
        return ConfigError(f"missing (expected {expected.get(path, 'a value')})", file=file, key=format_key(key_parts))
    return ConfigError(f"expected {expected.get(path, err['msg'])}", file=file, key=format_key(key_parts), value=value)
