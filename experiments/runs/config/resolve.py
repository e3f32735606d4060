"""Reading a sweep file: every value checked against the data, the module registry and the agent
registry (:mod:`experiments.runs.config.values`), then expanded into cells (:func:`load_sweep`,
:func:`parse_sweep`)."""

from __future__ import annotations

import itertools
import json
import math
import tomllib
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from experiments.runs.config.models import EXPECTED, SweepFile, pydantic_error
from experiments.runs.config.plan import AXES, MAX_GAMES, RANDOM, Cell, SweepPlan
from experiments.runs.config.values import SweepValues, blamed_override
from experiments.runs.config.variants import Variant, layers_of, parse_variants
from sim.dungeonology import modules as M
from sim.dungeonology.config import GameConfig, compile_config
from sim.kit.errors import ConfigError, DungeonologyError, format_value


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


class _Resolver(SweepValues):
    """Turns a validated model into a plan: its checked values (:class:`SweepValues`) expanded into cells."""

    # --------------------------------------------------------------- cells
    def plan(self) -> SweepPlan:
        self.settings()
        axes = {name: self.axis(name) for name in AXES}
        overrides = self.overrides()
        variants: list[Variant | None] = list(parse_variants(
            self.m.sweep.variants, run_data=self.data, fixed=self.m.fixed.overrides, swept=self.m.sweep.overrides,
            base=self.base, err=self.err, blamed=blamed_override)) or [None]
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


def _unique_by(items, key) -> list:
    seen: dict[Any, Any] = {}
    for it in items:
        seen.setdefault(key(it), it)
    return list(seen.values())


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
