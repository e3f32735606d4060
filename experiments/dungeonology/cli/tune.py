"""Dungeonology's tuning commands: ``dungeonology tune FILE`` (free data values tuned to the targets of a tune
file, experiments/dungeonology/tune/search.py, docs/TUNE.md) and ``tune-heuristic`` (the heuristic's
parameters)."""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from experiments.cli.balance import BackendOpt, FreshOpt, SchedulerOpt, SweepJobsOpt
from experiments.cli.common import (
    NOTE,
    GameOptions,
    app,
    check_runner,
    cli_errors,
    default_jobs,
    fail,
    game_options,
    one_game,
)


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
@one_game("dungeonology")
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
    from experiments.dungeonology.tune.config import load_tune
    from experiments.dungeonology.tune.report import parameters_text, summary_lines
    from experiments.dungeonology.tune.search import STUDY, run_tune, storage_error

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
            except Exception as exc:
                reason = storage_error(exc)
                if reason is None:
                    raise
                fail(f"{(out or Path('results') / plan.name) / STUDY}: cannot store the study ({reason}); nothing "
                     "finished was lost: free space and run the same command again to continue")
    except KeyboardInterrupt:
        err.print("Interrupted: the finished trials and games are saved; run the same command again to continue.",
                  markup=False)
        raise typer.Exit(130) from None
    finally:
        signal.signal(signal.SIGTERM, previous)
    for line in summary_lines(result):
        typer.echo(line)


@app.command("tune-heuristic", help="Tune the heuristic's parameters with optuna (a stronger fast agent): stage 1 "
             "in self-play (a candidate against three default heuristics, --games per trial, win rate maximised), "
             "stage 2 against ISMCTS (the best --top candidates of stage 1, then TPE proposals, up to "
             "--ismcts-trials; ISMCTS at one seat against three copies of the candidate, --ismcts-games per trial, "
             "ISMCTS's win rate minimised), then the best candidate measured on fresh seeds (--validate games). "
             "Prints the persona as TOML for agents/dungeonology/heuristic/personas.toml; with --out DIR also writes "
             "self_play.csv, against_ismcts.csv and persona.toml.\n\n"
             "ISMCTS games take about a second each: budget --ismcts-trials x --ismcts-games + --validate.\n\n"
             f"{NOTE}")
@game_options(game=False)
@one_game("dungeonology")
def tune_heuristic_cmd(
    trials: Annotated[int, typer.Option("--trials", min=1, help="Self-play trials.")] = 40,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per self-play trial.")] = 400,
    top: Annotated[int, typer.Option("--top", min=1, help="Self-play candidates carried to stage 2.")] = 4,
    ismcts_trials: Annotated[int, typer.Option("--ismcts-trials", min=1, help="Trials against ISMCTS.")] = 6,
    ismcts_games: Annotated[int, typer.Option("--ismcts-games", min=1, help="Games per trial against ISMCTS.")]
    = 40,
    validate: Annotated[int, typer.Option("--validate", min=1, help="Validation games on fresh seeds.")] = 200,
    ismcts: Annotated[str, typer.Option("--ismcts", help="The ISMCTS spec played against.")] = "ismcts",
    name: Annotated[str, typer.Option("--name", help="The persona's name.")] = "tuned",
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (joblib, loky).")] = 1,
    seed: Annotated[int, typer.Option("--seed", "-s", min=0, help="Seed of the samplers and the games.")] = 0,
    out: Annotated[Path | None, typer.Option("--out", help="Folder for the trials and the persona.")] = None,
    *,
    game: GameOptions,
) -> None:
    import sys

    from agents.spec import parse_spec
    from experiments.dungeonology.tune.heuristic import persona_toml, tune_heuristic
    from experiments.matches.tournament import check_size

    with cli_errors():
        for n in (games, ismcts_games, validate):
            check_size(n, jobs, seed)
        parse_spec(ismcts)
        config = game.config()
        result = tune_heuristic(config, trials=trials, games=games, top=top, ismcts_trials=ismcts_trials,
                                ismcts_games=ismcts_games, validate=validate, ismcts=ismcts, seed=seed, jobs=jobs,
                                log=lambda line: typer.echo(line, err=True))
    toml = persona_toml(name, result, "dungeonology " + " ".join(sys.argv[1:]))
    typer.echo(toml, nl=False)
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
            result.self_play.to_csv(out / "self_play.csv", index=False)
            result.against_ismcts.to_csv(out / "against_ismcts.csv", index=False)
            (out / "persona.toml").write_text(toml)
        except OSError as exc:
            fail(f"{out}: cannot write the results: {exc.strerror or exc}")
