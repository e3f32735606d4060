"""Dungeonology's report (its bundle's ``report``): its sections in order (:data:`SECTIONS`: the what-if
overrides, the Scholar tables, Scholar x Alert / Player Level lift, turn order, Scholar x Clan Card,
Scholar vs Scholar, Alert difficulty x Player Level, the advanced rules, the distributions, with the
generic skeleton's turn order, tests, precision and experiment sections, and the comparison sections
of a run with variants), what they share (:func:`prepare`: the what-if effects) and its headlines
(experiments.dungeonology.report.headlines). Every table and plot has a line with its family, sample
size and pooling (:mod:`experiments.analysis.claims`).
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from experiments import analysis as A
from experiments.analysis import claims as C
from experiments.analysis.claims import pct
from experiments.dungeonology.analysis import claims as DC
from experiments.dungeonology.analysis import conditions as D
from experiments.dungeonology.analysis import head_to_head as H
from experiments.dungeonology.analysis import variants as V
from experiments.dungeonology.analysis.groupings import BASIC
from experiments.dungeonology.report import plots as P
from experiments.dungeonology.report.adjusted import adjusted_section
from experiments.dungeonology.report.compare import compare_section, metrics_section, robust_section
from experiments.report.page import ReportContext, Section, heading, note, slug
from experiments.report.sections import every_test, experiment, family_line, precision, seats
from experiments.runs.schema import OVERRIDE_PREFIX


def prepare(df: pd.DataFrame, alpha: float) -> dict[str, Any]:
    """What several sections and the headlines read: the what-if effects of every swept override."""
    return {"whatif": V.override_effects(df, alpha=alpha)}


# ------------------------------------------------------------ what-if first
def overrides(ctx: ReportContext) -> Section | None:
    """"What if": the win rate per Scholar at each value of each swept data override, and the deltas."""
    df, whatif = ctx.df, ctx.extras["whatif"]
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
            family_line(C.note(f"Reference: {V.reference_of(df, key).note}. Stars and 'significant': "
                               f"{DC.delta_family(t)}", len(df), "seat-game", df, OVERRIDE_PREFIX + key)),
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
        family_line(C.note(f"Stars and 'significant': {fam}", len(df), "seat-game", df, "scholar")),
        ctx.figure("win_rate_by_scholar", "win rate per Scholar",
                   lambda f: P.win_rate_bars(f.subplots(), df, "scholar", table=table), (8, 4.5)),
        ctx.table(table, "win_rate_by_scholar.csv")])
    for col, title in (("players", "Per player count"), ("agent", "Per agent")):
        if df[col].nunique() > 1:
            t = A.win_rates(df, [col, "scholar"], correction=ctx.correction, alpha=ctx.alpha)
            s.blocks += [heading(title, anchor=f"scholars_{col}"),
                         family_line(C.note(C.rows_family(t, ctx.correction) + " (a family of its own)", len(df),
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
                     family_line(C.note(C.rows_family(t, ctx.correction) + " (a family of its own)", len(df),
                                        "seat-game", df, ["scholar", col])),
                     ctx.table(grid.reset_index(), raw=True),
                     ctx.table(t, f"lift_scholar_{col}.csv")]
    return s


def clans(ctx: ReportContext) -> Section:
    df, fam = ctx.df, C.fair_family(ctx.tests, ctx.correction)
    t = ctx.family("scholar × clan", ["scholar", "clan"])
    rate = A.matrix(t, "scholar", "clan").map(pct)
    rate.columns = [str(c) for c in rate.columns]
    return Section("clans", "Scholar × Clan Card", [
        family_line(C.note(f"Stars and 'significant': {fam}", len(df), "seat-game", df, ["scholar", "clan"])),
        ctx.figure("scholar_clan", "Scholar x Clan Card heatmap",
                   lambda f: P.scholar_clan_heatmap(f.subplots(), df, table=t), (9, 5)),
        heading("Win rate"), ctx.table(rate.reset_index(), raw=True),
        heading("All pairs"), ctx.table(t, "scholar_clan.csv")])


def head_to_head(ctx: ReportContext) -> Section:
    df = ctx.df
    h2h = H.scholar_vs_scholar(df, correction=ctx.correction, alpha=ctx.alpha)
    return Section("h2h", "Scholar vs Scholar (head-to-head)", [
        note("Row Scholar against column Scholar: share of the decisive meetings (both at the table, ranks not "
             "tied) in which the row Scholar finished ahead; 50% is even. p-values: exact binomial test against "
             "50%."),
        family_line(C.note(f"Stars and 'significant': {DC.pairs_family(h2h, ctx.correction)}",
                     int((h2h["ahead"] + h2h["behind"]).sum()) // 2, "decisive meeting", df, "scholar")),
        ctx.figure("scholar_vs_scholar", "Scholar vs Scholar heatmap",
                   lambda f: P.scholar_vs_scholar_heatmap(f.subplots(), df, table=h2h), (8, 5)),
        ctx.table(h2h, "scholar_vs_scholar.csv")])


def _shares(t: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    return t.assign(**{c: t[c].map(pct) for c in t.columns if c not in keys})


def conditions(ctx: ReportContext) -> Section:
    df = ctx.df
    cond = D.condition_effects(df, ["alert", "player_level"])
    metrics = ("mean_turns", "thesis_rate", "no_thesis_rate")
    return Section("conditions", "Alert difficulty × Player Level", [
        note("Game length, seats with a successful Thesis, and games where nobody submits a successful Thesis."),
        family_line(C.note("No test, no correction: 95% intervals per cell", len(D.games(df)), "game", df,
                     ["alert", "player_level"])),
        ctx.figure("alert_level", "Alert difficulty x Player Level panels",
                   lambda f: P.condition_panels(f.subplots(1, 3), df, metrics), (16, 5)),
        ctx.table(cond, "alert_level.csv"),
        heading("Per Alert difficulty"), ctx.table(D.condition_effects(df, "alert")),
        heading("Per Player Level"), ctx.table(D.condition_effects(df, "player_level")),
        heading("How games end (share of games)"),
        ctx.table(_shares(D.end_reasons(df, ["alert", "player_level"]), ["alert", "player_level"]), raw=True)])


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
        shown = df.assign(**{col: df[col].astype(str).replace("", BASIC)})
        s.blocks += [
            heading(f"Per {col}", anchor=f"advanced_{col}"),
            family_line(C.note(f"Stars and 'significant': {C.rows_family(rates, ctx.correction)} (a family of its own)",
                         len(df), "seat-game", df, [col, "scholar"])),
            ctx.figure(f"advanced_{col}", f"win rate per Scholar per {col}",
                       lambda f, c=col, t=rates, d=shown: P.win_rate_bars(f.subplots(), d, [c, "scholar"], table=t),
                       (10, 5)),
            ctx.table(rates, f"advanced_{col}_win_rates.csv"),
            ctx.table(V.rule_effects(df, col), f"advanced_{col}_games.csv"),
            ctx.table(_shares(D.end_reasons(shown, [col]), [col]), raw=True)]
    return s


def distributions(ctx: ReportContext) -> Section:
    df = ctx.df
    return Section("distributions", "Score and game-length distributions", [
        family_line(C.note("No test", len(df), "seat-game", df, "scholar")),
        ctx.figure("scores", "score distribution per Scholar", lambda f: P.score_distribution(f.subplots(), df),
                   (8, 4.5)),
        ctx.table(D.score_summary(df, "scholar"), "scores.csv"),
        ctx.figure("game_length", "game length per Alert difficulty",
                   lambda f: P.length_distribution(f.subplots(), df), (8, 4.5))])


# ------------------------------------------------------------ the order
SECTIONS = [compare_section, overrides, scholars, lifts, adjusted_section, seats, clans, head_to_head, conditions,
            advanced, distributions, every_test, precision, robust_section, metrics_section, experiment]
"""A run with variants opens with their comparison; each Scholar's and Clan's effect adjusted for the table
and the seat comes after the lift tables; the robust findings and the designer metrics before the experiment."""
FIRST = overrides  # a section added first (experiments.report.sections.add_section) goes before the what-ifs
