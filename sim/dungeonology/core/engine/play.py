"""Batch play inside numba: many games, no Python per decision.

The random agent lives here because the benchmark and the fuzzer need it;
other agents (issue 3) plug into the same loop.

Compile time: every compiled function that calls the engine carries a copy
of all of it through LLVM, so the batch is one kernel (no per-game layer;
its arrays are allocated in Python, so that numba's reference counting stays
out of the loop) and it calls the engine once, ``step`` (an
``inline_kernel``: its code, and that of the dispatchers it reaches, is
compiled here once, not as separate whole-engine functions). The invariant
checks are compiled only when asked for: the ``checks`` argument is ``None``
(numba drops the checks unread; ``python -m experiments.bench.compile``
shows that ``check`` is not compiled) or an int.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.checks.invariants import check
from sim.dungeonology.core.engine.step import step
from sim.dungeonology.core.procedures.setup import init_state
from sim.kit.jit import kernel
from sim.kit.rng import randint, seed_words

if TYPE_CHECKING:
    from sim.dungeonology.config import Compiled

DECISION_LIMIT = 200_000
ERR_STUCK = 17  # no legal action although the game is not over
ERR_LIMIT = 99


@kernel
def seed_agent(ag, w0, w1):
    """Seed the random agent's own generator from a game's seed words."""
    ag[L.S_RNG0] = w1
    ag[L.S_RNG1] = w0 ^ 0x5BD1E995
    if ag[L.S_RNG0] == 0 and ag[L.S_RNG1] == 0:
        ag[L.S_RNG0] = 1


@kernel
def random_games(t, nplayers, scholars, clan, seeds0, seeds1, checks, s, ag, buf, out_decisions, out_err, out_turns):
    """Random games, one per seed; scholars[seat] / clan < 0 are dealt at random.

    Each game plays uniformly random legal actions drawn from the agent's own
    generator (``seed_agent``), so the game's chance stream does not depend on
    the agent. With ``checks`` not None the invariants are checked after
    every action and at the end. Per game: decisions, error code (0, an
    invariant, ERR_STUCK or ERR_LIMIT) and turns. ``s``, ``ag`` (the agent's
    generator) and ``buf`` (legal actions) are work arrays.
    """
    for g in range(seeds0.shape[0]):
        seed_agent(ag, seeds0[g], seeds1[g])
        init_state(s, t, nplayers, scholars, clan, seeds0[g], seeds1[g])
        decisions = -1  # the first step only advances to the first decision
        err = 0
        a = -1
        while True:
            n = step(s, t, a, buf)  # the one call of the engine: one copy of it compiled here
            decisions += 1
            if decisions > 0:
                if checks is not None:
                    err = check(s, t)
                    if err != 0:
                        break
                if decisions > DECISION_LIMIT:
                    err = ERR_LIMIT
                    break
            if n == 0:
                break
            a = buf[randint(ag, n)]  # uniform over the legal actions
        if err == 0 and s[L.S_OVER] == 0:
            err = ERR_STUCK
        if err == 0 and checks is not None:
            err = check(s, t)
        out_decisions[g] = decisions
        out_err[g] = err
        out_turns[g] = s[L.S_TURN]


def play_random_batch(t: np.ndarray, nplayers: int, scholars: np.ndarray, clan: int, seeds0: np.ndarray,
                      seeds1: np.ndarray, check_every: bool, out_decisions: np.ndarray, out_err: np.ndarray,
                      out_turns: np.ndarray) -> None:
    """``random_games`` with the invariant checks on or off (each compiled when first used)."""
    work = np.zeros(L.STATE_SIZE, np.int64), np.zeros(L.STATE_SIZE, np.int64), np.zeros(L.MAX_LEGAL, np.int64)
    random_games(t, nplayers, scholars, clan, seeds0, seeds1, 1 if check_every else None, *work, out_decisions,
                 out_err, out_turns)


def seed_arrays(seeds: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """The two seed words of each game seed (``sim.kit.rng.seed_words``), as two int64 arrays."""
    words = [seed_words(s) for s in seeds]
    return (np.array([w[0] for w in words], np.int64), np.array([w[1] for w in words], np.int64))


def play_batch(
    compiled: Compiled, seeds: Sequence[int], check_every: bool = True
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Play one random game per seed in numba; (decisions, error codes, turns).

    Uses :func:`play_random_batch` with the configured Scholars and Clan Card (dealt at random where
    the configuration leaves them open). Game ``i`` starts from ``seed_words(seeds[i])``, as
    ``sim.new_game(config, seeds[i])`` does, so a Python replay plays the same game.
    """
    s0, s1 = seed_arrays(seeds)
    n = len(seeds)
    dec, err, turns = np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64)
    players = compiled.config.players
    play_random_batch(compiled.tables, players, compiled.scholars, compiled.clan, s0, s1, check_every, dec, err, turns)
    return dec, err, turns
