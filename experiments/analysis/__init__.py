"""Balance analysis of a sweep run: load ``results/<run>/`` and compute the tables.

Every function takes the tidy frame of :func:`load` (one row per (game, seat),
the columns of :mod:`experiments.runs.schema`) and returns a new frame; nothing is
kept between calls. The rows are those of any game (the game their manifest names); this package
gives the generic tables of its modules under one name (``dataset``: loading; ``summary``: the run
at a glance; ``groups``: counting per group; ``groupings``: the game's defaults; ``rates``: win
rates, flags, turn order, mean outcomes); its other modules (``stats``, ``ratings``, ``claims``) are
imported by name. A name it does not have is the default game's own (its bundle's ``analysis``:
Dungeonology's ``scholar_clan``, ``scholar_vs_scholar``, ``condition_effects``..., in
experiments/dungeonology/analysis/). From a notebook::

    from experiments import analysis as A
    df = A.load("results/quick")
    A.win_rates(df, "scholar")                 # Wilson 95% intervals, lift, fair-share tests
    A.seat_advantage(df)                       # turn order
    A.scholar_clan(df)                         # Scholar x Clan Card
    A.scholar_vs_scholar(df)                   # head-to-head: A finished ahead of B
    A.condition_effects(df, ["alert", "player_level"])   # game length, Theses
    A.flags(df)                                # fair-share tests over a family, Holm-corrected
    A.games_needed(A.win_rates(df, "scholar"), width=0.02)

Conventions
-----------
* A **win** is rank 1 (seats tied for first all win), the ``won`` column.
* The **fair share** of a seat-row is 1 / players. A group's fair share is the
  mean over its rows (the expected win rate if nothing mattered), and its
  **lift** is win rate / fair share (1.0 = fair; 1.2 = wins 20% more often
  than its share). Mixed player counts are fine: the expectation is then
  the sum of 1 / players over the group's rows.
* **Intervals** are Wilson score 95% intervals (:func:`experiments.analysis.stats.wilson`).
* **Fair-share tests**: an exact two-sided binomial test of the wins against
  the fair share (``scipy.stats.binomtest``) when the group has one player
  count; with several player counts a z-test against the Poisson-binomial
  mean and variance (column ``test`` says which). p-values are corrected for
  multiple comparisons with **Holm's step-down method** by default (controls
  the family-wise error rate: the chance of *any* false flag), or
  Benjamini-Hochberg (``correction="bh"``, controls the false discovery rate).
  In :func:`win_rates` the family is the rows of the table; :func:`flags`
  corrects over a family spanning several tables. Seats of one game are not
  independent (one winner per game); each test is about one group's marginal
  win rate, which is what the binomial model describes.
* **Scholar x Scholar** (:func:`scholar_vs_scholar`) is by default
  **head-to-head**: among the games where Scholars A and B both play, the
  share of the decisive meetings (ranks not tied) in which A finished ahead
  of B (fair: 50%). With ``mode="present"`` it is instead A's win rate in
  the games where B is at the table (not informative when every Scholar plays
  every game, as with 4 Scholars at 4 players).
* Games with ``error != 0`` (an engine or agent error stopped them) are
  excluded on load; ``frame.attrs["excluded_games"]`` counts them.
"""

from typing import Any

from experiments.analysis.dataset import (
    DEFAULT_VALUE,
    RunDirError,
    apply_schema,
    load,
    load_compact,
    part_files,
    read_manifest,
)
from experiments.analysis.groupings import Groupings, groupings_of
from experiments.analysis.groups import CHUNK, columns_of, group_counts
from experiments.analysis.rates import (
    WIN_RATE_COLUMNS,
    flags,
    games_needed,
    group_label,
    interval_width,
    lift,
    mark_significant,
    matrix,
    ordinal,
    outcome_means,
    outcome_of,
    seat_advantage,
    win_rates,
)
from experiments.analysis.summary import override_keys, overview, played, pooled_over, provisional_count

__all__ = ["CHUNK", "DEFAULT_VALUE", "WIN_RATE_COLUMNS", "Groupings", "RunDirError", "apply_schema", "columns_of",
           "flags", "games_needed", "group_counts", "group_label", "groupings_of", "interval_width", "lift", "load",
           "load_compact", "mark_significant", "matrix", "ordinal", "outcome_means", "outcome_of", "override_keys",
           "overview", "part_files", "played", "pooled_over", "provisional_count", "read_manifest", "seat_advantage",
           "win_rates"]


def __getattr__(name: str) -> Any:
    """A name of the default game's analysis module (its bundle's ``analysis``), e.g. ``A.scholar_clan``."""
    from sim.kit.bundle import get_game

    module = get_game().module("analysis")
    if module is not None and not name.startswith("_") and hasattr(module, name):
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
