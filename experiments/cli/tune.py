"""``dungeonology tune FILE``: tune free data values to the targets of a tune file
(experiments/tune/search.py, docs/TUNE.md)."""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from experiments.cli.balance import BackendOpt, FreshOpt, SchedulerOpt, SweepJobsOpt
from experiments.cli.common import NOTE, app, check_runner, cli_errors, default_jobs, fail


@app.command(help="Tune data values to targets: a tune file (TOML; docs/TUNE.md) names the game each trial plays, "
             "the free data values (dotted keys with low / high or choices), the targets (every Scholar at the "
             "fair share, the first player's edge, game length, the Thesis rate; each with a weight), a penalty "
             "for changes and a budget in games. optuna's TPE searches them, every trial a sweep run; the best "
             "candidate is validated on fresh seeds against the data as it was, and written as a data layer folder "
             "(<out>/layer, for --data) with a before/after report (<out>/report.md) and the HTML report of both "
             "validation runs.\n\n"
             "Progress is printed as it runs (each trial, the best objective so far, the games played). Running "
             "the same command again after an interruption continues where it stopped; the same file gives the "
             "same trials.\n\n"
             f"{NOTE}")
def tune(
    file: Annotated[Path, typer.Argument(help="The tune file (TOML), e.g. experiments/configs/tune.toml.",
                                         show_default=False)],
    out: Annotated[Path | None, typer.Option("--out", help="The tune folder (default results/<name>).")] = None,
    jobs: SweepJobsOpt = None,
    backend: BackendOpt = None,
    scheduler: SchedulerOpt = None,
    fresh: FreshOpt = False,
    html: Annotated[bool, typer.Option("--html/--no-html", help="Write the HTML report of each validation "
                                       "run.")] = True,
    check: Annotated[bool, typer.Option("--check", help="Only check the tune file: print its trials and "
                                        "games, play nothing, write nothing.")] = False,
) -> None:
    from experiments.tune.config import load_tune
    from experiments.tune.report import parameters_text, summary_lines
    from experiments.tune.search import run_tune

    check_runner(jobs, backend, scheduler)
    with cli_errors():
        plan = load_tune(file)
    if check:
        typer.echo(f"Tune {plan.name}: {plan.trials} trials of {plan.trial_games:,} games and 2 x "
                   f"{plan.validation_total:,} validation games ({plan.budget:,} games at most); free values:")
        for line in parameters_text(plan.parameters):
            typer.echo(f"  {line}")
        typer.echo("Nothing played (--check).")
        return
    err = Console(stderr=True, highlight=False, soft_wrap=True)

    def interrupt(signum, frame):  # a kill (SIGTERM) stops like Ctrl-C: what was played is kept
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        with cli_errors():
            try:
                result = run_tune(plan, out, jobs=jobs or default_jobs(),
                                  backend=backend or ("dask" if scheduler else "loky"),
                                  scheduler=scheduler, fresh=fresh, html=html,
                                  progress=lambda line: err.print(line, markup=False))
            except OSError as exc:
                fail(f"{exc.filename or out or 'the tune folder'}: cannot write: {exc.strerror or exc}")
    except KeyboardInterrupt:
        err.print("Interrupted: the finished trials and games are saved; run the same command again to continue.",
                  markup=False)
        raise typer.Exit(130) from None
    finally:
        signal.signal(signal.SIGTERM, previous)
    for line in summary_lines(result):
        typer.echo(line)
