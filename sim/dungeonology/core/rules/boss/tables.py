"""The Boss rule's tables ("Boss", Setup G): the Boss Cards of the data, each profile's Alert
Modifier and its Sighting, Activation and Encounter programs, the configured Boss and profile."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.tables import TableContext, limit


def compile_boss(ctx: TableContext) -> None:
    """T_BOSS_* (after the Jinx Cards: the programs keep their numbers); the Boss names."""
    t, data = ctx.t, ctx.data
    t[L.T_BOSS_PICK] = ctx.boss[0]
    t[L.T_BOSS_PICK_PROFILE] = ctx.boss[1]
    bosses = list(data.boss)
    limit("Boss Cards", len(bosses), L.MAX_BOSS)
    t[L.T_NBOSS] = len(bosses)
    for b, key in enumerate(bosses):
        # one or two profiles (a Big Boss has one, "Big Boss" A); Setup G draws among them
        t[L.T_BOSS_NPROFILES + b] = len(data.boss[key].profiles)
        for i, prof in enumerate(data.boss[key].profiles.values()):
            row = b * L.MAX_PROFILES + i
            t[L.T_BOSS_ALERT + row] = prof.alert_modifier
            t[L.T_BOSS_SIGHT + row] = ctx.progs.add(list(prof.sighting))
            t[L.T_BOSS_ACT + row] = ctx.progs.add(list(prof.activation))
            t[L.T_BOSS_ENC + row] = ctx.progs.add(list(prof.encounter)) if prof.encounter else -1
    ctx.names.update(bosses=tuple(bosses), boss_names=tuple(data.boss[k].name for k in bosses),
                     boss_profiles=tuple(tuple(data.boss[k].profiles) for k in bosses))
