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

Every axis (players, agents, modules, boss, panic, alert, player_level, clan, scholars) may
be given in ``[fixed]`` or in ``[sweep]``, not both (``rules`` is the older name of
``modules``: either one, not both); missing axes take the
defaults of :data:`DEFAULTS`. Every value is checked against the data (Scholar,
Clan, Alert and Player Level names), the module registry (sim.dungeonology.modules: a
module's requirements, exclusions and whether it is implemented) and the
agent registry (agent specs);
errors are :class:`sim.kit.errors.ConfigError` naming the file, the dotted key,
the value and what is allowed. A cell that cannot be played (a Player Level
the player count does not allow, more Scholars or agents than seats, ...) is
an error naming the cell, unless ``skip_invalid = true``: such cells are then
dropped and listed in the manifest. The boss and panic axes only apply to
cells whose modules include boss / maximum_alert; other cells take "random" for
them (and are played once, not once per boss or panic value).

The package: ``plan`` (cells, seeds), ``models`` (the file's shape, what each key
expects), ``resolve`` (reading, checking, expanding).

Cells are numbered in the order of the nested loops players > agents > modules >
boss > panic > alert > player_level > clan > scholars > overrides (the last varies fastest).
"""

from experiments.runs.config.models import EXPECTED, Fixed, Sweep, SweepFile
from experiments.runs.config.plan import (
    ALL,
    AXES,
    DEFAULTS,
    MAX_SEED,
    RANDOM,
    SCHOLAR_MODES,
    SEATINGS,
    SEED_STRIDE,
    Cell,
    SweepPlan,
    game_seed,
)
from experiments.runs.config.resolve import load_sweep, parse_sweep

__all__ = ["ALL", "AXES", "DEFAULTS", "EXPECTED", "MAX_SEED", "RANDOM", "SCHOLAR_MODES", "SEATINGS", "SEED_STRIDE",
           "Cell", "Fixed", "Sweep", "SweepFile", "SweepPlan", "game_seed", "load_sweep", "parse_sweep"]
