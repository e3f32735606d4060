"""Experiments as data: the sweep configuration file (TOML) of any game and its cells.

A sweep file names its game (``game = "leduc"``; default dungeonology), fixed settings, sweep axes
with their values, the games per cell and a master seed; the cells are the cartesian product of the
axes. Every game's file has the settings of :class:`SweepFile` (name, description, games_per_cell,
seed, chunk_size, data, skip_invalid, rotate_agents, trace, game), the axes ``players`` and
``agents``, data overrides (``[fixed.overrides]``, ``[sweep.overrides]``: a ``set:<key>`` column
each) and variants (``[sweep.variants]``); the game's sweep module (its bundle's ``sweep``) reads its
own axes (Dungeonology's: experiments.dungeonology.sweep, docs/SWEEPS.md). Every value is checked
against the game's data and the agent registry; errors are :class:`sim.kit.errors.ConfigError`
naming the file, the dotted key, the value and what is allowed. A cell that cannot be played is an
error naming the cell, unless ``skip_invalid = true``: such cells are then dropped and listed in the
manifest.

The package: ``plan`` (cells, seeds), ``models`` (the file's shape, what each key expects),
``values`` (each value checked), ``resolve`` (reading the file, expanding the axes into cells),
``variants`` (the variants axis).
"""

from experiments.runs.config.models import EXPECTED, SweepFile
from experiments.runs.config.plan import ALL, MAX_SEED, RANDOM, SEED_STRIDE, Cell, SweepPlan, game_seed
from experiments.runs.config.resolve import SweepReader, load_sweep, parse_sweep

__all__ = ["ALL", "EXPECTED", "MAX_SEED", "RANDOM", "SEED_STRIDE", "Cell", "SweepFile", "SweepPlan", "SweepReader",
           "game_seed", "load_sweep", "parse_sweep"]
