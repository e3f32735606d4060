"""The ``dungeonology`` command line: main, sweep, tournament, agents, play,
replay, data, fuzz, bench.

Every command that plays single configurations takes the same game options
(``--players``, ``--alert``, ``--level``, ``--scholar``, ``--data``, ``--set``),
turned into a ``GameConfig`` by ``build_config`` alone; ``sweep`` and ``main``
read a sweep file instead (experiments/sweep_config.py, docs/SWEEPS.md). Errors of the engine
(``DungeonologyError``) and bad values print one line on stderr and exit
with status 2; typer's own usage errors exit 2 as well. See docs/CLI.md.
"""

from __future__ import annotations

import json
import re
import subprocess
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import numpy as np
import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from experiments.narrate import narrate, setup_lines, snapshot, turn_header
from sim import layout as L
from sim.config import GameConfig, compile_config
from sim.errors import ConfigError, DataError, DungeonologyError, format_value
from sim.game import Game, game_from_state, new_game
from sim.game import replay as replay_record
from sim.loader import describe, load_data, parse_set_options

PLAYER_COUNTS = (2, 3, 4)


# ------------------------------------------------------------- help text
def _provisional_note() -> str:
    """One sentence for the help: whether the built-in data holds provisional values."""
    try:
        loaded = load_data()
    except DungeonologyError as exc:  # a broken installation: say so, do not crash the help
        return f"Note: the built-in data cannot be loaded ({_one_line(str(exc))})."
    if not loaded.is_provisional:
        return "The built-in data holds no provisional values."
    return (
        "Note: the built-in data contains provisional values "
        f"({len(loaded.provisional)} printed card values not given in the rulebooks); "
        "see `dungeonology data`."
    )


def _one_line(text: str) -> str:
    return re.sub(r"\s*\n\s*", " ", text).strip()


NOTE = _provisional_note()

app = typer.Typer(
    name="dungeonology",
    help=f"Play, replay, fuzz and benchmark the Dungeonology rules engine.\n\n{NOTE}",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


# ---------------------------------------------------------- game options
PlayersOpt = Annotated[int, typer.Option("--players", "-p", help="Number of players: 2, 3 or 4.")]
AlertOpt = Annotated[
    str,
    typer.Option("--alert", metavar="DIFFICULTY", help="Alert Card difficulty: introductory, easy, medium or hard."),
]
LevelOpt = Annotated[
    str,
    typer.Option(
        "--level", metavar="LEVEL", help="Player Level: students, scholars, professors or rectors (rectors: 4 players)."
    ),
]
ScholarOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--scholar",
        metavar="NAME",
        help="Scholar of seat 0, 1, ... in order (repeat the option, one per seat); "
        "seats without one are dealt at random.",
    ),
]
DataOpt = Annotated[
    str | None,
    typer.Option(
        "--data", metavar="FOLDER", help="A folder of component data (TOML files) instead of the built-in box."
    ),
]
SetOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--set", metavar="KEY=VALUE", help="Override one data value (repeatable), e.g. scholars.Sofia.speed=4."
    ),
]

RulesOpt = Annotated[
    str,
    typer.Option(
        "--rules", metavar="R1,R2|all|none",
        help="Advanced rules in use, comma-separated: boss, dangerous_zones, maximum_alert, main_effects; "
        "'all' for the four, 'none' (default) for the basic game.",
    ),
]
BossOpt = Annotated[
    str | None,
    typer.Option(
        "--boss", metavar="NAME[:PROFILE]",
        help="Boss Card and profile with the boss rule, e.g. laetus:drunk or laetus:quarrelsome "
        "(default: drawn at random at setup).",
    ),
]
PanicOpt = Annotated[
    str | None,
    typer.Option(
        "--panic", metavar="CARD",
        help="Panic Card with the maximum_alert rule, e.g. Darkness (default: drawn from the Panic deck).",
    ),
]

# GameConfig keys -> the option that sets them, for error messages
_OPTION_OF = {"players": "--players", "alert": "--alert", "player_level": "--level", "scholars": "--scholar",
              "seed": "--seed", "data": "--data", "rules": "--rules", "boss": "--boss", "panic": "--panic"}


def parse_rules(text: str | Sequence[str] | None) -> tuple[str, ...]:
    """``--rules`` text -> rule names: 'all', 'none' or a comma-separated list
    (names are checked by ``compile_config``)."""
    if text is None:
        return ()
    if not isinstance(text, str):
        return tuple(text)
    words = [w.strip() for w in text.split(",") if w.strip()]
    if words in ([], ["none"]):
        return ()
    if words == ["all"]:
        return tuple(L.RULE_NAMES)
    return tuple(words)


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
) -> GameConfig:
    """The one place where command-line options become a (validated) GameConfig.

    ``scholars`` name seats 0, 1, ... in order; missing seats are dealt at
    random; ``rules`` is the ``--rules`` text (see :func:`parse_rules`).
    Raises ConfigError / DataError for any bad value."""
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
                        overrides=overrides, rules=parse_rules(rules), boss=boss, panic=panic)
    compile_config(config)  # validates everything against the data
    return config


