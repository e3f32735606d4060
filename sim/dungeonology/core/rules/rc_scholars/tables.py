"""The New Scholars' table ("Special Zones"): the Scholar a Zone belongs to (Camp Z: Caterina)."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.tables import TableContext


def compile_special_zones(ctx: TableContext) -> None:
    """T_Z_SCHOLAR: the Scholar a Zone belongs to + 1 (in the game only with her), 0 every other Zone."""
    for z, tile in enumerate(ctx.data.zones.values(), start=1):
        if tile.scholar is not None:
            ctx.t[L.T_Z_SCHOLAR + z] = ctx.scholars.index(tile.scholar) + 1
