"""Leduc poker on the command line (its bundle's ``cli``, what the generic shell asks of a game:
experiments/cli/common.py): its options ``--players`` (2 to 10), ``--data`` (a designer's layer: a TOML
file, or a folder holding leduc.toml) and ``--set KEY=VALUE`` (a rule value, e.g.
``betting.raise_amounts=[2,8]``), and one game printed action by action with the returns.

``dungeonology play --game leduc``, ``fuzz --game leduc``, ``bench --game leduc``, ``tournament --game
leduc --agents ismcts,random`` and ``league --game leduc``; ``sweep`` of a file with ``game = "leduc"``
(experiments/leduc/sweep.py) and ``report`` of its run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from sim.kit.errors import ConfigError
from sim.leduc import layout as L
from sim.leduc.config import LeducConfig, compile_config

if TYPE_CHECKING:
    from rich.console import Console

    from experiments.cli.common import GameOptions

DEFAULT_PLAYERS = 2
OPTIONS: dict[str, tuple[Any, Any]] = {  # parameter -> (annotation, default), in --help order
    "data": (Annotated[str | None, typer.Option(
        "--data", metavar="FILE", help="A designer's layer of rule values: a TOML file, or a folder holding "
        "leduc.toml.")], None),
    "set_": (Annotated[list[str] | None, typer.Option(
        "--set", metavar="KEY=VALUE", help="Override one rule value (repeatable), e.g. betting.ante=2.")], None),
}
OPTION_OF = {"players": "--players", "data": "--data"}


def overrides(options: GameOptions) -> dict[str, Any]:
    """The ``--set`` overrides: dotted rule keys and their values as written (read as TOML by the config)."""
    out: dict[str, Any] = {}
    for text in options.set_ or ():
        key, sep, value = str(text).partition("=")
        if not sep or not key.strip():
            raise ConfigError("expected KEY=VALUE, e.g. betting.ante=2", key="--set", value=text)
        out[key.strip()] = value.strip()
    return out


def config(options: GameOptions, players: int) -> LeducConfig:
    """The validated configuration of a one-player-count command."""
    out = LeducConfig(players=players, data=options.data, overrides=overrides(options))
    compile_config(out)
    return out


def configs(options: GameOptions, players: str) -> list[LeducConfig]:
    """One configuration per player count of ``--players N|all`` (all: 2 to 10)."""
    if players.strip().lower() == "all":
        return [config(options, n) for n in range(2, L.MAXP + 1)]
    try:
        return [config(options, int(players))]
    except ValueError:
        raise ConfigError(f"expected 2 to {L.MAXP} or all", key="--players", value=players) from None


def sweep_overrides(options: GameOptions) -> dict[str, Any]:
    """``sweep --set`` as the fixed overrides it adds to the file's (read as TOML by the config)."""
    return overrides(options)


def label(config: LeducConfig) -> str:
    """What a configuration plays, in a word (fuzz tables and file names)."""
    return "leduc" if not (config.data or config.overrides) else "leduc-changed"


def note() -> str:
    """The help's sentence about the game's data."""
    return "Leduc poker's rule values are OpenSpiel's leduc_poker defaults (sim/leduc/data/leduc.toml)."


def provisional_note(config: LeducConfig) -> str | None:
    """Leduc's rule values are never provisional."""
    return None


def show_game(console: Console, g: Any, choose: Callable[[Any], int | None], quiet: bool, seed: int,
              before: list[str]) -> None:
    """Play ``g`` to its end with ``choose`` and print it: each seat's action (unless ``quiet``), then each seat's
    card, return and whether it takes (a share of) the pot."""
    from experiments.cli.common import cli_errors, print_table

    for line in before if not quiet else ():
        console.print(line, markup=False)
    with cli_errors():
        while not g.is_terminal():
            seat = g.current_player()
            action = choose(g)
            if action is None:
                break
            if not quiet:
                console.print(f"seat {seat}: {g.action_to_string(action)}", markup=False)
            g.apply(action)
    returns = g.returns()
    rows = [(p, int(g.state[L.S_PRIVATE + p]), f"{returns[p]:+g}", "WINNER" if g.state[L.S_WINNER + p] else "")
            for p in range(g.config.players)]
    head = "Result" if g.is_terminal() else "So far (the game is not over)"
    print_table(("seat", "card", "return", ""), rows, title=f"{head}: Leduc poker, seed {seed}", left=("",),
                console=console)
