"""What every command shares: the typer app, the help note of the default game, one-line errors (exit 2),
and the game options.

Every command that plays takes ``--game NAME`` (default dungeonology) and the game options of every game
in the catalogue, each game's declared by its command-line module (its bundle's ``cli``: Dungeonology's
``--players``, ``--alert``, ``--level``, ``--scholar``, ``--data``, ``--set``, ``--modules``, ``--rules``,
``--boss``, ``--panic``, experiments/dungeonology/cli/options.py), merged once here; a command gets them
with the :func:`game_options` decorator, which adds them to its signature and hands the command one
:class:`GameOptions`. ``GameOptions.config`` / ``configs`` turn them into the game's validated
configurations; an option the chosen game does not have, given anyway, is refused naming it. A command
of one game only (:func:`one_game`) refuses another ``--game`` with a one-line message.

A game's command-line module gives: ``OPTIONS`` (parameter -> (annotation, default), in --help order),
``PLAYERS_ONE`` / ``PLAYERS_MANY`` (the ``--players`` of a one-count and a many-count command: the default
game's are shown), ``DEFAULT_PLAYERS``, ``OPTION_OF`` (configuration key -> option, for errors),
``config(options, players)``, ``configs(options, players_text)``, ``overrides(options)``, ``note()`` (a
sentence of the help), ``show_game(console, game, choose, quiet, seed)`` (play one game to its end and
print it), ``provisional_note(config)``; and where it has them ``label(config)``, ``combinations()``,
``COMMANDS`` (modules registering its own commands) and ``HELP_ORDER`` (the default game's order of the
commands in --help).
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from sim.kit.bundle import DEFAULT_GAME, games, get_game
from sim.kit.errors import ConfigError, DataError, DungeonologyError, format_value


# ------------------------------------------------------------- the games' options
def cli_of(game: str | None = None) -> ModuleType:
    """The command-line module of a game (None: the default game)."""
    return get_game(game).needs("cli", "a command line")


def every_game_cli() -> list[ModuleType]:
    """The command-line modules of the catalogue's games, the default game first."""
    names = [DEFAULT_GAME, *sorted(n for n in games() if n != DEFAULT_GAME)]
    found = [get_game(n).module("cli") for n in names]
    return [m for m in found if m is not None]


def every_option() -> dict[str, tuple[Any, Any]]:
    """Every game's options merged (parameter -> (annotation, default)): the default game's first, in its
    --help order, then those only another game has."""
    out: dict[str, tuple[Any, Any]] = {}
    for module in every_game_cli():
        for name, option in module.OPTIONS.items():
            out.setdefault(name, option)
    return out


# ------------------------------------------------------------- help text
def one_line(text: str) -> str:
    return re.sub(r"\s*\n\s*", " ", text).strip()


NOTE = cli_of().note()

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
        option = _option_of().get(re.sub(r"\[\d+\]$", "", key), key)
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
    """The backend of a command that plays through the sweep runner (sweep, main, tune): --jobs from 1 to
    the CPUs this process may run on (experiments.runs.jobs), --backend loky or dask, --scheduler only with
    dask (exit 2 naming the option otherwise); dask when a scheduler is given, else loky by default."""
    if jobs is not None:
        from experiments.runs.jobs import check_jobs

        with cli_errors():
            check_jobs(jobs)
    if backend is not None and backend not in ("loky", "dask"):
        fail(f"--backend {format_value(backend)}: unknown backend (allowed: loky, dask)")
    if scheduler and backend == "loky":
        fail(f"--scheduler {format_value(scheduler)}: a scheduler needs --backend dask")
    return backend or ("dask" if scheduler else "loky")


def default_jobs() -> int:
    """The processes a command that plays through the sweep runner (sweep, main, tune) uses without
    --jobs: every CPU this process may run on."""
    from experiments.runs.jobs import usable_cpus

    return usable_cpus()


def agent_specs(agents_csv: str | None, agent: Sequence[str] | None, game: str | None = None) -> list:
    """The seat list of --agents (comma list of simple specs) then --agent (repeated), parsed for ``game``
    (None: the default game)."""
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
            specs.append(parse_spec(text, game))
        except ConfigError as exc:
            raise ConfigError(exc.message, key=option, value=text) from None
    return specs


# ---------------------------------------------------------- game options
GameOpt = Annotated[str, typer.Option("--game", metavar="NAME", help="The game: " + ", ".join(sorted(games())) + ".")]


def _option_of() -> dict[str, str]:
    out = {"seed": "--seed", "game": "--game"}
    for module in every_game_cli():
        out.update({k: v for k, v in getattr(module, "OPTION_OF", {}).items() if k not in out})
    return out


