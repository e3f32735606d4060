"""A game's analysis defaults: what its tables group by unless told otherwise, the family of its
fair-share tests, what a table says it pools over, and how its columns are named in words.

The generic functions of :mod:`experiments.analysis` read them from the game of the rows (the game
their manifest names, ``frame.attrs["manifest"]``; a frame without one: the default game), whose
analysis module (its bundle's ``analysis``) gives ``GROUPINGS`` and may give ``overview_items(df)``
(the rows the overview adds, after the generic item they follow). A game without one gets
:data:`DEFAULT`: groupings by agent and by turn position.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from experiments.runs.schema import game_name
from sim.kit.bundle import get_game


@dataclass(frozen=True)
class Groupings:
    """The analysis defaults of one game."""

    by: str = "agent"  # the default grouping of win rates, score summaries and plots
    family: tuple[tuple[str, ...], ...] = (("agent",), ("players", "turn_position"))  # the fair-share family
    family_text: str = "agent and turn-order tables"  # the family in words ("the 12 fair-share tests of the ...")
    matrix: tuple[str, str] = ("agent", "players")  # the rows and columns of a matrix of a long table
    pooled: Mapping[str, str] = field(default_factory=lambda: {"agent": "agent kinds", "players": "player counts"})
    empty: Mapping[str, str] = field(default_factory=dict)  # how a column's '' reads ("basic game")
    nouns: Mapping[str, str] = field(default_factory=dict)  # a column's values in words ("Scholar", "Clan Card")
    pooled_text: str = "what-if values, agent kinds or player counts"  # what a table may pool over, in words

    def noun(self, column: str) -> str:
        """A column's values in words: its noun, else the column's name with spaces."""
        return self.nouns.get(column, column.replace("_", " "))


DEFAULT = Groupings()


def analysis_of(df: Any) -> ModuleType | None:
    """The analysis module of the game of the rows ``df`` (None: the game has none)."""
    manifest = getattr(df, "attrs", {}).get("manifest")
    return get_game(game_name(manifest)).module("analysis")


def groupings_of(df: Any) -> Groupings:
    """The analysis defaults of the game of the rows ``df``."""
    module = analysis_of(df)
    return getattr(module, "GROUPINGS", DEFAULT) if module is not None else DEFAULT
