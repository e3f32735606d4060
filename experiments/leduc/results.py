"""Leduc poker's result rows (the game's ``results`` module, experiments/runs/schema.py says what one
gives): one row per (game, seat), made from its kernels' rows (``sim.leduc.kernels``: ``ROW_FIELDS`` /
``GAME_FIELDS``). A seat's outcome is its return in chips (what it took from the pot minus what it put
in); a win is a share of the pot. A sweep's worker imports this module: no pandas at import.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from experiments.runs.schema import identifier
from sim.leduc import layout as L
from sim.leduc.kernels import GAME_FIELDS, ROW_FIELDS

if TYPE_CHECKING:
    import pandas as pd

COLUMNS: dict[str, tuple[str, str]] = {
    "run": identifier("run"),
    "cell": identifier("cell"),
    "game": identifier("game"),
    "seed": identifier("seed"),
    "seat": identifier("seat"),
    "turn_position": identifier("turn_position", "position from the starting player (0 = the starting player)"),
    "players": identifier("players"),
    "agent": identifier("agent"),
    "agents": identifier("agents"),
    "won": identifier("won", "the seat takes (a share of) the pot"),
    "rank": identifier("rank", "1 + the seats whose return is larger (tied seats share a rank)"),
    "return": ("float64", "the seat's return in chips: what it took from the pot minus what it put in"),
    "chips_in": ("int64", "chips the seat put in the pot"),
    "folded": ("bool", "the seat folded"),
    "card": ("int64", "the seat's private card (rank * suits + suit; 0 = J1, 1 = J2, 2 = Q1, ...)"),
    "card_rank": ("int64", "the rank of its private card (0 = the lowest, J)"),
    "hand": ("int64", "its hand's value at the showdown (-1: folded, or no showdown)"),
    "first_player": identifier("first_player", "the seat that starts the betting rounds"),
    "rounds": ("int64", "betting rounds started (1 or 2)"),
    "public_card": ("int64", "the public card (-1: the game ended before round 2)"),
    "pot": ("int64", "chips in the pot at the end"),
    "showdown": ("bool", "the game ended at a showdown (not by folds)"),
    "winners": ("int64", "seats sharing the pot"),
    "decisions": identifier("decisions"),
    "error": identifier("error"),
}
OUTCOME = "return"
ORDERS: dict[str, tuple[str, ...]] = {}
GAME_COLUMNS = ("run", "cell", "game", "seed", "players", "agents", "first_player", "rounds", "public_card", "pot",
                "showdown", "winners", "decisions", "error")
REPORT_COLUMNS = tuple(COLUMNS)
DERIVED: dict[str, str] = {}


def fields(names: Any) -> dict[str, tuple[str, int]]:
    """No column is named otherwise than its word."""
    return {}


def coded(names: Any) -> dict[str, tuple[Sequence[str], str]]:
    """No categorical column besides the agents'."""
    return {}


def computed(name: str, seat_row: Callable[[str], np.ndarray], game_row: Callable[[str], np.ndarray]) -> Any:
    """The return in chips, from the kernels' units of a chip (``layout.CHIP_UNITS``)."""
    return seat_row("return_units") / L.CHIP_UNITS if name == "return" else None


def reseat(compiled: Any, order: np.ndarray) -> Any:
    """Leduc fixes nothing per seat: the same configuration."""
    return compiled


def derived_columns(frame: Any) -> Any:
    """No column of an older run to rebuild."""
    return frame


def rows_frame(rows: np.ndarray, games: np.ndarray, compiled: Any, players: int,
               game_ids: Sequence[int]) -> pd.DataFrame:
    """The kernels' rows of a batch as a tidy frame (one row per game and seat): what a tournament reads."""
    import pandas as pd

    n = rows.shape[0]
    flat = rows[:, :players, :].reshape(n * players, len(ROW_FIELDS))
    df = pd.concat([pd.DataFrame(np.repeat(games, players, axis=0), columns=list(GAME_FIELDS)),
                    pd.DataFrame(flat, columns=list(ROW_FIELDS))], axis=1)
    df.insert(0, "game", np.repeat(np.asarray(game_ids, dtype=np.int64), players))
    df["players"] = players
    df["turn_position"] = (df["seat"] - df["first_player"]) % players
    df["return"] = df.pop("return_units") / L.CHIP_UNITS
    return df.astype({"won": bool, "folded": bool, "showdown": bool})
