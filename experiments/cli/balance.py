"""Commands of balance studies of any game: sweep (the game of the sweep file), agents, tournament
(``--game``), report (the game of the run's manifest)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from experiments.cli.common import (  # noqa: F401 - defined in common for play and tournament
    NOTE,
    AgentOpt,
    AgentsOpt,
    GameOpt,
    GameOptions,
    ProgressOpt,
    agent_specs,
    app,
    check_runner,
    cli_errors,
    cli_of,
    default_jobs,
    fail,
    game_options,
    new_console,
    print_table,
)
from sim.kit.bundle import DEFAULT_GAME
from sim.kit.errors import ConfigError, format_value

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


def _sweep_plan(config: Path, games: int | None, chunk_size: int | None, game: GameOptions | None,
                check: bool = False):
    """The sweep file's plan with the command line's --games, --chunk-size, --data and --set (added to the
    file's fixed overrides); ConfigError naming the option or the file's key."""
    from experiments.runs.config import load_sweep

    sets = game.cli.sweep_overrides(game) if game is not None else {}
    data = game.data if game is not None else None
    try:
        return load_sweep(config, games=games, chunk_size=chunk_size, data=data, overrides=sets, check=check)
    except ConfigError as exc:
        key = str(exc.key or "")
        named = next((k for k in sets if key in (f"fixed.overrides.{k}", f'fixed.overrides."{k}"',
                                                  f"sweep.overrides.{k}", f'sweep.overrides."{k}"')), None)
        if named is not None:
            swept = key.startswith("sweep.")
            raise ConfigError("the sweep file sweeps this key ([sweep.overrides]); --set fixes a key the file does "
                              "not sweep" if swept else exc.message, key="--set",
                              value=f"{named}={format_value(sets[named])}") from None
        if key == "data" and data is not None:
            raise ConfigError("data folder not found (allowed: a folder of TOML data files, relative to the working "
                              "folder)", key="--data", value=data) from None
        raise


def run_sweep_cli(config: Path, out: Path | None, games: int | None, jobs: int | None, backend: str | None,
                   scheduler: str | None, chunk_size: int | None, fresh: bool, progress: bool,
                   game: GameOptions | None = None):
    """Run a sweep for a command and print its summary (one-line errors, exit 2; Ctrl-C: exit 130 with how
    to resume)."""
    import signal

    from experiments.runs.sweep import run_sweep

    backend = check_runner(jobs, backend, scheduler)
    console = Console(stderr=True, highlight=False, soft_wrap=True)

    def interrupt(signum, frame):  # a kill (SIGTERM) stops like Ctrl-C: the manifest is saved
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        with cli_errors():
            try:
                plan = _sweep_plan(config, games, chunk_size, game)
                result = run_sweep(plan, out, jobs=jobs or default_jobs(), backend=backend, scheduler=scheduler,
                                   fresh=fresh, progress=progress)
            except OSError as exc:
                where = exc.filename or out or "the run folder"
                fail(f"{where}: cannot write the results: {exc.strerror or exc}")
    except KeyboardInterrupt:
        console.print("Interrupted: the finished parts are saved; run the same command again to play the "
                      "missing games.", markup=False)
        raise typer.Exit(130) from None
    finally:
        signal.signal(signal.SIGTERM, previous)
    for line in _sweep_summary(result):
        typer.echo(line)
    return result


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
        lines.append(f"Note: {len(plan.skipped)} impossible cells skipped (listed in _manifest.json).")
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
             "see docs/SWEEPS.md) and write one Parquet part per chunk of games plus _manifest.json to "
             "results/<name>/ (or --out).\n\n"
             "Game g of the run uses the seed master * 10**12 + g, so the rows are identical for any --jobs, "
             "chunk size and backend. Running the same command again after an interruption plays only the "
             "missing games; a changed configuration needs --fresh. With --backend dask the chunks run on "
             "dask.distributed (a local cluster of --jobs workers, or --scheduler ADDRESS).\n\n"
             "--data FOLDER plays every cell with that data layer (in place of the file's data) and --set "
             "KEY=VALUE adds a fixed override to every cell (a key the file sweeps is an error).\n\n"
             f"{NOTE}")
@game_options(players="none", only=("data", "set_"), game=False)
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
    check: Annotated[bool, typer.Option("--check", help="Only check the sweep file (and --games, --chunk-size, "
                                        "--data, --set): print its cells and games, play nothing, write "
                                        "nothing.")] = False,
    *,
    game: GameOptions,
) -> None:
    if check:
        with cli_errors():
            plan = _sweep_plan(config, games, chunk_size, game, check=True)
        typer.echo(f"Sweep {plan.name}: {len(plan.cells)} cells x {plan.games_per_cell:,} games = "
                   f"{plan.games_total:,} games, chunks of {plan.chunk_size:,}; {len(plan.skipped)} impossible "
                   "cells skipped. Nothing played (--check).")
        return
    run_sweep_cli(config, out, games, jobs, backend, scheduler, chunk_size, fresh, progress, game)


def tournament_headers(outcome: str = "score") -> tuple[str, ...]:
    """The printed table's headers of a game whose seats' outcome is ``outcome``."""
    return ("agent", "seats", "games", "wins", "win rate", "95% CI", outcome, "rank", "rating", "rating 95% CI")


TOURNAMENT_HEADERS = tournament_headers()
RATING_NOTE = ("Rating: Plackett-Luce on the Elo scale (mean 0 over the agents; 100 points = 64% to finish above "
               "the other), fitted to all games at once; interval: bootstrap over games.")


def tournament_cells(r, seats: bool = True, outcome: str = "score") -> list[str]:
    """The printed cells of one summary row (``seats=False``: without the seats column)."""
    cells = [str(r.agent), str(r.seats) if seats else None, str(r.games), str(r.wins), f"{r.win_rate:.3f}",
             f"{r.ci_low:.3f}-{r.ci_high:.3f}", f"{getattr(r, f'mean_{outcome}'):.2f}", f"{r.mean_rank:.2f}",
             f"{r.elo:+.0f}",
             f"{r.elo_low:+.0f} to {r.elo_high:+.0f}"]
    return [c for c in cells if c is not None]


@app.command("agents", help="List the agents: name, description, parameters (defaults) and personas.\n\n"
             "An agent spec is a name (random), name:persona (heuristic:cautious), name:key=value,... "
             "(heuristic:risk=0.6,sabotage=0.2) or name:persona,key=value,...")
def agents_cmd(game: GameOpt = DEFAULT_GAME) -> None:
    from agents.spec import describe_agents

    with cli_errors():
        cli_of(game)  # an unknown game is said so
        text = describe_agents(game)
    typer.echo(text)


@app.command(help="Play a seat-rotated tournament between agents and print per agent: seat-games, wins, win "
             "rate with a 95% Wilson interval, mean score, mean rank and a Plackett-Luce rating "
             "on the Elo scale fitted to the final ranks of all games at once (the same for any order of the "
             "games), with a bootstrap 95% interval over games.\n\n"
             "The agents fill the seats in order (fewer agents than players: repeated cyclically; the same "
             "spec may be given several times, its seats are pooled). Game g gives seat p the agent "
             "(p + g) mod players, so every agent plays every seat equally often; --games is rounded up to a "
             "multiple of the player count. Game i uses the seed SEED * 1000003 + i // players: the rotated "
             "games of one block share the deal (Scholars, Clan Card, decks) and only the seats rotate. "
             "Results do not depend on --jobs. A win is rank 1 (seats tied for first all win). With --out "
             "DIR: tournament.csv (one row per agent) and tournament.png.\n\n"
             f"Specs with parameters contain commas: give them with --agent SPEC (repeatable).\n\n{NOTE}")
@game_options()
def tournament(
    agents_csv: AgentsOpt = None,
    agent: AgentOpt = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Games (rounded up to a multiple of --players).")]
    = 400,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (joblib, loky).")] = 1,
    seed: Annotated[int, typer.Option("--seed", "-s", min=0, help="Base seed (see above).")] = 0,
    out: Annotated[Path | None, typer.Option("--out", help="Folder for tournament.csv and tournament.png.")]
    = None,
    progress: ProgressOpt = True,
    *,
    game: GameOptions,
) -> None:
    from agents.spec import distinct, seat_list
    from experiments.matches.tournament import (
        check_kinds,
        check_size,
        play_tournament,
        round_games,
        summarize,
        tournament_attrs,
        write_outputs,
    )

    console = new_console()
    with cli_errors():
        players = int(game.players_given)
        check_size(games, jobs, seed)
        config = game.config()
        specs = agent_specs(agents_csv, agent, game.game)
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
    outcome = outcome_of(game.game)
    print_table(tournament_headers(outcome), [tournament_cells(r, outcome=outcome)
                                              for r in table.itertuples(index=False)],
                title=title, left=("agent",), console=console)
    lines = [f"Fair share (1/{players}): {fair:.3f}. seats: seats per game; games: seat-games; {outcome}, rank: "
             "means per seat-game. A win is rank 1 (seats tied for first all win).",
             RATING_NOTE,
             f"{n} games in {info['seconds']:.1f} s with {jobs} job(s)."]
    finish_results(console, lines, info["errors"], game, config, out,
                   lambda folder: write_outputs(table, folder, players, title=f"{n} games, {players} players, "
                                                f"seed {seed}"))


def outcome_of(game: str) -> str:
    """The column of a seat's outcome in the game's rows (Dungeonology's score, Leduc's return)."""
    from experiments.runs.schema import results_of

    return results_of(game).OUTCOME


def finish_results(console: Console, lines: list[str], errors: int, game: GameOptions, config: Any,
                   out: Path | None, write: Callable[[Path], Sequence[Path]]) -> None:
    """The lines under a tournament's or league's table (a warning for games stopped early, the game's note on
    its data), then the files ``write(out)`` writes when ``out`` is given (exit 2 when it cannot)."""
    if errors:
        lines.append(f"WARNING: {errors} games stopped early (an illegal action or the decision limit); "
                     "see the error column of the rows.")
    note = game.cli.provisional_note(config) if hasattr(game.cli, "provisional_note") else None
    if note:
        lines.append(note)
    for line in lines:
        console.print(line, markup=False)
    if out is not None:
        try:
            paths = write(out)
        except OSError as exc:
            fail(f"{out}: cannot write the results: {exc.strerror or exc}")
        console.print("Written: " + ", ".join(str(p) for p in paths), markup=False)


@app.command("report", help="Write the HTML report of a sweep run folder (results/<run>/ with part-*.parquet and "
             "_manifest.json): headline findings first (win rates against the fair share with 95% Wilson intervals "
             "and Holm-adjusted binomial tests), then the plots and tables (Scholars, turn order, Scholar x Clan "
             "Card, Scholar vs Scholar, Alert difficulty x Player Level, distributions, \"what if\" overrides), "
             "and the experiment. report.html is self-contained (plots embedded); the PNG and CSV files are "
             "written beside it. A notice says when provisional card data was used.\n\n"
             "Every part is verified against the manifest (sha256, rows, games): a missing, extra, duplicated or "
             "changed part is refused (exit 2, naming it; running the sweep again plays it again). An incomplete "
             "run says so at the top and its tables count only the complete cells (--partial: every game). A "
             "manifest without per-part checksums is refused (--unverified: read as it is, with a warning).")
def report(
    run_dir: Annotated[Path, typer.Argument(help="The run folder, e.g. results/quick.", show_default=False)],
    out: Annotated[Path | None, typer.Option("--out", help="Output folder (default RUN_DIR/_report), or a file "
                                             "ending in .html.")] = None,
    partial: Annotated[bool, typer.Option("--partial", help="Of an incomplete run, count the games of the "
                                          "incomplete cells too (default: complete cells only).")] = False,
    unverified: Annotated[bool, typer.Option("--unverified", help="Read a folder whose manifest lists no parts "
                                             "(no checksums: not written by the sweep runner) as it is, with a "
                                             "warning at the top (default: refused, exit 2).")] = False,
) -> None:
    from experiments.analysis.dataset import read_manifest
    from experiments.report.build import build_report
    from experiments.runs.folder import REPORT_DIR

    with cli_errors():
        try:
            path = build_report(run_dir, out, partial=partial, unverified=unverified)
        except OSError as exc:
            target = getattr(exc, "filename", None) or out or run_dir / REPORT_DIR
            fail(f"{target}: cannot write the report: {exc.strerror or exc}")
        provisional = bool(read_manifest(run_dir).get("provisional"))
    typer.echo(f"Report: {path}")
    if provisional:
        typer.echo("Note: provisional card data was used in this run (see the notice in the report).")

