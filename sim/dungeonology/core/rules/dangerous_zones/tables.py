"""The Dangerous Zones' table: the cube colour a Teleport needs ("Zone Effect Tokens")."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.tables import TableContext


def compile_zone_effects(ctx: TableContext) -> None:
    """T_TELEPORT_COLOR (Worship)."""
    ctx.t[L.T_TELEPORT_COLOR] = ctx.cidx[ctx.data.zone_effects.teleport_color]