def player_counts(spec: str, alert: str, level: str, scholars: Sequence[str] | None, data: str | None,
                  sets: Sequence[str] | None, **advanced: Any) -> list[GameConfig]:
    """Configurations for ``--players 2|3|4|all`` (all: the counts the Player
    Level allows); ``advanced``: rules, boss, panic as for build_config."""
    if spec.strip().lower() == "all":
        probe = build_config(4, alert, level, scholars, data, sets, **advanced)
        minimum = compile_config(probe).loaded.data.player_levels[level].min_players
        counts = [n for n in PLAYER_COUNTS if n >= minimum and n >= len(scholars or ())]
        return [build_config(n, alert, level, scholars, data, sets, **advanced) for n in counts]
    try:
        n = int(spec)
    except ValueError:
        raise ConfigError("expected 2, 3, 4 or all", key="--players", value=spec) from None
    return [build_config(n, alert, level, scholars, data, sets, **advanced)]


# ---------------------------------------------------------------- errors
def _message(exc: BaseException) -> str:
    if isinstance(exc, ConfigError) and exc.file is None and exc.key is not None:
        key = exc.key
        option = _OPTION_OF.get(re.sub(r"\[\d+\]$", "", key), key)
        if option.startswith("--"):
            shown = "" if exc.value is None else f" {format_value(exc.value)}"
            return _one_line(f"{option}{shown}: {exc.message}")
    if isinstance(exc, DataError) and exc.file is None and exc.key is not None:
        return _one_line(f"--set {exc}")  # an override names a key the data does not have
    return _one_line(str(exc))


def fail(message: str) -> NoReturn:
    """Print ``error: message`` on stderr and exit with status 2."""
    typer.echo(f"error: {_one_line(message)}", err=True)
    raise typer.Exit(2)


@contextmanager
def cli_errors(prefix: str | None = None) -> Iterator[None]:
    """Turn engine errors into a one-line message and exit status 2."""
    try:
        yield
    except DungeonologyError as exc:
        # inside a file (a record) the keys are the file's, not command-line options
        fail(f"{prefix}: {_one_line(str(exc))}" if prefix else _message(exc))


def _console() -> Console:
    return Console(highlight=False, soft_wrap=True)


# ------------------------------------------------------------------- log
_STYLES = (("SUCCESS", "bold green"), ("FAILURE", "bold red"), ("Jinx", "magenta"), ("Omega Student", "yellow"),
           ("Stun", "red"))


def _emit(console: Console) -> Callable[[str], None]:
    def out(line: str) -> None:
        if line.startswith("==="):
            console.print(Text(line, style="bold cyan"))
        elif line.startswith("Game over"):
            console.print(Text(line, style="bold"))
        else:
            text = Text(line)
            for word, style in _STYLES:
                text.highlight_words([word], style)
            console.print(text)

    return out


def play_out(
    g: Game,
    choose: Callable[[Game], int | None],
    emit: Callable[[str], None] | None,
    seed: int | None = None,
    check: bool = False,
) -> list[str]:
    """Play ``g`` to the end (or until ``choose`` returns None), narrating with ``emit``.

    Returns the invariant violations seen when ``check`` is on."""
    violations: list[str] = []
    before = snapshot(g) if emit else None
    if emit:
        for line in setup_lines(before, seed):
            emit(line)
        if not g.is_terminal():
            emit(turn_header(before))
    while not g.is_terminal():
        action = choose(g)
        if action is None:
            break
        text = g.action_to_string(action) if emit else ""
        g.apply(action)
        if check:
            broken = g.check_invariants()
            if broken:
                violations.append(f"after action #{len(g.history) - 1} ({action}): {broken}")
                if emit:
                    emit(f"  INVARIANT VIOLATED: {broken}")
        if emit:
            after = snapshot(g)
            for line in narrate(before, after, text):
                emit(line)
            before = after
    return violations


