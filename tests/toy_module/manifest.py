"""The Bell's manifest: everything the module adds, in one place."""

from __future__ import annotations

from sim.dungeonology.layout.bounds import NUM
from sim.dungeonology.manifest import Column, Field, Hook, Manifest, Verb

MANIFEST = Manifest(
    module="toy",
    ranges={"toy": ((90, 91), (90, 91), (200, 209))},  # free numbers: phases, continuations, opcodes
    codes={"PH_TOY_BELL": 90},  # the current player may ring the Bell (A_TOY_BELL: ring, A_TOY_BELL + 1: not)
    phase_names={90: "toy_bell"},
    phases={"PH_TOY_BELL": ("bell:ring_choice(s, t, me, a)", "bell:ring_actions(s, t, me, out)")},
    state=(Field("S_TOY_OFFERED", meaning="S_TURN + 1 of the turn whose end offered the Bell, 0 none",
                 bounds=NUM),),
    player=(Field("PF_TOY_BELLS", meaning="times the Scholar rang the Bell", bounds=NUM),),
    verbs=(Verb("toy_bell", "A_TOY_BELL", 2, "bell:ring_text"),),
    hooks=(
        Hook("before_turn_ends", "bell:offer_bell(s, t)"),  # the end of the turn opens the Bell first
        Hook("score_bonus", "bell:bell_points(s, t, seat)"),  # a point a ring
        Hook("check", "bell:bell_check(s, t)", order=100),
    ),
    rows=(Column("toy_bells", "bell:bells(s, t, p)"),),
    invariants={200: "Toy Bell: a ring count below zero, or the Bell offered in a turn not yet begun"},
    heuristic={"PH_TOY_BELL": "tests.toy_module.bell:ring_decision"},
)
