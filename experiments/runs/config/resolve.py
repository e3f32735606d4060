"""Reading a sweep file of any game: its ``game`` (default dungeonology) names the reader of its axes
(the ``READER`` of the game's sweep module, a :class:`SweepReader`); every value is checked on its own
(:mod:`experiments.runs.config.values`), then the axes are expanded into cells (:func:`load_sweep`,
:func:`parse_sweep`)."""

from __future__ import annotations

import itertools
import json
import math
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from pydantic import ValidationError

from experiments.runs.config.models import pydantic_error
from experiments.runs.config.plan import MAX_GAMES, Cell, SweepPlan
from experiments.runs.config.values import SweepValues
from experiments.runs.config.variants import Variant, parse_variants
from sim.kit.bundle import DEFAULT_GAME, GameBundle, games, get_game
from sim.kit.documents import read_toml
from sim.kit.errors import ConfigError, DungeonologyError, format_value


# ------------------------------------------------------------ reading
def load_sweep(path: str | Path, games: int | None = None, chunk_size: int | None = None,
               data: str | Path | None = None, overrides: Mapping[str, Any] | None = None,
               check: bool = False) -> SweepPlan:
    """Read, validate and expand a sweep file. ``games`` replaces ``games_per_cell``,
    ``chunk_size`` the file's chunk size, ``data`` the file's data folder (``sweep --data``, relative to
    the working folder), and ``overrides`` are added to ``[fixed.overrides]`` (``sweep --set``; a key the
    file sweeps is an error). ``check`` (``sweep --check``): each swept data value is checked once, not
    loaded again in every cell, and the cells carry no data hash (the plan cannot be run). Raises
    ConfigError (or DataError)."""
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
        raw = read_toml(text, shown)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"TOML syntax error: {exc}", file=shown) from None
    if data is not None:
        raw["data"] = str(Path(data).resolve())
    if overrides:
        fixed = raw.setdefault("fixed", {})
        if isinstance(fixed, dict):
            fixed["overrides"] = {**(fixed.get("overrides") or {}), **overrides}
    return parse_sweep(raw, file=shown, base=path.parent, default_name=path.stem, games=games, chunk_size=chunk_size,
                       check=check)


def game_of_file(raw: Mapping[str, Any], file: str | None = None) -> GameBundle:
    """The game a sweep file plays (its ``game``, default dungeonology); ConfigError naming the games there are."""
    name = raw.get("game", DEFAULT_GAME)
    if not isinstance(name, str) or name not in games():
        raise ConfigError(f"unknown game (allowed: {', '.join(sorted(games()))})", file=file, key="game", value=name)
    return get_game(name)


def parse_sweep(raw: Mapping[str, Any], file: str | None = None, base: Path | None = None,
                default_name: str = "sweep", games: int | None = None, chunk_size: int | None = None,
                check: bool = False) -> SweepPlan:
    """Validate a sweep read from TOML (a dict) and expand it into cells (``check``: see :func:`load_sweep`)."""
    game = game_of_file(raw, file)
    reader: type[SweepReader] = game.needs("sweep", "a sweep").READER
    try:
        model = reader.FILE.model_validate(dict(raw))
    except ValidationError as exc:
        raise pydantic_error(exc, raw, file, reader.FILE, reader.EXPECTED) from None
    sweep_reader = reader(game, model, raw, file, base, default_name, games, chunk_size)
    sweep_reader.check = check
    return sweep_reader.plan()