def print_result(console: Console, g: Game) -> None:
    r = g.result()
    if r["over"]:
        head = f"Final scores: {r['end_reason']} after {r['turns']} turns ({r['rounds']} rounds); Clan Card {r['clan']}"
    else:
        head = f"Scores so far (the game is not over): {r['turns']} turns ({r['rounds']} rounds); Clan Card {r['clan']}"
    console.print(Text(head, style="bold"))
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, header_style="bold", pad_edge=False, collapse_padding=True)
    interns = bool(int(g.tables[L.T_RULES]) & L.RULE_MAIN_EFFECTS)
    cols = ("rank", "seat", "Scholar", "score", "board", "thesis", *(("interns",) if interns else ()), "jinx",
            "Thesis #", "")
    for col in cols:
        table.add_column(col, justify="left" if col in ("Scholar", "Thesis #", "") else "right", no_wrap=True)
    for s in sorted(r["seats"], key=lambda x: (x["rank"], x["seat"])):
        b = s["breakdown"]
        thesis = f"#{s['thesis_order']}" if s["thesis_order"] else "-"
        if not s["eligible"]:
            thesis += " (not eligible)"
        extra = (str(b["intern_bonus"]),) if interns else ()
        table.add_row(str(s["rank"]), str(s["seat"]), s["scholar"], str(s["score"]), str(b["board"]),
                      str(b["thesis_bonus"]), *extra, str(b["jinx_penalty"]), thesis, "WINNER" if s["winner"] else "")
    console.print(table)
    console.print("score = board (Note Board points with the Clan modifiers) + thesis (Thesis bonus)"
                  + (" + interns (Intern Cards' bonus points)" if interns else "") + " - jinx (Jinx penalty)",
                  markup=False)


# -------------------------------------------------------------- commands
@app.command(help=f"Play one game with uniformly random legal actions and print it turn by turn.\n\n"
             "The random agent is the one of `fuzz` and `bench`: `play --seed S` plays the game that "
             f"their game with seed S plays.\n\n{NOTE}")
def play(
    players: PlayersOpt = 4,
    seed: Annotated[int, typer.Option("--seed", "-s", min=0, help="Seed of the game and of the random agent.")] = 0,
    save: Annotated[Path | None, typer.Option("--save", help="Write the game record (JSON) to this file.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the result, not the log.")] = False,
    alert: AlertOpt = "medium",
    level: LevelOpt = "students",
    scholar: ScholarOpt = None,
    data: DataOpt = None,
    set_: SetOpt = None,
    rules: RulesOpt = "none",
    boss: BossOpt = None,
    panic: PanicOpt = None,
) -> None:
    from experiments.fuzz import RandomAgent

    console = _console()
    with cli_errors():
        config = build_config(players, alert, level, scholar, data, set_, rules, boss, panic)
        g = new_game(config, seed)
    if g.compiled.loaded.is_provisional and not quiet:
        console.print(f"Note: provisional data in use ({len(g.compiled.loaded.provisional)} values); "
                      "see `dungeonology data`.", markup=False)
    agent = RandomAgent(seed)
    with cli_errors():
        play_out(g, lambda game: agent.choose(game.legal_actions()), None if quiet else _emit(console), seed)
    print_result(console, g)
    if save is not None:
        try:
            save.write_text(json.dumps(g.record()) + "\n", encoding="utf-8")
        except OSError as exc:
            fail(f"{save}: cannot write the record: {exc.strerror or exc}")
        if not quiet:
            console.print(f"Record written to {save}", markup=False)


def read_record(file: Path) -> dict[str, Any]:
    """The JSON of a record file (exit 2 naming the file when it cannot be read)."""
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"{file}: cannot read the record: {getattr(exc, 'strerror', None) or exc}")
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        fail(f"{file}: not a JSON game record (line {exc.lineno}, column {exc.colno}: {exc.msg})")
    if not isinstance(record, dict):
        fail(f"{file}: not a game record (a JSON object is expected)")
    return record


@app.command(help="Replay a game record (JSON, from `play --save` or `fuzz`) and print its log and result.\n\n"
             "Invariants are checked after every action.")
def replay(
    file: Annotated[Path, typer.Argument(help="The record file.", show_default=False)],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the result, not the log.")] = False,
) -> None:
    console = _console()
    record = read_record(file)
    with cli_errors(str(file)):
        replay_record(record)  # validates the record: config, data hash, every action
        config = GameConfig.from_dict(record["config"])
        if "initial_state" in record:
            g = game_from_state(config, int(record["seed"]), np.array(record["initial_state"], dtype=np.int64))
        else:
            g = new_game(config, record["seed"])
    actions = iter(record["actions"])
    with cli_errors(str(file)):
        violations = play_out(g, lambda _g: next(actions, None), None if quiet else _emit(console),
                              record["seed"], check=True)
    if not g.is_terminal() and not quiet:
        console.print("The record ends here; the game is not over.", markup=False)
    print_result(console, g)
    for v in violations:
        console.print(f"Invariant violated {v}", markup=False, style="bold red")


@app.command(help=f"Print the component data: every component and every provisional value.\n\n{NOTE}")
def data(
    data: DataOpt = None,
    set_: SetOpt = None,
) -> None:
    with cli_errors():
        try:
            overrides = parse_set_options(set_ or [])
        except ConfigError as exc:
            raise ConfigError(exc.message, key="--set", value=exc.value) from None
        loaded = load_data(data, overrides)
    typer.echo(describe(loaded))


@app.command(help="Play many random games per player count in the numba batch, checking every invariant "
             "after every action; write a replayable record of each failing game.\n\n"
             "Game i uses the seed SEED * 1000003 + i (with --seed 0: seed i), so `play --seed <that>` "
             f"replays it. Exit status 1 when an invariant is violated.\n\n{NOTE}")
