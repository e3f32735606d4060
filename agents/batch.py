"""Batch play with agents at the seats, inside numba.

``play_batch`` plays N games for given seeds, configuration and agent specs
(one slot per distinct spec; ``assign[g, seat]`` says which slot plays seat
``seat`` of game ``g``) and returns one result row per (game, seat) (columns
``sim.core.batch.ROW_FIELDS``) plus one row per game (``GAME_FIELDS``).
The loop is compiled once per set of agent kinds (a closure over their
``act`` functions, so any registered agent plugs in without touching this
file); the engine it calls comes from numba's cache.

Every seat has its own random generator derived from the game's seed and
the seat, so a game's result depends only on (seed, configuration, agents).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from numba import njit

from agents.registry import kinds
from agents.spec import AgentSpec
from sim import layout as L
from sim.config import Compiled
from sim.core.batch import NGAME, NROW, write_game, write_rows
from sim.core.jit import kernel
from sim.core.rng import seed_words
from sim.core.setup import init_state
from sim.core.step import advance, step

MAX_BATCH_KINDS = 6
DECISION_LIMIT = 200_000
ERR_STUCK = 17  # no legal action although the game is not over
ERR_ILLEGAL = 98  # an agent returned an action that is not legal
ERR_LIMIT = 99


@kernel
def seed_seat_rngs(rng, w0, w1, nplayers):
    """Each seat's generator from the game's seed words and the seat."""
    for p in range(nplayers):
        rng[p, 0] = (w0 + 0x632BE5AB * (p + 1)) & 0xFFFFFFFF
        rng[p, 1] = (w1 ^ (0x5851F42D * (p + 1))) & 0xFFFFFFFF
        if rng[p, 0] == 0 and rng[p, 1] == 0:
            rng[p, 0] = 1


@kernel
def is_legal(buf, n, a):
    for i in range(n):
        if buf[i] == a:
            return True
    return False


def _make_player(acts: tuple):
    padded = tuple(acts) + (acts[0],) * (MAX_BATCH_KINDS - len(acts))
    a0, a1, a2, a3, a4, a5 = padded

    @njit
    def choose(k, s, t, buf, n, params, rng):
        if k == 0:
            return a0(s, t, buf, n, params, rng)
        if k == 1:
            return a1(s, t, buf, n, params, rng)
        if k == 2:
            return a2(s, t, buf, n, params, rng)
        if k == 3:
            return a3(s, t, buf, n, params, rng)
        if k == 4:
            return a4(s, t, buf, n, params, rng)
        return a5(s, t, buf, n, params, rng)

    @njit
    def play_games(t, nplayers, scholars, clan, seeds0, seeds1, assign, slot_kind, slot_params, rows, games):
        s = np.zeros(L.STATE_SIZE, np.int64)
        buf = np.zeros(L.MAX_LEGAL, np.int64)
        rng = np.zeros((L.MAXP, 2), np.int64)
        for g in range(seeds0.shape[0]):
            init_state(s, t, nplayers, scholars, clan, seeds0[g], seeds1[g])
            seed_seat_rngs(rng, seeds0[g], seeds1[g], nplayers)
            n = advance(s, t, buf)
            decisions = 0
            err = 0
            while n > 0:
                seat = s[L.S_ACTOR]
                slot = assign[g, seat]
                a = choose(slot_kind[slot], s, t, buf, n, slot_params[slot], rng[seat])
                if not is_legal(buf, n, a):
                    err = ERR_ILLEGAL
                    a = buf[0]
                n = step(s, t, a, buf)
                decisions += 1
                if decisions > DECISION_LIMIT:
                    err = ERR_LIMIT
                    break
            if err == 0 and s[L.S_OVER] == 0:
                err = ERR_STUCK
            write_rows(s, t, rows, g)
            write_game(s, games, g, decisions, err)

    return play_games


@lru_cache(maxsize=16)
def _player_for(kind_names: tuple[str, ...]):
    registry = kinds()
    return _make_player(tuple(registry[k].act for k in kind_names))


def play_batch(compiled: Compiled, seeds: Sequence[int], slots: Sequence[AgentSpec],
               assign: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Play len(seeds) games; slot ``assign[g, seat]`` plays each seat.

    Returns (rows [games, 4, NROW], games [games, NGAME]) as in sim.core.batch.
    """
    players = compiled.config.players
    n = len(seeds)
    if assign is None:
        assign = np.zeros((n, players), dtype=np.int64)
        for p in range(players):
            assign[:, p] = p % len(slots)
    assign = np.ascontiguousarray(assign, dtype=np.int64)
    kind_names = tuple(dict.fromkeys(spec.kind for spec in slots))
    if len(kind_names) > MAX_BATCH_KINDS:
        raise ValueError(f"at most {MAX_BATCH_KINDS} agent kinds in one batch")
    slot_kind = np.array([kind_names.index(spec.kind) for spec in slots], dtype=np.int64)
    slot_params = np.stack([spec.vector() for spec in slots])
    words = np.array([seed_words(x) for x in seeds], dtype=np.int64).reshape(n, 2)
    rows = np.zeros((n, L.MAXP, NROW), dtype=np.int64)
    games = np.zeros((n, NGAME), dtype=np.int64)
    player = _player_for(kind_names)
    player(compiled.tables, players, compiled.scholars, compiled.clan, words[:, 0].copy(), words[:, 1].copy(),
           assign, slot_kind, slot_params, rows, games)
    return rows, games
