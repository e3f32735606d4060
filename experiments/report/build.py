"""The HTML report of a sweep run: ``dungeonology report RUN_DIR``.

:func:`build_report` reads ``results/<run>/`` with :func:`experiments.analysis.load` (only the columns
the report uses, part by part, in compact dtypes: :func:`experiments.analysis.load_compact`) and writes
``report.html`` into the output folder (default ``<run>/_report/``): one self-contained file (the plots
embedded as base64 PNGs, no external files or scripts) that a designer can open in any browser, plus the
same plots as PNG files and the main tables as CSV files beside it. The page comes from the jinja2
templates in experiments/report/templates/ (:mod:`experiments.report.page`); its sections are the ordered list
:data:`experiments.report.sections.SECTION_BUILDERS`.

Order: a notice when provisional card data was used (``manifest["provisional"]``), a table of contents,
the headline findings, then comparisons and "what if" overrides when the run has them, the plots with
their tables (Scholars; Scholar x Alert and Scholar x Player Level lift; turn order; Scholar x Clan Card;
Scholar vs Scholar; Alert difficulty x Player Level; advanced rules; score and game-length
distributions), every fair-share test, the games needed for tighter intervals, and the experiment (what
was played, counts, timings, configuration, cells) with notes on the statistics.

The headline p-values are Holm-adjusted over the fair-share tests of the report's family (Scholar, turn
position per player count, Scholar x Clan Card; :func:`experiments.analysis.flags`), and the tables and
the plot stars show the same adjusted p-values. Every claim states its sample size and its family, every
table and plot a line with its family, size and what it pools over (:mod:`experiments.analysis.claims`); the
what-if headline is corrected over the deltas of its override (:func:`experiments.analysis.variants.override_effects`).
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pandas as pd

from experiments import analysis as A
from experiments.analysis import claims as C
from experiments.analysis import variants as V
from experiments.analysis.claims import CORRECTION_NAMES, ci, finding, pct, pvalue
from experiments.analysis.stats import games_for_wilson_width
from experiments.report import compare as compare_report
from experiments.report.adjusted import adjusted_section
from experiments.report.page import ReportContext, present, render, text_of
from experiments.report.sections import TARGET_WIDTH, add_section, seats, sections
from experiments.runs.folder import REPORT_DIR
from experiments.runs.stamps import code_text

__all__ = ["REPORT_NAME", "add_section", "build_report", "complete_rows", "finding", "headlines", "present"]
# issue 14: a run with variants opens with their comparison; robust findings and designer metrics before the
# experiment section
add_section(compare_report.compare_section, first=True)
add_section(compare_report.robust_section)
add_section(compare_report.metrics_section)
# issue 16: each Scholar's and Clan's effect adjusted for the table and the seat, after the Scholar table
add_section(adjusted_section, before=seats)
REPORT_NAME = "report.html"


# -------------------------------------------------------------- headlines
def headlines(df: pd.DataFrame, tests: pd.DataFrame | None = None, correction: str = "holm",
              alpha: float = 0.05, effects: pd.DataFrame | None = None) -> list[str]:
    """The headline findings as sentences (plain text): Scholars, turn order, Scholar x Clan,
    head-to-head, game length, Theses, overrides and precision; each with its sample size and
    the family it was corrected over (:mod:`experiments.analysis.claims`). ``tests``: the
    :func:`experiments.analysis.flags` table, ``effects``: the
    :func:`experiments.analysis.variants.override_effects` table (computed when not given)."""
    tests = A.flags(df, correction=correction, alpha=alpha) if tests is None else tests
    name = CORRECTION_NAMES.get(correction, correction)
    fam = C.fair_family(tests, correction)
    out: list[str] = []
    pooled = A.pooled_over(df)
    if pooled:
        out.append("The findings below pool over " + "; ".join(pooled) + " (each table says what it pools; the "
                   "per-player-count, per-agent and what-if tables break it down).")

    scholars = tests[tests["grouping"] == "scholar"].sort_values("win_rate", ascending=False)
    flagged = scholars[scholars["significant"]]
    for row in flagged.itertuples(index=False):
        out.append(finding(row.group, row, correction, fam))
    if len(scholars):
        if flagged.empty:
            top, bottom = scholars.iloc[0], scholars.iloc[-1]
            out.append(f"No Scholar's win rate differs significantly from {C.fair_text(scholars['fair_share'])} "
                       f"({name}-adjusted p ≥ {alpha}; {fam}); they range from {pct(bottom.win_rate)} "
                       f"({bottom.group}, {int(bottom.games):,} seat-games) to {pct(top.win_rate)} ({top.group}, "
                       f"{int(top.games):,} seat-games).")
        elif len(flagged) < len(scholars):
            out.append(f"The other Scholars are within chance of the fair share ({fam}).")

    seats = tests[tests["grouping"] == "players × turn_position"]
    for row in seats.itertuples(index=False):
        if row.group.startswith("1st") or row.significant:
            label = "The " + row.group.replace("1st in turn order", "first player").replace(
                " in turn order", " player in turn order")
            out.append(finding(label, row, correction, fam))

    combos = tests[(tests["grouping"] == "scholar × clan") & tests["significant"]].copy()
    if combos.empty:
        out.append(f"No Scholar × Clan Card combination is significantly away from the fair share ({fam}).")
    else:
        combos["gap"] = (combos["lift"] - 1).abs()
        for row in combos.sort_values("gap", ascending=False).head(3).itertuples(index=False):
            out.append(finding(row.group.replace(" × ", " with "), row, correction, fam))
        if len(combos) > 3:
            out.append(f"{len(combos) - 3} more Scholar × Clan Card combinations are flagged (see the table).")

    h2h = A.scholar_vs_scholar(df, correction=correction, alpha=alpha)
    lopsided = h2h[h2h["significant"] & (h2h["rate"] > 0.5)].sort_values("rate", ascending=False)
    for row in lopsided.head(2).itertuples(index=False):
        out.append(f"Head-to-head, {row.scholar} finishes ahead of {row.opponent} in {pct(row.rate)} of their "
                   f"{int(row.ahead + row.behind):,} decisive meetings (95% CI {ci(row.ci_low, row.ci_high)}; "
                   f"{name}-adjusted p {pvalue(row.p_adjusted)}; {C.pairs_family(h2h, correction)}).")

    g = A.games(df)
    by_alert = A.condition_effects(df, "alert")
    by_level = A.condition_effects(df, "player_level")
    length = (f"Games last {g['turns'].mean():.1f} turns ({g['rounds'].mean():.1f} rounds) on average over "
              f"{len(g):,} games")
    parts = []
    if len(by_alert) > 1:
        parts.append("by Alert difficulty " + ", ".join(f"{r.alert} {r.mean_turns:.1f}"
                                                          for r in by_alert.itertuples(index=False)))
    if len(by_level) > 1:
        parts.append("by Player Level " + ", ".join(f"{r.player_level} {r.mean_turns:.1f}"
                                                     for r in by_level.itertuples(index=False)))
    out.append(length + (": " + "; ".join(parts) if parts else "") + ".")
    seats_thesis = float(df["thesis_submitted"].mean())
    nobody = float(g["nobody_submits"].mean())
    text = (f"{pct(seats_thesis)} of {len(df):,} seats submit a successful Thesis; in {pct(nobody)} of {len(g):,} "
            "games nobody does")
    if len(by_alert) > 1:
        shares = ", ".join(f"{r.alert} {pct(r.no_thesis_rate, 0)}" for r in by_alert.itertuples(index=False))
        text += f" ({shares})"
    out.append(text + ".")

    effects = V.override_effects(df, alpha=alpha) if effects is None else effects
    for key, t in effects.groupby("override", sort=False):
        out.append(C.what_if(str(key), t, V.reference_of(df, str(key)), alpha=alpha))

    if len(scholars):
        smallest = scholars.sort_values("games").iloc[0]
        fair = float(scholars["fair_share"].mean())
        need = games_for_wilson_width(fair, TARGET_WIDTH)
        out.append(f"Precision: the smallest Scholar group has {int(smallest.games):,} seat-games, so its 95% "
                   f"interval is ±{50 * (smallest.ci_high - smallest.ci_low):.1f} points wide; "
                   f"±{50 * TARGET_WIDTH:.0f} point needs about {need:,} seat-games per group at the fair share.")
    if df.attrs.get("excluded_games"):
        out.append(f"{df.attrs['excluded_games']} games stopped with an error and are left out "
                   f"(error codes: {df.attrs.get('error_codes')}).")
    return out


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
    out = Path(out)
    html_path = out if out.suffix.lower() in (".html", ".htm") else out / REPORT_NAME
    folder = html_path.parent
    folder.mkdir(parents=True, exist_ok=True)

    correction, alpha = "holm", 0.05
    gc.freeze()  # statsmodels' Holm runs gc.collect() per call: leave the objects made so far out of it
    try:
        tests = A.flags(df, correction=correction, alpha=alpha)
        whatif = V.override_effects(df, alpha=alpha)
        ctx = ReportContext(df, tests, whatif, manifest, correction, alpha)
        body = sections(ctx)
        lines = headlines(df, tests, correction, alpha, whatif)
    finally:
        gc.unfreeze()
    g_count = int(df["game"].nunique())
    excluded = df.attrs.get("excluded_games", 0)
    if excluded:
        warnings.append({"text": f"{excluded} games stopped with an engine or agent error and are left out (codes "
                                 f"{text_of(df.attrs.get('error_codes'))}).", "cls": ""})
    page = render(name=str(manifest.get("name") or run_dir.name), warnings=warnings,
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
