"""The results schema: one row per (game, seat) of a sweep, as written to
``results/<run>/part-*.parquet`` and read back by ``experiments.analysis``.

Every sweep row has exactly these columns, plus one column per "what if"
data override of the sweep, named ``set:<dotted key>`` (the value used in
that cell: a number when every value swept for the key is one, else its text;
:func:`override_dtypes`). docs/RESULTS.md renders this table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sim.kit.errors import format_value

if TYPE_CHECKING:
    from experiments.runs.config import SweepPlan

# name -> (pandas dtype, meaning)
COLUMNS: dict[str, tuple[str, str]] = {
    # identifiers
    "run": ("string", "experiment name"),
    "cell": ("int64", "index of the sweep cell (a combination of the sweep axes)"),
    "game": ("int64", "game index within the run (unique)"),
    "seed": ("int64", "the game's seed (from the master seed, the cell and the game's index alone)"),
    "seat": ("int64", "seat 0..players-1 (Note Board colour order)"),
    "turn_position": ("int64", "position in turn order (0 = first player)"),
    # cell values
    "players": ("int64", "player count"),
    "alert": ("category", "Alert difficulty"),
    "player_level": ("category", "Player Level"),
    "rules": ("category", "advanced rules in use, '+'-joined ('' = basic game)"),
    "modules": ("category", "the modules in use, '+'-joined in the registry's order ('' = basic game; the same "
                "as rules, under the registry's name)"),
    "box": ("category", "the boxes whose components the game uses, '+'-joined ('base', 'base+rocca_civetta')"),
    "agent": ("category", "agent spec string of this seat"),
    "agents": ("category", "the seat list of the cell, ','-joined"),
    # outcome of the seat
    "scholar": ("category", "Scholar of this seat"),
    "clan": ("category", "Clan Card of the game"),
    "score": ("int64", "final score (board + thesis_bonus + intern_bonus - jinx_penalty)"),
    "board_points": ("int64", "Note Board points with the Clan modifiers"),
    "thesis_bonus": ("int64", "10/7/5/3 by Thesis order, 0 without"),
    "jinx_penalty": ("int64", "Jinx Card penalties subtracted"),
    "rank": ("int64", "final rank (1 = winner; ties broken by the rulebook's criteria)"),
    "won": ("bool", "rank == 1"),
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
    "first_player": ("int64", "seat of the first player"),
    "turns": ("int64", "turns played"),
    "rounds": ("int64", "rounds started"),
    "end_reason": ("category", "why the game ended (sim.dungeonology.layout.END_REASONS)"),
    "decisions": ("int64", "decisions taken by agents"),
    "theses": ("int64", "successful Theses in the game"),
    "error": ("int64", "0, or an engine/agent error code (the game is then excluded from analysis)"),
    "boss": ("category", "Boss Card and profile in play, 'name:profile' ('' = no Boss rule)"),
    "panic": ("category", "the Panic Card under the Alert Card ('' = no Maximum Alert rule)"),
    "max_alert": ("bool", "Maximum Alert was triggered"),
}

OVERRIDE_PREFIX = "set:"
VARIANT = "variant"
"""The column naming the variant of a run with a ``variants`` axis (absent otherwise)."""
TRACE_COLUMNS = ("lead_changes", "winner_led_from")
"""Game-level columns of a run with ``trace = true`` (agents.trace): how often the lead changed between round
starts, and the round from whose start the eventual winner led to the end."""


DERIVED = ("modules", "box")
"""Columns a run written before issue 16 lacks: :func:`derived_columns` rebuilds them from ``rules``."""


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


def override_text(value: Any) -> str:
    """A swept override value as text (strings as written, else TOML), as a text set:<key> column holds it."""
    return value if isinstance(value, str) else format_value(value, limit=None)


def _number(value: Any, whole: bool) -> bool:
    return isinstance(value, int if whole else (int, float)) and not isinstance(value, bool)


def override_dtypes(plan: SweepPlan) -> dict[str, str]:
    """The dtype of each set:<key> column: Int64 when every value the plan sweeps is a whole number, Float64
    when every one is a number, else string (the value's text); the same in every part of the run, so a
    dataset reader (pd.read_parquet(run_dir), duckdb) sees one numeric column."""
    values: dict[str, list[Any]] = {k: [] for k in plan.override_keys}
    for cell in plan.cells:
        for key, value in cell.overrides:
            values.setdefault(key, []).append(value)
    out = {}
    for key, vals in values.items():
        kind = "Int64" if all(_number(v, True) for v in vals) else "Float64" if all(
            _number(v, False) for v in vals) else "string"
        out[OVERRIDE_PREFIX + key] = kind if vals else "string"
    return out


def override_value(value: Any, dtype: str) -> Any:
    """A swept override's value as its ``set:<key>`` column of ``dtype`` (:func:`override_dtypes`) holds it:
    a number as it is, else its text (:func:`override_text`)."""
    return value if dtype != "string" else override_text(value)
