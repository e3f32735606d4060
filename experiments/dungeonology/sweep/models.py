"""The shape of Dungeonology's sweep file (pydantic models of its ``[fixed]`` and ``[sweep]`` tables,
docs/SWEEPS.md) and what each of its keys expects."""

from __future__ import annotations

from typing import Any

from experiments.runs.config import models
from experiments.runs.config.models import Strict
from sim.dungeonology import modules as M

AXES = ("players", "agents", "modules", "boss", "panic", "alert", "player_level", "clan", "scholars")
"""Dungeonology's axes, in the order of the cells' nested loops (the last varies fastest, then the overrides)."""


class Fixed(Strict):
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


class Sweep(Strict):
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


class SweepFile(models.SweepFile):
    """The whole file."""

    scholar_seating: str = "as_listed"  # how named Scholars take the seats: as_listed, rotate, random
    fixed: Fixed = Fixed()
    sweep: Sweep = Sweep()


EXPECTED: dict[tuple[str, ...], str] = {
    **models.EXPECTED,
    ("scholar_seating",): '"as_listed", "rotate" or "random" (how a cell\'s named Scholars take the seats, game by '
                          'game)',
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
