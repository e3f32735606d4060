"""Dungeonology's sweeps (its bundle's ``sweep``): the axes of its sweep file and their cells, and what
the generic runner (experiments.runs.sweep) asks of a game's sweep module.

A sweep file names fixed settings, sweep axes with their values, the games per cell and a master seed;
the cells are the cartesian product of the axes. The format is documented in docs/SWEEPS.md; in short::

    name = "default"               # results go to results/<name>/
    description = "..."
    games_per_cell = 400
    seed = 1                       # master seed
    chunk_size = 500               # games per task
    rotate_agents = true           # rotate different agents through the seats
    skip_invalid = false           # drop impossible cells instead of failing
    scholar_seating = "as_listed"  # named Scholars take the seats as listed, or "rotate", or "random" per game
    # data = "my_data"             # a data folder (relative to this file); default: the built-in box

    [fixed]                        # one value each
    players = 4
    agents = ["heuristic"]         # one spec per seat; fewer than the players: repeated
    modules = []                   # the basic game; or modules, e.g. ["boss", "maximum_alert"] (or rules = [...])
    boss = "random"                # with the boss module: "laetus:drunk", "laetus" (profile random) ...
    panic = "random"               # with the maximum_alert module: a Panic Card name, or drawn at random

    [fixed.overrides]              # data overrides used in every cell
    "scholars.Rebecca.hand" = 5

    [sweep]                        # lists of values (a single value or "all" also works)
    alert = ["introductory", "easy", "medium", "hard"]
    player_level = "all"
    clan = "random"                # or "all", or a list of Clan names (and "random")
    scholars = "random"            # or "all_combinations", "all_permutations", or a list of seat lists
    # modules = [[], ["boss"]]      # (an axis is fixed or swept, not both)
    # boss = ["laetus:quarrelsome", "laetus:drunk"]  # used by the cells whose modules include boss

    [sweep.overrides]              # "what if": one set:<key> column each
    "scholars.Sofia.speed" = [3, 4, 5]

Every axis (players, agents, modules, boss, panic, alert, player_level, clan, scholars) may be given
in ``[fixed]`` or in ``[sweep]``, not both (``rules`` is the older name of ``modules``: either one,
not both); missing axes take the defaults of :data:`DEFAULTS`. A cell that cannot be played (a Player
Level the player count does not allow, more Scholars or agents than seats, ...) is an error naming the
cell, unless ``skip_invalid = true``: such cells are then dropped and listed in the manifest. The boss
and panic axes only apply to cells whose modules include boss / maximum_alert; other cells take
"random" for them (and are played once, not once per boss or panic value).

Cells are numbered in the order of the nested loops players > agents > modules > boss > panic > alert
> player_level > clan > scholars > overrides (the last varies fastest).

The package: ``models`` (the file's shape, what each key expects), ``cells`` (its cells and plan),
``reader`` (checking and expanding its axes).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from experiments.dungeonology.results import box_of
from experiments.dungeonology.sweep.cells import DEFAULTS, SCHOLAR_MODES, SEATINGS, Cell, SweepPlan
from experiments.dungeonology.sweep.models import AXES, EXPECTED, Fixed, Sweep, SweepFile
from experiments.dungeonology.sweep.reader import Reader
from sim.dungeonology import layout as L
from sim.dungeonology.config import Compiled, compile_config
from sim.dungeonology.results import boss_labels

READER = Reader
__all__ = ["AXES", "DEFAULTS", "EXPECTED", "READER", "SCHOLAR_MODES", "SEATINGS", "Cell", "Fixed", "Reader", "Sweep",
           "SweepFile", "SweepPlan", "categories", "lean", "manifest_data"]


def categories(plan: SweepPlan, compiled: Compiled) -> dict[str, list[str]]:
    """The categories of the game's categorical columns, the same in every part of the run: the names of
    ``compiled`` (the run's data without modules) first, then those the cells' module sets add (an
    expansion's Scholars, Clans, Panic Cards: its data layers are merged only with its modules)."""
    sets = {c.rules: c.config for c in plan.cells if c.rules}
    every = [compiled.names, *(compile_config(config).names for config in sets.values())]

    def union(field: str) -> list[str]:
        return list(dict.fromkeys(x for n in every for x in getattr(n, field)))

    names = dataclasses.replace(compiled.names, **{f: tuple(union(f)) for f in ("scholars", "clans", "panic")})
    return {
        "alert": list(names.difficulties),
        "player_level": list(names.levels),
        "rules": list(dict.fromkeys("+".join(c.rules) for c in plan.cells)),
        "modules": list(dict.fromkeys("+".join(c.rules) for c in plan.cells)),
        "box": list(dict.fromkeys(box_of("+".join(c.rules)) for c in plan.cells)),
        "scholar": list(names.scholars),
        "clan": list(names.clans),
        "end_reason": list(L.END_REASONS),
        "boss": boss_labels(names),
        "panic": ["", *names.panic],
    }


def lean(compiled: Compiled, python: bool) -> Compiled:
    """What a worker gets of a cell's compiled configuration: its tables, no loaded data (the names only for a
    Python agent, who observes them)."""
    return Compiled(compiled.config, None, compiled.tables, compiled.names if python else None, compiled.scholars,
                    compiled.clan)


def manifest_data(plan: SweepPlan, base: Compiled) -> dict[str, Any]:
    """The manifest's data entries: the layers and every value's provenance (sim.dungeonology.loader), and
    the provisional and transcribed values as `dungeonology data` lists them (each with its layer, file,
    key, value and note)."""
    data = base.loaded.summary()
    return {
        "data": {"source": plan.data or "built-in", "hash": plan.data_hash, "provisional": plan.provisional,
                 "provisional_values": len(base.loaded.provisional),
                 "cell_hashes": sorted({c.data_hash for c in plan.cells}),
                 "layers": data["layers"], "values": data["values"], "changed_values": data["changed_values"]},
        "provisional_values": [dataclasses.asdict(v) for v in base.loaded.provisional],
        "transcribed_values": [dataclasses.asdict(v) for v in base.loaded.transcribed],
    }
