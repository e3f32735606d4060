"""Compiling the Student Congregations (congregations.toml) into the tables.

Rocca Civetta, "Student Congregations": the Congregations chosen for the game
(``used``), their Students for the Reserve, the Bosses and Scholars that make
one unavailable or keep its Students out of Game Setup (matched by name: a
name that is not in the data is never in the game), and the effects of each
card (kind, Students sacrificed, amount, gold symbol).
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.tables import TableContext


def _matches(name: str, names: list[str]) -> bool:
    return any(name.strip().casefold() == n.strip().casefold() for n in names)


def compile_congregations(ctx: TableContext) -> None:
    """Fill the T_CG_* tables (all zero when the data has no congregations)."""
    t, data, scholars, bosses = ctx.t, ctx.data, ctx.scholars, list(ctx.data.boss)
    boss_names = [data.boss[k].name for k in bosses]
    for name, cg in data.congregations.items():
        c = L.CONGREGATIONS.index(name.lower())
        t[L.T_CG_STUDENTS + c] = cg.students if cg.used else 0
        for i, sch in enumerate(scholars):
            t[L.T_CG_OUT_SCH + i] |= (1 << c) * _matches(sch, cg.unavailable_with)
            t[L.T_CG_NOSETUP_SCH + i] |= (1 << c) * _matches(sch, cg.not_at_setup_with)
        for b, (key, shown) in enumerate(zip(bosses, boss_names, strict=True)):
            t[L.T_CG_OUT_BOSS + b] |= (1 << c) * (_matches(key, cg.unavailable_with)
                                                  or _matches(shown, cg.unavailable_with))
            t[L.T_CG_NOSETUP_BOSS + b] |= (1 << c) * (_matches(key, cg.not_at_setup_with)
                                                      or _matches(shown, cg.not_at_setup_with))
        for e, effect in enumerate(cg.effects.values()):
            o = L.T_CG_EFF + (c * L.MAX_CG_EFFECTS + e) * L.CGE_W
            t[o] = L.CG_EFFECT_KINDS[effect.effect]
            t[o + 1] = effect.sacrifice
            t[o + 2] = effect.n
            t[o + 3] = int(effect.gold)
