"""The action space: one fixed range of numbers per verb.

Every choice of every player is one integer action; ``VERBS`` lists the
ranges in order (name, first action, count) and ``A_*`` are their first
numbers. The ranges are sized by the maxima (sim/dungeonology/layout/limits.py), so the
numbers move when a maximum grows; the ORDER of the verbs and, inside a
range, of its actions never changes (legal actions are listed in that order,
and agents that pick by position in the legal list play the same games).
docs/ACTIONS.md describes every verb.
"""

from __future__ import annotations

from sim.dungeonology.layout.alloc import Alloc
from sim.dungeonology.layout.limits import (
    MAX_CG_EFFECTS,
    MAX_COL,
    MAX_INTEL,
    MAX_JINX,
    MAX_KINDS,
    MAX_ME_COSTS,
    MAX_OPTS,
    MAX_SEATS,
    MAX_SKILLS,
    MAX_ZEFF,
    MAX_ZONES,
    NCONGREGATIONS,
    NFLOORS,
    NPASSAGES,
    NSTUDENT_KINDS,
    RESEARCH_UP,
)

NSIDES = 4  # sides of a tile (N, E, S, W)
NSHIFTS = 3  # a tile may be shifted half a tile either way along a side, or not
NROTATIONS = 4  # quarter turns
MAX_AUX = 2  # Auxiliary Effects on one Trick Card
MAX_OPTIONS = MAX_ME_COSTS  # options of one choice (A_OPTION + i): a "/" cost, keep / lose a Protected cube

_a = Alloc()
A_REST = _a()
A_THESIS = _a()
A_EXPLORE = _a()
A_MOVE = _a(NPASSAGES)  # + Passage position (0..7) leading to the destination
A_DRAW_ZONE = _a()
A_PLACE = _a(NSIDES * NSHIFTS * NROTATIONS)  # + (side*3 + shift+1)*4 + rotation
A_PILE = _a(NFLOORS)  # + floor (0 = Floor I)
A_END_MOVE = _a()
A_STUDY = _a()
A_NCUBES = _a(MAX_INTEL)  # + n-1 (n = 1..MAX_INTEL)
A_SPY = _a(MAX_SEATS * MAX_COL)  # + seat*MAX_COL + colour (seat OMEGA_SEAT: Espionage on Omega)
A_COMMIT = _a(MAX_KINDS)  # + kind
A_DECLARE = _a()
A_PLAY = _a(MAX_KINDS * MAX_AUX * MAX_OPTS)  # + kind*4 + aux*2 + option
A_SKILL = _a(MAX_SKILLS * MAX_OPTS)  # + skill*2 + option
A_PASS = _a()
A_END_TURN = _a()
A_STUN_ACCEPT = _a()
A_STUN_SACRIFICE = _a()
A_DISCARD = _a(MAX_KINDS)  # + kind
A_TARGET = _a(MAX_SEATS)  # + seat
A_JINX = _a(MAX_JINX)  # + jinx card
A_COLOR = _a(MAX_COL)  # + colour (Drop: which cube)
# Advanced rules
A_ZONE = _a(MAX_ZONES)  # + zone: a destination Zone (Teleport, Secret Passage, Boss moves ...)
A_ZONE_EFFECT = _a(MAX_ZEFF + 1)  # + effect slot: use an Action Zone Effect (slot MAX_ZEFF = a token)
A_MAIN = _a(MAX_KINDS)  # + kind: declare a Trick Card's Main Effect
A_OPTION = _a(MAX_OPTIONS)  # + i: one of the options of a choice (a "/" cost ...)
A_RESEARCH = _a(RESEARCH_UP)  # + slot: complete the Quest of the face-up Research Card there (RC "Research Cards")
# Rocca Civetta, Student Congregations
A_CONGREGATION = _a(NCONGREGATIONS * MAX_CG_EFFECTS)  # + congregation*MAX_CG_EFFECTS + effect: use a Student's effect
A_STUDENT_KIND = _a(NSTUDENT_KINDS)  # + kind (STUDENT_KINDS): the next Student placed at the Bonfire
NUM_ACTIONS = _a.size
MAX_LEGAL = NUM_ACTIONS

# (verb, first action, count), in action order.
VERBS: tuple[tuple[str, int, int], ...] = (
    ("rest", A_REST, 1),
    ("thesis", A_THESIS, 1),
    ("explore", A_EXPLORE, 1),
    ("move", A_MOVE, NPASSAGES),
    ("draw_zone", A_DRAW_ZONE, 1),
    ("place_zone", A_PLACE, NSIDES * NSHIFTS * NROTATIONS),
    ("stairs_pile", A_PILE, NFLOORS),
    ("end_movement", A_END_MOVE, 1),
    ("study", A_STUDY, 1),
    ("study_size", A_NCUBES, MAX_INTEL),
    ("espionage", A_SPY, MAX_SEATS * MAX_COL),
    ("commit", A_COMMIT, MAX_KINDS),
    ("declare", A_DECLARE, 1),
    ("play", A_PLAY, MAX_KINDS * MAX_AUX * MAX_OPTS),
    ("skill", A_SKILL, MAX_SKILLS * MAX_OPTS),
    ("pass", A_PASS, 1),
    ("end_turn", A_END_TURN, 1),
    ("stun_accept", A_STUN_ACCEPT, 1),
    ("stun_sacrifice", A_STUN_SACRIFICE, 1),
    ("discard", A_DISCARD, MAX_KINDS),
    ("target", A_TARGET, MAX_SEATS),
    ("jinx_discard", A_JINX, MAX_JINX),
    ("choose_color", A_COLOR, MAX_COL),
    ("zone", A_ZONE, MAX_ZONES),
    ("zone_effect", A_ZONE_EFFECT, MAX_ZEFF + 1),
    ("main", A_MAIN, MAX_KINDS),
    ("option", A_OPTION, MAX_OPTIONS),
    ("research", A_RESEARCH, RESEARCH_UP),
    ("congregation", A_CONGREGATION, NCONGREGATIONS * MAX_CG_EFFECTS),
    ("bonfire_order", A_STUDENT_KIND, NSTUDENT_KINDS),
)
assert all(a[1] + a[2] == b[1] for a, b in zip(VERBS, VERBS[1:], strict=False)), "VERBS follows the A_* ranges"
assert VERBS[-1][1] + VERBS[-1][2] == NUM_ACTIONS
