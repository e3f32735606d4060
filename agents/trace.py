"""The per-round score trace of the batch (on request: ``trace = true`` in a sweep file).

The game loop (``agents.loop``) with its ``trace`` option: at the first decision of every round from
the second on (the header's round changes: the first player's turn, "Game Turn") it records each seat's
score so far (the game's ``standings``; Dungeonology's applies the "End of the game" scoring to the
board as it stands: :func:`sim.dungeonology.core.procedures.scoring.rank_seats`) and the seat that would
win now (rank 1, the rulebook's tie-breaks). Without the option the plain loop runs: same games, same
speed.

From the trace, :func:`lead_summary` derives per game the **lead changes** (how often the leader at a
round start differs from the one at the previous round start, the final standings counting as the
last) and **winner_led_from**: the round from whose start the eventual winner led to the end
(rounds + 1 when she took the lead only in the last round).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from agents.batch import MAX_TRACE_ROUNDS, play
from agents.spec import AgentSpec

__all__ = ["MAX_TRACE_ROUNDS", "lead_summary", "play_batch_trace"]


def play_batch_trace(compiled: Any, seeds: Sequence[int], slots: Sequence[AgentSpec],
                     assign: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`agents.batch.play_batch` plus the trace: (rows, games, scores [games, MAX_TRACE_ROUNDS, MAXP]
    at each round start, leaders [games, MAX_TRACE_ROUNDS]: the seat ranked first then, -1 = not recorded)."""
    played = play(compiled, seeds, slots, assign, trace=True)
    return played.rows, played.games, played.trace, played.leaders


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
