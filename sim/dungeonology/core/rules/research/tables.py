"""The Research Cards' tables (Rocca Civetta, "Research Cards")."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.tables import TableContext, limit


def compile_research(ctx: TableContext) -> None:
    """The Research Cards (Rocca Civetta, "Research Cards"): points and Quest
    conditions as T_RESEARCH_* rows (code, n, arg, at_most; sim.dungeonology.layout QC_*); their names."""
    t, data, cidx = ctx.t, ctx.data, ctx.cidx
    names = list(data.research)
    limit("Research Cards", len(names), L.MAX_RESEARCH)
    t[L.T_RESEARCH_N] = len(names)
    for i, name in enumerate(names):
        card = data.research[name]
        t[L.T_RESEARCH_POINTS + i] = card.points
        t[L.T_RESEARCH_NCOND + i] = len(card.requires)
        for k, cond in enumerate(card.requires):
            o = L.T_RESEARCH_COND + (i * L.MAX_QUEST_CONDS + k) * L.QC_W
            t[o + L.QCF_CODE] = L.QUEST_CONDITIONS[cond.what]
            t[o + L.QCF_N] = cond.n
            if cond.what == "cubes":
                t[o + L.QCF_ARG] = 0 if cond.color is None else cidx[cond.color] + 1
            elif cond.what == "columns":
                t[o + L.QCF_ARG] = cond.each
            t[o + L.QCF_AT_MOST] = 1 if cond.at_most else 0
    ctx.names["research"] = tuple(data.research)
