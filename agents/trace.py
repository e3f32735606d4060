"""The batch player with a per-round score trace (on request: ``trace = true`` in a sweep file).

The loop is :data:`agents.batch.LOOP_SOURCE` with three additions: it takes two more arrays, and at
the first decision of every round from the second on (``S_ROUND`` changes: the first player's turn,
"Game Turn") it records each
seat's score so far (the "End of the game" scoring applied to the board as it stands:
:func:`sim.dungeonology.core.procedures.scoring.rank_seats`) and the seat that would win now (rank 1, the
rulebook's tie-breaks). Without the option the plain loop runs: same games, same speed.

From the trace, :func:`lead_summary` derives per game the **lead changes** (how often the leader at a
round start differs from the one at the previous round start, the final standings counting as the
last) and **winner_led_from**: the round from whose start the eventual winner led to the end
(rounds + 1 when she took the lead only in the last round).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from agents.batch import LOOP_SOURCE, batch_inputs, loop_module
from agents.registry import kinds
from agents.spec import AgentSpec
from sim.dungeonology import layout as L
from sim.dungeonology.config import Compiled
from sim.dungeonology.core.procedures.scoring import rank_seats
from sim.kit.jit import kernel

MAX_TRACE_ROUNDS = 64  # round starts recorded per game (later ones are not: the figures then say so)


@kernel
def record_round(s, t, scores, ranks, trace, leaders, g):
    """Record the standing at the start of round ``S_ROUND``: each seat's score and the leader."""
    r = s[L.S_ROUND]
    if r < 2 or r >= trace.shape[1]:  # round 1 starts with nothing scored: its leader is only the tie-break
        return
    rank_seats(s, t, scores, ranks)
    for p in range(s[L.S_NPLAYERS]):
        trace[g, r, p] = scores[p]
        if ranks[p] == 1:
            leaders[g, r] = p


_EDITS = (  # (anchor in LOOP_SOURCE, what replaces it)
    ("def play_games(t, nplayers, scholars, clan, seeds0, seeds1, assign, slot_kind, slot_params, rows, games):",
     "def play_games(t, nplayers, scholars, clan, seeds0, seeds1, assign, slot_kind, slot_params, rows, games,\n"
     "               trace, leaders):\n    scores = scratch_int(MAXP)\n"
     "    ranks = scratch_int(MAXP)"),
    ("        err = 0\n", "        err = 0\n        last = -1\n"),
    ("            decisions += 1\n",
     "            decisions += 1\n            if s[L.S_ROUND] != last:\n                last = s[L.S_ROUND]\n"
     "                record_round(s, t, scores, ranks, trace, leaders, g)\n"),
    ("from agents.batch import ", "from agents.trace import record_round\nfrom agents.batch import "),
)


def trace_source() -> str:
    """The traced loop's template, made from the plain one (each anchor must be there once)."""
    source = LOOP_SOURCE
    for anchor, new in _EDITS:
        if source.count(anchor) != 1:
            raise RuntimeError(f"agents.trace: the batch loop's source changed ({anchor.strip()!r} not found once)")
        source = source.replace(anchor, new)
    return source


def play_batch_trace(compiled: Compiled, seeds: Sequence[int], slots: Sequence[AgentSpec],
                     assign: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`agents.batch.play_batch` plus the trace: (rows, games, scores [games, MAX_TRACE_ROUNDS, MAXP]
    at each round start, leaders [games, MAX_TRACE_ROUNDS]: the seat ranked first then, -1 = not recorded)."""
    kind_names, args, rows, games = batch_inputs(compiled, seeds, slots, assign)
    n = len(seeds)
    trace = np.zeros((n, MAX_TRACE_ROUNDS, L.MAXP), dtype=np.int64)
    leaders = np.full((n, MAX_TRACE_ROUNDS), -1, dtype=np.int64)
    _tracer_for(kind_names)(*args, rows, games, trace, leaders)
    return rows, games, trace, leaders


@lru_cache(maxsize=16)
def _tracer_for(kind_names: tuple[str, ...]):
    registry = kinds()
    return loop_module(kind_names, tuple(registry[k].act for k in kind_names), template=trace_source(),
                       prefix="trace").play_games


def lead_summary(leaders: np.ndarray, winners: np.ndarray, rounds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(lead_changes, winner_led_from) per game from the leaders at each round start, the final winner
    (seat) and the rounds played (see the module's docstring)."""
    n = len(winners)
    changes = np.zeros(n, np.int64)
    since = np.zeros(n, np.int64)
    for g in range(n):
        seq = [(r, int(p)) for r, p in enumerate(leaders[g]) if p >= 0] + [(int(rounds[g]) + 1, int(winners[g]))]
        changes[g] = sum(a[1] != b[1] for a, b in zip(seq, seq[1:], strict=False))
        k = len(seq) - 1
        while k > 0 and seq[k - 1][1] == seq[-1][1]:
            k -= 1
        since[g] = seq[k][0]
    return changes, since
