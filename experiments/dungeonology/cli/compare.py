"""Dungeonology's ``compare`` command: is variant B fairer than A? (docs/CLI.md). The runs' game is the one their
manifests name: a run of another game is refused."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from experiments.cli.common import app, cli_errors, fail, new_console, print_table


def run_rows(run_dir: Path):
    """The complete cells' rows of a run folder (its parts verified against the manifest first), as the
    report reads them (experiments.report.build.complete_rows)."""
    from experiments.report.build import complete_rows
    from experiments.runs.schema import game_name

    df, warnings = complete_rows(run_dir)
    played = game_name(df.attrs.get("manifest"))
    if played != "dungeonology":
        fail(f"{run_dir}: a run of {played}; `compare` compares runs of dungeonology only")
    for w in warnings:
        new_console().print(f"Note: {w['text']}", markup=False)
    return df


def same_folder(a: Path, b: Path) -> bool:
    """Whether two paths name one folder (False when either cannot be read)."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


@app.command("compare", help="Compare variants: the deltas per Scholar, turn position, Scholar x Clan Card, game "
             "length and Thesis rate of RUN_B against RUN_A, or of every variant of RUN_A (a run whose sweep file "
             "has a variants axis) against its first variant. Intervals are corrected over each comparison's "
             "family (Bonferroni; Holm p-values), paired by seed when both sides played the same seeds; each "
             "row is judged from its intervals with the practical-significance band: fairer, worse (the change of "
             "the distance to the fair share), crossed the fair share, no real change or not enough games. "
             "Writes compare.csv, compare_deltas.png and metrics_by_variant.csv to --out.")
def compare_cmd(
    run_a: Annotated[Path, typer.Argument(help="The reference run folder (or a run holding variants).",
                                          show_default=False)],
    run_b: Annotated[Path | None, typer.Argument(help="The run to compare with RUN_A.", show_default=False)] = None,
    band: Annotated[float, typer.Option("--band", help="Practical-significance band in points of win rate "
                                        "(and of Thesis rate).")] = 2.0,
    length_band: Annotated[float, typer.Option("--length-band", help="The band of the game length, in "
                                               "rounds.")] = 0.5,
    reference: Annotated[str | None, typer.Option("--reference", help="With one run: the variant the others are "
                                                  "compared with (default: the first).")] = None,
    alpha: Annotated[float, typer.Option("--alpha", help="Family-wise error of each comparison.")] = 0.05,
    out: Annotated[Path | None, typer.Option("--out", help="Output folder (default RUN_A/compare).")] = None,
) -> None:
    import pandas as pd

    from experiments.dungeonology.analysis import compare as K
    from experiments.dungeonology.analysis.metrics import designer_metrics
    from experiments.dungeonology.report import compare as R
    from experiments.runs.schema import VARIANT

    if not 0 < band < 100:
        fail(f"--band {band:g}: a band in points between 0 and 100")
    if not length_band > 0:
        fail(f"--length-band {length_band:g}: a band in rounds above 0")
    if not 0 < alpha < 1:
        fail(f"--alpha {alpha:g}: a level between 0 and 1")
    if run_b is not None and reference is not None:
        fail("--reference: only with one run holding variants (with two runs, RUN_A is the reference)")
    if run_b is not None and same_folder(run_a, run_b):
        fail(f"{run_b}: the same run folder as RUN_A (allowed: two different run folders, or one run holding "
             "variants)")
    with cli_errors():
        df_a = run_rows(run_a)
        if run_b is None:
            if VARIANT not in df_a.columns or df_a[VARIANT].nunique() < 2:
                fail(f"{run_a}: this run holds no variants (allowed: a run whose sweep file has [sweep.variants], "
                     "or two run folders RUN_A RUN_B)")
            order = (df_a.attrs["manifest"].get("config") or {}).get("variants")
            sides = K.sides_of(df_a, order)
            if reference is not None and reference not in [s.name for s in sides]:
                fail(f"--reference {reference}: no such variant (variants: {', '.join(s.name for s in sides)})")
        else:
            df_b = run_rows(run_b)
            names = [str(df.attrs["manifest"].get("name") or p.name) for df, p in ((df_a, run_a), (df_b, run_b))]
            if names[0] == names[1]:
                names = [str(run_a), str(run_b)]
            sides = [K.Side(names[0], df_a), K.Side(names[1], df_b)]
        try:
            t = K.compare_all(sides, reference, band=band / 100, length_band=length_band, alpha=alpha)
        except K.UnmatchedStrata as exc:
            fail(str(exc))
        names = [s.name for s in sides]
        rows = pd.concat([s.rows.assign(**{VARIANT: s.name}) for s in sides], ignore_index=True)
        metrics = designer_metrics(rows.assign(**{VARIANT: pd.Categorical(rows[VARIANT], categories=names)}), VARIANT)
    console = new_console()
    for line in R.headlines(t, band / 100, length_band):
        console.print(line)
    shown = R.shown(t)
    for name, part in shown.groupby("comparison", sort=False):
        print_table(list(part.columns[1:]), part.drop(columns="comparison").itertuples(index=False), title=str(name),
                    left=("measure", "group", "verdict"), console=console)
    m = R.metrics_shown(metrics)
    print_table(list(m.columns), m.itertuples(index=False), title="Designer metrics", left=("variant",),
                console=console)
    folder = out or run_a / "compare"
    try:
        R.write_outputs(folder, t, metrics, band / 100)
    except OSError as exc:
        fail(f"{getattr(exc, 'filename', None) or folder}: cannot write the comparison: {exc.strerror or exc}")
    console.print(f"Written: {folder}/compare.csv, compare_deltas.png, metrics_by_variant.csv")