class GameOptions:
    """The game options of one command line, as given: ``game`` (--game) and every game's option values,
    read as attributes (``options.players``, ``options.data``); ``given``: the options the command line gave
    (None: every value passed here), checked against the chosen game's (:meth:`check`)."""

    def __init__(self, game: str | None = None, given: Sequence[str] | None = None, **values: Any) -> None:
        defaults = {name: default for name, (_, default) in every_option().items()}
        self.game = game or DEFAULT_GAME
        self.given = set(values) if given is None else set(given)
        self.values = {**defaults, **values}

    def __getattr__(self, name: str) -> Any:
        values = self.__dict__.get("values", {})
        if name in values:
            return values[name]
        raise AttributeError(name)

    @property
    def cli(self) -> ModuleType:
        """The chosen game's command-line module (ConfigError naming --game for an unknown game)."""
        try:
            return cli_of(self.game)
        except ConfigError as exc:
            raise ConfigError(exc.message, key="--game", value=self.game) from None

    def check(self) -> ModuleType:
        """The chosen game's command-line module, once every option given is one of its options."""
        cli = self.cli
        own = ["players", *cli.OPTIONS]
        foreign = [n for n in every_option() if n in self.given and n not in own]
        if foreign:
            names = [_flag(n) for n in own]
            raise ConfigError(f"not an option of {self.game} (its options: {', '.join(names)})",
                              key=_flag(foreign[0]), value=self.values[foreign[0]])
        return cli

    @property
    def players_given(self) -> Any:
        """--players as given, else the chosen game's default (a one-count command's)."""
        return self.values.get("players") if "players" in self.given else self.cli.DEFAULT_PLAYERS

    def config(self, **kw: Any) -> Any:
        """The configuration of a one-player-count command (the game's ``config``; ``kw``: e.g. modules)."""
        return self.check().config(self, int(self.players_given), **kw)

    def configs(self, **kw: Any) -> list[Any]:
        """One configuration per player count of ``--players N|all`` (the game's ``configs``)."""
        return self.check().configs(self, str(self.values.get("players", "all")), **kw)

    def overrides(self) -> dict[str, Any]:
        """The ``--set`` overrides (ConfigError naming --set)."""
        return self.cli.overrides(self)


def _flag(name: str) -> str:
    """The option of a parameter (``set_`` -> ``--set``)."""
    annotation = {"players": _players("one")[0], **{k: a for k, (a, _) in every_option().items()}}[name]
    info = typing_args(annotation)
    return info.default if isinstance(info.default, str) else info.param_decls[0]


def typing_args(annotation: Any) -> Any:
    """The typer option of an Annotated[..., typer.Option(...)]."""
    import typing

    return typing.get_args(annotation)[1]


def _players(kind: str) -> tuple[Any, Any]:
    """The default game's ``--players`` of a one-count or a many-count command."""
    cli = cli_of()
    return cli.PLAYERS_ONE if kind == "one" else cli.PLAYERS_MANY


def _given(names: Sequence[str], ctx: typer.Context | None) -> list[str]:
    """The parameters the command line gave (not their defaults); every one outside a command line."""
    if ctx is None:
        return list(names)
    sources = {n: ctx.get_parameter_source(n) for n in names}
    return [n for n, source in sources.items() if source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")]


def _with_parameters(command: Callable, added: dict[str, tuple[Any, Any]],
                     run: Callable[..., Any]) -> Callable:
    """``run`` (called with the command's keyword arguments) with ``command``'s signature plus ``added``."""
    sig = inspect.signature(command, eval_str=True)
    own = [p for p in sig.parameters.values() if p.name != "game"]
    params = [*own, *(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation)
                      for name, (annotation, default) in added.items())]
    functools.update_wrapper(run, command)
    run.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in params}
    return run


def game_options(players: str = "one", only: Sequence[str] | None = None, game: bool = True) -> Callable[[Callable],
                                                                                                     Callable]:
    """Add the game options to a command: the command declares a parameter ``game: GameOptions`` and gets them
    all in it. ``players``: "one" (a count, default the game's), "many" (N or all, default all) or "none";
    ``only``: a subset of the options' names (e.g. ``("data", "set_")``); ``game``: add ``--game`` (a
    command that reads its game from a file or a run has none)."""
    every = every_option()
    chosen = {k: every[k] for k in (only or every)}
    if players != "none":
        chosen = {"players": _players(players), **chosen}
    added = {**chosen, **({"game_name": (GameOpt, DEFAULT_GAME)} if game else {}),
             "typer_context": (typer.Context, inspect.Parameter.empty)}

    def decorate(command: Callable) -> Callable:
        def run(**kwargs: Any) -> Any:
            values = {name: kwargs.pop(name) for name in chosen}
            ctx = kwargs.pop("typer_context", None)
            name = kwargs.pop("game_name", DEFAULT_GAME) if game else DEFAULT_GAME
            for key in ("scholar", "set_"):
                if key in values:
                    values[key] = tuple(values[key] or ())
            return command(**kwargs, game=GameOptions(name, _given(list(chosen), ctx), **values))

        return _with_parameters(command, added, run)

    return decorate


def one_game(name: str) -> Callable[[Callable], Callable]:
    """A command of one game only: it takes ``--game`` and refuses another game in one line (exit 2)."""

    def decorate(command: Callable) -> Callable:
        def run(**kwargs: Any) -> Any:
            chosen = kwargs.pop("game_name", name)
            if chosen != name:
                fail(f"--game {chosen}: a command of {name} only")
            return command(**kwargs)

        option = Annotated[str, typer.Option("--game", metavar="NAME", help=f"The game: {name} (a command of {name} "
                                             "only).")]
        return _with_parameters(command, {"game_name": (option, name)}, run)

    return decorate
