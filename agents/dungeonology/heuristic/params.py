"""The heuristic's parameters, its named personas and its exploration noise.

Parameters (0..1), in the order of the parameter vector:
  risk        appetite for Stealth Tests: low = a wide safety margin
  aggression  preference for Espionage over Study
  sabotage    how readily it spends cards to make opponents fail
  thesis      confidence needed to Submit the Thesis without knowing the Clan
  hoard       reluctance to spend cards outside Stealth Tests
  depth       preference for deeper Floors when Stairs give a choice
  defend      how readily it protects its own cubes against Espionage
  noise       chance of a uniformly random legal action (exploration)

Slot ``P_FALLBACKS`` of the vector, after the parameters, is no parameter:
the dispatch (``agents.dungeonology.heuristic.dispatch``) counts there the decisions of a
phase it has no handler for, which it plays at random. Tests read it; no
decision reads it.
"""

from __future__ import annotations

from sim.kit.jit import kernel
from sim.kit.rng import next32

P_RISK = 0
P_AGGRESSION = 1
P_SABOTAGE = 2
P_THESIS = 3
P_HOARD = 4
P_DEPTH = 5
P_DEFEND = 6
P_NOISE = 7

DEFAULTS = {
    "risk": 0.5,
    "aggression": 0.4,
    "sabotage": 0.4,
    "thesis": 0.67,
    "hoard": 0.5,
    "depth": 0.5,
    "defend": 0.6,
    "noise": 0.0,
}
P_FALLBACKS = len(DEFAULTS)  # debug counter: decisions left to the random fallback

PERSONAS = {
    "cautious": {"risk": 0.15, "sabotage": 0.2, "thesis": 0.99, "defend": 0.9, "depth": 0.2},
    "greedy": {"risk": 0.85, "aggression": 0.2, "thesis": 0.5, "hoard": 0.2, "depth": 0.9},
    "spy": {"aggression": 0.95, "risk": 0.6, "sabotage": 0.3},
    "saboteur": {"sabotage": 0.95, "defend": 0.9, "risk": 0.4},
}


@kernel
def rand01(rng):
    """A uniform number in [0, 1) from the seat's own generator."""
    return next32(rng) / 4294967296.0
