"""The components package's manifest (``sim.dungeonology.manifest``): what it handles."""

from __future__ import annotations

from sim.dungeonology.manifest import Manifest

MANIFEST = Manifest(
    module="base",
    phases={"PH_JINX": ("decks:discard_jinx(s, t, a - L.A_JINX)", "decks:jinx_actions(s, t, me, out)")},
    heuristic={  # the heuristic's handler of each phase (agents/dungeonology/heuristic)
        "PH_JINX": "agents.dungeonology.heuristic.prompts:jinx_decision",  # which Jinx Card a Rest discards
    },
)
