"""Experiments as data: the sweep configuration file (TOML) and its cells.

A sweep file names fixed settings, sweep axes with their values, the games per
cell and a master seed; the cells are the cartesian product of the axes. The
format is documented in docs/SWEEPS.md; in short::

    name = "default"               # results go to results/<name>/
    description = "..."
    games_per_cell = 400
    seed = 1                       # master seed
    chunk_size = 500               # games per task
    rotate_agents = true           # rotate different agents through the seats
    skip_invalid = false           # drop impossible cells instead of failing
    # data = "my_data"             # a data folder (relative to this file); default: the built-in box

    [fixed]                        # one value each
    players = 4
    agents = ["heuristic"]         # one spec per seat; fewer than the players: repeated
    rules = []                     # the basic game; or advanced rules, e.g. ["boss", "maximum_alert"]
    boss = "random"                # with the boss rule: "laetus:drunk", "laetus" (profile random) ...
    panic = "random"               # with the maximum_alert rule: a Panic Card name, or drawn at random

    [fixed.overrides]              # data overrides used in every cell
    "scholars.Rebecca.hand" = 5

    [sweep]                        # lists of values (a single value or "all" also works)
    alert = ["introductory", "easy", "medium", "hard"]
    player_level = "all"
    clan = "random"                # or "all", or a list of Clan names (and "random")
    scholars = "random"            # or "all_combinations", "all_permutations", or a list of seat lists
    # rules = [[], ["boss"]]        # (an axis is fixed or swept, not both)
    # boss = ["laetus:quarrelsome", "laetus:drunk"]  # used by the cells whose rules include boss

    [sweep.overrides]              # "what if": one set:<key> column each
    "scholars.Sofia.speed" = [3, 4, 5]

Every axis (players, agents, rules, boss, panic, alert, player_level, clan, scholars) may
be given in ``[fixed]`` or in ``[sweep]``, not both; missing axes take the
defaults of :data:`DEFAULTS`. Every value is checked against the data (Scholar,
Clan, Alert and Player Level names) and the agent registry (agent specs);
errors are :class:`sim.errors.ConfigError` naming the file, the dotted key,
the value and what is allowed. A cell that cannot be played (a Player Level
the player count does not allow, more Scholars or agents than seats, ...) is
an error naming the cell, unless ``skip_invalid = true``: such cells are then
dropped and listed in the manifest. The boss and panic axes only apply to
cells whose rules include boss / maximum_alert; other cells take "random" for
them (and are played once, not once per boss or panic value).

Cells are numbered in the order of the nested loops players > agents > rules >
boss > panic > alert > player_level > clan > scholars > overrides (the last varies fastest).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from sim.config import GameConfig, compile_config
from sim.errors import ConfigError, DataError, DungeonologyError, format_key, format_value
from sim.loader import load_data

MAX_SEED = 9_000_000
SEED_STRIDE = 10**12
"""Game ``g`` of a run with master seed ``s`` uses the seed ``s * SEED_STRIDE + g``."""

AXES = ("players", "agents", "rules", "boss", "panic", "alert", "player_level", "clan", "scholars")
DEFAULTS: dict[str, Any] = {
    "players": 4,
    "agents": ["heuristic"],
    "rules": [],
    "boss": "random",
    "panic": "random",
    "alert": "medium",
    "player_level": "students",
    "clan": "random",
    "scholars": "random",
}
RANDOM = "random"
ALL = "all"
SCHOLAR_MODES = ("random", "all_combinations", "all_permutations")
ADVANCED_RULES = ("boss", "dangerous_zones", "maximum_alert", "main_effects")  # sim.layout.RULE_NAMES
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


# ------------------------------------------------------------------ models
class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Fixed(_Strict):
    """``[fixed]``: one value per axis."""

    players: int | None = None
    agents: list[str] | None = None
    rules: list[str] | None = None
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
    rules: list[list[str]] | None = None
    boss: str | list[str] | None = None
    panic: str | list[str] | None = None
    alert: str | list[str] | None = None
    player_level: str | list[str] | None = None
    clan: str | list[str] | None = None
    scholars: str | list[list[str]] | None = None
    overrides: dict[str, list[Any]] = {}


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
    ("fixed",): "a table [fixed] of settings",
    ("sweep",): "a table [sweep] of axes",
    ("fixed", "players"): "2, 3 or 4",
    ("sweep", "players"): "a player count or a list of them, e.g. [2, 3, 4]",
    ("fixed", "agents"): 'a list of agent specs, one per seat, e.g. ["heuristic", "random"]',
    ("sweep", "agents"): 'a list of seat lists of agent specs, e.g. [["heuristic"], ["heuristic", "random"]]',
    ("fixed", "rules"): "a list of advanced rules (" + ", ".join(ADVANCED_RULES) + "), e.g. [\"boss\"]; [] = basic",
    ("sweep", "rules"): 'a list of rule lists, e.g. [[], ["boss"], ["boss", "maximum_alert"]]',
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
}


# -------------------------------------------------------------- the plan
@dataclass(frozen=True)
class Cell:
    """One combination of the axes: everything needed to play its games."""

    index: int
    players: int
    agents: tuple[str, ...]  # the seat list (spec texts), filled to the player count
    rotate: bool  # the agents rotate through the seats (they differ and rotate_agents is on)
    rules: tuple[str, ...]
    boss: str  # "random" or name[:profile] (only with the boss rule)
    panic: str  # "random" or a Panic Card (only with the maximum_alert rule)
    alert: str
    player_level: str
    clan: str  # a Clan Card name or "random"
    scholars: tuple[str, ...]  # one per seat; "random" = dealt at random
    overrides: tuple[tuple[str, Any], ...]  # the swept overrides of this cell (key, value)
    config: GameConfig  # everything merged (fixed overrides too)
    data_hash: str
    provisional: bool

    def values(self) -> dict[str, Any]:
        """The cell as JSON-ready values (the manifest's ``cells``)."""
        return {"cell": self.index, "players": self.players, "agents": list(self.agents), "rotate": self.rotate,
                "rules": list(self.rules), "boss": self.boss, "panic": self.panic, "alert": self.alert,
                "player_level": self.player_level,
                "clan": self.clan, "scholars": list(self.scholars), "overrides": dict(self.overrides),
                "data_hash": self.data_hash}

    def label(self) -> str:
        parts = [f"players={self.players}", f"agents={','.join(self.agents)}", f"alert={self.alert}",
                 f"player_level={self.player_level}", f"clan={self.clan}", f"scholars={','.join(self.scholars)}"]
        if self.rules:
            parts.append(f"rules={'+'.join(self.rules)}")
        parts += [f"{k}={getattr(self, k)}" for k in ("boss", "panic") if getattr(self, k) != RANDOM]
        parts += [f"{k}={format_value(v)}" for k, v in self.overrides]
        return " ".join(parts)


@dataclass(frozen=True)
class SweepPlan:
    """A validated sweep file: settings and cells."""

    name: str
    description: str
    file: str | None
    games_per_cell: int
    games_per_cell_requested: int
    seed: int
    chunk_size: int
    data: str | None
    skip_invalid: bool
    rotate_agents: bool
    fixed: dict[str, Any]  # the fixed axes (defaults filled in) and fixed overrides, as resolved
    sweep: dict[str, Any]  # the swept axes as resolved (expanded "all" / combinations)
    override_keys: tuple[str, ...]  # swept override keys, in file order (set:<key> columns)
    cells: tuple[Cell, ...]
    skipped: tuple[dict[str, Any], ...] = field(default_factory=tuple)  # dropped cells with the reason
    data_hash: str = ""  # of the data with the fixed overrides
    provisional: bool = False

    @property
    def games_total(self) -> int:
        return self.games_per_cell * len(self.cells)

    def cell_games(self, cell: int) -> tuple[int, int]:
        """Global game range [lo, hi) of a cell (cell-major)."""
        return cell * self.games_per_cell, (cell + 1) * self.games_per_cell

    def game_seed(self, game: int) -> int:
        return game_seed(self.seed, game)

    def identity(self) -> dict[str, Any]:
        """Everything that decides the rows of the run (not how they are computed)."""
        return {"name": self.name, "games_per_cell": self.games_per_cell, "seed": self.seed,
                "seed_stride": SEED_STRIDE, "override_keys": list(self.override_keys),
                "cells": [c.values() for c in self.cells]}

    def identity_hash(self) -> str:
        text = json.dumps(self.identity(), sort_keys=True, default=str, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def to_dict(self) -> dict[str, Any]:
        """The resolved configuration (the manifest's ``config``)."""
        return {"name": self.name, "description": self.description, "file": self.file,
                "games_per_cell": self.games_per_cell, "games_per_cell_requested": self.games_per_cell_requested,
                "seed": self.seed, "chunk_size": self.chunk_size, "data": self.data,
                "skip_invalid": self.skip_invalid, "rotate_agents": self.rotate_agents, "fixed": self.fixed,
                "sweep": self.sweep, "override_keys": list(self.override_keys)}


def game_seed(master: int, game: int) -> int:
    """The seed of game ``game`` (global index in the run) of a run with master seed ``master``."""
    return master * SEED_STRIDE + game


# ------------------------------------------------------------ reading
def load_sweep(path: str | Path, games: int | None = None, chunk_size: int | None = None) -> SweepPlan:
    """Read, validate and expand a sweep file. ``games`` replaces ``games_per_cell``,
    ``chunk_size`` the file's chunk size. Raises ConfigError (or DataError)."""
    path = Path(path)
    shown = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError("sweep file not found (allowed: a TOML file such as experiments/configs/quick.toml)",
                          file=shown) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read the sweep file: {getattr(exc, 'strerror', None) or exc}", file=shown) from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"TOML syntax error: {exc}", file=shown) from None
    return parse_sweep(raw, file=shown, base=path.parent, default_name=path.stem, games=games, chunk_size=chunk_size)


def parse_sweep(raw: Mapping[str, Any], file: str | None = None, base: Path | None = None,
                default_name: str = "sweep", games: int | None = None, chunk_size: int | None = None) -> SweepPlan:
    """Validate a sweep read from TOML (a dict) and expand it into cells."""
    try:
        model = SweepFile.model_validate(dict(raw))
    except ValidationError as exc:
        raise _pydantic_error(exc, raw, file) from None
    return _Resolver(model, raw, file, base, default_name, games, chunk_size).plan()


def _pydantic_error(exc: ValidationError, raw: Mapping[str, Any], file: str | None) -> ConfigError:
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


class _Resolver:
    """Turns a validated model into a plan, checking every value against the data."""

    def __init__(self, model: SweepFile, raw: Mapping[str, Any], file: str | None, base: Path | None,
                 default_name: str, games: int | None, chunk_size: int | None) -> None:
        self.m = model
        self.raw = raw
        self.file = file
        self.base = base
        self.default_name = default_name
        self.games = games
        self.chunk_size = chunk_size

    def err(self, message: str, key: Sequence[str | int] | str | None = None, value: Any = None) -> ConfigError:
        if isinstance(key, (list, tuple)):
            key = _key(key)
        return ConfigError(message, file=self.file, key=key, value=value)

    # ------------------------------------------------------------ settings
    def settings(self) -> None:
        m = self.m
        name = m.name if m.name is not None else self.default_name
        if not _NAME.match(name):
            raise self.err(f"expected {EXPECTED[('name',)]}", ["name"], name)
        self.name = name
        games = m.games_per_cell if self.games is None else self.games
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            key = ["games_per_cell"] if self.games is None else "--games"
            raise self.err("play at least 1 game per cell", key, games)
        self.games_requested = games
        if not 0 <= m.seed <= MAX_SEED:
            raise self.err(f"expected {EXPECTED[('seed',)]}", ["seed"], m.seed)
        chunk = m.chunk_size if self.chunk_size is None else self.chunk_size
        if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
            key = ["chunk_size"] if self.chunk_size is None else "--chunk-size"
            raise self.err("at least 1 game per task", key, chunk)
        self.chunk = chunk
        both = [a for a in (*AXES, "overrides") if getattr(m.fixed, a) not in (None, {})
                and getattr(m.sweep, a) not in (None, {})]
        for axis in both:
            if axis == "overrides":
                common = [k for k in m.fixed.overrides if k in m.sweep.overrides]
                if common:
                    raise self.err("an override is either fixed or swept (allowed: in [fixed.overrides] or in "
                                   "[sweep.overrides], not both)", ["sweep", "overrides", common[0]])
                continue
            raise self.err("an axis is either fixed or swept (allowed: in [fixed] or in [sweep], not both)",
                           ["sweep", axis], getattr(m.sweep, axis))
        data = m.data
        if data is not None and self.base is not None and not Path(data).is_absolute():
            data = str(self.base / data)
        if data is not None and not Path(data).is_dir():
            raise self.err(f"data folder not found: {data} (allowed: a folder of component data, relative to the "
                           "sweep file; leave data out for the built-in box)", ["data"], m.data)
        self.data = data
        try:
            self.loaded = load_data(data, dict(m.fixed.overrides))
        except DataError as exc:
            key = _blamed_override(exc, m.fixed.overrides)
            if key is None:
                raise
            raise self.err(_strip_blame(exc.message), ["fixed", "overrides", key], m.fixed.overrides[key]) from None
        d = self.loaded.data
        self.scholar_names = list(d.scholars)
        self.clan_names = list(d.clans)
        self.alerts = list(d.alert)
        self.levels = list(d.player_levels)
        self.panic_names = list(getattr(d, "panic", None) or {})

    # ---------------------------------------------------------------- axes
    def axis(self, name: str) -> tuple[list[Any], bool]:
        """(values, swept) of an axis, each value checked on its own."""
        fixed, swept = getattr(self.m.fixed, name), getattr(self.m.sweep, name)
        if swept is not None:
            section = "sweep"
            values = self._expand(name, swept)
            if isinstance(values, list) and not values:
                raise self.err(f"an empty list (expected {EXPECTED[('sweep', name)]})", ["sweep", name], swept)
        elif fixed is not None:
            section, values = "fixed", [fixed]
        else:
            section, values = "default", [DEFAULTS[name]]
        check = getattr(self, f"_check_{name}")
        out = []
        for i, v in enumerate(values):
            key: list[str | int] = [section, name] if section != "sweep" or not isinstance(swept, list) else \
                [section, name, i]
            out.append(check(v, key))
        texts = [json.dumps(v, sort_keys=True) for v in out]
        for i, t in enumerate(texts):
            if t in texts[:i] and isinstance(swept, list):
                raise self.err("listed twice (allowed: each value once)", ["sweep", name, i], values[i])
        return out, section == "sweep"

    def _expand(self, name: str, swept: Any) -> Any:
        if isinstance(swept, list):
            return swept
        if name == "scholars":
            if swept not in SCHOLAR_MODES:
                raise self.err(f"expected {EXPECTED[('sweep', 'scholars')]}", ["sweep", name], swept)
            return [swept]  # expanded per player count in cells()
        if swept == ALL and name in ("alert", "player_level", "clan", "panic"):
            return {"alert": self.alerts, "player_level": self.levels, "clan": self.clan_names,
                    "panic": self.panic_names}[name]
        return [swept]

    def _check_players(self, v: Any, key: list) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or not 2 <= v <= 4:
            raise self.err("the game is for 2, 3 or 4 players", key, v)
        return v

    def _check_agents(self, v: Any, key: list) -> list[str]:
        from agents.spec import parse_spec

        if not v:
            raise self.err("no agents (expected at least one agent spec, e.g. [\"heuristic\"])", key, v)
        out = []
        for i, text in enumerate(v):
            try:
                out.append(parse_spec(text).text)
            except ConfigError as exc:
                raise self.err(exc.message + " (see `dungeonology agents`)", [*key, i], text) from None
        return out

    def _check_rules(self, v: Any, key: list) -> list[str]:
        if not isinstance(v, list):
            raise self.err(f"expected {EXPECTED[(key[0] if key[0] != 'default' else 'fixed', 'rules')]}", key, v)
        for i, name in enumerate(v):
            if name not in ADVANCED_RULES:
                raise self.err(f"unknown advanced rule (allowed: {', '.join(ADVANCED_RULES)})", [*key, i], name)
        if len(set(v)) != len(v):
            raise self.err("each advanced rule can be named once", key, v)
        return [r for r in ADVANCED_RULES if r in v]  # canonical order

    def _check_boss(self, v: Any, key: list) -> str:
        return self._check_card(v, key, "boss", ("boss",))

    def _check_panic(self, v: Any, key: list) -> str:
        # with the Boss rule too: a Boss-Requirement card is a valid name; a cell
        # without the Boss rule that asks for it is an impossible cell
        return self._check_card(v, key, "panic", ("boss", "maximum_alert"))

    def _check_card(self, v: Any, key: list, what: str, rules: tuple[str, ...]) -> str:
        """A boss / panic value: "random", or a name the data knows (checked
        by compiling a configuration with the rules on)."""
        if not isinstance(v, str):
            raise self.err(f"expected {EXPECTED[('sweep' if key[0] == 'sweep' else 'fixed', what)]}", key, v)
        if v == RANDOM:
            return v
        try:
            compile_config(GameConfig(data=self.data, overrides=dict(self.m.fixed.overrides), rules=rules,
                                      **{what: v}))
        except ConfigError as exc:
            raise self.err(exc.message, key, v) from None
        return v

    def _check_alert(self, v: Any, key: list) -> str:
        if v not in self.alerts:
            raise self.err(f"unknown Alert difficulty (allowed: {', '.join(self.alerts)}; in [sweep] also \"all\")",
                           key, v)
        return v

    def _check_player_level(self, v: Any, key: list) -> str:
        if v not in self.levels:
            raise self.err(f"unknown Player Level (allowed: {', '.join(self.levels)}; in [sweep] also \"all\")",
                           key, v)
        return v

    def _check_clan(self, v: Any, key: list) -> str:
        if v != RANDOM and v not in self.clan_names:
            raise self.err(f"unknown Clan Card (allowed: random, {', '.join(self.clan_names)}; in [sweep] also "
                           "\"all\")", key, v)
        return v

    def _check_scholars(self, v: Any, key: list) -> str | list[str]:
        if isinstance(v, str):
            modes = SCHOLAR_MODES if key[0] == "sweep" else (RANDOM,)
            if v not in modes:
                raise self.err(f"expected {EXPECTED[('sweep' if key[0] == 'sweep' else 'fixed', 'scholars')]}",
                               key, v)
            return v
        if not v:
            raise self.err("no seats (expected one Scholar name or \"random\" per seat)", key, v)
        for i, name in enumerate(v):
            if name != RANDOM and name not in self.scholar_names:
                raise self.err(f"unknown Scholar (allowed: {', '.join(self.scholar_names)} or random)", [*key, i],
                               name)
        named = [n for n in v if n != RANDOM]
        if len(set(named)) != len(named):
            raise self.err("each Scholar can be chosen once", key, v)
        return list(v)

    def overrides(self) -> list[tuple[str, list[Any]]]:
        out = []
        for k, values in self.m.sweep.overrides.items():
            key = ["sweep", "overrides", k]
            if not values:
                raise self.err(f"an empty list (expected {EXPECTED[('sweep', 'overrides')]})", key, values)
            texts = [json.dumps(v, sort_keys=True, default=str) for v in values]
            for i, v in enumerate(values):
                if texts[i] in texts[:i]:
                    raise self.err("listed twice (allowed: each value once)", [*key, i], v)
                try:
                    load_data(self.data, {**self.m.fixed.overrides, k: v})
                except DataError as exc:
                    if _blamed_override(exc, {**self.m.fixed.overrides, k: v}) not in (k, None):
                        raise
                    raise self.err(_strip_blame(exc.message), [*key, i], v) from None
            out.append((k.strip(), list(values)))
        return out

    # --------------------------------------------------------------- cells
    def plan(self) -> SweepPlan:
        self.settings()
        axes = {name: self.axis(name) for name in AXES}
        overrides = self.overrides()
        players_values = axes["players"][0]
        cells: list[Cell] = []
        skipped: list[dict[str, Any]] = []
        scholar_axis = axes["scholars"][0]
        loops = [axes[a][0] for a in ("agents", "rules", "boss", "panic", "alert", "player_level", "clan")]
        combos = list(itertools.product(*[vals for _, vals in overrides]))
        seen: set[str] = set()
        for players in players_values:
            scholar_values = self._scholar_values(scholar_axis, players)
            for agents, rules, boss, panic, alert, level, clan in itertools.product(*loops):
                # boss / panic only matter with their rule: other cells are played once
                boss = boss if "boss" in rules else RANDOM
                panic = panic if "maximum_alert" in rules else RANDOM
                for scholars in scholar_values:
                    for combo in combos:
                        swept = tuple((k, v) for (k, _), v in zip(overrides, combo, strict=True))
                        values = {"players": players, "agents": agents, "rules": rules, "boss": boss,
                                  "panic": panic, "alert": alert, "player_level": level, "clan": clan,
                                  "scholars": scholars, "overrides": dict(swept)}
                        text = json.dumps(values, sort_keys=True, default=str)
                        if text in seen:
                            continue
                        seen.add(text)
                        try:
                            cells.append(self.cell(len(cells), values, swept))
                        except DungeonologyError as exc:
                            reason = exc.message if hasattr(exc, "message") else str(exc)
                            if getattr(exc, "key", None):
                                reason = f"{exc.key} = {format_value(exc.value)}: {reason}" \
                                    if exc.value is not None else f"{exc.key}: {reason}"
                            if not self.m.skip_invalid:
                                raise self.err(f"impossible cell ({_describe(values)}): {reason} (set "
                                               "skip_invalid = true to drop such cells)", ["sweep"]) from None
                            skipped.append({**values, "reason": reason})
            if not scholar_values:
                values = {"players": players, "scholars": scholar_axis}
                reason = f"{len(self.scholar_names)} Scholars in the data for {players} players"
                if not self.m.skip_invalid:
                    raise self.err(f"impossible cell ({_describe(values)}): {reason} (set skip_invalid = true "
                                   "to drop such cells)", ["sweep"])
                skipped.append({**values, "reason": reason})
        if not cells:
            raise self.err("no cell left to play (every combination was impossible; see the skipped cells)",
                           ["skip_invalid"], True)
        games = self.games_requested
        rotating = sorted({c.players for c in cells if c.rotate})
        if rotating:  # whole rotation blocks in every cell
            block = math.lcm(*rotating)
            games = -(-games // block) * block
        fixed = {a: axes[a][0][0] for a in AXES if not axes[a][1]}
        fixed["overrides"] = dict(self.m.fixed.overrides)
        sweep = {a: axes[a][0] for a in AXES if axes[a][1]}
        if axes["scholars"][1]:
            sweep["scholars"] = [list(c.scholars) for c in _unique_by(cells, lambda c: c.scholars)]
        if overrides:
            sweep["overrides"] = {k: v for k, v in overrides}
        return SweepPlan(
            name=self.name, description=self.m.description, file=self.file, games_per_cell=games,
            games_per_cell_requested=self.games_requested, seed=self.m.seed, chunk_size=self.chunk,
            data=self.m.data, skip_invalid=self.m.skip_invalid, rotate_agents=self.m.rotate_agents, fixed=fixed,
            sweep=sweep, override_keys=tuple(k for k, _ in overrides), cells=tuple(cells), skipped=tuple(skipped),
            data_hash=self.loaded.hash, provisional=any(c.provisional for c in cells))

    def _scholar_values(self, axis: list[Any], players: int) -> list[tuple[str, ...]]:
        out: list[tuple[str, ...]] = []
        for v in axis:
            if v == RANDOM:
                out.append((RANDOM,) * players)
            elif v == "all_combinations":
                out += list(itertools.combinations(self.scholar_names, players))
            elif v == "all_permutations":
                out += list(itertools.permutations(self.scholar_names, players))
            else:
                if len(v) > players:
                    out.append(tuple(v))  # refused in cell(): more Scholars than seats
                else:
                    out.append(tuple(v) + (RANDOM,) * (players - len(v)))
        return list(dict.fromkeys(out))

    def cell(self, index: int, v: dict[str, Any], swept: tuple[tuple[str, Any], ...]) -> Cell:
        from experiments.tournament import as_specs, check_kinds, distinct, seat_list

        players = v["players"]
        if len(v["scholars"]) > players:
            raise ConfigError(f"{len(v['scholars'])} Scholars for {players} seats", key="scholars",
                              value=list(v["scholars"]))
        seats = seat_list(as_specs(v["agents"]), players)
        check_kinds(distinct(seats))
        texts = tuple(s.text for s in seats)
        scholars = [None if s == RANDOM else s for s in v["scholars"]]
        config = GameConfig(players=players, scholars=None if all(s is None for s in scholars) else scholars,
                            alert=v["alert"], player_level=v["player_level"], data=self.data,
                            overrides={**self.m.fixed.overrides, **dict(swept)},
                            clan=None if v["clan"] == RANDOM else v["clan"], rules=tuple(v["rules"]),
                            boss=None if v["boss"] == RANDOM else v["boss"],
                            panic=None if v["panic"] == RANDOM else v["panic"])
        compiled = compile_config(config)
        rotate = self.m.rotate_agents and len(set(texts)) > 1
        return Cell(index=index, players=players, agents=texts, rotate=rotate, rules=tuple(v["rules"]),
                    boss=v["boss"], panic=v["panic"], alert=v["alert"], player_level=v["player_level"], clan=v["clan"],
                    scholars=tuple(v["scholars"]), overrides=swept, config=config,
                    data_hash=compiled.loaded.hash, provisional=compiled.loaded.is_provisional)


def _blamed_override(exc: DataError, overrides: Mapping[str, Any]) -> str | None:
    """The override (as written) a DataError is about, if any."""
    from sim.loader import split_key

    where = exc.key or ""
    for k in overrides:
        try:
            norm = format_key(split_key(k))
        except DataError:
            return k
        if where in (k, norm) or where.startswith(norm + ".") or norm.startswith(where + ".") or \
                f"[value set by override {norm}]" in exc.message:
            return k
    return None


def _strip_blame(message: str) -> str:
    return re.sub(r"\s*\[value set by override [^\]]*\]$", "", message)


def _unique_by(items, key) -> list:
    seen: dict[Any, Any] = {}
    for it in items:
        seen.setdefault(key(it), it)
    return list(seen.values())


def _key(parts: Sequence[str | int]) -> str:
    """Dotted key with list indices as [i]: sweep.alert[2], sweep.overrides."scholars.Sofia.speed"[0]."""
    out = ""
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            out += ("." if out else "") + format_key([p])
    return out


def _describe(values: Mapping[str, Any]) -> str:
    out = []
    for k, v in values.items():
        if k == "overrides":
            out += [f"{ok} = {format_value(ov)}" for ok, ov in v.items()]
        else:
            out.append(f"{k} = {format_value(list(v) if isinstance(v, tuple) else v)}")
    return ", ".join(out)
