"""The action space: one fixed range of numbers per verb.

Every choice of every player is one integer action; ``VERBS`` lists the
ranges in order (name, first action, count) and ``A_*`` are their first
numbers: the basic game's verbs (``BASE_VERBS``), then each module's
(``Manifest.verbs``) in manifest order. The ranges are sized by the maxima
(sim/dungeonology/layout/limits.py), so the numbers move when a maximum grows;
the ORDER of the verbs and, inside a range, of its actions never changes (legal
actions are listed in that order, and agents that pick by position in the legal
list play the same games). docs/ACTIONS.md describes every verb.
"""

from __future__ import annotations

from sim.dungeonology.layout.limits import (
    MAX_COL,
    MAX_INTEL,
    MAX_JINX,
    MAX_KINDS,
    MAX_ME_COSTS,
    MAX_OPTS,
    MAX_SEATS,
    MAX_SKILLS,
    MAX_ZONES,
    NFLOORS,
    NPASSAGES,
)
from sim.dungeonology.layout.manifests import MANIFESTS

NSIDES = 4  # sides of a tile (N, E, S, W)
NSHIFTS = 3  # a tile may be shifted half a tile either way along a side, or not
NROTATIONS = 4  # quarter turns
MAX_AUX = 2  # Auxiliary Effects on one Trick Card
MAX_OPTIONS = MAX_ME_COSTS  # options of one choice (A_OPTION + i): a "/" cost, keep / lose a Protected cube

# The basic game's verbs: (name, constant, count), in action order; the modules' follow (Manifest.verbs).
BASE_VERBS: tuple[tuple[str, str, int], ...] = (
    ("rest", "A_REST", 1),
    ("thesis", "A_THESIS", 1),
    ("explore", "A_EXPLORE", 1),
    ("move", "A_MOVE", NPASSAGES),  # + Passage position (0..7) leading to the destination
    ("draw_zone", "A_DRAW_ZONE", 1),
    ("place_zone", "A_PLACE", NSIDES * NSHIFTS * NROTATIONS),  # + (side*3 + shift+1)*4 + rotation
    ("stairs_pile", "A_PILE", NFLOORS),  # + floor (0 = Floor I)
    ("end_movement", "A_END_MOVE", 1),
    ("study", "A_STUDY", 1),
    ("study_size", "A_NCUBES", MAX_INTEL),  # + n-1 (n = 1..MAX_INTEL)
    ("espionage", "A_SPY", MAX_SEATS * MAX_COL),  # + seat*MAX_COL + colour (seat OMEGA_SEAT: Espionage on Omega)
    ("commit", "A_COMMIT", MAX_KINDS),  # + kind
    ("declare", "A_DECLARE", 1),
    ("play", "A_PLAY", MAX_KINDS * MAX_AUX * MAX_OPTS),  # + kind*4 + aux*2 + option
    ("skill", "A_SKILL", MAX_SKILLS * MAX_OPTS),  # + skill*2 + option
    ("pass", "A_PASS", 1),
    ("end_turn", "A_END_TURN", 1),
    ("stun_accept", "A_STUN_ACCEPT", 1),
    ("stun_sacrifice", "A_STUN_SACRIFICE", 1),
    ("discard", "A_DISCARD", MAX_KINDS),  # + kind
    ("target", "A_TARGET", MAX_SEATS),  # + seat
    ("jinx_discard", "A_JINX", MAX_JINX),  # + jinx card
    ("choose_color", "A_COLOR", MAX_COL),  # + colour (Drop: which cube)
    ("zone", "A_ZONE", MAX_ZONES),  # + zone: a destination Zone (Teleport, Secret Passage, Boss moves ...)
)
_verbs = [*BASE_VERBS, *((v.name, v.const, v.size) for m in MANIFESTS.values() for v in m.verbs)]
_first: dict[str, int] = {}
_at = 0
for _name, _const, _size in _verbs:
    if _const in _first or _size < 1:
        raise ValueError(f"verb {_name}: {_const} defined twice, or an empty range ({_size})")
    _first[_const] = _at
    _at += _size
globals().update(_first)
NUM_ACTIONS = _at
MAX_LEGAL = NUM_ACTIONS

# (verb, first action, count), in action order.
VERBS: tuple[tuple[str, int, int], ...] = tuple((name, _first[const], size) for name, const, size in _verbs)
assert all(a[1] + a[2] == b[1] for a, b in zip(VERBS, VERBS[1:], strict=False)), "VERBS follows the A_* ranges"
assert VERBS[-1][1] + VERBS[-1][2] == NUM_ACTIONS

__all__ = [*_first, "NSIDES", "NSHIFTS", "NROTATIONS", "MAX_AUX", "MAX_OPTIONS", "NUM_ACTIONS", "MAX_LEGAL",
           "VERBS", "BASE_VERBS"]
