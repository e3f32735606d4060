"""Dungeonology's result rows (the game's ``results`` module, experiments/runs/schema.py says what one
gives): one row per (game, seat) of a sweep, its columns and how a sweep's worker makes them from the
kernels' rows (``sim.dungeonology.core.engine.batch``: ``ROW_FIELDS`` / ``GAME_FIELDS``), the order of
its categories, and the columns an older run lacks. docs/RESULTS.md renders :data:`COLUMNS`.

A sweep's worker imports this module: it holds no pandas and no data-file models (the functions that
need them import them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np

from experiments.runs.schema import identifier
from sim.dungeonology import layout as L
from sim.dungeonology.core.engine.batch import GAME_FIELDS, ROW_FIELDS
from sim.dungeonology.results import boss_codes, boss_labels

if TYPE_CHECKING:
    import pandas as pd

    from sim.dungeonology.config import Compiled
    from sim.dungeonology.tables import Names

__all__ = ["COLUMNS", "DERIVED", "GAME_COLUMNS", "GAME_FIELDS", "ORDERS", "OUTCOME", "REPORT_COLUMNS", "ROW_FIELDS",
           "box_of", "coded", "computed", "derived_columns", "fields", "reseat", "rows_frame"]

# name -> (pandas dtype, meaning)
COLUMNS: dict[str, tuple[str, str]] = {
    # identifiers
    "run": identifier("run"),
    "cell": identifier("cell"),
    "game": identifier("game"),
    "seed": identifier("seed"),
    "seat": identifier("seat", "seat 0..players-1 (Note Board colour order)"),
    "turn_position": identifier("turn_position"),
    # cell values
    "players": identifier("players"),
    "alert": ("category", "Alert difficulty"),
    "player_level": ("category", "Player Level"),
    "rules": ("category", "advanced rules in use, '+'-joined ('' = basic game)"),
    "modules": ("category", "the modules in use, '+'-joined in the registry's order ('' = basic game; the same "
                "as rules, under the registry's name)"),
    "box": ("category", "the boxes whose components the game uses, '+'-joined ('base', 'base+rocca_civetta')"),
    "agent": identifier("agent"),
    "agents": identifier("agents"),
    # outcome of the seat
    "scholar": ("category", "Scholar of this seat"),
    "clan": ("category", "Clan Card of the game"),
    "score": ("int64", "final score (board + thesis_bonus + intern_bonus - jinx_penalty)"),
    "board_points": ("int64", "Note Board points with the Clan modifiers"),
    "thesis_bonus": ("int64", "10/7/5/3 by Thesis order, 0 without"),
    "jinx_penalty": ("int64", "Jinx Card penalties subtracted"),
    "rank": identifier("rank", "final rank (1 = winner; ties broken by the rulebook's criteria)"),
    "won": identifier("won"),
    "thesis_order": ("int64", "order of the successful Thesis, 0 = none"),
    "thesis_submitted": ("bool", "a successful Thesis"),
    "stars": ("int64", "Stars at the end"),
    "students": ("int64", "Students at the end"),
    "exalted": ("int64", "1 if Exalted at the end"),
    "exalted_turns": ("int64", "turns started Exalted"),
    "jinx": ("int64", "Jinx Cards held at the end"),
    "knowledge": ("int64", "1 if holding the Knowledge Token"),
    "studies": ("int64", "Study tests taken"),
    "study_wins": ("int64", "Study tests won"),
    "espionages": ("int64", "Espionage tests taken"),
    "espionage_wins": ("int64", "Espionage tests won"),
    "thesis_failures": ("int64", "failed Theses"),
    "cubes_civilization": ("int64", "cubes per colour on the Note Board at the end"),
    "cubes_militia": ("int64", ""),
    "cubes_worship": ("int64", ""),
    "cubes_riches": ("int64", ""),
    "cubes_caste": ("int64", ""),
    "intern_bonus": ("int64", "Intern Cards' End of Game Bonus Points (Main Effects rule; 0 without)"),
    "interns": ("int64", "Intern Cards owned at the end"),
    "main_effects": ("int64", "Main Effects declared (Main Effects rule)"),
    # game level (repeated on each seat's row)
    "first_player": identifier("first_player"),
    "turns": ("int64", "turns played"),
    "rounds": ("int64", "rounds started"),
    "end_reason": ("category", "why the game ended (sim.dungeonology.layout.END_REASONS)"),
    "decisions": identifier("decisions"),
    "theses": ("int64", "successful Theses in the game"),
    "error": identifier("error"),
    "boss": ("category", "Boss Card and profile in play, 'name:profile' ('' = no Boss rule)"),
    "panic": ("category", "the Panic Card under the Alert Card ('' = no Maximum Alert rule)"),
    "max_alert": ("bool", "Maximum Alert was triggered"),
}
OUTCOME = "score"

# rulebook order of the cell values (unknown values follow, sorted)
ORDERS: dict[str, tuple[str, ...]] = {
    "alert": ("introductory", "easy", "medium", "hard"),
    "player_level": ("students", "scholars", "professors", "rectors"),
    "end_reason": tuple(L.END_REASONS[1:]) + ("none",),
}
GAME_COLUMNS = ("run", "cell", "game", "seed", "players", "alert", "player_level", "rules", "agents", "clan",
                "first_player", "turns", "rounds", "end_reason", "decisions", "theses", "error", "boss", "panic",
                "max_alert")
"""The game-level columns (the same on every seat's row of a game)."""
# what the report and experiments.analysis read (plus every set:<key> column); load_compact keeps these
REPORT_COLUMNS = ("run", "cell", "game", "seed", "seat", "turn_position", "players", "alert", "player_level", "rules",
                  "modules", "box",
                  "agent", "agents", "scholar", "clan", "score", "thesis_bonus", "jinx_penalty", "rank", "won",
                  "thesis_submitted", "first_player", "turns", "rounds", "end_reason", "decisions", "theses",
                  "error", "boss", "panic", "max_alert")


# ------------------------------------------------------------------ how the worker makes them
def fields(names: Names) -> dict[str, tuple[str, int]]:
    """The Note Board's columns (``cubes_<colour>``), each the seat row's ``cubes_<index>`` word."""
    return {f"cubes_{color}": ("seat_row", ROW_FIELDS.index(f"cubes_{c}")) for c, color in enumerate(names.colors)}


def coded(names: Names) -> dict[str, tuple[Sequence[str], str]]:
    """The categorical columns made from the kernels' codes: their labels (code -> text) and source."""
    return {"scholar": (names.scholars, "seat_row"), "clan": (names.clans, "game_row"),
            "end_reason": (L.END_REASONS, "game_row"), "boss": (boss_labels(names), "boss"),
            "panic": (("", *names.panic), "panic")}


def computed(name: str, seat_row: Callable[[str], np.ndarray], game_row: Callable[[str], np.ndarray]) -> Any:
    """The columns computed from the rows' words (None for another name)."""
    if name == "thesis_submitted":
        return seat_row("thesis_order") > 0
    if name == "boss":
        return boss_codes(game_row("boss"), game_row("boss_profile"))
    if name == "panic":
        return game_row("panic") + 1
    return None


def reseat(compiled: Compiled, order: np.ndarray) -> Compiled:
    """``compiled`` whose seat p holds the Scholar of entry ``order[p]`` of the configuration's Scholars."""
    return replace(compiled, scholars=compiled.scholars[order].copy())


# ------------------------------------------------------------------ the columns an older run lacks
DERIVED = {"modules": "rules", "box": "rules"}
"""Columns a run written before the expansion's modules lacks, and the column :func:`derived_columns` rebuilds
them from."""


def box_of(modules: str) -> str:
    """The ``box`` column of a ``modules`` / ``rules`` text: the boxes of those modules, the base box
    first, in the registry's order ('base+rocca_civetta'); an unknown module name counts as the base box."""
    from sim.dungeonology import modules as M

    names = [n for n in str(modules).split("+") if n]
    used = {M.MODULES[n].box for n in names if n in M.MODULES}
    return "+".join(b for b in M.BOXES if b == M.BASE_BOX or b in used)


def derived_columns(frame: Any) -> Any:
    """``frame`` with the :data:`DERIVED` columns it lacks, built from its ``rules`` column through its few
    distinct values (a run folder written before they existed still loads)."""
    import pandas as pd

    if "rules" not in frame.columns or all(c in frame.columns for c in DERIVED):
        return frame
    rules = frame["rules"]
    cat = rules if isinstance(rules.dtype, pd.CategoricalDtype) else rules.astype(str).astype("category")
    texts = [str(c) for c in cat.cat.categories]
    codes = cat.cat.codes.to_numpy()
    out = frame.copy(deep=False)
    if "modules" not in frame.columns:
        out["modules"] = pd.Categorical.from_codes(codes, categories=texts)
    if "box" not in frame.columns:
        boxes = [box_of(t) for t in texts]
        unique = list(dict.fromkeys(boxes)) or [box_of("")]
        lookup = [unique.index(b) for b in boxes]
        out["box"] = pd.Categorical.from_codes([lookup[c] for c in codes] if len(codes) else [],
                                               categories=unique)
    return out


def rows_frame(rows: np.ndarray, games: np.ndarray, compiled: Compiled, players: int,
               game_ids: Sequence[int]) -> pd.DataFrame:
    """The kernels' rows of a batch as a tidy frame (``sim.dungeonology.results.rows_frame``): what a
    tournament reads."""
    from sim.dungeonology.results import rows_frame as frame

    return frame(rows, games, compiled.names, players, game_ids)
