"""Leduc poker's analysis defaults (its bundle's ``analysis``, experiments.analysis.groupings): its tables
group by agent, its fair-share family is the agent and turn-order tests, and its columns in words."""

from __future__ import annotations

from experiments.analysis.groupings import Groupings

GROUPINGS = Groupings(
    by="agent",
    family=(("agent",), ("players", "turn_position")),
    family_text="agent and turn-order tables",
    matrix=("agent", "card_rank"),
    nouns={"card_rank": "private card rank", "return": "return (chips)", "turn_position": "turn position",
           "players": "player count"},
)
