"""The end of the game under Maximum Alert ("The Game Ends if..."): the reasons a hook of the
basic game's End Game asks for."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.kit.jit import inline_kernel


@inline_kernel
def exhausted_reason(s, t):
    """No cube left in the Dungeon and no Zone can be placed: under this rule the end is its "no more
    Information Cubes available in the Dungeon" (no Zone can be placed under Maximum Alert)."""
    return L.END_MA_NO_CUBES
