"""A Sacrifice with Student Congregations (Rocca Civetta, "Student Congregations": each
Congregation Student "works exactly like a standard Student"; the base rulebook: "he can
Sacrifice one of his Students"): which of her Students goes is the Scholar's choice when she
holds more than one kind, one Student at a time (``students.sacrifice_next``)."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.core.engine import kstack
from sim.kit.jit import kernel


@kernel
def kinds_held(s, seat):
    """How many kinds of Student (standard, each Congregation) the seat holds."""
    grey = s[pf(seat, L.PF_STUDENTS)]
    n = 0
    for c in range(L.NCONGREGATIONS):
        h = s[pf(seat, L.PF_CONGREGATION) + c]
        grey -= h
        if h > 0:
            n += 1
    return n + (1 if grey > 0 else 0)


@kernel
def sacrifice_choice(s, t, seat, n):
    """``sacrifice_instead``: with more than one kind held, the Sacrifice of up to n Students
    waits for her choices (K_CG_SACRIFICE: a = seat, b = Students still to Sacrifice); True.
    With one kind there is nothing to choose: False, the basic game's Sacrifice."""
    have = s[pf(seat, L.PF_STUDENTS)]
    k = n if n < have else have
    if k <= 0 or kinds_held(s, seat) < 2:
        return False
    kstack.push(s, L.K_CG_SACRIFICE, seat, k, 0)
    return True