def fuzz(
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per player count.")] = 2000,
    players: Annotated[str, typer.Option("--players", "-p", help="2, 3, 4 or all.")] = "all",
    seed: Annotated[int, typer.Option("--seed", "-s", min=0, help="Base seed (see above).")] = 0,
    out: Annotated[Path, typer.Option("--out", help="Folder for the failure records.")] = Path("results/fuzz"),
    progress: Annotated[bool, typer.Option("--progress/--no-progress", help="Show a progress bar.")] = True,
    alert: AlertOpt = "medium",
    level: LevelOpt = "students",
    scholar: ScholarOpt = None,
    data: DataOpt = None,
    set_: SetOpt = None,
    rules: RulesOpt = "none",
    boss: BossOpt = None,
    panic: PanicOpt = None,
    combinations: Annotated[bool, typer.Option(
        "--all-combinations", help="Fuzz every combination of the four advanced rules (16, the basic game "
        "included; --games per combination and player count); replaces --rules.")] = False,
) -> None:
    from experiments.fuzz import rule_combinations, run_fuzz

    console = _console()
    with cli_errors():
        if combinations:
            if boss is not None or panic is not None:
                fail("--boss and --panic need their rule in every combination: leave them out with "
                     "--all-combinations")
            configs = [c for combo in rule_combinations()
                       for c in player_counts(players, alert, level, scholar, data, set_, rules=combo)]
        else:
            configs = player_counts(players, alert, level, scholar, data, set_, rules=rules, boss=boss,
                                    panic=panic)
        try:
            report = run_fuzz(configs, games=games, seed=seed, progress=progress, out_dir=out)
        except OSError as exc:
            fail(f"{getattr(exc, 'filename', None) or out}: cannot write a failure record: {exc.strerror or exc}")
    console.print(f"Random-play fuzz, base seed {seed}, invariants checked after every action", markup=False)
    for label in dict.fromkeys(r.rules for r in report.rows):
        table = Table(box=box.SIMPLE_HEAD, title="basic game" if label == "basic" else f"rules: {label}",
                      show_edge=False, pad_edge=False, collapse_padding=True, header_style="bold")
        for col in ("players", "games", "decisions", "turns/game", "seconds", "games/s", "decisions/s", "fails"):
            table.add_column(col, justify="right")
        for r in report.rows:
            if r.rules == label:
                table.add_row(str(r.players), str(r.games), str(r.decisions), f"{r.turns / max(r.games, 1):.1f}",
                              f"{r.seconds:.2f}", f"{r.games_per_s:,.0f}", f"{r.decisions_per_s:,.0f}",
                              str(len(r.failures)))
        console.print(table)
    console.print(f"Total: {report.games} games, {report.decisions} decisions in {report.seconds:.2f} s "
                  f"({report.games / max(report.seconds, 1e-9):,.0f} games/s)", markup=False)
    if report.ok:
        console.print("No invariant violated.", markup=False)
        return
    for f in report.failures:
        note = "" if f.reproduced else " (NOT reproduced by the Python rebuild)"
        console.print(
            f"VIOLATION {f.players} players, rules {f.rules}, seed {f.seed}: [{f.code}] {f.invariant} "
            f"(after {f.decision} actions){note}; record: {f.record}", markup=False, style="bold red")
    raise typer.Exit(1)


@app.command(help="Benchmark random play (2, 3 and 4 players), memory, cold and warm start, and the JIT "
             f"speed-up.\n\n{NOTE}")
