"""The HTML report of a sweep run of any game: ``dungeonology report RUN_DIR``.

:func:`build_report` reads ``results/<run>/`` with :func:`experiments.analysis.load` (only the columns
the report uses, part by part, in compact dtypes: :func:`experiments.analysis.load_compact`) and writes
``report.html`` into the output folder (default ``<run>/_report/``): one self-contained file (the plots
embedded as base64 PNGs, no external files or scripts) that a designer can open in any browser, plus the
same plots as PNG files and the main tables as CSV files beside it. The page comes from the jinja2
templates in experiments/report/templates/ (:mod:`experiments.report.page`; a game's own templates come
first); its sections are those of the run's game (:func:`experiments.report.sections.builders`).

Order: a notice when provisional card data was used (``manifest["provisional"]``), a table of contents,
the headline findings, then the sections. The game is the one the run's manifest names; its report
module (its bundle's ``report``: Dungeonology's is experiments/dungeonology/report/) gives its sections,
its headlines and the tables they share (``prepare``); a game without one gets the generic skeleton:
the win rate and mean outcome per agent and per seat with intervals and sample sizes, every fair-share
test, the games needed for tighter intervals and the experiment (what was played, counts, timings,
configuration, cells) with notes on the statistics.

The headline p-values are Holm-adjusted over the fair-share tests of the game's family
(:func:`experiments.analysis.flags`; Dungeonology's: Scholar, turn position per player count, Scholar x
Clan Card), and the tables and the plot stars show the same adjusted p-values. Every claim states its
sample size and its family, every table and plot a line with its family, size and what it pools over
(:mod:`experiments.analysis.claims`).
"""

from __future__ import annotations

import gc
from pathlib import Path
from types import ModuleType
from typing import Any

import pandas as pd

from experiments import analysis as A
from experiments.analysis.claims import finding
from experiments.report import headlines as skeleton
from experiments.report.page import ReportContext, present, render, text_of
from experiments.report.sections import add_section, sections
from experiments.runs.folder import REPORT_DIR, refuse_links
from experiments.runs.schema import game_name
from experiments.runs.stamps import code_text
from sim.kit.bundle import get_game

__all__ = ["REPORT_NAME", "add_section", "build_report", "complete_rows", "finding", "headlines", "present",
           "report_of"]
REPORT_NAME = "report.html"


def report_of(df: pd.DataFrame) -> ModuleType | None:
    """The report module of the game of the rows (the game their manifest names), None when it has none."""
    return get_game(game_name(df.attrs.get("manifest"))).module("report")


def prepared(df: pd.DataFrame, alpha: float = 0.05) -> dict[str, Any]:
    """The tables the game's sections and headlines share (its report's ``prepare``)."""
    report = report_of(df)
    return report.prepare(df, alpha) if hasattr(report, "prepare") else {}


# -------------------------------------------------------------- headlines
def headlines(df: pd.DataFrame, tests: pd.DataFrame | None = None, correction: str = "holm",
              alpha: float = 0.05, **extras: Any) -> list[str]:
    """The headline findings as sentences (plain text), each with its sample size and the family it was
    corrected over: the game's (its report's ``headlines``, given the ``extras`` of its ``prepare``), else
    the skeleton's (:func:`experiments.report.headlines.headlines`). ``tests``: the
    :func:`experiments.analysis.flags` table (computed when not given)."""
    report = report_of(df)
    if hasattr(report, "headlines"):
        return report.headlines(df, tests, correction, alpha, **extras)
    return skeleton.headlines(df, tests, correction, alpha)


# ------------------------------------------------------------------ page
def _listing(values: Any) -> list[dict[str, str]]:
    """Marked values (dicts of layer, file, key, value, note) as (key text, note) pairs for the page."""
    out = []
    for v in values if isinstance(values, list) else []:
        if isinstance(v, dict):
            key = ": ".join(str(v[k]) for k in ("layer", "file", "key") if v.get(k)) or text_of(v)
            val = f" = {text_of(v['value'])}" if "value" in v else ""
            out.append({"key": key + val, "note": str(v.get("note") or "")})
        else:
            out.append({"key": str(v), "note": ""})
    return out


def _provisional(manifest: dict[str, Any]) -> dict[str, Any] | None:
    if not (manifest.get("provisional") or manifest.get("provisional_values")):
        return None
    n = A.provisional_count(manifest)
    return {"what": f"{n:,} printed card value{'' if n == 1 else 's'}" if n else "printed card values",
            "listings": [{"title": "The provisional values", "entries": _listing(manifest.get("provisional_values"))},
                         {"title": "The values from a fan transcription (status transcribed, not checked against "
                          "the cards)", "entries": _listing(manifest.get("transcribed_values"))}]}


