"""Reading a sweep file: every value checked against the data, the module
registry and the agent registry, then expanded into cells."""

from __future__ import annotations

import itertools
import json
import math
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from experiments.runs.config.models import EXPECTED, SweepFile, pydantic_error
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
    Cell,
    SweepPlan,
)
from experiments.runs.config.variants import Variant, layers_of, parse_variants
from sim.dungeonology import modules as M
from sim.dungeonology.config import GameConfig, compile_config
from sim.dungeonology.loader import load_data
from sim.kit.errors import ConfigError, DataError, DungeonologyError, format_key, format_value

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


# ------------------------------------------------------------ reading
def load_sweep(path: str | Path, games: int | None = None, chunk_size: int | None = None,
               data: str | Path | None = None, overrides: Mapping[str, Any] | None = None) -> SweepPlan:
    """Read, validate and expand a sweep file. ``games`` replaces ``games_per_cell``,
    ``chunk_size`` the file's chunk size, ``data`` the file's data folder (``sweep --data``, relative to
    the working folder), and ``overrides`` are added to ``[fixed.overrides]`` (``sweep --set``; a key the
    file sweeps is an error). Raises ConfigError (or DataError)."""
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
    if data is not None:
        raw["data"] = str(Path(data).resolve())
    if overrides:
        fixed = raw.setdefault("fixed", {})
        if isinstance(fixed, dict):
            fixed["overrides"] = {**(fixed.get("overrides") or {}), **overrides}
    return parse_sweep(raw, file=shown, base=path.parent, default_name=path.stem, games=games, chunk_size=chunk_size)


