"""Dungeonology's main job: ``dungeonology main`` (its default sweep, then its report)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from experiments.cli.balance import FreshOpt, SweepGamesOpt, SweepJobsOpt, run_sweep_cli
from experiments.cli.common import NOTE, ProgressOpt, app, cli_errors, fail, one_game

DEFAULT_SWEEP = Path(__file__).resolve().parents[2] / "configs" / "default.toml"


@app.command("main", help="The main job: the sweep experiments/configs/default.toml (a balance sweep of the basic "
             "game with heuristic agents over every Alert difficulty, Player Level and Clan Card, Scholars dealt "
             "at random), then the report (report.html with tables and plots) in the run folder.\n\n"
             "Like `sweep`, it resumes an interrupted run and leaves a finished one as it is.\n\n"
             f"{NOTE}")
@one_game("dungeonology")
def main_job(
    games: SweepGamesOpt = None,
    jobs: SweepJobsOpt = None,
    out: Annotated[Path, typer.Option("--out", help="The run folder.")] = Path("results/main"),
    fresh: FreshOpt = False,
    progress: ProgressOpt = True,
) -> None:
    result = run_sweep_cli(DEFAULT_SWEEP, out, games, jobs, None, None, None, fresh, progress)
    try:
        from experiments.report.build import build_report
    except ImportError as exc:
        fail(f"cannot build the report: {exc}")
    with cli_errors():
        try:
            report = build_report(result.run_dir)
        except OSError as exc:
            fail(f"{out}: cannot write the report: {exc.strerror or exc}")
    typer.echo(f"Report: {report}")


