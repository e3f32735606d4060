"""The ``dungeonology`` command line, one module per family of commands:

- ``common``: the app, one-line errors (exit 2), the game options (defined once,
  added to a command by ``@game_options``) and ``build_config``;
- ``play``: play, replay, data, modules;
- ``balance``: sweep, main, agents, tournament, report;
- ``checks``: fuzz, bench;
- ``reporting``: report-memory;
- ``compare``: compare (variants, issue 14);
- ``tune``: tune (experiments/tune/search.py);
- ``league``: league.

Every command that plays takes the same game options, turned into a
``GameConfig`` by ``build_config`` alone; ``sweep`` and ``main`` read a sweep
file instead (experiments/runs/config, docs/SWEEPS.md). Errors of the engine
(``DungeonologyError``) and bad values print one line on stderr and exit with
status 2; typer's own usage errors exit 2 as well. See docs/CLI.md.
"""

from __future__ import annotations

import importlib

from experiments.cli.common import (
    GAME_OPTIONS,
    NOTE,
    GameOptions,
    app,
    build_config,
    cli_errors,
    fail,
    game_options,
    parse_modules,
    player_counts,
)

__all__ = ["GAME_OPTIONS", "NOTE", "GameOptions", "app", "build_config", "cli_errors", "fail", "game_options",
           "main", "parse_modules", "player_counts"]
COMMAND_MODULES = ("play", "checks", "balance", "reporting", "compare", "league", "tune")  # the order of --help
for _name in COMMAND_MODULES:
    importlib.import_module(f"experiments.cli.{_name}")


def main() -> None:
    app(prog_name="dungeonology")