def parse_sweep(raw: Mapping[str, Any], file: str | None = None, base: Path | None = None,
                default_name: str = "sweep", games: int | None = None, chunk_size: int | None = None) -> SweepPlan:
    """Validate a sweep read from TOML (a dict) and expand it into cells."""
    try:
        model = SweepFile.model_validate(dict(raw))
    except ValidationError as exc:
        raise pydantic_error(exc, raw, file) from None
    return _Resolver(model, raw, file, base, default_name, games, chunk_size).plan()


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
        variants: list[Variant | None] = list(parse_variants(
            self.m.sweep.variants, run_data=self.data, fixed=self.m.fixed.overrides, swept=self.m.sweep.overrides,
            base=self.base, err=self.err, blamed=_blamed_override)) or [None]
        if not self.m.sweep.variants and isinstance((self.raw.get("sweep") or {}).get("variants"), Mapping):
            raise self.err(f"an empty table (expected {EXPECTED[('sweep', 'variants')]})", ["sweep", "variants"], {})
        combo_index: dict[str, int] = {}  # a cell without its variant -> its seed block (paired variants)
        players_values = axes["players"][0]
        cells: list[Cell] = []
        skipped: list[dict[str, Any]] = []
        scholar_axis = axes["scholars"][0]
        loops = [axes[a][0] for a in ("agents", "modules", "boss", "panic", "alert", "player_level", "clan")]
        combos = list(itertools.product(*[vals for _, vals in overrides]))
        seen: set[str] = set()
        for players in players_values:
            scholar_values = self._scholar_values(scholar_axis, players)
            for agents, modules, boss, panic, alert, level, clan in itertools.product(*loops):
                # boss / panic only matter with their module: other cells are played once
                boss = boss if M.owner("boss") in modules else RANDOM
                panic = panic if M.owner("panic") in modules else RANDOM
                for scholars in scholar_values:
                    for combo, variant in itertools.product(combos, variants):
                        swept = tuple((k, v) for (k, _), v in zip(overrides, combo, strict=True))
                        values = {"players": players, "agents": agents, "modules": modules, "boss": boss,
                                  "panic": panic, "alert": alert, "player_level": level, "clan": clan,
                                  "scholars": scholars, "overrides": dict(swept)}
                        paired = json.dumps(values, sort_keys=True, default=str)
                        if variant is not None:
                            values["variant"] = variant.name
                        text = json.dumps(values, sort_keys=True, default=str)
                        if text in seen:
                            continue
                        seen.add(text)
                        try:
                            cell = self.cell(len(cells), values, swept, variant)
                            cells.append(replace(cell, seed_first=combo_index.setdefault(paired, len(combo_index)))
                                         if variant is not None else cell)
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
        rotating = sorted({c.players for c in cells if c.rotate or (self.m.scholar_seating == "rotate"
                                                                     and any(x != RANDOM for x in c.scholars))})
        if rotating:  # whole rotation blocks in every cell
            block = math.lcm(*rotating)
            games = -(-games // block) * block
        if games * len(cells) > MAX_GAMES:
            key = "games_per_cell" if self.games is None else "--games"
            raise self.err(f"{len(cells):,} cells x {games:,} games exceed the {MAX_GAMES:_} games a run can hold "
                           f"(allowed: at most {MAX_GAMES // len(cells):_} games per cell)", key, self.games_requested)
        if self.m.trace and any(_is_python_agent(a) for c in cells for a in c.agents):
            raise self.err("the per-round score trace plays numba agents only (allowed: trace = false with a "
                           "Python agent module:attr)", ["trace"], True)
        if variants[0] is not None:  # a combination's block of seeds: the same for each of its variants
            cells = [replace(c, seed_first=c.seed_first * games) for c in cells]
        fixed = {a: axes[a][0][0] for a in AXES if not axes[a][1]}
        fixed["overrides"] = dict(self.m.fixed.overrides)
        sweep = {a: axes[a][0] for a in AXES if axes[a][1]}
        if axes["scholars"][1]:
            sweep["scholars"] = [list(c.scholars) for c in _unique_by(cells, lambda c: c.scholars)]
        if overrides:
            sweep["overrides"] = {k: v for k, v in overrides}
        if variants[0] is not None:
            sweep["variants"] = {v.name: v.values() for v in variants}
        return SweepPlan(
            name=self.name, description=self.m.description, file=self.file, games_per_cell=games,
            games_per_cell_requested=self.games_requested, seed=self.m.seed, chunk_size=self.chunk,
            data=self.m.data, skip_invalid=self.m.skip_invalid, rotate_agents=self.m.rotate_agents, fixed=fixed,
            sweep=sweep, override_keys=tuple(k for k, _ in overrides), cells=tuple(cells), skipped=tuple(skipped),
            data_hash=self.loaded.hash, provisional=any(c.provisional for c in cells),
            data_path=self.data, trace=self.m.trace, variants=tuple(v.name for v in variants if v is not None),
            scholar_seating=self.m.scholar_seating)

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

    def cell(self, index: int, v: dict[str, Any], swept: tuple[tuple[str, Any], ...],
             variant: Variant | None = None) -> Cell:
        from agents.spec import as_specs, distinct, seat_list
        from experiments.matches.tournament import check_kinds

        players = v["players"]
        if len(v["scholars"]) > players:
            raise ConfigError(f"{len(v['scholars'])} Scholars for {players} seats", key="scholars",
                              value=list(v["scholars"]))
        seats = seat_list(as_specs(v["agents"]), players)
        check_kinds(distinct(seats))
        texts = tuple(s.text for s in seats)
        scholars = [None if s == RANDOM else s for s in v["scholars"]]
        config = GameConfig(players=players, scholars=None if all(s is None for s in scholars) else scholars,
                            alert=v["alert"], player_level=v["player_level"], data=layers_of(self.data, variant),
                            overrides={**self.m.fixed.overrides, **dict(variant.overrides if variant else ()),
                                       **dict(swept)},
                            clan=None if v["clan"] == RANDOM else v["clan"], modules=tuple(v["modules"]),
                            boss=None if v["boss"] == RANDOM else v["boss"],
                            panic=None if v["panic"] == RANDOM else v["panic"])
        compiled = compile_config(config)
        rotate = self.m.rotate_agents and len(set(texts)) > 1
        return Cell(index=index, players=players, agents=texts, rotate=rotate, rules=tuple(v["modules"]),
                    boss=v["boss"], panic=v["panic"], alert=v["alert"], player_level=v["player_level"], clan=v["clan"],
                    scholars=tuple(v["scholars"]), overrides=swept, config=config,
                    data_hash=compiled.loaded.hash, provisional=compiled.loaded.is_provisional,
                    variant=variant.name if variant else "", variant_values=variant.values() if variant else None)


def _blamed_override(exc: DataError, overrides: Mapping[str, Any]) -> str | None:
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


def _is_python_agent(text: str) -> bool:
    """Whether an agent spec names a Python agent (``module:attr``), which the traced batch loop cannot play."""
    from agents.spec import PYTHON_KIND, parse_spec

    return parse_spec(text).kind == PYTHON_KIND
