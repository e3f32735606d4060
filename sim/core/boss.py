"""The Boss advanced rule ("Boss"): Laetus's Sighting, Activation and
Encounter, Boss View, Boss Movement.

The Zone Effect loop (``zone_effects``) calls :func:`boss_zone_effect` when a
Scholar enters a Zone showing the Boss Effect and the Boss rule is in use.
"""

from __future__ import annotations

from numba import njit


@njit(cache=True)
def boss_zone_effect(s, t, seat, z):
    """Zone Effect: Boss. Filled in by the Boss work of issue 5 (branch
    ``boss``); until that lands the effect does nothing."""
    return
