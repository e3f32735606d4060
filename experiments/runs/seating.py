"""Scholar seating in a sweep (``scholar_seating``, docs/SWEEPS.md): how a cell's named Scholars take the
seats, game by game. ``as_listed``: seat p gets entry p of the cell's Scholars; ``rotate``: game i of the cell
gives seat p the entry (p + i) mod players (every Scholar of the set sits in every seat equally often);
``random``: a permutation drawn from the game's seed alone (the same in every variant of the cell, whatever
the chunks). The batch player takes one seat -> Scholar array per call, so a chunk is played in groups of
games with the same seating and put back in game order."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from sim.dungeonology.config import Compiled

SEAT_STREAM = 0x5EA7  # the random seating's generator: (seed, SEAT_STREAM), apart from the game's own


def seat_assignment(games: int, players: int, start: int = 0) -> np.ndarray:
    """Index into a seat list (of agents, or of Scholars with ``rotate``) of what sits at each seat:
    ``[g, p] = (p + start + g) mod players``. Over any ``players`` consecutive games every entry plays
    every seat once."""
    g = np.arange(start, start + games, dtype=np.int64)[:, None]
    p = np.arange(players, dtype=np.int64)[None, :]
    return (g + p) % players


def seatings(how: str, players: int, seeds: np.ndarray, first: int) -> np.ndarray:
    """``out[g, p]``: the entry of the cell's Scholar list that seat p gets in game g (``first``: the
    chunk's first game index within its cell)."""
    n = len(seeds)
    if how == "rotate":
        return seat_assignment(n, players, first)
    if how == "random":
        return np.array([np.random.default_rng([int(s), SEAT_STREAM]).permutation(players) for s in seeds],
                        dtype=np.int64).reshape(n, players)
    return np.tile(np.arange(players), (n, 1))


def play_seated(play: Callable[..., tuple], compiled: Compiled, seeds: np.ndarray, slots: Sequence,
                assign: np.ndarray, order: np.ndarray) -> tuple:
    """``play(compiled, seeds, slots, assign)`` (agents.batch.play_batch or the traced loop) for games whose
    seats hold ``compiled.scholars[order[g]]``: one call per distinct seating, outputs put back in game
    order (each output's first axis is the game)."""
    keys, group = np.unique(order, axis=0, return_inverse=True)
    group = group.reshape(-1)
    if len(keys) == 1:
        return play(replace(compiled, scholars=compiled.scholars[keys[0]].copy()), seeds.tolist(), list(slots),
                    assign)
    out: list[np.ndarray] | None = None
    for k, key in enumerate(keys):
        pick = np.flatnonzero(group == k)
        part = play(replace(compiled, scholars=compiled.scholars[key].copy()), seeds[pick].tolist(), list(slots),
                    np.ascontiguousarray(assign[pick]))
        if out is None:
            out = [np.zeros((len(seeds), *a.shape[1:]), dtype=a.dtype) for a in part]
        for whole, piece in zip(out, part, strict=True):
            whole[pick] = piece
    return tuple(out or ())
