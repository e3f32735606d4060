"""The end of the game: when it is triggered and when it ends at once.

Rulebook: "End Game" (the three ways the game ends: the Alert Card full,
the Thesis clock, the Dungeon exhausted; every Scholar gone); "Maximum
Alert" ("The Game Ends if...": its reasons are the rule's, asked through
the hooks of ``turn`` and :func:`check_exhausted`). Scoring lives in
``scoring.py``.
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.dungeon import cubes_in_dungeon, zone_placeable
from sim.dungeonology.core.components.scholars import active
from sim.dungeonology.core.engine.dispatch_end_game import exhausted_reason
from sim.kit.jit import kernel


@kernel
def trigger_end_at_current(s, reason):
    """The game ends at the beginning of the current player's next turn."""
    if s[L.S_END_AT_SEAT] < 0:
        s[L.S_END_AT_SEAT] = s[L.S_CUR]
        s[L.S_END_REASON] = reason


@kernel
def end_game_now(s, reason):
    """The game ends at once, for `reason` (END_*): no decision open, nothing
    left to resolve."""
    s[L.S_OVER] = 1
    s[L.S_END_REASON] = reason
    s[L.S_PHASE] = L.PH_NONE
    s[L.S_ACTOR] = -1
    s[L.S_KSP] = 0


@kernel
def check_exhausted(s, t):
    """No cube left in the Dungeon and no Zone can be placed: ends at once (for
    the reason a module's rule gives: Maximum Alert's "no more Information Cubes
    available in the Dungeon")."""
    if cubes_in_dungeon(s, t) == 0 and not zone_placeable(s, t):
        end_game_now(s, exhausted_reason(s, t))
        return True
    return False


@kernel
def any_active(s):
    for p in range(s[L.S_NPLAYERS]):
        if active(s, p):
            return True
    return False
