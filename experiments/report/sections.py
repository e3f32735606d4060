"""The report's sections of any game, each built by a function of the :class:`~experiments.report.page.ReportContext`
that returns a :class:`~experiments.report.page.Section` or None (nothing to show in this run).

The generic ones (the skeleton): the win rate and mean outcome per agent (:func:`agents`), the seat
(turn-order) advantage (:func:`seats`), every fair-share test (:func:`every_test`), the games needed for
tighter intervals (:func:`precision`) and the experiment (:func:`experiment`). A game's report module
(its bundle's ``report``) gives its sections in order (``SECTIONS``, its own and these), or the game
gets :data:`DEFAULT_SECTIONS`. A builder added with :func:`add_section` goes in every report: first
(``first=True``, e.g. the compare section of ``dungeonology compare``: before the game's first section,
or the one its report names, ``FIRST``), ``before`` another builder, or else just before the
experiment section. Every table and plot has a line with its family, sample size and pooling
(:mod:`experiments.analysis.claims`).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pandas as pd

from experiments import analysis as A
from experiments.analysis import claims as C
from experiments.analysis.claims import CORRECTION_NAMES
from experiments.report import plots as P
from experiments.report.page import (
    ReportContext,
    Section,
    SectionBuilder,
    flatten,
    heading,
    note,
    pairs_block,
    text_of,
)

TARGET_WIDTH = 0.02  # +/- 1 percentage point


def family_line(text: str) -> dict[str, Any]:
    """The line under a table or plot that names its family (class ``note family``)."""
    return note(text, "note family")


# ------------------------------------------------------------ the skeleton
def agents(ctx: ReportContext) -> Section:
    """The win rate per agent against the fair share and the mean outcome per agent, with their intervals."""
    df = ctx.df
    in_family = ("agent",) in [tuple(A.columns_of(f)) for f in A.groupings_of(df).family]
    if in_family:
        table = ctx.family("agent", ["agent"])
        fam = f"Stars and 'significant': {C.fair_family(ctx.tests, ctx.correction)}"
    else:
        table = A.win_rates(df, ["agent"], correction=ctx.correction, alpha=ctx.alpha)
        fam = f"Stars and 'significant': {C.rows_family(table, ctx.correction)} (a family of its own)"
    means = A.outcome_means(df, ["agent"])
    outcome = A.outcome_of(df)
    return Section("agents", "Win rate and mean outcome per agent", [
        family_line(C.note(fam, len(df), "seat-game", df, "agent")),
        ctx.figure("win_rate_by_agent", "win rate per agent",
                   lambda f: P.win_rate_bars(f.subplots(), df, "agent", table=table), (8, 4.5)),
        ctx.table(table, "win_rate_by_agent.csv"),
        heading(f"Mean {P.nice(df, outcome)} per seat", anchor="agents_outcome"),
        family_line(C.note("No test: normal 95% intervals of the mean", len(df), "seat-game", df, "agent")),
        ctx.figure(f"{outcome}_by_agent", f"mean {outcome} per agent",
                   lambda f: P.outcome_bars(f.subplots(), df, "agent", table=means), (8, 4.5)),
        ctx.table(means, f"{outcome}_by_agent.csv")])


def seats(ctx: ReportContext) -> Section:
    df, fam = ctx.df, C.fair_family(ctx.tests, ctx.correction)
    t = A.seat_advantage(df, correction=ctx.correction, alpha=ctx.alpha)
    by_seat = ctx.family("players × turn_position", ["players", "turn_position"])
    t[["p_adjusted", "significant", "direction"]] = by_seat[["p_adjusted", "significant", "direction"]].to_numpy()
    return Section("seats", "Seat (turn-order) advantage", [
        note("turn position 0 = the first player."),
        family_line(C.note(f"Stars and 'significant': {fam}", len(df), "seat-game", df, ["players", "turn_position"])),
        ctx.figure("seat_advantage", "win rate per position in turn order",
                   lambda f: P.seat_advantage_bars(f.subplots(), df, table=t), (8, 4.5)),
        ctx.table(t, "seat_advantage.csv")])


def every_test(ctx: ReportContext) -> Section:
    tests = ctx.tests
    return Section("tests", f"Every fair-share test ({tests.attrs['tests']})", [
        note(f"Sorted by p-value; p adjusted with {CORRECTION_NAMES[ctx.correction]} over all of them."),
        family_line(C.note(f"The fair-share family: {C.fair_family(tests, ctx.correction)}", len(ctx.df), "seat-game",
                     ctx.df)),
        ctx.table(tests, "fair_share_tests.csv")])


def precision(ctx: ReportContext) -> Section:
    by = A.groupings_of(ctx.df).by
    needed = A.games_needed(ctx.family(by, [by]), TARGET_WIDTH)
    return Section("precision", f"Games needed for ±{50 * TARGET_WIDTH:.0f} point", [
        note(f"Seat-games each {P.nice(ctx.df, by)} needs for a Wilson 95% interval of total width "
             f"{TARGET_WIDTH:.2f} at its observed win rate (analysis.games_needed for other widths)."),
        ctx.table(needed[[by, "games", "win_rate", "ci_width", "games_needed", "more_games"]])])


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
                  "family": ctx.tests.attrs.get("family", ""), "alpha": ctx.alpha, "width": f"{TARGET_WIDTH:.2f}",
                  "half": f"{50 * TARGET_WIDTH:.0f}"}]
    return s


# ------------------------------------------------------------ the order
DEFAULT_SECTIONS: list[SectionBuilder] = [agents, seats, every_test, precision, experiment]
"""The sections of a game whose report module gives none."""
SECTION_BUILDERS: list[SectionBuilder] = []
"""The builders added to every report (:func:`add_section`), in the order they were added."""
_PLACES: dict[SectionBuilder, tuple[bool, SectionBuilder | None]] = {}


def add_section(builder: SectionBuilder, first: bool = False, before: SectionBuilder | None = None) -> None:
    """Add a section builder to every report: ``first`` (comparisons: before the game's first section),
    ``before`` another builder, or else just before the experiment section."""
    if builder in SECTION_BUILDERS:
        return
    SECTION_BUILDERS.append(builder)
    _PLACES[builder] = (first, before)


def builders(report: ModuleType | None) -> list[SectionBuilder]:
    """The section builders of a report, in order: the game's (``report.SECTIONS``, else
    :data:`DEFAULT_SECTIONS`) with the added ones placed (:func:`add_section`)."""
    order = list(getattr(report, "SECTIONS", DEFAULT_SECTIONS))
    opening = getattr(report, "FIRST", order[0])
    for builder in SECTION_BUILDERS:
        first, before = _PLACES.get(builder, (False, None))
        anchor = opening if first else before if before in order else experiment
        order.insert(order.index(anchor) if anchor in order else len(order), builder)
    return order


def sections(ctx: ReportContext, report: ModuleType | None = None) -> list[Section]:
    """Every section of the report that has something to show, in :func:`builders` order."""
    return [s for s in (build(ctx) for build in builders(report)) if s is not None]
