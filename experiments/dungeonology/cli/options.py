"""Dungeonology's game options on the command line (its bundle's ``cli`` gives them to the generic shell,
experiments/cli/common.py): ``--players``, ``--alert``, ``--level``, ``--scholar``, ``--data``, ``--set``,
``--modules`` and its alias ``--rules``, ``--boss``, ``--panic``, declared in :data:`GAME_OPTIONS` alone,
and ``build_config``, the one place where they become a validated GameConfig.

This module imports nothing of the command line (the shell imports it while it builds the app).
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from sim.dungeonology import modules as M
from sim.dungeonology.config import GameConfig, compile_config
from sim.dungeonology.loader import load_data, parse_set_options
from sim.kit.errors import ConfigError, DungeonologyError, format_value

if TYPE_CHECKING:
    from experiments.cli.common import GameOptions

PLAYER_COUNTS = (2, 3, 4)
DEFAULT_PLAYERS = 4


def one_line(text: str) -> str:
    import re

    return re.sub(r"\s*\n\s*", " ", text).strip()


def note() -> str:
    """One sentence for the help: whether the built-in data holds provisional values."""
    try:
        loaded = load_data()
    except DungeonologyError as exc:  # a broken installation: say so, do not crash the help
        return f"Note: the built-in data cannot be loaded ({one_line(str(exc))})."
    if not loaded.is_provisional:
        return "The built-in data holds no provisional values."
    return (
        "Note: the built-in data contains provisional values "
        f"({len(loaded.provisional)} printed card values not given in the rulebooks); "
        "see `dungeonology data`."
    )



def parse_modules(text: str | Sequence[str] | None) -> tuple[str, ...]:
    """``--modules`` text -> module names: 'all' (the base box's advanced rules),
    'none' or a comma-separated list (names are checked by the registry)."""
    if text is None:
        return ()
    if not isinstance(text, str):
        return tuple(text)
    words = [w.strip() for w in text.split(",") if w.strip()]
    if words in ([], ["none"]):
        return ()
    if words == ["all"]:
        return M.base_rules()
    return tuple(words)




def module_names(modules: str | Sequence[str] | None, rules: str | Sequence[str] | None) -> tuple[tuple[str, ...], str]:
    """The module names of ``--modules`` or its older name ``--rules`` (both given: they must agree), and
    the option to name in an error."""
    option = "--rules" if rules is not None and modules is None else "--modules"
    names = parse_modules(modules if modules is not None else rules)
    if modules is not None and rules is not None and names != parse_modules(rules):
        raise ConfigError(f"differs from --rules {format_value(list(parse_modules(rules)))} (its older name): "
                          "give one of them", key="--modules", value=list(names))
    return names, option


def build_config(
    players: int,
    alert: str = "medium",
    level: str = "students",
    scholars: Sequence[str] | None = None,
    data: str | None = None,
    sets: Sequence[str] | None = None,
    rules: str | Sequence[str] | None = None,
    boss: str | None = None,
    panic: str | None = None,
    modules: str | Sequence[str] | None = None,
) -> GameConfig:
    """The one place where command-line options become a (validated) GameConfig.

    ``scholars`` name seats 0, 1, ... in order; missing seats are dealt at
    random; ``modules`` is the ``--modules`` text (see :func:`parse_modules`),
    ``rules`` the same for its alias ``--rules``. Raises ConfigError /
    DataError for any bad value, naming the option."""
    names, option = module_names(modules, rules)
    try:
        overrides = parse_set_options(sets or [])
    except ConfigError as exc:
        raise ConfigError(exc.message, key="--set", value=exc.value) from None
    seats: list[str | None] | None = None
    if scholars:
        if len(scholars) > players:
            raise ConfigError(f"{len(scholars)} Scholars given for {players} seats (at most one per seat)",
                              key="--scholar", value=list(scholars))
        seats = [*scholars, *[None] * (players - len(scholars))]
    config = GameConfig(players=players, scholars=seats, alert=alert, player_level=level, data=data,
                        overrides=overrides, modules=names, boss=boss, panic=panic)
    try:
        compile_config(config)  # validates everything against the data
    except ConfigError as exc:
        if exc.file is None and (exc.key or "").split("[")[0] == "modules":
            raise ConfigError(exc.message, key=option, value=exc.value) from None
        raise
    return config


def player_counts(spec: str, alert: str, level: str, scholars: Sequence[str] | None, data: str | None,
                  sets: Sequence[str] | None, **advanced: Any) -> list[GameConfig]:
    """Configurations for ``--players 2|3|4|all`` (all: the counts the Player
    Level allows); ``advanced``: modules, rules, boss, panic as for build_config."""
    if str(spec).strip().lower() == "all":
        probe = build_config(4, alert, level, scholars, data, sets, **advanced)
        minimum = compile_config(probe).loaded.data.player_levels[level].min_players
        counts = [n for n in PLAYER_COUNTS if n >= minimum and n >= len(scholars or ())]
        return [build_config(n, alert, level, scholars, data, sets, **advanced) for n in counts]
    try:
        n = int(spec)
    except ValueError:
        raise ConfigError("expected 2, 3, 4 or all", key="--players", value=spec) from None
    return [build_config(n, alert, level, scholars, data, sets, **advanced)]


# ---------------------------------------------------------- game options
def _implemented() -> str:
    return ", ".join(M.names(implemented=True))


GAME_OPTIONS: dict[str, tuple[Any, Any]] = {  # parameter -> (annotation, default), in --help order
    "alert": (Annotated[str, typer.Option(
        "--alert", metavar="DIFFICULTY", help="Alert Card difficulty: introductory, easy, medium or hard.")],
        "medium"),
    "level": (Annotated[str, typer.Option(
        "--level", metavar="LEVEL",
        help="Player Level: students, scholars, professors or rectors (rectors: 4 players).")], "students"),
    "scholar": (Annotated[list[str] | None, typer.Option(
        "--scholar", metavar="NAME", help="Scholar of seat 0, 1, ... in order (repeat the option, one per seat); "
        "seats without one are dealt at random.")], None),
    "data": (Annotated[str | None, typer.Option(
        "--data", metavar="FOLDER", help="A data layer: a folder of TOML files holding only what they change, "
        "merged over the boxes of the modules in use.")],
        None),
    "set_": (Annotated[list[str] | None, typer.Option(
        "--set", metavar="KEY=VALUE", help="Override one data value (repeatable), e.g. scholars.Sofia.speed=4.")],
        None),
    "modules": (Annotated[str | None, typer.Option(
        "--modules", metavar="M1,M2|all|none",
        help=f"Modules in use, comma-separated (implemented: {_implemented()}; the others are listed by "
        "`dungeonology modules`); 'all' for the base box's four advanced rules, 'none' (default) for the basic "
        "game.")], None),
    "rules": (Annotated[str | None, typer.Option(
        "--rules", metavar="R1,R2|all|none", help="The older name of --modules (same names).")], None),
    "boss": (Annotated[str | None, typer.Option(
        "--boss", metavar="NAME[:PROFILE]", help="Boss Card and profile with the boss module, e.g. laetus:drunk or "
        "laetus:quarrelsome (default: drawn at random at setup).")], None),
    "panic": (Annotated[str | None, typer.Option(
        "--panic", metavar="CARD", help="Panic Card with the maximum_alert module, e.g. Darkness (default: drawn "
        "from the Panic deck).")], None),
}
PLAYERS_ONE = (Annotated[int, typer.Option("--players", "-p", help="Number of players: 2, 3 or 4.")], 4)
PLAYERS_MANY = (Annotated[str, typer.Option("--players", "-p", help="2, 3, 4 or all.")], "all")




def _option_name(annotation: Any) -> str:
    """The first name of the typer option in an Annotated[..., typer.Option(...)]."""
    info = typing.get_args(annotation)[1]
    return info.default if isinstance(info.default, str) else info.param_decls[0]  # Annotated: 1st name = default


OPTIONS = GAME_OPTIONS
# GameConfig keys -> the option that sets them, for error messages
OPTION_OF = {key: _option_name(annotation) for key, (annotation, _) in (
    ("players", PLAYERS_ONE), ("alert", GAME_OPTIONS["alert"]), ("player_level", GAME_OPTIONS["level"]),
    ("scholars", GAME_OPTIONS["scholar"]), ("data", GAME_OPTIONS["data"]), ("modules", GAME_OPTIONS["modules"]),
    ("boss", GAME_OPTIONS["boss"]), ("panic", GAME_OPTIONS["panic"]))}


# ------------------------------------------------------- what the shell asks of the game's options
def _advanced(options: GameOptions, modules: Sequence[str] | None) -> dict[str, Any]:
    if modules is not None:
        return {"modules": tuple(modules)}
    return {"modules": options.modules, "rules": options.rules, "boss": options.boss, "panic": options.panic}


def config(options: GameOptions, players: int, modules: Sequence[str] | None = None) -> GameConfig:
    """The GameConfig of a one-player-count command (``modules`` replaces the options' modules)."""
    return build_config(players, options.alert, options.level, options.scholar, options.data, options.set_,
                        **_advanced(options, modules))


def configs(options: GameOptions, players: str, modules: Sequence[str] | None = None) -> list[GameConfig]:
    """One GameConfig per player count of ``--players 2|3|4|all``."""
    return player_counts(players, options.alert, options.level, options.scholar, options.data, options.set_,
                         **_advanced(options, modules))


def overrides(options: GameOptions) -> dict[str, Any]:
    """The ``--set`` overrides (ConfigError naming --set)."""
    try:
        return parse_set_options(list(options.set_))
    except ConfigError as exc:
        raise ConfigError(exc.message, key="--set", value=exc.value) from None


def sweep_overrides(options: GameOptions) -> dict[str, Any]:
    """``sweep --set`` as the fixed overrides it adds to the file's: each value read as TOML."""
    from sim.dungeonology.loader.keys import parse_value

    return {k: parse_value(v, k) for k, v in overrides(options).items()}
