"""The values of a sweep file, each checked on its own against the data, the module registry and the
agent registry: its settings, every axis's values and the swept overrides, with errors that name the key
of the file (``sweep.alert[2]``) or the command-line option that gave the value."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from experiments.runs.config.models import EXPECTED, SweepFile
from experiments.runs.config.plan import (
    ALL,
    AXES,
    DEFAULTS,
    MAX_CHUNK,
    MAX_GAMES,
    MAX_SEED,
    RANDOM,
    SCHOLAR_MODES,
    SEATINGS,
)
from sim.dungeonology import modules as M
from sim.dungeonology.config import GameConfig, compile_config
from sim.dungeonology.loader import load_data
from sim.kit.errors import ConfigError, DataError, format_key

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


class SweepValues:
    """A validated sweep file's values, each checked against the data: :meth:`settings` (name, games,
    seed, chunk size, data), :meth:`axis` (the values of one axis) and :meth:`overrides` (the swept
    ones). :mod:`experiments.runs.config.resolve` expands them into cells."""

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
        """A ConfigError naming the file and the key (a list of parts, as :func:`_key` writes them), or the
        command-line option (a key starting with --) that gave the value."""
        if isinstance(key, (list, tuple)):
            key = _key(key)
        if isinstance(key, str) and key.startswith("--"):  # a command-line option, not a key of the file
            return ConfigError(message, key=key, value=value)
        return ConfigError(message, file=self.file, key=key, value=value)

    # ------------------------------------------------------------ settings
    def settings(self) -> None:
        m = self.m
        name = m.name if m.name is not None else self.default_name
        if not _NAME.match(name):
            raise self.err(f"expected {EXPECTED[('name',)]}", ["name"], name)
        self.name = name
        games = m.games_per_cell if self.games is None else self.games
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
            key = ["games_per_cell"] if self.games is None else "--games"
            raise self.err(f"play at least 1 and at most {MAX_GAMES:_} games per cell", key, games)
        self.games_requested = games
        if not 0 <= m.seed <= MAX_SEED:
            raise self.err(f"expected {EXPECTED[('seed',)]}", ["seed"], m.seed)
        chunk = m.chunk_size if self.chunk_size is None else self.chunk_size
        if isinstance(chunk, bool) or not isinstance(chunk, int) or not 1 <= chunk <= MAX_CHUNK:
            key = ["chunk_size"] if self.chunk_size is None else "--chunk-size"
            raise self.err(f"at least 1 and at most {MAX_CHUNK:_} games per task", key, chunk)
        self.chunk = chunk
        if m.scholar_seating not in SEATINGS:
            raise self.err(f"unknown Scholar seating (allowed: {', '.join(SEATINGS)})", ["scholar_seating"],
                           m.scholar_seating)
        for section in ("fixed", "sweep"):
            part = getattr(m, section)
            if part.modules is not None and part.rules is not None:
                raise self.err("rules is the older name of modules (allowed: one of them, not both)",
                               [section, "rules"], part.rules)
        both = [a for a in (*AXES, "overrides") if self._given("fixed", a) not in (None, {})
                and self._given("sweep", a) not in (None, {})]
        for axis in both:
            if axis == "overrides":
                common = [k for k in m.fixed.overrides if k in m.sweep.overrides]
                if common:
                    raise self.err("an override is either fixed or swept (allowed: in [fixed.overrides] or in "
                                   "[sweep.overrides], not both)", ["sweep", "overrides", common[0]])
                continue
            raise self.err("an axis is either fixed or swept (allowed: in [fixed] or in [sweep], not both)",
                           ["sweep", self._written("sweep", axis)], self._given("sweep", axis))
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
            key = blamed_override(exc, m.fixed.overrides)
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
    def _given(self, section: str, name: str) -> Any:
        """The value of an axis in [fixed] or [sweep] (modules: or its older name rules)."""
        part = getattr(self.m, section)
        value = getattr(part, name)
        return part.rules if name == "modules" and value is None else value

    def _written(self, section: str, name: str) -> str:
        """The key as the file writes it (rules for a modules axis given as rules)."""
        if name == "modules" and section in ("fixed", "sweep") and getattr(self.m, section).modules is None \
                and getattr(self.m, section).rules is not None:
            return "rules"
        return name

    def axis(self, name: str) -> tuple[list[Any], bool]:
        """(values, swept) of an axis, each value checked on its own."""
        fixed, swept = self._given("fixed", name), self._given("sweep", name)
        written = self._written("sweep" if swept is not None else "fixed", name)
        if swept is not None:
            section = "sweep"
            values = self._expand(name, swept)
            if isinstance(values, list) and not values:
                raise self.err(f"an empty list (expected {EXPECTED[('sweep', name)]})", ["sweep", written], swept)
        elif fixed is not None:
            section, values = "fixed", [fixed]
        else:
            section, values = "default", [DEFAULTS[name]]
        check = getattr(self, f"_check_{name}")
        out = []
        for i, v in enumerate(values):
            key: list[str | int] = [section, written] if section != "sweep" or not isinstance(swept, list) else \
                [section, written, i]
            out.append(check(v, key))
        texts = [json.dumps(v, sort_keys=True) for v in out]
        for i, t in enumerate(texts):
            if t in texts[:i] and isinstance(swept, list):
                raise self.err("listed twice (allowed: each value once)", ["sweep", written, i], values[i])
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

    def _check_modules(self, v: Any, key: list) -> list[str]:
        if not isinstance(v, list):
            raise self.err(f"expected {EXPECTED[(key[0] if key[0] != 'default' else 'fixed', 'modules')]}", key, v)
        try:
            return list(M.validate(v, key=_key(key)))  # the registry's order
        except ConfigError as exc:
            raise self.err(exc.message, exc.key, exc.value) from None

    def _check_boss(self, v: Any, key: list) -> str:
        return self._check_card(v, key, "boss", (M.owner("boss"),))

    def _check_panic(self, v: Any, key: list) -> str:
        # with the Boss rule too: a Boss-Requirement card is a valid name; a cell
        # without the Boss rule that asks for it is an impossible cell
        return self._check_card(v, key, "panic", (M.owner("boss"), M.owner("panic")))

    def _check_card(self, v: Any, key: list, what: str, modules: tuple[str | None, ...]) -> str:
        """A boss / panic value: "random", or a name the data knows (checked
        by compiling a configuration with the modules on)."""
        if not isinstance(v, str):
            raise self.err(f"expected {EXPECTED[('sweep' if key[0] == 'sweep' else 'fixed', what)]}", key, v)
        if v == RANDOM:
            return v
        try:
            compile_config(GameConfig(data=self.data, overrides=dict(self.m.fixed.overrides), modules=modules,
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
                    if blamed_override(exc, {**self.m.fixed.overrides, k: v}) not in (k, None):
                        raise
                    raise self.err(_strip_blame(exc.message), [*key, i], v) from None
            out.append((k.strip(), list(values)))
        return out


def blamed_override(exc: DataError, overrides: Mapping[str, Any]) -> str | None:
    """The override (as written) a DataError is about, if any."""
    from sim.dungeonology.loader import split_key

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


def _key(parts: Sequence[str | int]) -> str:
    """Dotted key with list indices as [i]: sweep.alert[2], sweep.overrides."scholars.Sofia.speed"[0]."""
    out = ""
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            out += ("." if out else "") + format_key([p])
    return out
