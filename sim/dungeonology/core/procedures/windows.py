"""Priority rounds queued by the current player's actions ("Main Effects": Priority; the
basic game's window for the opponents' Instant plays, "Exploration"). The round itself is
``priority``; this is what any procedure or module calls once the current player has acted."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.engine import kstack
from sim.kit.jit import kernel


@kernel
def open_priority(s, t):
    """Queue a Priority round (the current player has just acted in her
    Movement / Action Phase), outside a Stealth Test, in every game."""
    if s[L.S_T_KIND] == 0:
        s[L.S_ME_PRI_PLAYED] = 0
        kstack.push(s, L.K_PRIORITY, 1, 0, 0)
