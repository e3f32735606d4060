"""Dungeonology's analysis defaults (experiments.analysis.groupings): its tables group by Scholar, its
fair-share family is the Scholar, turn-order and Scholar x Clan Card tests, a table says when it pools
over rule sets, Boss profiles or Panic Cards, and the overview lists the Alert difficulties, Player
Levels, advanced rules and boxes played."""

from __future__ import annotations

import pandas as pd

from experiments.analysis.groupings import Groupings
from experiments.analysis.summary import played

BASIC = "basic game"  # how the rules column's "" (no advanced rule) is shown

GROUPINGS = Groupings(
    by="scholar",
    family=(("scholar",), ("players", "turn_position"), ("scholar", "clan")),
    family_text="Scholar, turn-order and Scholar × Clan tables",
    matrix=("scholar", "clan"),
    pooled={"agent": "agent kinds", "rules": "rule sets", "boss": "Boss profiles", "panic": "Panic Cards",
            "players": "player counts"},
    empty={"rules": BASIC},
    nouns={"scholar": "Scholar", "clan": "Clan Card", "alert": "Alert difficulty", "player_level": "Player Level",
           "turn_position": "turn position", "players": "player count"},
    pooled_text="what-if values, agent kinds, rule sets or player counts",
)


def overview_items(df: pd.DataFrame) -> dict[str, list[tuple[str, str]]]:
    """The overview's rows of Dungeonology, after the generic item each group follows: the Alert
    difficulties and Player Levels played, then the advanced rules and boxes."""
    return {"player counts": [("Alert difficulties", ", ".join(played(df, "alert"))),
                              ("Player Levels", ", ".join(played(df, "player_level")))],
            "overrides": [("advanced rules", "; ".join(v or BASIC for v in played(df, "rules")) if "rules" in df
                           else BASIC),
                          ("boxes", "; ".join(played(df, "box")) if "box" in df else "base")]}
