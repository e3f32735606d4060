"""The ``dungeonology`` command line of any game, one module per family of commands:

- ``common``: the app, one-line errors (exit 2), ``--game`` and the game options (each game's, merged
  once, added to a command by ``@game_options``; a command of one game: ``@one_game``);
- ``play``: play (one game of any game, printed by the game);
- ``balance``: sweep, agents, tournament, report;
- ``checks``: fuzz, bench;
- ``league``: league.

A game's command-line module (its bundle's ``cli``) gives its options, how one game of it is printed,
and its own commands (its ``COMMANDS`` modules, imported here after the generic ones: Dungeonology's
replay, data, modules, main, report-memory, compare, tune-heuristic and tune); the default game's
``HELP_ORDER`` orders them all in --help. Every command that plays takes ``--game NAME`` (default
dungeonology) and the game options, turned into the game's configuration by its ``config``; ``sweep``
reads a sweep file instead (its ``game``), ``report`` the run's manifest. Errors of the engine
(``DungeonologyError``) and bad values print one line on stderr and exit with status 2; typer's own usage
errors exit 2 as well. See docs/CLI.md.
"""

from __future__ import annotations

import importlib

from experiments.cli.common import (
    NOTE,
    GameOptions,
    app,
    cli_errors,
    cli_of,
    every_game_cli,
    fail,
    game_options,
    one_game,
)

__all__ = ["NOTE", "GameOptions", "app", "cli_errors", "cli_of", "fail", "game_options", "main", "one_game"]
COMMAND_MODULES = ("play", "checks", "balance", "league")  # the generic commands
for _name in COMMAND_MODULES:
    importlib.import_module(f"experiments.cli.{_name}")


def _game_commands() -> None:
    """Import every game's own command modules, then order the commands as the default game's --help does."""
    for module in every_game_cli():
        for name in getattr(module, "COMMANDS", ()):
            importlib.import_module(name)
    order = list(getattr(cli_of(), "HELP_ORDER", ()))

    def rank(command: object) -> int:
        name = getattr(command, "name", None) or getattr(command.callback, "__name__", "").replace("_", "-")
        return order.index(name) if name in order else len(order)

    app.registered_commands.sort(key=rank)


_game_commands()


def main() -> None:
    app(prog_name="dungeonology")
