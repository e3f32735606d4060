"""The results schema of a sweep of any game: one row per (game, seat), as written to
``results/<run>/part-*.parquet`` and read back by ``experiments.analysis``.

The rows of a game have the columns of its results module (its bundle's ``results``, e.g.
``experiments.dungeonology.results``), among them every generic identifier of :data:`IDENTIFIERS`,
plus one column per "what if" data override of the sweep, named ``set:<dotted key>`` (the value
used in that cell: a number when every value swept for the key is one, else its text;
:func:`experiments.runs.config.plan.override_dtypes`), a ``variant`` column in a run with variants and
the trace's columns in a traced run. docs/RESULTS.md renders Dungeonology's table.

A game's results module gives (and a sweep's worker imports it: no pandas, no data-file models):

- ``COLUMNS``: name -> (pandas dtype, meaning) of every column of its rows, in order;
- ``ROW_FIELDS``, ``GAME_FIELDS``: the names of the words of its kernels' seat rows and game rows (a
  column of one of these names is that word; ``seat`` and ``first_player`` are needed);
- ``OUTCOME``: the column of a seat's outcome (its mean per agent and per seat is reported);
- ``fields(names)``: columns named otherwise than their word (``{column: ("seat_row", index)}``);
- ``coded(names)``: the categorical columns made from the kernels' codes (``{column: (labels, source)}``);
- ``computed(name, seat_row, game_row)``: a column computed from the words (``seat_row(field)`` and
  ``game_row(field)`` give them), None for a name it does not make;
- ``reseat(compiled, order)``: ``compiled`` with its seats' fixed choices taken in ``order`` (seating);
- ``ORDERS``: the order of a categorical column's values (unknown values follow, sorted);
- ``GAME_COLUMNS``: the game-level columns; ``REPORT_COLUMNS``: those the report reads;
- ``DERIVED``: the columns an older run lacks -> the column each is rebuilt from, and
  ``derived_columns(frame)``: the frame with them (or the frame as it is).
"""

from __future__ import annotations

from functools import cache
from types import ModuleType
from typing import Any

from sim.kit.bundle import DEFAULT_GAME, get_game
from sim.kit.errors import format_value

# name -> (pandas dtype, meaning): the columns every game's rows have, which the generic machinery reads
IDENTIFIERS: dict[str, tuple[str, str]] = {
    "run": ("string", "experiment name"),
    "cell": ("int64", "index of the sweep cell (a combination of the sweep axes)"),
    "game": ("int64", "game index within the run (unique)"),
    "seed": ("int64", "the game's seed (from the master seed, the cell and the game's index alone)"),
    "seat": ("int64", "seat 0..players-1"),
    "turn_position": ("int64", "position in turn order (0 = first player)"),
    "players": ("int64", "player count"),
    "agent": ("category", "agent spec string of this seat"),
    "agents": ("category", "the seat list of the cell, ','-joined"),
    "rank": ("int64", "final rank (1 = winner)"),
    "won": ("bool", "rank == 1"),
    "first_player": ("int64", "seat of the first player"),
    "decisions": ("int64", "decisions taken by agents"),
    "error": ("int64", "0, or an engine/agent error code (the game is then excluded from analysis)"),
}

OVERRIDE_PREFIX = "set:"
VARIANT = "variant"
"""The column naming the variant of a run with a ``variants`` axis (absent otherwise)."""
TRACE_COLUMNS = ("lead_changes", "winner_led_from")
"""Game-level columns of a run with ``trace = true`` (agents.trace): how often the lead changed between round
starts, and the round from whose start the eventual winner led to the end."""


def identifier(name: str, meaning: str | None = None) -> tuple[str, str]:
    """An identifier's (dtype, meaning) for a game's ``COLUMNS``, its meaning restated by the game when given."""
    dtype, generic = IDENTIFIERS[name]
    return dtype, generic if meaning is None else meaning


@cache
def results_of(game: str | None = None) -> ModuleType:
    """The results module of a game (None: the default game)."""
    bundle = get_game(game)
    return bundle.needs("results", "a results schema")


def columns_of(game: str | None = None) -> dict[str, tuple[str, str]]:
    """The columns of a game's rows (name -> (dtype, meaning))."""
    return results_of(game).COLUMNS


def game_name(manifest: dict[str, Any] | None) -> str:
    """The game a run's manifest says it played (a manifest without one: the default game)."""
    name = (manifest or {}).get("game")
    return name if isinstance(name, str) and name else DEFAULT_GAME


def check_columns(columns: dict[str, tuple[str, str]]) -> None:
    """ValueError unless a game's ``COLUMNS`` holds every identifier with its dtype."""
    for name, (dtype, _) in IDENTIFIERS.items():
        if columns.get(name, (None,))[0] != dtype:
            raise ValueError(f"the rows must have the column {name} of dtype {dtype}")


def override_text(value: Any) -> str:
    """A swept override value as text (strings as written, else TOML), as a text set:<key> column holds it."""
    return value if isinstance(value, str) else format_value(value, limit=None)


def override_value(value: Any, dtype: str) -> Any:
    """A swept override's value as its ``set:<key>`` column of ``dtype`` (``plan.override_dtypes``) holds it:
    a number as it is, else its text (:func:`override_text`)."""
    return value if dtype != "string" else override_text(value)
