"""A Dungeonology sweep's cells and plan: the axis values of a cell (modules, Boss, Panic Card, Alert,
Player Level, Clan Card, Scholars) and the Scholar seating of the run."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from experiments.dungeonology.results import box_of
from experiments.runs.config import plan as generic
from experiments.runs.config.plan import RANDOM

DEFAULTS: dict[str, Any] = {
    "players": 4,
    "agents": ["heuristic"],
    "modules": [],
    "boss": "random",
    "panic": "random",
    "alert": "medium",
    "player_level": "students",
    "clan": "random",
    "scholars": "random",
}
SCHOLAR_MODES = ("random", "all_combinations", "all_permutations")
SEATINGS = ("as_listed", "rotate", "random")
"""``scholar_seating``: how a cell's named Scholars take the seats in each game: as listed (seat p gets
entry p), rotated (game i of the cell gives seat p the entry (p + i) mod players) or dealt at random among
the seats (a permutation drawn from the game's seed alone). The turn order is drawn at setup (Setup D) in
every case; the seating decides who sits next to whom."""


@dataclass(frozen=True, kw_only=True)
class Cell(generic.Cell):
    """One combination of Dungeonology's axes."""

    rules: tuple[str, ...]  # the modules in use (the rows' and the manifest's "rules")
    boss: str  # "random" or name[:profile] (only with the boss rule)
    panic: str  # "random" or a Panic Card (only with the maximum_alert rule)
    alert: str
    player_level: str
    clan: str  # a Clan Card name or "random"
    scholars: tuple[str, ...]  # one per seat; "random" = dealt at random

    @property
    def modules(self) -> tuple[str, ...]:
        return self.rules

    def axes(self) -> dict[str, Any]:
        return {"rules": list(self.rules), "boss": self.boss, "panic": self.panic, "alert": self.alert,
                "player_level": self.player_level, "clan": self.clan, "scholars": list(self.scholars)}

    def columns(self) -> dict[str, Any]:
        modules = "+".join(self.rules)
        return {"alert": self.alert, "player_level": self.player_level, "rules": modules, "modules": modules,
                "box": box_of(modules)}

    def label_parts(self) -> list[str]:
        parts = [f"alert={self.alert}", f"player_level={self.player_level}", f"clan={self.clan}",
                 f"scholars={','.join(self.scholars)}"]
        if self.rules:
            parts.append(f"modules={'+'.join(self.rules)}")
        return parts + [f"{k}={getattr(self, k)}" for k in ("boss", "panic") if getattr(self, k) != RANDOM]


@dataclass(frozen=True)
class SweepPlan(generic.SweepPlan):
    """A Dungeonology sweep: its cells and how their named Scholars take the seats."""

    scholar_seating: str = "as_listed"  # SEATINGS: how named Scholars take the seats, game by game

    def settings(self) -> dict[str, Any]:
        return {"scholar_seating": self.scholar_seating} if self.scholar_seating != SEATINGS[0] else {}

    def seating(self, cell: generic.Cell) -> str:
        named = any(s != RANDOM for s in cell.scholars)
        return self.scholar_seating if named else "as_listed"
