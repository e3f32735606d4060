"""Dungeonology's command line (its bundle's ``cli``, what the generic shell experiments/cli/ asks of a
game: experiments/cli/common.py): its game options (``options``), how one game is printed (``play``:
``show_game``), its fuzz combinations and labels, its bench, and its own commands: replay, data,
modules (``play``), main (``main``), report-memory (``reporting``), compare (``compare``), tune-heuristic
and tune (``tune``).

This package imports nothing of the command line when it is imported (the shell reads its options while
it builds the app); its command modules (:data:`COMMANDS`) are imported by the shell afterwards.
"""

from __future__ import annotations

from typing import Any

from experiments.dungeonology.cli.options import (
    DEFAULT_PLAYERS,
    GAME_OPTIONS,
    OPTION_OF,
    OPTIONS,
    PLAYER_COUNTS,
    PLAYERS_MANY,
    PLAYERS_ONE,
    build_config,
    config,
    configs,
    module_names,
    note,
    overrides,
    parse_modules,
    player_counts,
    sweep_overrides,
)

COMMANDS = ("experiments.dungeonology.cli.play", "experiments.dungeonology.cli.main",
            "experiments.dungeonology.cli.reporting", "experiments.dungeonology.cli.compare",
            "experiments.dungeonology.cli.tune")
HELP_ORDER = ("play", "replay", "data", "modules", "fuzz", "bench", "sweep", "main", "agents", "tournament", "report",
              "report-memory", "compare", "league", "tune-heuristic", "tune")

__all__ = ["COMMANDS", "DEFAULT_PLAYERS", "GAME_OPTIONS", "HELP_ORDER", "OPTIONS", "OPTION_OF", "PLAYERS_MANY",
           "PLAYERS_ONE", "PLAYER_COUNTS", "bench", "build_config", "combinations", "config", "configs",
           "fuzz_title", "invariant_name", "label", "module_names", "note", "overrides", "parse_modules",
           "player_counts", "provisional_note", "show_game", "sweep_overrides"]


def show_game(*args: Any) -> None:
    """Play one game to its end and print it turn by turn (experiments.dungeonology.cli.play.show_game)."""
    from experiments.dungeonology.cli.play import show_game as show

    show(*args)


def provisional_note(config: Any) -> str | None:
    """The note under a tournament's or league's table when the data holds provisional values."""
    from sim.dungeonology.config import compile_config

    if compile_config(config).loaded.is_provisional:
        return "Note: provisional card data was used (see `dungeonology data`)."
    return None


def label(config: Any) -> str:
    """'+'-joined module names, 'basic' for none (as in fuzz tables and file names)."""
    return "+".join(config.modules) or "basic"


def fuzz_title(label: str) -> str:
    """The title of a fuzz table of the configurations of ``label``."""
    return "basic game" if label == "basic" else f"rules: {label}"


def combinations() -> list[tuple[str, ...]]:
    """Every playable combination of the implemented modules (sim.dungeonology.modules; 16 for the base box's
    four advanced rules), the basic game first (``fuzz --all-combinations``)."""
    from sim.dungeonology.modules import combinations as every

    return every()


def invariant_name(code: int) -> str:
    """The name of an invariant check's code (sim.dungeonology.core.checks.invariants)."""
    from sim.dungeonology.core.checks.invariants import INVARIANTS

    return INVARIANTS.get(int(code), f"invariant {int(code)}")


def bench(*args: Any, **kwargs: Any) -> None:
    """Dungeonology's ``bench`` (experiments.dungeonology.cli.benchmarks.bench)."""
    from experiments.dungeonology.cli.benchmarks import bench as run

    run(*args, **kwargs)
