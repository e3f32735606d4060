"""Seating in a sweep: how the seats of a cell's games take the fixed choices of its configuration (the
seat list of agents, or Dungeonology's named Scholars: ``scholar_seating``, docs/SWEEPS.md), game by
game. ``as_listed``: seat p gets entry p; ``rotate``: game i of the cell gives seat p the entry
(p + i) mod players (every entry sits in every seat equally often); ``random``: a permutation drawn
from the game's seed alone (the same in every variant of the cell, whatever the chunks). The batch
player takes one configuration per call, so a chunk is played in groups of games with the same seating
and put back in game order; the game's ``reseat`` (its results module) gives each group's configuration."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

SEAT_STREAM = 0x5EA7  # the random seating's generator: (seed, SEAT_STREAM), apart from the game's own


def seat_assignment(games: int, players: int, start: int = 0) -> np.ndarray:
    """Index into a seat list (of agents, or of Scholars with ``rotate``) of what sits at each seat:
    ``[g, p] = (p + start + g) mod players``. Over any ``players`` consecutive games every entry plays
    every seat once."""
    g = np.arange(start, start + games, dtype=np.int64)[:, None]
    p = np.arange(players, dtype=np.int64)[None, :]
    return (g + p) % players


def seatings(how: str, players: int, seeds: np.ndarray, first: int) -> np.ndarray:
    """``out[g, p]``: the entry of the cell's list that seat p gets in game g (``first``: the chunk's first
    game index within its cell)."""
    n = len(seeds)
    if how == "rotate":
        return seat_assignment(n, players, first)
    if how == "random":
        return np.array([np.random.default_rng([int(s), SEAT_STREAM]).permutation(players) for s in seeds],
                        dtype=np.int64).reshape(n, players)
    return np.tile(np.arange(players), (n, 1))


def play_seated(play: Callable[..., tuple], compiled: Any, seeds: np.ndarray, slots: Sequence,
                assign: np.ndarray, order: np.ndarray, reseat: Callable[[Any, np.ndarray], Any]) -> tuple:
    """``play(compiled, seeds, slots, assign)`` (agents.batch.play_batch or the traced loop) for games whose
    seats take the choices of ``reseat(compiled, order[g])``: one call per distinct seating, outputs put back
    in game order (each output's first axis is the game)."""
    keys, group = np.unique(order, axis=0, return_inverse=True)
    group = group.reshape(-1)
    if len(keys) == 1:
        return play(reseat(compiled, keys[0]), seeds.tolist(), list(slots), assign)
    out: list[np.ndarray] | None = None
    for k, key in enumerate(keys):
        pick = np.flatnonzero(group == k)
        part = play(reseat(compiled, key), seeds[pick].tolist(), list(slots), np.ascontiguousarray(assign[pick]))
        if out is None:
            out = [np.zeros((len(seeds), *a.shape[1:]), dtype=a.dtype) for a in part]
        for whole, piece in zip(out, part, strict=True):
            whole[pick] = piece
    return tuple(out or ())
