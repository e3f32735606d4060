"""The end of the game: when it is triggered and when it ends at once.

Rulebook: "End Game" (the three ways the game ends: the Alert Card full,
the Thesis clock, the Dungeon exhausted; every Scholar gone); "Maximum
Alert" ("The Game Ends if...": its reasons are found by
``rules.maximum_alert.maximum_alert.game_end_reason``). Scoring lives in
``scoring.py``.
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.dungeon import cubes_in_dungeon, zone_placeable
from sim.dungeonology.core.components.scholars import active
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
    """No cube left in the Dungeon and no Zone can be placed: ends at once.
    With the Maximum Alert rule the end is its "no more Information Cubes
    available in the Dungeon" (no Zone can be placed under Maximum Alert)."""
    if cubes_in_dungeon(s, t) == 0 and not zone_placeable(s, t):
        if t[L.T_RULES] & L.RULE_MAXIMUM_ALERT:
            end_game_now(s, L.END_MA_NO_CUBES)
        else:
            end_game_now(s, L.END_DUNGEON_EXHAUSTED)
        return True
    return False


@kernel
def any_active(s):
    for p in range(s[L.S_NPLAYERS]):
        if active(s, p):
            return True
    return False