def complete_rows(run_dir: Path, partial: bool = False,
                  unverified: bool = False) -> tuple[pd.DataFrame, list[dict[str, str]]]:
    """The rows to report or compare (complete cells only unless ``partial``) and the warnings at the top.
    The parts of a sweep's manifest are verified first (SweepError naming a missing, extra or changed
    part); a folder whose manifest lists no parts (not written by the sweep runner) is refused (SweepError
    naming the manifest), or with ``unverified`` read as it is, with a warning."""
    from experiments.runs.folder import complete_only, incomplete_note, manifest_path, require_parts, verify_run

    has_manifest = manifest_path(run_dir).is_file()  # none: the loader names what is wrong with the folder
    if not has_manifest or not require_parts(run_dir, A.read_manifest(run_dir), unverified):
        return A.load_compact(run_dir), [{"text": "The manifest lists no parts (this folder was not written by "
                                                  "the sweep runner): its parts are not verified, and whether the run "
                                                  "is complete is not known.", "cls": ""}]
    _, _, done = verify_run(run_dir)
    df = A.load_compact(run_dir)
    note = incomplete_note(run_dir, done, partial)
    if note is not None and not partial:
        df = complete_only(df, done)
        if df.empty:
            raise A.RunDirError(f"{run_dir}: no cell is complete yet ({done.text()}); report --partial reports "
                                "the games played so far")
    return df, [] if note is None else [{"text": note, "cls": "incomplete"}]


def build_report(run_dir: Path, out: Path | None = None, partial: bool = False, unverified: bool = False) -> Path:
    """Write the HTML report of a run folder and return the path of the HTML file.

    ``out``: the output folder (default ``run_dir / "_report"``), or a file
    path ending in .html (the PNG and CSV files go beside it). An incomplete
    run is said so at the top, and only its complete cells are counted unless
    ``partial``. A manifest without per-part checksums is refused unless
    ``unverified``. Raises :class:`experiments.analysis.RunDirError` for an
    unreadable run, SweepError for a part that differs from the manifest, and
    OSError when the output cannot be written."""
    run_dir = Path(run_dir)
    df, warnings = complete_rows(run_dir, partial, unverified)
    if df.empty:
        raise A.RunDirError(f"{run_dir}: no games to analyse ({df.attrs.get('excluded_games', 0)} games, all stopped "
                            "with an error)")
    manifest = df.attrs["manifest"]
    if out is None:
        out = run_dir / REPORT_DIR
        refuse_links(out)  # the run folder's own report folder: written there, never through a link
    out = Path(out)
    html_path = out if out.suffix.lower() in (".html", ".htm") else out / REPORT_NAME
    folder = html_path.parent
    folder.mkdir(parents=True, exist_ok=True)

    correction, alpha = "holm", 0.05
    report = report_of(df)
    gc.freeze()  # statsmodels' Holm runs gc.collect() per call: leave the objects made so far out of it
    try:
        tests = A.flags(df, correction=correction, alpha=alpha)
        extras = prepared(df, alpha)
        ctx = ReportContext(df, tests, manifest, correction, alpha, extras)
        body = sections(ctx, report)
        lines = headlines(df, tests, correction, alpha, **extras)
    finally:
        gc.unfreeze()
    g_count = int(df["game"].nunique())
    excluded = df.attrs.get("excluded_games", 0)
    if excluded:
        warnings.append({"text": f"{excluded} games stopped with an engine or agent error and are left out (codes "
                                 f"{text_of(df.attrs.get('error_codes'))}).", "cls": ""})
    game = get_game(game_name(manifest))
    page = render(getattr(report, "TEMPLATES", None), game=getattr(report, "TITLE", game.title),
                  name=str(manifest.get("name") or run_dir.name), warnings=warnings,
                  summary=f"{g_count:,} games, {len(df):,} seat rows, {df['cell'].nunique()} cells",
                  data_hash=str(manifest.get("data_hash", ""))[:12], code=code_text(manifest.get("code_version")),
                  provisional=_provisional(manifest), sections=body,
                  headlines=lines)
    for file, png in ctx.pngs.items():
        (folder / file).write_bytes(png)
    for file, table in ctx.csvs.items():
        table.to_csv(folder / file, index=False)
    html_path.write_text(page, encoding="utf-8")
    return html_path
