"""What every command shares: the typer app, the help note on provisional
data, one-line errors (exit 2), and the game options, defined once.

The game options (``--players``, ``--alert``, ``--level``, ``--scholar``,
``--data``, ``--set``, ``--modules`` and its alias ``--rules``, ``--boss``,
``--panic``) are declared in :data:`GAME_OPTIONS` alone; a command gets them
with the :func:`game_options` decorator, which adds them to its signature and
hands the command one :class:`GameOptions`. ``GameOptions.config`` /
``configs`` turn them into validated GameConfigs (through ``build_config``).
"""

from __future__ import annotations

import functools
import inspect
import re
import typing
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from sim.dungeonology import modules as M
from sim.dungeonology.config import GameConfig, compile_config
from sim.dungeonology.loader import load_data, parse_set_options
from sim.kit.errors import ConfigError, DataError, DungeonologyError, format_value

PLAYER_COUNTS = (2, 3, 4)


# ------------------------------------------------------------- help text
def one_line(text: str) -> str:
    return re.sub(r"\s*\n\s*", " ", text).strip()


def _provisional_note() -> str:
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


NOTE = _provisional_note()

app = typer.Typer(
    name="dungeonology",
    help=f"Play, replay, fuzz and benchmark the Dungeonology rules engine.\n\n{NOTE}",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def version_text() -> str:
    """'dungeonology 0.1.0 (git 1a2b3c4d5e6f)': the package version and, in a git checkout, its commit."""
    from experiments.runs.stamps import code_version

    v = code_version()
    git = f" (git {v['git'][:12]}{', modified' if v.get('dirty') else ''})" if v.get("git") else ""
    return f"dungeonology {v['package']}{git}"


def _show_version(value: bool) -> None:
    if value:
        typer.echo(version_text())
        raise typer.Exit(0)


@app.callback()
def _main(version: Annotated[bool, typer.Option("--version", callback=_show_version, is_eager=True,
                                                help="Print the version (and git commit) and exit.")] = False,
          ) -> None:
    """Play, replay, fuzz and benchmark the Dungeonology rules engine."""


# ---------------------------------------------------------------- errors
def _message(exc: BaseException) -> str:
    if isinstance(exc, ConfigError) and exc.file is None and exc.key is not None:
        key = exc.key
        option = _OPTION_OF.get(re.sub(r"\[\d+\]$", "", key), key)
        if option.startswith("--"):
            shown = "" if exc.value is None else f" {format_value(exc.value)}"
            return one_line(f"{option}{shown}: {exc.message}")
    if isinstance(exc, DataError) and exc.file is None and exc.key is not None:
        return one_line(f"--set {exc}")  # an override names a key the data does not have
    return one_line(str(exc))


def fail(message: str) -> NoReturn:
    """Print ``error: message`` on stderr and exit with status 2."""
    typer.echo(f"error: {one_line(message)}", err=True)
    raise typer.Exit(2)


@contextmanager
def cli_errors(prefix: str | None = None) -> Iterator[None]:
    """Turn engine errors into a one-line message and exit status 2."""
    try:
        yield
    except DungeonologyError as exc:
        # inside a file (a record) the keys are the file's, not command-line options
        fail(f"{prefix}: {one_line(str(exc))}" if prefix else _message(exc))


def new_console() -> Console:
    return Console(highlight=False, soft_wrap=True)


def print_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], *, title: str | None = None,
                left: Sequence[str] = (), console: Console | None = None) -> None:
    """Print a table of texts, the one printer of every command: columns right-aligned (those named in
    ``left`` left-aligned), nothing wrapped. On a terminal it is a rich table; piped or redirected it is as
    wide as its cells (never cut to 80 columns, never a number shortened with an ellipsis)."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    console = console or new_console()
    cells = [[str(c) for c in r] for r in rows]
    table = Table(box=box.SIMPLE_HEAD, title=title, show_edge=False, pad_edge=False, collapse_padding=True,
                  header_style="bold")
    for h in headers:
        table.add_column(h, justify="left" if h in left else "right", no_wrap=True)
    for r in cells:
        table.add_row(*(Text(c) for c in r))
    if not console.is_terminal:
        widths = [max([len(h), *(len(r[i]) for r in cells if i < len(r))]) for i, h in enumerate(headers)]
        need = max(sum(widths) + 2 * len(widths) + 2, len(title or "") + 2)
        if need > console.width:
            console = Console(file=console.file, width=need, highlight=False, soft_wrap=True, no_color=True)
    console.print(table)


ProgressOpt = Annotated[bool, typer.Option("--progress/--no-progress", help="Show a progress bar.")]


# ---------------------------------------------------------------- agents
AgentsOpt = Annotated[
    str | None,
    typer.Option("--agents", "-a", metavar="A,B,...",
                 help="Agents, comma-separated, one per seat in order (e.g. heuristic,random,random,random); "
                      "simple specs only (a name or name:persona). A spec with parameters contains commas: "
                      "give it with --agent."),
]
AgentOpt = Annotated[
    list[str] | None,
    typer.Option("--agent", metavar="SPEC",
                 help="One agent spec (repeatable), any spec, e.g. --agent heuristic:risk=0.6,sabotage=0.2; "
                      "added after those of --agents."),
]


def check_runner(jobs: int | None, backend: str | None, scheduler: str | None) -> str:
    """The backend of a command that plays through the sweep runner (sweep, main, tune): --jobs at least 1,
    --backend loky or dask, --scheduler only with dask (exit 2 naming the option otherwise); dask when a
    scheduler is given, else loky by default."""
    if jobs is not None and jobs < 1:
        fail(f"--jobs {jobs}: use at least 1 process")
    if backend is not None and backend not in ("loky", "dask"):
        fail(f"--backend {format_value(backend)}: unknown backend (allowed: loky, dask)")
    if scheduler and backend == "loky":
        fail(f"--scheduler {format_value(scheduler)}: a scheduler needs --backend dask")
    return backend or ("dask" if scheduler else "loky")


def default_jobs() -> int:
    """The processes a command that plays through the sweep runner (sweep, main, tune) uses without
    --jobs: every CPU this process may run on."""
    import os

    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def agent_specs(agents_csv: str | None, agent: Sequence[str] | None) -> list:
    """The seat list of --agents (comma list of simple specs) then --agent (repeated), parsed."""
    from agents.spec import parse_spec

    texts: list[tuple[str, str]] = []  # (option, spec)
    if agents_csv is not None:
        parts = [p.strip() for p in agents_csv.split(",")]
        if any("=" in p for p in parts):
            raise ConfigError("a spec with parameters cannot go in the comma list; give it with "
                              "--agent SPEC (repeat --agent for each seat)", key="--agents", value=agents_csv)
        if any(not p for p in parts):
            raise ConfigError("an empty agent name in the comma list", key="--agents", value=agents_csv)
        texts += [("--agents", p) for p in parts]
    texts += [("--agent", a) for a in agent or []]
    if not texts:
        raise ConfigError("no agents: give --agents A,B,... or --agent SPEC (see `dungeonology agents`)",
                          key="--agents")
    specs = []
    for option, text in texts:
        try:
            specs.append(parse_spec(text))
        except ConfigError as exc:
            raise ConfigError(exc.message, key=option, value=text) from None
    return specs


# ------------------------------------------------------- modules, config
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


# GameConfig keys -> the option that sets them, for error messages
_OPTION_OF = {"seed": "--seed", **{key: _option_name(annotation) for key, (annotation, _) in (
    ("players", PLAYERS_ONE), ("alert", GAME_OPTIONS["alert"]), ("player_level", GAME_OPTIONS["level"]),
    ("scholars", GAME_OPTIONS["scholar"]), ("data", GAME_OPTIONS["data"]), ("modules", GAME_OPTIONS["modules"]),
    ("boss", GAME_OPTIONS["boss"]), ("panic", GAME_OPTIONS["panic"]))}}


@dataclass(frozen=True)
class GameOptions:
    """The game options of one command line, as given (checked by ``config``)."""

    players: int | str = 4
    alert: str = "medium"
    level: str = "students"
    scholar: tuple[str, ...] = ()
    data: str | None = None
    set_: tuple[str, ...] = ()
    modules: str | None = None
    rules: str | None = None
    boss: str | None = None
    panic: str | None = None

    def _advanced(self, modules: Sequence[str] | None) -> dict[str, Any]:
        if modules is not None:
            return {"modules": tuple(modules)}
        return {"modules": self.modules, "rules": self.rules, "boss": self.boss, "panic": self.panic}

    def config(self, modules: Sequence[str] | None = None) -> GameConfig:
        """The GameConfig of a one-player-count command (``modules`` replaces the options' modules)."""
        return build_config(int(self.players), self.alert, self.level, self.scholar, self.data, self.set_,
                            **self._advanced(modules))

    def configs(self, modules: Sequence[str] | None = None) -> list[GameConfig]:
        """One GameConfig per player count of ``--players 2|3|4|all``."""
        return player_counts(str(self.players), self.alert, self.level, self.scholar, self.data, self.set_,
                             **self._advanced(modules))

    def overrides(self) -> dict[str, Any]:
        """The ``--set`` overrides (ConfigError naming --set)."""
        try:
            return parse_set_options(list(self.set_))
        except ConfigError as exc:
            raise ConfigError(exc.message, key="--set", value=exc.value) from None


def game_options(players: str = "one", only: Sequence[str] | None = None) -> Callable[[Callable], Callable]:
    """Add the game options to a command: the command declares a parameter
    ``game: GameOptions`` and gets them all in it. ``players``: "one" (an
    int, default 4), "many" (2, 3, 4 or all, default all) or "none";
    ``only``: a subset of GAME_OPTIONS' names (e.g. ``("data", "set_")``)."""
    chosen = {k: GAME_OPTIONS[k] for k in (only or GAME_OPTIONS)}
    if players != "none":
        chosen = {"players": PLAYERS_ONE if players == "one" else PLAYERS_MANY, **chosen}

    def decorate(command: Callable) -> Callable:
        sig = inspect.signature(command, eval_str=True)
        own = [p for p in sig.parameters.values() if p.name != "game"]
        added = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation)
                 for name, (annotation, default) in chosen.items()]

        @functools.wraps(command)
        def run(**kwargs: Any) -> Any:
            values = {name: kwargs.pop(name) for name in chosen}
            for name in ("scholar", "set_"):
                if name in values:
                    values[name] = tuple(values[name] or ())
            return command(**kwargs, game=GameOptions(**values))

        params = [*own, *added]
        run.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
        run.__annotations__ = {p.name: p.annotation for p in params}
        return run

    return decorate
