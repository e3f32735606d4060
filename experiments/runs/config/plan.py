"""The plan of a sweep of any game: its constants, cells and seeds.

A game's sweep module (its bundle's ``sweep``) reads its own axes into cells: its :class:`Cell` adds
the axis values of its cells (:meth:`Cell.axes`) and the constant columns of their rows
(:meth:`Cell.columns`); its :class:`SweepPlan` may add settings of its own (:meth:`SweepPlan.settings`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from experiments.runs.schema import OVERRIDE_PREFIX
from sim.kit.bundle import DEFAULT_GAME
from sim.kit.errors import format_value

MAX_SEED = 9_000_000
SEED_STRIDE = 10**12
"""Game ``g`` of a run with master seed ``s`` uses the seed ``s * SEED_STRIDE + g``."""
MAX_GAMES = 10**9
"""Games in one run at most: a game index has the 9 digits of the part file names
(``part-c<cell>-g<first>-<end>.parquet``) and stays below SEED_STRIDE, so seeds never repeat."""
MAX_CHUNK = 100_000
"""Games per task at most: a chunk's rows (one per seat, ~50 columns) are held at once by a worker
and by the parent, ~1.5 KiB per game, so a chunk stays under ~150 MiB."""
assert MAX_GAMES < SEED_STRIDE and (MAX_SEED + 1) * SEED_STRIDE < 2**63, "seeds are int64"

RANDOM = "random"
ALL = "all"


# -------------------------------------------------------------- the plan
@dataclass(frozen=True)
class Cell:
    """One combination of the axes: everything needed to play its games."""

    index: int
    players: int
    agents: tuple[str, ...]  # the seat list (spec texts), filled to the player count
    rotate: bool  # the agents rotate through the seats (they differ and rotate_agents is on)
    overrides: tuple[tuple[str, Any], ...]  # the swept overrides of this cell (key, value)
    config: Any  # the game's configuration, everything merged (fixed overrides too)
    data_hash: str
    provisional: bool
    variant: str = ""  # the variant's name ("" = a run without variants)
    variant_values: dict[str, Any] | None = None  # the variant as the manifest records it
    seed_first: int = -1  # seed index of the cell's game 0 (-1: its first global game index)

    def axes(self) -> dict[str, Any]:
        """The game's own axis values of the cell, JSON-ready, in the manifest's order (none here)."""
        return {}

    def columns(self) -> dict[str, Any]:
        """The constant columns of the cell's rows that the game adds (besides agents, set: and variant)."""
        return {}

    def label_parts(self) -> list[str]:
        """The game's own ``key=value`` parts of :meth:`label`."""
        return []

    def values(self) -> dict[str, Any]:
        """The cell as JSON-ready values (the manifest's ``cells``)."""
        return {"cell": self.index, "players": self.players, "agents": list(self.agents), "rotate": self.rotate,
                **self.axes(), "overrides": dict(self.overrides), "data_hash": self.data_hash,
                **({"variant": self.variant_values, "seed_first": self.seed_first} if self.variant else {})}

    def label(self) -> str:
        parts = [f"players={self.players}", f"agents={','.join(self.agents)}", *self.label_parts()]
        parts += [f"{k}={format_value(v)}" for k, v in self.overrides]
        if self.variant:
            parts.append(f"variant={self.variant}")
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
    data_path: str | None = None  # the data folder as resolved (relative to the sweep file), None = built-in
    trace: bool = False  # the per-round score trace is recorded (agents.trace)
    variants: tuple[str, ...] = ()  # the variant names, in file order (a ``variant`` column when any)
    game: str = DEFAULT_GAME  # the game played (its bundle, sim.kit.bundle)

    @property
    def games_total(self) -> int:
        return self.games_per_cell * len(self.cells)

    def settings(self) -> dict[str, Any]:
        """The game's own settings that differ from their defaults (identity and configuration)."""
        return {}

    def seating(self, cell: Cell) -> str:
        """How the seats of ``cell``'s games take the fixed choices of its configuration
        (experiments.runs.seating): "as_listed" unless the game says otherwise."""
        return "as_listed"

    def cell_games(self, cell: int) -> tuple[int, int]:
        """Global game range [lo, hi) of a cell (cell-major)."""
        return cell * self.games_per_cell, (cell + 1) * self.games_per_cell

    def seed_index(self, cell: int) -> int:
        """The seed index of game 0 of ``cell``: its first global game index, except in a run with
        variants, where every variant of a cell shares the seeds of the cell's first variant."""
        first = self.cells[cell].seed_first
        return self.cell_games(cell)[0] if first < 0 else first

    def game_seed(self, game: int) -> int:
        if not self.variants:
            return game_seed(self.seed, game)
        cell = game // self.games_per_cell
        return game_seed(self.seed, self.seed_index(cell) + game - self.cell_games(cell)[0])

    def _game(self) -> dict[str, Any]:
        return {"game": self.game} if self.game != DEFAULT_GAME else {}

    def identity(self) -> dict[str, Any]:
        """Everything that decides the rows of the run (not how they are computed)."""
        return {"name": self.name, "games_per_cell": self.games_per_cell, "seed": self.seed,
                "seed_stride": SEED_STRIDE, "override_keys": list(self.override_keys),
                "cells": [c.values() for c in self.cells], **({"trace": True} if self.trace else {}),
                **self.settings(), **self._game()}

    def identity_hash(self) -> str:
        text = json.dumps(self.identity(), sort_keys=True, default=str, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def to_dict(self) -> dict[str, Any]:
        """The resolved configuration (the manifest's ``config``)."""
        return {"name": self.name, "description": self.description, "file": self.file,
                "games_per_cell": self.games_per_cell, "games_per_cell_requested": self.games_per_cell_requested,
                "seed": self.seed, "chunk_size": self.chunk_size, "data": self.data,
                "skip_invalid": self.skip_invalid, "rotate_agents": self.rotate_agents, "fixed": self.fixed,
                "sweep": self.sweep, "override_keys": list(self.override_keys),
                **({"variants": list(self.variants)} if self.variants else {}),
                **({"trace": True} if self.trace else {}), **self.settings(), **self._game()}


def game_seed(master: int, game: int) -> int:
    """The seed of game ``game`` (global index in the run) of a run with master seed ``master``."""
    return master * SEED_STRIDE + game


def _number(value: Any, whole: bool) -> bool:
    return isinstance(value, int if whole else (int, float)) and not isinstance(value, bool)


def override_dtypes(plan: SweepPlan) -> dict[str, str]:
    """The dtype of each set:<key> column: Int64 when every value the plan sweeps is a whole number, Float64
    when every one is a number, else string (the value's text); the same in every part of the run, so a
    dataset reader (pd.read_parquet(run_dir), duckdb) sees one numeric column."""
    values: dict[str, list[Any]] = {k: [] for k in plan.override_keys}
    for cell in plan.cells:
        for key, value in cell.overrides:
            values.setdefault(key, []).append(value)
    out = {}
    for key, vals in values.items():
        kind = "Int64" if all(_number(v, True) for v in vals) else "Float64" if all(
            _number(v, False) for v in vals) else "string"
        out[OVERRIDE_PREFIX + key] = kind if vals else "string"
    return out
