"""The sections of the HTML report, in order: :data:`SECTION_BUILDERS`.

Each builder takes the :class:`experiments.report.page.ReportContext` and returns a
:class:`~experiments.report.page.Section` or None (nothing to show in this run). Comparisons come
first when a run has them: a builder added with :func:`add_section` (``first=True``, e.g. the
compare section of ``dungeonology compare``) goes before the what-if overrides, which come before
the Scholar tables. Every table and plot has a line with its family, sample size and pooling
(:mod:`experiments.analysis.claims`).
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from experiments import analysis as A
from experiments.analysis import claims as C
from experiments.analysis import variants as V
from experiments.analysis.claims import CORRECTION_NAMES, pct
from experiments.report import plots as P
from experiments.report.page import (
    ReportContext,
    Section,
    SectionBuilder,
    flatten,
    heading,
    note,
    pairs_block,
    slug,
    text_of,
)
from experiments.runs.schema import OVERRIDE_PREFIX

TARGET_WIDTH = 0.02  # +/- 1 percentage point


def _line(text: str) -> dict[str, Any]:
    return note(text, "note family")


# ------------------------------------------------------------ what-if first
def overrides(ctx: ReportContext) -> Section | None:
    """"What if": the win rate per Scholar at each value of each swept data override, and the deltas."""
    df, whatif = ctx.df, ctx.whatif
    keys = A.override_keys(df)
    if not keys:
        return None
    ctx.csvs["overrides.csv"] = whatif
    s = Section("overrides", "What if: data overrides", [note(
        "Win rate per Scholar at each value of each swept override; delta against the reference (the value in "
        f"the run's data) with a simultaneous {100 * (1 - ctx.alpha):.0f}% interval over the deltas of the "
        "override; 'significant' (and a star in the plot): that interval leaves out 0.")])
    for key in keys:
        t = whatif[whatif["override"] == key]
        s.blocks += [
            heading(key, code=True, anchor=f"override_{slug(key)}"),
            _line(C.note(f"Reference: {V.reference_of(df, key).note}. Stars and 'significant': {C.delta_family(t)}",
                         len(df), "seat-game", df, OVERRIDE_PREFIX + key)),
            ctx.figure(f"override_{slug(key)}", f"what if {key}",
                       lambda f, k=key: P.override_effect(f.subplots(), df, k, table=whatif), (8, 4.5)),
            ctx.table(t.drop(columns=["override"])),
            ctx.table(V.override_game_effects(df, key).drop(columns=["override"]))]
    return s


# ------------------------------------------------------------ Scholars
def scholars(ctx: ReportContext) -> Section:
    df, fam = ctx.df, C.fair_family(ctx.tests, ctx.correction)
    table = ctx.family("scholar", ["scholar"])
    s = Section("scholars", "Win rate per Scholar", [
        _line(C.note(f"Stars and 'significant': {fam}", len(df), "seat-game", df, "scholar")),
        ctx.figure("win_rate_by_scholar", "win rate per Scholar",
                   lambda f: P.win_rate_bars(f.subplots(), df, "scholar", table=table), (8, 4.5)),
        ctx.table(table, "win_rate_by_scholar.csv")])
    for col, title in (("players", "Per player count"), ("agent", "Per agent")):
        if df[col].nunique() > 1:
            t = A.win_rates(df, [col, "scholar"], correction=ctx.correction, alpha=ctx.alpha)
            s.blocks += [heading(title, anchor=f"scholars_{col}"),
                         _line(C.note(C.rows_family(t, ctx.correction) + " (a family of its own)", len(df),
                                      "seat-game", df, [col, "scholar"])),
                         ctx.table(t, f"win_rate_by_{col}_scholar.csv")]
    return s


def lifts(ctx: ReportContext) -> Section:
    """Scholar x Alert difficulty and Scholar x Player Level: the lift over the fair share (1.00 = fair)."""
    df = ctx.df
    s = Section("lifts", "Scholar × Alert and Scholar × Player Level (lift)", [note(
        "Lift = win rate / fair share (1.00 = fair) of each Scholar under each Alert difficulty and each Player "
        "Level, with its 95% interval; a star: significantly away from the fair share.")])
    for col, title in (("alert", "Scholar × Alert difficulty"), ("player_level", "Scholar × Player Level")):
        t = A.win_rates(df, ["scholar", col], correction=ctx.correction, alpha=ctx.alpha)
        cells = t.assign(text=[f"{r.lift:.2f} ({r.lift_low:.2f}–{r.lift_high:.2f}){'*' if r.significant else ''}"
                               for r in t.itertuples(index=False)])
        grid = A.matrix(cells, "scholar", col, "text").fillna("")
        grid.columns = [str(c) for c in grid.columns]
        s.blocks += [heading(title, anchor=f"lift_{col}"),
                     _line(C.note(C.rows_family(t, ctx.correction) + " (a family of its own)", len(df), "seat-game",
                                  df, ["scholar", col])),
                     ctx.table(grid.reset_index(), raw=True),
                     ctx.table(t, f"lift_scholar_{col}.csv")]
    return s


def seats(ctx: ReportContext) -> Section:
    df, fam = ctx.df, C.fair_family(ctx.tests, ctx.correction)
    t = A.seat_advantage(df, correction=ctx.correction, alpha=ctx.alpha)
    by_seat = ctx.family("players × turn_position", ["players", "turn_position"])
    t[["p_adjusted", "significant", "direction"]] = by_seat[["p_adjusted", "significant", "direction"]].to_numpy()
    return Section("seats", "Seat (turn-order) advantage", [
        note("turn position 0 = the first player."),
        _line(C.note(f"Stars and 'significant': {fam}", len(df), "seat-game", df, ["players", "turn_position"])),
        ctx.figure("seat_advantage", "win rate per position in turn order",
                   lambda f: P.seat_advantage_bars(f.subplots(), df, table=t), (8, 4.5)),
        ctx.table(t, "seat_advantage.csv")])


def clans(ctx: ReportContext) -> Section:
    df, fam = ctx.df, C.fair_family(ctx.tests, ctx.correction)
    t = ctx.family("scholar × clan", ["scholar", "clan"])
    rate = A.matrix(t).map(pct)
    rate.columns = [str(c) for c in rate.columns]
    return Section("clans", "Scholar × Clan Card", [
        _line(C.note(f"Stars and 'significant': {fam}", len(df), "seat-game", df, ["scholar", "clan"])),
        ctx.figure("scholar_clan", "Scholar x Clan Card heatmap",
                   lambda f: P.scholar_clan_heatmap(f.subplots(), df, table=t), (9, 5)),
        heading("Win rate"), ctx.table(rate.reset_index(), raw=True),
        heading("All pairs"), ctx.table(t, "scholar_clan.csv")])


def head_to_head(ctx: ReportContext) -> Section:
    df = ctx.df
    h2h = A.scholar_vs_scholar(df, correction=ctx.correction, alpha=ctx.alpha)
    return Section("h2h", "Scholar vs Scholar (head-to-head)", [
        note("Row Scholar against column Scholar: share of the decisive meetings (both at the table, ranks not "
             "tied) in which the row Scholar finished ahead; 50% is even. p-values: exact binomial test against "
             "50%."),
        _line(C.note(f"Stars and 'significant': {C.pairs_family(h2h, ctx.correction)}",
                     int((h2h["ahead"] + h2h["behind"]).sum()) // 2, "decisive meeting", df, "scholar")),
        ctx.figure("scholar_vs_scholar", "Scholar vs Scholar heatmap",
                   lambda f: P.scholar_vs_scholar_heatmap(f.subplots(), df, table=h2h), (8, 5)),
        ctx.table(h2h, "scholar_vs_scholar.csv")])


def _shares(t: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    return t.assign(**{c: t[c].map(pct) for c in t.columns if c not in keys})


def conditions(ctx: ReportContext) -> Section:
    df = ctx.df
    cond = A.condition_effects(df, ["alert", "player_level"])
    metrics = ("mean_turns", "thesis_rate", "no_thesis_rate")
    return Section("conditions", "Alert difficulty × Player Level", [
        note("Game length, seats with a successful Thesis, and games where nobody submits a successful Thesis."),
        _line(C.note("No test, no correction: 95% intervals per cell", len(A.games(df)), "game", df,
                     ["alert", "player_level"])),
        ctx.figure("alert_level", "Alert difficulty x Player Level panels",
                   lambda f: P.condition_panels(f.subplots(1, 3), df, metrics), (16, 5)),
        ctx.table(cond, "alert_level.csv"),
        heading("Per Alert difficulty"), ctx.table(A.condition_effects(df, "alert")),
        heading("Per Player Level"), ctx.table(A.condition_effects(df, "player_level")),
        heading("How games end (share of games)"),
        ctx.table(_shares(A.end_reasons(df, ["alert", "player_level"]), ["alert", "player_level"]), raw=True)])


def advanced(ctx: ReportContext) -> Section | None:
    df = ctx.df
    groupings = V.rule_groupings(df)
    if not groupings:
        return None
    s = Section("advanced", "Advanced rules", [note(
        "Per rule set (rules), Boss Card and profile (boss) and Panic Card (panic): Scholar win rates against the "
        "fair share, game length, Theses and how often Maximum Alert was reached.")])
    for col in groupings:
        rates = V.rule_win_rates(df, col, correction=ctx.correction, alpha=ctx.alpha)
        shown = df.assign(**{col: df[col].astype(str).replace("", A.BASIC)})
        s.blocks += [
            heading(f"Per {col}", anchor=f"advanced_{col}"),
            _line(C.note(f"Stars and 'significant': {C.rows_family(rates, ctx.correction)} (a family of its own)",
                         len(df), "seat-game", df, [col, "scholar"])),
            ctx.figure(f"advanced_{col}", f"win rate per Scholar per {col}",
                       lambda f, c=col, t=rates, d=shown: P.win_rate_bars(f.subplots(), d, [c, "scholar"], table=t),
                       (10, 5)),
            ctx.table(rates, f"advanced_{col}_win_rates.csv"),
            ctx.table(V.rule_effects(df, col), f"advanced_{col}_games.csv"),
            ctx.table(_shares(A.end_reasons(shown, [col]), [col]), raw=True)]
    return s


def distributions(ctx: ReportContext) -> Section:
    df = ctx.df
    return Section("distributions", "Score and game-length distributions", [
        _line(C.note("No test", len(df), "seat-game", df, "scholar")),
        ctx.figure("scores", "score distribution per Scholar", lambda f: P.score_distribution(f.subplots(), df),
                   (8, 4.5)),
        ctx.table(A.score_summary(df, "scholar"), "scores.csv"),
        ctx.figure("game_length", "game length per Alert difficulty",
                   lambda f: P.length_distribution(f.subplots(), df), (8, 4.5))])


def every_test(ctx: ReportContext) -> Section:
    tests = ctx.tests
    return Section("tests", f"Every fair-share test ({tests.attrs['tests']})", [
        note(f"Sorted by p-value; p adjusted with {CORRECTION_NAMES[ctx.correction]} over all of them."),
        _line(C.note(f"The fair-share family: {C.fair_family(tests, ctx.correction)}", len(ctx.df), "seat-game",
                     ctx.df)),
        ctx.table(tests, "fair_share_tests.csv")])


def precision(ctx: ReportContext) -> Section:
    needed = A.games_needed(ctx.family("scholar", ["scholar"]), TARGET_WIDTH)
    return Section("precision", f"Games needed for ±{50 * TARGET_WIDTH:.0f} point", [
        note("Seat-games each Scholar needs for a Wilson 95% interval of total width "
             f"{TARGET_WIDTH:.2f} at its observed win rate (analysis.games_needed for other widths)."),
        ctx.table(needed[["scholar", "games", "win_rate", "ci_width", "games_needed", "more_games"]])])


# ------------------------------------------------------------ the experiment
def _sessions(timings: dict[str, Any]) -> pd.DataFrame | None:
    rows = [s for s in timings.get("sessions") or [] if isinstance(s, dict)]
    if not rows:
        return None
    cols = {"started": "started", "jobs": "jobs", "backend": "backend", "games_played": "games played",
            "games_resumed": "games resumed", "wall_s": "wall s", "games_per_s": "games/s"}
    return pd.DataFrame([{label: text_of(s.get(k)) for k, label in cols.items()} for s in rows])


def experiment(ctx: ReportContext) -> Section:
    """What was played (the values in the rows, not every value that exists), counts, timings, the
    resolved configuration and the cells, as tables of plain text; then the statistics notes."""
    df, manifest = ctx.df, ctx.manifest
    s = Section("experiment", "The experiment", [
        note(str(manifest.get("description") or "(no description)"), ""),
        ctx.table(A.overview(df), raw=True)])
    counts = manifest.get("counts")
    s.blocks += [heading("Counts"), pairs_block(list(counts.items())) if isinstance(counts, dict) and counts
                 else note("(not recorded)")]
    timings = manifest.get("timings")
    s.blocks.append(heading("Timings (seconds)"))
    if isinstance(timings, dict) and timings:
        s.blocks.append(pairs_block([(k, v) for k, v in timings.items() if k != "sessions"]))
        sessions = _sessions(timings)
        if sessions is not None:
            s.blocks += [note("Sessions (one per run of the sweep command; a resumed run has several):"),
                         ctx.table(sessions, raw=True)]
    else:
        s.blocks.append(note("(not recorded)"))
    config = manifest.get("config")
    s.blocks.append(heading("Configuration (resolved)"))
    s.blocks.append(pairs_block(flatten(config), ("key", "value")) if isinstance(config, dict) and config
                    else note("(not recorded)"))
    cells = manifest.get("cells")
    if isinstance(cells, list) and cells and all(isinstance(c, dict) for c in cells):
        frame = pd.DataFrame([{k: text_of(v) for k, v in c.items()} for c in cells])
        s.blocks += [heading(f"Cells ({len(cells)})"), ctx.table(frame, raw=True)]
    s.blocks += [heading("Statistics"),
                 {"kind": "methods", "name": CORRECTION_NAMES[ctx.correction], "tests": ctx.tests.attrs["tests"],
                  "alpha": ctx.alpha, "width": f"{TARGET_WIDTH:.2f}", "half": f"{50 * TARGET_WIDTH:.0f}"}]
    return s


# ------------------------------------------------------------ the order
SECTION_BUILDERS: list[SectionBuilder] = [overrides, scholars, lifts, seats, clans, head_to_head, conditions,
                                          advanced, distributions, every_test, precision, experiment]


def add_section(builder: SectionBuilder, first: bool = False, before: SectionBuilder | None = None) -> None:
    """Add a section builder to every report: ``first`` (comparisons: before the what-if overrides and the
    Scholar tables), ``before`` another builder, or else just before the experiment section."""
    if builder in SECTION_BUILDERS:
        return
    anchor = overrides if first else before if before in SECTION_BUILDERS else experiment
    SECTION_BUILDERS.insert(SECTION_BUILDERS.index(anchor), builder)


def sections(ctx: ReportContext) -> list[Section]:
    """Every section of the report that has something to show, in :data:`SECTION_BUILDERS` order."""
    return [s for s in (build(ctx) for build in SECTION_BUILDERS) if s is not None]
