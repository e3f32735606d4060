"""The sweep file's shape (pydantic models), what each key expects, and
pydantic's errors turned into ConfigErrors naming the key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from experiments.runs.config.plan import MAX_SEED
from sim.dungeonology import modules as M
from sim.kit.errors import ConfigError, format_key


# ------------------------------------------------------------------ models
class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Fixed(_Strict):
    """``[fixed]``: one value per axis."""

    players: int | None = None
    agents: list[str] | None = None
    modules: list[str] | None = None
    rules: list[str] | None = None  # the older name of modules
    boss: str | None = None
    panic: str | None = None
    alert: str | None = None
    player_level: str | None = None
    clan: str | None = None
    scholars: str | list[str] | None = None
    overrides: dict[str, Any] = {}


class Sweep(_Strict):
    """``[sweep]``: a list of values per axis (a single value is a one-value axis)."""

    players: int | list[int] | None = None
    agents: list[list[str]] | None = None
    modules: list[list[str]] | None = None
    rules: list[list[str]] | None = None  # the older name of modules
    boss: str | list[str] | None = None
    panic: str | list[str] | None = None
    alert: str | list[str] | None = None
    player_level: str | list[str] | None = None
    clan: str | list[str] | None = None
    scholars: str | list[list[str]] | None = None
    overrides: dict[str, list[Any]] = {}
    variants: dict[str, dict[str, Any]] = {}  # name -> {data = "folder", "dotted.key" = value, ...}


class SweepFile(_Strict):
    """The whole file."""

    name: str | None = None
    description: str = ""
    games_per_cell: int
    seed: int = 0
    chunk_size: int = 500
    data: str | None = None
    skip_invalid: bool = False
    rotate_agents: bool = True
    trace: bool = False  # record the per-round score trace (lead changes, decisiveness)
    scholar_seating: str = "as_listed"  # how named Scholars take the seats: as_listed, rotate, random
    fixed: Fixed = Fixed()
    sweep: Sweep = Sweep()


_MODELS: dict[tuple[str, ...], type[BaseModel]] = {(): SweepFile, ("fixed",): Fixed, ("sweep",): Sweep}

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
    ("scholar_seating",): '"as_listed", "rotate" or "random" (how a cell\'s named Scholars take the seats, game by '
                          'game)',
    ("fixed",): "a table [fixed] of settings",
    ("sweep",): "a table [sweep] of axes",
    ("fixed", "players"): "2, 3 or 4",
    ("sweep", "players"): "a player count or a list of them, e.g. [2, 3, 4]",
    ("fixed", "agents"): 'a list of agent specs, one per seat, e.g. ["heuristic", "random"]',
    ("sweep", "agents"): 'a list of seat lists of agent specs, e.g. [["heuristic"], ["heuristic", "random"]]',
    ("fixed", "modules"): "a list of modules (implemented: " + ", ".join(M.names(implemented=True))
                          + "; see `dungeonology modules`), e.g. [\"boss\"]; [] = basic",
    ("sweep", "modules"): 'a list of module lists, e.g. [[], ["boss"], ["boss", "maximum_alert"]]',
    ("fixed", "rules"): "the older name of modules: " + "a list of modules, e.g. [\"boss\"]; [] = basic",
    ("sweep", "rules"): 'the older name of modules: a list of module lists, e.g. [[], ["boss"]]',
    ("fixed", "boss"): '"random" or a Boss Card with an optional profile, e.g. "laetus:drunk"',
    ("sweep", "boss"): 'a list of Boss Cards with optional profiles, e.g. ["laetus:quarrelsome", "laetus:drunk"]',
    ("fixed", "panic"): '"random" or a Panic Card name, e.g. "Darkness"',
    ("sweep", "panic"): '"all" or a list of Panic Card names (and "random")',
    ("fixed", "alert"): 'an Alert difficulty, e.g. "medium"',
    ("sweep", "alert"): '"all" or a list of Alert difficulties, e.g. ["easy", "hard"]',
    ("fixed", "player_level"): 'a Player Level, e.g. "students"',
    ("sweep", "player_level"): '"all" or a list of Player Levels, e.g. ["students", "rectors"]',
    ("fixed", "clan"): '"random" or a Clan Card name',
    ("sweep", "clan"): '"random", "all" or a list of Clan Card names (and "random")',
    ("fixed", "scholars"): '"random" or a list of one Scholar name (or "random") per seat',
    ("sweep", "scholars"): '"random", "all_combinations", "all_permutations" or a list of seat lists, '
                           'e.g. [["Sofia", "Valerio"], ["Rebecca", "random"]]',
    ("fixed", "overrides"): 'a table of dotted data keys and values, e.g. "scholars.Sofia.speed" = 4',
    ("sweep", "overrides"): 'a table of dotted data keys and lists of values, e.g. "scholars.Sofia.speed" = [3, 4, 5]',
    ("sweep", "variants"): 'a table of named variants, each a table of dotted data keys and values and/or '
                           'data = "a layer folder", e.g. baseline = {}, nerf = { "scholars.Vincenzo.students" = 4 }',
}


def pydantic_error(exc: ValidationError, raw: Mapping[str, Any], file: str | None) -> ConfigError:
    errors = exc.errors()
    err = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
    loc = [p for p in err["loc"]]
    if err["type"] == "extra_forbidden":
        parent = tuple(str(p) for p in loc[:-1])
        model = _MODELS.get(parent)
        allowed = ", ".join(model.model_fields) if model else "none"
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
        return ConfigError(f"missing (expected {EXPECTED.get(path, 'a value')})", file=file, key=format_key(key_parts))
    return ConfigError(f"expected {EXPECTED.get(path, err['msg'])}", file=file, key=format_key(key_parts), value=value)


