"""Leduc poker's report (its bundle's ``report``): the generic skeleton (win rate and mean return per
agent and per seat, every fair-share test, the games needed, the experiment) with one section of its
own, the private card (:func:`cards`): how often, and by how much, each agent wins holding each rank."""

from __future__ import annotations

from experiments import analysis as A
from experiments.analysis import claims as C
from experiments.report import plots as P
from experiments.report.page import ReportContext, Section, heading, note
from experiments.report.sections import agents, every_test, experiment, family_line, precision, seats


def cards(ctx: ReportContext) -> Section:
    """Win rate and mean return per private card rank (0 = J, the lowest), and per agent at each rank."""
    df = ctx.df
    by_rank = A.win_rates(df, ["card_rank"], correction=ctx.correction, alpha=ctx.alpha)
    by_agent = A.win_rates(df, ["agent", "card_rank"], correction=ctx.correction, alpha=ctx.alpha)
    means = A.outcome_means(df, ["agent", "card_rank"])
    return Section("cards", "The private card", [
        note("Rank 0 is the lowest card (J); a pair with the public card beats every other hand. A table of "
             "its own: its fair-share tests are corrected over its rows."),
        family_line(C.note(C.rows_family(by_rank, ctx.correction) + " (a family of its own)", len(df), "seat-game",
                           df, "card_rank")),
        ctx.figure("win_rate_by_card", "win rate per private card rank",
                   lambda f: P.win_rate_bars(f.subplots(), df, "card_rank", table=by_rank), (8, 4.5)),
        ctx.table(by_rank, "win_rate_by_card.csv"),
        heading("Per agent and card", anchor="cards_agent"),
        family_line(C.note(C.rows_family(by_agent, ctx.correction) + " (a family of its own)", len(df),
                           "seat-game", df, ["agent", "card_rank"])),
        ctx.table(by_agent, "win_rate_by_agent_card.csv"),
        ctx.table(means, "return_by_agent_card.csv")])


SECTIONS = [agents, seats, cards, every_test, precision, experiment]
TITLE = "Leduc poker"  # "Leduc poker balance report: <run>"
