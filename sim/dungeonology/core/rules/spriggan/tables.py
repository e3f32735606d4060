"""The Spriggan Cards' table: which kinds give their Intern to whoever declares with them."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.tables import TableContext


def compile_spriggan(ctx: TableContext) -> None:
    """T_RC_DECLARE_INTERN: 1 for a kind with ``declare_intern``."""
    for k, name in enumerate(ctx.kinds):
        ctx.t[L.T_RC_DECLARE_INTERN + k] = 1 if ctx.data.cards[name].declare_intern else 0