def bench(
    games: Annotated[int | None, typer.Option("--games", "-n", min=1, help="Games per player count "
                                              "(default 5000, or 300 with --quick).")] = None,
    quick: Annotated[bool, typer.Option("--quick", help="Fewer games (for tests).")] = False,
    cold: Annotated[bool, typer.Option("--cold/--no-cold", help="Measure the cold start (a minute or more).")] = True,
    players: Annotated[str, typer.Option("--players", "-p", help="2, 3, 4 or all.")] = "all",
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write the figures as JSON.")] = None,
    baseline: Annotated[str | None, typer.Option("--baseline", metavar="REF", help="Also measure the engine at "
                                                 "this git ref (e.g. a93eed3, before the restructuring) side by "
                                                 "side with this one, from a temporary worktree.")] = None,
    alert: AlertOpt = "medium",
    level: LevelOpt = "students",
    scholar: ScholarOpt = None,
    data: DataOpt = None,
    set_: SetOpt = None,
    rules: RulesOpt = "none",
    boss: BossOpt = None,
    panic: PanicOpt = None,
) -> None:
    from experiments.bench import NOJIT_GAMES, run_bench

    console = _console()
    err = Console(stderr=True, highlight=False)
    with cli_errors():
        configs = player_counts(players, alert, level, scholar, data, set_, rules=rules, boss=boss, panic=panic)
    try:
        with cli_errors():
            report = run_bench(configs, games=games, quick=quick, cold=cold, baseline=baseline,
                               log=lambda msg: err.print(f"bench: {msg} ...", markup=False))
    except (RuntimeError, subprocess.SubprocessError) as exc:
        fail(str(exc))
    table = Table(box=box.SIMPLE_HEAD, title="Random play, numba batch, one core (warm, no invariant checks)",
                  show_edge=False, pad_edge=False, collapse_padding=True, header_style="bold")
    for col in ("players", "games", "decisions", "seconds", "games/s", "decisions/s", "peak RSS MiB"):
        table.add_column(col, justify="right")
    for r in report.rows:
        table.add_row(str(r.players), str(r.games), str(r.decisions), f"{r.seconds:.3f}", f"{r.games_per_s:,.0f}",
                      f"{r.decisions_per_s:,.0f}", f"{r.peak_rss_mib:.0f}")
    console.print(table)
    lines = [f"Peak memory (ru_maxrss): this process {report.peak_rss_mib:.0f} MiB; "
             f"largest subprocess {report.children_peak_rss_mib:.0f} MiB"]
    lines += report.notes
    lines.append("Cold start (fresh NUMBA_CACHE_DIR, import + compile + one game): "
                 + (f"{report.cold_start_s:.1f} s wall, {report.cold_start_cpu_s:.1f} s CPU (user+sys)"
                    if report.cold_start_s is not None else "not measured (--no-cold)"))
    lines.append(f"Warm start (`dungeonology play --players 4 --seed 7 --quiet`): {report.warm_start_s:.2f} s wall, "
                 f"{report.warm_start_cpu_s:.2f} s CPU")
    if report.baseline is not None:
        from experiments.bench_baseline import lines as baseline_lines

        lines += baseline_lines(report.baseline)
    nj = report.nojit
    if nj:
        lines.append(
            f"NUMBA_DISABLE_JIT=1: {nj['games']} games ({nj['players']} players), {nj['decisions']} decisions in "
            f"{nj['seconds']:.2f} s = {nj['seconds'] / nj['games']:.3f} s/game, "
            f"{nj['decisions'] / nj['seconds']:,.0f} decisions/s; same games as with the JIT: "
            f"{'yes' if nj['same_games'] else 'NO'}")
        lines.append(f"JIT speed-up: x{report.speedup_per_decision:,.0f} per decision, "
                     f"x{report.speedup_per_game:,.0f} per game (warm JIT rate vs {NOJIT_GAMES} games without JIT)")
    ag = report.agents
    if ag:
        lines.append(f"Heuristic play (4 x heuristic, numba batch, one core): "
                     f"{ag['heuristic_games_per_s']:,.0f} games/s, "
                     f"{ag['heuristic_decisions_per_s']:,.0f} decisions/s ({ag['heuristic_games']} games)")
        ips = ag["ismcts_iterations_per_s"]
        lines.append(f"ISMCTS, {ag['ismcts_spec']} vs 3 heuristic: median {ag['ismcts_median_game_s']:.2f} s per game "
                     f"(max {ag['ismcts_max_game_s']:.2f} s, {ag['ismcts_games']} games); "
                     + (f"{ips:,.0f} iterations/s" if ips else "iterations/s not measured"))
    adv = report.advanced
    if adv:
        parts = [f"{agent} {adv[f'{agent}_all_rules_games_per_s']:,.0f} vs {adv[f'{agent}_basic_games_per_s']:,.0f} "
                 f"games/s (x{adv[f'{agent}_ratio']:.2f}; {adv[f'{agent}_all_rules_decisions_per_game']:.0f} vs "
                 f"{adv[f'{agent}_basic_decisions_per_game']:.0f} decisions per game, "
                 f"x{adv[f'{agent}_decision_ratio']:.2f} per decision)" for agent in ("random", "heuristic")]
        lines.append(f"Advanced rules ({adv['players']} players, all four vs the basic game, same seeds, best of "
                     f"{adv['repeats']}): " + "; ".join(parts))
    if report.provisional:
        lines.append(f"Data: {report.data_source}: PROVISIONAL values in use ({report.provisional}); "
                     "see `dungeonology data`")
    else:
        lines.append(f"Data: {report.data_source}: no provisional values")
    for line in lines:
        console.print(line, markup=False)
    if json_out is not None:
        try:
            json_out.write_text(json.dumps(report.to_dict(), indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            fail(f"{json_out}: cannot write: {exc.strerror or exc}")


# ---------------------------------------------------------------- sweeps
DEFAULT_SWEEP = Path(__file__).parent / "configs" / "default.toml"

SweepGamesOpt = Annotated[
    int | None, typer.Option("--games", "-n", help="Games per cell (replaces games_per_cell of the file).")
]
SweepJobsOpt = Annotated[
    int | None, typer.Option("--jobs", "-j", help="Worker processes (default: the number of CPUs); with "
                             "--backend dask and no --scheduler, the workers of the local cluster.")
]
BackendOpt = Annotated[
    str | None, typer.Option("--backend", metavar="loky|dask", help="Where chunks run: loky (joblib worker "
                             "processes, the default) or dask (dask.distributed).")
]
SchedulerOpt = Annotated[
    str | None, typer.Option("--scheduler", metavar="ADDRESS", help="A dask scheduler, e.g. tcp://host:8786 "
                             "(implies --backend dask).")
]
FreshOpt = Annotated[
    bool, typer.Option("--fresh", help="Delete what the run folder holds and start again (needed when the "
                       "configuration changed).")
]
ProgressOpt = Annotated[bool, typer.Option("--progress/--no-progress", help="Show a progress bar.")]


def _cpus() -> int:
    import os

    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _run_sweep_cli(config: Path, out: Path | None, games: int | None, jobs: int | None, backend: str | None,
                   scheduler: str | None, chunk_size: int | None, fresh: bool, progress: bool):
    """Run a sweep for a command (one-line errors, exit 2; Ctrl-C: exit 130 with how to resume)."""
    import signal

    from experiments.sweep import run_sweep

    if games is not None and games < 1:
        fail(f"--games {games}: play at least 1 game per cell")
    if jobs is not None and jobs < 1:
        fail(f"--jobs {jobs}: use at least 1 process")
    if chunk_size is not None and chunk_size < 1:
        fail(f"--chunk-size {chunk_size}: at least 1 game per task")
    if backend is not None and backend not in ("loky", "dask"):
        fail(f"--backend {format_value(backend)}: unknown backend (allowed: loky, dask)")
    if scheduler and backend == "loky":
        fail(f"--scheduler {format_value(scheduler)}: a scheduler needs --backend dask")
    backend = backend or ("dask" if scheduler else "loky")
    console = Console(stderr=True, highlight=False, soft_wrap=True)

    def interrupt(signum, frame):  # a kill (SIGTERM) stops like Ctrl-C: the manifest is saved
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        with cli_errors():
            try:
                return run_sweep(config, out, games=games, chunk_size=chunk_size, jobs=jobs or _cpus(),
                                 backend=backend, scheduler=scheduler, fresh=fresh, progress=progress)
            except OSError as exc:
                where = exc.filename or out or "the run folder"
                fail(f"{where}: cannot write the results: {exc.strerror or exc}")
    except KeyboardInterrupt:
        console.print("Interrupted: the finished parts are saved; run the same command again to play the "
                      "missing games.", markup=False)
        raise typer.Exit(130) from None
    finally:
        signal.signal(signal.SIGTERM, previous)


def _sweep_summary(result) -> list[str]:
    plan = result.plan
    peak = result.peak
    lines = [f"Sweep {plan.name}: {len(plan.cells)} cells x {plan.games_per_cell:,} games = "
             f"{result.games_total:,} games of {', '.join(str(p) for p in sorted({c.players for c in plan.cells}))} "
             f"players, in {result.run_dir}"]
    if plan.games_per_cell != plan.games_per_cell_requested:
        lines.append(f"Note: games per cell rounded up from {plan.games_per_cell_requested:,} to "
                     f"{plan.games_per_cell:,} (whole seat rotations).")
    if plan.skipped:
        lines.append(f"Note: {len(plan.skipped)} impossible cells skipped (listed in manifest.json).")
    if result.replayed_parts:
        lines.append(f"Note: {result.replayed_parts} parts were missing, damaged or not in the manifest: their "
                     "games are played again.")
    if result.games_resumed:
        lines.append(f"Resumed: {result.games_resumed:,} games were already played.")
    if result.games_played:
        session = result.manifest["timings"]["sessions"][-1]
        steady = session.get("games_per_s_after_first_part")
        lines.append(f"Played {result.games_played:,} games in {result.wall_s:.1f} s wall = "
                     f"{result.games_per_s:,.0f} games/s"
                     + (f" ({steady:,.0f} games/s after the first part, which came after "
                        f"{session['first_part_s']:.1f} s of start-up)." if steady else "."))
    else:
        lines.append("Nothing to play: the run is complete.")
    if result.games_played:
        lines.append(f"Peak memory (ru_maxrss): this process {peak['parent_mib']:,.0f} MiB; "
                     + (f"{peak['workers']} workers max {peak['workers_max_mib']:,.0f} MiB each, all processes "
                        f"{peak['total_mib']:,.0f} MiB" if peak["workers"] else "no worker processes"))
    if result.errors:
        lines.append(f"WARNING: {result.errors} games stopped by an engine or agent error (error column != 0).")
    if plan.provisional:
        lines.append("Note: provisional card data was used (see `dungeonology data`).")
    lines += [f"Note: {n}" for n in result.notes]
    return lines


@app.command(help="Run a sweep file (an experiment: fixed settings, sweep axes, games per cell, master seed; "
             "see docs/SWEEPS.md) and write one Parquet part per chunk of games plus manifest.json to "
             "results/<name>/ (or --out).\n\n"
             "Game g of the run uses the seed master * 10**12 + g, so the rows are identical for any --jobs, "
             "chunk size and backend. Running the same command again after an interruption plays only the "
             "missing games; a changed configuration needs --fresh. With --backend dask the chunks run on "
             "dask.distributed (a local cluster of --jobs workers, or --scheduler ADDRESS).\n\n"
             f"{NOTE}")
def sweep(
    config: Annotated[Path, typer.Argument(help="The sweep file (TOML), e.g. experiments/configs/quick.toml.",
                                           show_default=False)],
    games: SweepGamesOpt = None,
    jobs: SweepJobsOpt = None,
    backend: BackendOpt = None,
    scheduler: SchedulerOpt = None,
    out: Annotated[Path | None, typer.Option("--out", help="The run folder (default results/<name>).")] = None,
    chunk_size: Annotated[int | None, typer.Option("--chunk-size", help="Games per task (replaces chunk_size "
                                                   "of the file; the rows do not change).")] = None,
    fresh: FreshOpt = False,
    progress: ProgressOpt = True,
) -> None:
    result = _run_sweep_cli(config, out, games, jobs, backend, scheduler, chunk_size, fresh, progress)
    for line in _sweep_summary(result):
        typer.echo(line)


@app.command("main", help="The main job: the sweep experiments/configs/default.toml (a balance sweep of the basic "
             "game with heuristic agents over every Alert difficulty, Player Level and Clan Card, Scholars dealt "
             "at random), then the report (report.html with tables and plots) in the run folder.\n\n"
             "Like `sweep`, it resumes an interrupted run and leaves a finished one as it is.\n\n"
             f"{NOTE}")
def main_job(
    games: SweepGamesOpt = None,
    jobs: SweepJobsOpt = None,
    out: Annotated[Path, typer.Option("--out", help="The run folder.")] = Path("results/main"),
    fresh: FreshOpt = False,
    progress: ProgressOpt = True,
) -> None:
    result = _run_sweep_cli(DEFAULT_SWEEP, out, games, jobs, None, None, None, fresh, progress)
    for line in _sweep_summary(result):
        typer.echo(line)
    try:
        from experiments.report import build_report
    except ImportError as exc:
        fail(f"cannot build the report: {exc}")
    with cli_errors():
        try:
            report = build_report(result.run_dir)
        except OSError as exc:
            fail(f"{out}: cannot write the report: {exc.strerror or exc}")
    typer.echo(f"Report: {report}")


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


@app.command("agents", help="List the agents: name, description, parameters (defaults) and personas.\n\n"
             "An agent spec is a name (random), name:persona (heuristic:cautious), name:key=value,... "
             "(heuristic:risk=0.6,sabotage=0.2) or name:persona,key=value,...")
def agents_cmd() -> None:
    from agents.spec import describe_agents

    with cli_errors():
        text = describe_agents()
    typer.echo(text)


@app.command(help="Play a seat-rotated tournament between agents and print per agent: seat-games, wins, win "
             "rate with a 95% Wilson interval, mean score, mean rank and an OpenSkill (Plackett-Luce) rating "
             "from the final ranks (rating = mu - 3 sigma).\n\n"
             "The agents fill the seats in order (fewer agents than players: repeated cyclically; the same "
             "spec may be given several times, its seats are pooled). Game g gives seat p the agent "
             "(p + g) mod players, so every agent plays every seat equally often; --games is rounded up to a "
             "multiple of the player count. Game i uses the seed SEED * 1000003 + i // players: the rotated "
             "games of one block share the deal (Scholars, Clan Card, decks) and only the seats rotate. "
             "Results do not depend on --jobs. A win is rank 1 (seats tied for first all win). With --out "
             "DIR: tournament.csv (one row per agent) and tournament.png.\n\n"
             f"Specs with parameters contain commas: give them with --agent SPEC (repeatable).\n\n{NOTE}")
def tournament(
    agents_csv: AgentsOpt = None,
    agent: AgentOpt = None,
    players: PlayersOpt = 4,
    games: Annotated[int, typer.Option("--games", "-n", help="Games (rounded up to a multiple of --players).")]
    = 400,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (joblib, loky).")] = 1,
    seed: Annotated[int, typer.Option("--seed", "-s", min=0, help="Base seed (see above).")] = 0,
    out: Annotated[Path | None, typer.Option("--out", help="Folder for tournament.csv and tournament.png.")]
    = None,
    progress: Annotated[bool, typer.Option("--progress/--no-progress", help="Show a progress bar.")] = True,
    alert: AlertOpt = "medium",
    level: LevelOpt = "students",
    scholar: ScholarOpt = None,
    data: DataOpt = None,
    set_: SetOpt = None,
    rules: RulesOpt = "none",
    boss: BossOpt = None,
    panic: PanicOpt = None,
) -> None:
    from experiments.tournament import (
        check_kinds,
        distinct,
        play_tournament,
        round_games,
        seat_list,
        summarize,
        tournament_attrs,
        write_outputs,
    )

    console = _console()
    if games < 1:
        fail(f"--games {games}: play at least 1 game")
    if jobs < 1:
        fail(f"--jobs {jobs}: use at least 1 process")
    with cli_errors():
        config = build_config(players, alert, level, scholar, data, set_, rules, boss, panic)
        specs = agent_specs(agents_csv, agent)
        try:
            check_kinds(distinct(seat_list(specs, players)))
        except ConfigError as exc:
            raise ConfigError(exc.message, key="--agents", value=[str(s) for s in specs]) from None
    n = round_games(games, players)
    if n != games:
        console.print(f"Note: --games {games} rounded up to {n}, a multiple of {players} players (whole seat "
                      "rotations).", markup=False)
    start = time.perf_counter()
    with cli_errors():
        rows = play_tournament(config, specs, n, seed=seed, jobs=jobs, progress=progress)
    table = summarize(rows)
    info = tournament_attrs(rows, players, seed, time.perf_counter() - start)
    fair = 1 / players
    seats = ", ".join(str(s) for s in seat_list(specs, players))
    title = f"Tournament: {n} games of {players} players, seats rotated ({seats}), base seed {seed}"
    view = Table(box=box.SIMPLE_HEAD, title=title, show_edge=False, pad_edge=False, collapse_padding=True,
                 header_style="bold")
    view.add_column("agent", justify="left", no_wrap=True, min_width=max(9, *(len(str(a)) for a in table["agent"])))
    for col in ("seats", "games", "wins", "win rate", "95% CI", "score", "rank", "rating", "mu"):
        view.add_column(col, justify="right", no_wrap=True)
    for r in table.itertuples(index=False):
        view.add_row(Text(str(r.agent)), str(r.seats), str(r.games), str(r.wins), f"{r.win_rate:.3f}",
                     f"{r.ci_low:.3f}-{r.ci_high:.3f}", f"{r.mean_score:.2f}", f"{r.mean_rank:.2f}",
                     f"{r.rating:.2f}", f"{r.mu:.2f}")
    console.print(view)
    lines = [f"Fair share (1/{players}): {fair:.3f}. seats: seats per game; games: seat-games; score, rank: "
             "means per seat-game. A win is rank 1 (seats tied for first all win).",
             "Rating: OpenSkill Plackett-Luce, updated game by game from the final ranks; rating = mu - 3 sigma "
             "(everyone starts at mu 25, sigma 8.33, rating 0).",
             f"{n} games in {info['seconds']:.1f} s with {jobs} job(s)."]
    if info["errors"]:
        lines.append(f"WARNING: {info['errors']} games stopped early (an illegal action or the decision limit); "
                     "see the error column of the rows.")
    if compile_config(config).loaded.is_provisional:
        lines.append("Note: provisional card data was used (see `dungeonology data`).")
    for line in lines:
        console.print(line, markup=False)
    if out is not None:
        try:
            paths = write_outputs(table, out, players, title=f"{n} games, {players} players, seed {seed}")
        except OSError as exc:
            fail(f"{out}: cannot write the results: {exc.strerror or exc}")
        console.print("Written: " + ", ".join(str(p) for p in paths), markup=False)


@app.command("report", help="Write the HTML report of a sweep run folder (results/<run>/ with part-*.parquet and "
             "manifest.json): headline findings first (win rates against the fair share with 95% Wilson intervals "
             "and Holm-adjusted binomial tests), then the plots and tables (Scholars, turn order, Scholar x Clan "
             "Card, Scholar vs Scholar, Alert difficulty x Player Level, distributions, \"what if\" overrides), "
             "and the experiment. report.html is self-contained (plots embedded); the PNG and CSV files are "
             "written beside it. A notice says when provisional card data was used.")
def report(
    run_dir: Annotated[Path, typer.Argument(help="The run folder, e.g. results/quick.", show_default=False)],
    out: Annotated[Path | None, typer.Option("--out", help="Output folder (default RUN_DIR/report), or a file "
                                             "ending in .html.")] = None,
) -> None:
    from experiments.analysis import read_manifest
    from experiments.report import build_report

    with cli_errors():
        try:
            path = build_report(run_dir, out)
        except OSError as exc:
            target = getattr(exc, "filename", None) or out or run_dir / "report"
            fail(f"{target}: cannot write the report: {exc.strerror or exc}")
        provisional = bool(read_manifest(run_dir).get("provisional"))
    typer.echo(f"Report: {path}")
    if provisional:
        typer.echo("Note: provisional card data was used in this run (see the notice in the report).")


def main() -> None:
    app(prog_name="dungeonology")


if __name__ == "__main__":
    main()