class SweepReader(SweepValues):
    """Turns a validated model into a plan: its checked values (:class:`SweepValues`) expanded into cells.

    A game's reader gives ``PLAN`` (its plan class), :meth:`cell` (one cell of axis values, with its
    compiled configuration) and, where its axes need them, :meth:`combinations` (the axis values of each
    player count), :meth:`rotates` and :meth:`resolved_sweep`."""

    PLAN: ClassVar[type[SweepPlan]] = SweepPlan
    check = False  # only checking (sweep --check): a cell need not load its swept values again

    def plan(self) -> SweepPlan:
        self.settings()
        axes = {name: self.axis(name) for name in self.AXES}
        overrides = self.overrides()
        variants: list[Variant | None] = list(parse_variants(
            self.m.sweep.variants, run_data=self.data, fixed=self.m.fixed.overrides, swept=self.m.sweep.overrides,
            base=self.base, err=self.err, blamed=self.blamed_override, load=self.load)) or [None]
        if not self.m.sweep.variants and isinstance((self.raw.get("sweep") or {}).get("variants"), Mapping):
            raise self.err(f"an empty table (expected {self.EXPECTED[('sweep', 'variants')]})",
                           ["sweep", "variants"], {})
        combo_index: dict[str, int] = {}  # a cell without its variant -> its seed block (paired variants)
        self.cells: list[Cell] = []
        self.skipped: list[dict[str, Any]] = []
        combos = list(itertools.product(*[vals for _, vals in overrides]))
        seen: set[str] = set()
        for players in axes["players"][0]:
            for axis_values in self.combinations(axes, players):
                for combo, variant in itertools.product(combos, variants):
                    swept = tuple((k, v) for (k, _), v in zip(overrides, combo, strict=True))
                    values = {**axis_values, "overrides": dict(swept)}
                    paired = json.dumps(values, sort_keys=True, default=str)
                    if variant is not None:
                        values["variant"] = variant.name
                    text = json.dumps(values, sort_keys=True, default=str)
                    if text in seen:
                        continue
                    seen.add(text)
                    try:
                        cell = self.cell(len(self.cells), values, swept, variant)
                        self.cells.append(replace(cell, seed_first=combo_index.setdefault(paired, len(combo_index)))
                                          if variant is not None else cell)
                    except DungeonologyError as exc:
                        reason = exc.message if hasattr(exc, "message") else str(exc)
                        if getattr(exc, "key", None):
                            reason = f"{exc.key} = {format_value(exc.value)}: {reason}" \
                                if exc.value is not None else f"{exc.key}: {reason}"
                        self.skip(values, reason)
        cells = self.cells
        if not cells:
            raise self.err("no cell left to play (every combination was impossible; see the skipped cells)",
                           ["skip_invalid"], True)
        games = self.games_requested
        rotating = sorted({c.players for c in cells if c.rotate or self.rotates(c)})
        if rotating:  # whole rotation blocks in every cell
            block = math.lcm(*rotating)
            games = -(-games // block) * block
        if games * len(cells) > MAX_GAMES:
            key = "games_per_cell" if self.games is None else "--games"
            raise self.err(f"{len(cells):,} cells x {games:,} games exceed the {MAX_GAMES:_} games a run can hold "
                           f"(allowed: at most {MAX_GAMES // len(cells):_} games per cell)", key, self.games_requested)
        if self.m.trace and any(_is_python_agent(a, self.game.name) for c in cells for a in c.agents):
            raise self.err("the per-round score trace plays numba agents only (allowed: trace = false with a "
                           "Python agent module:attr)", ["trace"], True)
        if variants[0] is not None:  # a combination's block of seeds: the same for each of its variants
            cells = [replace(c, seed_first=c.seed_first * games) for c in cells]
        fixed = {a: axes[a][0][0] for a in self.AXES if not axes[a][1]}
        fixed["overrides"] = dict(self.m.fixed.overrides)
        sweep = self.resolved_sweep({a: axes[a][0] for a in self.AXES if axes[a][1]}, cells)
        if overrides:
            sweep["overrides"] = {k: v for k, v in overrides}
        if variants[0] is not None:
            sweep["variants"] = {v.name: v.values() for v in variants}
        return self.PLAN(
            name=self.name, description=self.m.description, file=self.file, games_per_cell=games,
            games_per_cell_requested=self.games_requested, seed=self.m.seed, chunk_size=self.chunk,
            data=self.m.data, skip_invalid=self.m.skip_invalid, rotate_agents=self.m.rotate_agents, fixed=fixed,
            sweep=sweep, override_keys=tuple(k for k, _ in overrides), cells=tuple(cells),
            skipped=tuple(self.skipped), data_hash=self.loaded.hash, provisional=any(c.provisional for c in cells),
            data_path=self.data, trace=self.m.trace, variants=tuple(v.name for v in variants if v is not None),
            game=self.game.name, **self.plan_settings())

    # ------------------------------------------------------------ what a game adds
    def combinations(self, axes: dict[str, tuple[list[Any], bool]], players: int) -> Iterator[dict[str, Any]]:
        """The axis values of each cell of ``players`` seats, in cell order (the last axis varies fastest)."""
        rest = [a for a in self.AXES if a != "players"]
        for values in itertools.product(*[axes[a][0] for a in rest]):
            yield {"players": players, **dict(zip(rest, values, strict=True))}

    def skip(self, values: Mapping[str, Any], reason: str) -> None:
        """A cell that cannot be played: an error naming it, or (``skip_invalid``) dropped and listed."""
        if not self.m.skip_invalid:
            raise self.err(f"impossible cell ({_describe(values)}): {reason} (set skip_invalid = true to drop such "
                           "cells)", ["sweep"]) from None
        self.skipped.append({**values, "reason": reason})

    def cell(self, index: int, v: dict[str, Any], swept: tuple[tuple[str, Any], ...],
             variant: Variant | None = None) -> Cell:
        """The cell of axis values ``v`` (and the swept overrides and the variant): a DungeonologyError when it
        cannot be played."""
        raise NotImplementedError

    def seats(self, v: Mapping[str, Any]) -> tuple[tuple[str, ...], bool]:
        """The seat list of a cell (its agents' spec texts, filled to the player count, at most the kinds one
        batch plays) and whether they rotate through the seats."""
        from agents.spec import as_specs, distinct, seat_list
        from experiments.matches.tournament import check_kinds

        seats = seat_list(as_specs(v["agents"], self.game.name), v["players"])
        check_kinds(distinct(seats))
        texts = tuple(s.text for s in seats)
        return texts, self.m.rotate_agents and len(set(texts)) > 1

    def rotates(self, cell: Cell) -> bool:
        """Whether the cell's games rotate something through the seats besides the agents (its games per
        cell are then whole rotations)."""
        return False

    def resolved_sweep(self, sweep: dict[str, Any], cells: list[Cell]) -> dict[str, Any]:
        """The swept axes as the plan records them."""
        return sweep

    def plan_settings(self) -> dict[str, Any]:
        """The game's own fields of its plan."""
        return {}


def _describe(values: Mapping[str, Any]) -> str:
    out = []
    for k, v in values.items():
        if k == "overrides":
            out += [f"{ok} = {format_value(ov)}" for ok, ov in v.items()]
        else:
            out.append(f"{k} = {format_value(list(v) if isinstance(v, tuple) else v)}")
    return ", ".join(out)


def _is_python_agent(text: str, game: str) -> bool:
    """Whether an agent spec names a Python agent (``module:attr``), which the traced batch loop cannot play."""
    from agents.spec import PYTHON_KIND, parse_spec

    return parse_spec(text, game).kind == PYTHON_KIND
