"""Research Cards (Rocca Civetta, "Research Cards"): when to complete a Quest.

A completed Research Card only adds its bonus victory points at Scoring and a
Scholar may complete one Quest per turn; a face-up card can be taken by any
Scholar who meets it first. So the heuristic completes a Quest as soon as it
meets one (at the first of its decisions in the turn, or at the End of Turn
claim point), the one worth most points when it meets several; the other
decisions are then taken by their own handlers without the claims.
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.rules.research.research import is_claim
from sim.kit.jit import kernel


@kernel
def claim_choice(s, t, buf, n):
    """The claim among buf[:n] worth the most points, or -1 when there is none."""
    best = -1
    best_points = -1
    for i in range(n):
        a = buf[i]
        if is_claim(a):
            card = s[L.S_RESEARCH_UP + a - L.A_RESEARCH] - 1
            points = t[L.T_RESEARCH_POINTS + card]
            if points > best_points:
                best = a
                best_points = points
    return best


@kernel
def without_claims(buf, n):
    """buf[:n] without the claims the engine lists after a decision's own actions: the new count."""
    while n > 0 and is_claim(buf[n - 1]):
        n -= 1
    return n


@kernel
def research_decision(s, t, me, buf, n, params, rng):
    """PH_RESEARCH (the End of Turn claim point): the best claim, else pass."""
    a = claim_choice(s, t, buf, n)
    return a if a >= 0 else L.A_PASS
