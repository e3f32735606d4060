"""Dungeonology's command about the report itself: report-memory (the report's peak memory on a large run of
its synthetic rows)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from experiments.cli.common import app, fail, one_game, print_table


@app.command("report-memory", help="Benchmark the report's memory: write a run folder of --rows synthetic seat "
             "rows (4 players, 24 cells with a what-if, parts with checksums as the sweep writes them; or use "
             "--run DIR), build its report in a fresh process and print that process's peak memory (VmHWM, "
             "imports included) and wall time. The figure of docs/BENCHMARKS.md is `dungeonology report-memory --rows "
             "10000000` (target: at most 1 GB).")
@one_game("dungeonology")
def report_memory(
    rows: Annotated[int, typer.Option("--rows", "-n", min=1000, max=100_000_000,
                                      help="Synthetic seat rows (rounded up to whole games per cell).")]
    = 10_000_000,
    run: Annotated[Path | None, typer.Option("--run", help="Report this run folder instead of synthetic rows.")]
    = None,
    keep: Annotated[Path | None, typer.Option("--keep", help="Write the synthetic run folder here and keep it "
                                              "(default: a temporary folder, deleted after).")] = None,
) -> None:
    from experiments.analysis.dataset import read_manifest
    from experiments.dungeonology.report.memory import measure, synthetic_run

    scratch = Path(tempfile.mkdtemp(prefix="report-memory-"))
    try:
        try:
            folder = run if run is not None else synthetic_run(keep or scratch / "synthetic", rows)
        except (FileExistsError, OSError) as exc:
            fail(f"{keep or scratch}: cannot write the synthetic run: {getattr(exc, 'strerror', None) or exc}")
        try:
            result = measure(folder, scratch / "report")
        except RuntimeError as exc:
            fail(f"{folder}: {exc}")
        counts = read_manifest(folder).get("counts") or {}
        print_table(("seat rows", "games", "parts", "peak MiB", "wall s"),
                    [(f"{counts.get('rows', 0):,}", f"{counts.get('games_total', 0):,}", f"{counts.get('parts', 0):,}",
                      f"{result['peak_mib']:,.0f}", f"{result['wall_s']:,.1f}")],
                    title=f"The report of {folder if run is not None else 'a synthetic run'}")
        typer.echo(f"Peak memory of the report process (VmHWM, imports included): {result['peak_mib']:,.0f} MiB "
                   f"({'within' if result['peak_mib'] <= 1024 else 'OVER'} the 1 GB target).")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
