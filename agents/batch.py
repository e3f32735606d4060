"""Batch play with agents at the seats, inside numba: the one game loop (``agents.loop``) bound to a game.

``play`` plays N games of a compiled configuration for given seeds and agent specs (one slot per
distinct spec; ``assign[g, seat]`` says which slot plays seat ``seat`` of game ``g``) and returns the
result rows of the game's bundle: one per (game, seat) and one per game (for Dungeonology the columns
``sim.dungeonology.core.engine.batch.ROW_FIELDS`` / ``GAME_FIELDS``), with each game's decisions, error
code and turns. Options: the invariants checked after every decision (``checks``), one generator for
every seat (``shared``: the fuzz's random agent), the standings at each round start (``trace``), each game's
actions (``history``), where the time goes (``profile``). A
table with a Python agent plays the same loop as Python (``agents.python_agents``).

The loop is compiled once per game and set of agent kinds and cached by numba like the engine it
calls: a worker with a warm cache loads it instead of compiling it. Every seat has its own random
generator derived from the game's seed and the seat, so a game's result depends only on (seed,
configuration, agents); the memory an agent keeps in the seat's row (``agents.contract.SEAT_WORDS``)
across decisions and games changes no decision (the heuristic's: ``agents.dungeonology.heuristic.memory``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import Any

import numpy as np

from agents.contract import MAX_BATCH_KINDS
from agents.registry import acts
from agents.spec import PYTHON_KIND, AgentSpec, parse_spec
from sim.kit.bundle import GameBundle, game_of
from sim.kit.instantiate import instantiate
from sim.kit.profile import PARTS
from sim.kit.rng import seed_words

MAX_TRACE_ROUNDS = 64  # round starts recorded per game by the trace (later ones are not: the figures then say so)
STATS = ("decisions", "error", "turns")  # the columns of Played.stats


@dataclass
class Played:
    """What a batch gives back: the bundle's rows per seat ``[games, MAXP, NROW]`` and per game
    ``[games, NGAME]``, ``stats[games, 3]`` (STATS); with ``trace`` each seat's score at each round start
    ``[games, MAX_TRACE_ROUNDS, MAXP]`` and the seat ranked first then (-1: not recorded); with ``history``
    each game's first actions ``[games, history]`` (the first ``stats[g, 0]`` of them); with ``profile``
    the counters of ``sim.kit.profile`` (one row per phase, then set-up, then bookkeeping)."""

    rows: np.ndarray
    games: np.ndarray
    stats: np.ndarray
    trace: np.ndarray | None = None
    leaders: np.ndarray | None = None
    history: np.ndarray | None = None
    profile: np.ndarray | None = None


def loop_for(game: GameBundle, kind_names: tuple[str, ...], python: bool = False,
             extra: dict[str, Any] | None = None) -> ModuleType:
    """The game loop of ``game`` over these agent kinds (their acts are its globals a0..a5)."""
    if python:
        return instantiate("agents.loop", game.bindings(), _padded(extra or {}), tag=f"{game.name}_py", python=True)
    return _compiled_loop(game.name, kind_names)


def _padded(named: dict[str, Any]) -> dict[str, Any]:
    found = [named[f"a{i}"] for i in range(MAX_BATCH_KINDS) if f"a{i}" in named]
    return {f"a{i}": (found + found[:1] * MAX_BATCH_KINDS)[i] for i in range(MAX_BATCH_KINDS)}


_ENGINES: dict[tuple[str, str], GameBundle] = {}  # (game, engine prefix) -> the bundle of that engine


@lru_cache(maxsize=32)
def _compiled_loop(game: str, kind_names: tuple[str, ...], engine: str = "") -> ModuleType:
    from sim.kit.bundle import get_game

    bundle = _ENGINES[game, engine] if engine else get_game(game)
    named = {f"a{i}": act for i, act in enumerate(acts(kind_names, bundle))}
    return instantiate("agents.loop", bundle.bindings(), _padded(named), tag=game)


def compiled_loop(compiled: Any, kind_names: tuple[str, ...]) -> ModuleType:
    """The compiled game loop over these agent kinds for the engine that plays ``compiled``
    (``GameBundle.engine_for``: a configuration compiles the code of the modules it uses)."""
    bundle = game_of(compiled).engine_for(compiled)
    _ENGINES[bundle.name, bundle.prefix] = bundle
    return _compiled_loop(bundle.name, kind_names, bundle.prefix)


def assignment(n: int, players: int, slots: Sequence[AgentSpec], assign: np.ndarray | None) -> np.ndarray:
    """``assign`` as a contiguous int64 array; by default seat p is played by slot p mod len(slots)."""
    if assign is None:
        assign = np.zeros((n, players), dtype=np.int64)
        for p in range(players):
            assign[:, p] = p % len(slots)
    return np.ascontiguousarray(assign, dtype=np.int64)


def play(compiled: Any, seeds: Sequence[int], slots: Sequence[AgentSpec], assign: np.ndarray | None = None, *,
         checks: bool = False, shared: bool = False, trace: bool = False, history: int = 0,
         profile: bool = False, python: bool = False) -> Played:
    """Play len(seeds) games; slot ``assign[g, seat]`` plays each seat (see the module's docstring).
    ``python``: run the loop as Python even when every agent is a numba one (what a table with a Python
    agent does)."""
    game = game_of(compiled)
    kernels = game.kernels_module()
    players = compiled.config.players
    n = len(seeds)
    assign = assignment(n, players, slots, assign)
    kind_names = tuple(dict.fromkeys(spec.kind for spec in slots))
    if len(kind_names) > MAX_BATCH_KINDS:
        raise ValueError(f"at most {MAX_BATCH_KINDS} agent kinds in one batch")
    slot_kind = np.array([kind_names.index(spec.kind) for spec in slots], dtype=np.int64)
    slot_params = np.stack([spec.vector() for spec in slots])
    words = np.array([seed_words(x) for x in seeds], dtype=np.int64).reshape(n, 2)
    out = Played(np.zeros((n, kernels.MAXP, kernels.NROW), dtype=np.int64),
                 np.zeros((n, kernels.NGAME), dtype=np.int64), np.zeros((n, len(STATS)), dtype=np.int64))
    if trace:
        out.trace = np.zeros((n, MAX_TRACE_ROUNDS, kernels.MAXP), dtype=np.int64)
        out.leaders = np.full((n, MAX_TRACE_ROUNDS), -1, dtype=np.int64)
    if history:
        out.history = np.zeros((n, history), dtype=np.int64)
    if profile:
        out.profile = np.zeros((kernels.NPHASES + 2, 2, len(PARTS)), dtype=np.int64)
    args = [compiled.tables, players, compiled.setup, words[:, 0].copy(), words[:, 1].copy(), assign, slot_kind,
            slot_params, out.rows, out.games, out.stats, 1 if checks else None, 1 if shared else None, out.trace,
            out.leaders, out.history, out.profile]
    if python or PYTHON_KIND in kind_names:  # a table with Python agents: the same loop, run as Python
        from agents.python_agents import python_table

        extra, start = python_table(game, compiled, kind_names, slots, assign, slot_params)
        loop_for(game, kind_names, python=True, extra=extra).play_games(*args, start)
    else:
        compiled_loop(compiled, kind_names).play_games(*args, None)
    return out


def play_batch(compiled: Any, seeds: Sequence[int], slots: Sequence[AgentSpec],
               assign: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Play len(seeds) games; slot ``assign[g, seat]`` plays each seat. Returns (rows [games, MAXP, NROW],
    games [games, NGAME]) of the game's bundle."""
    played = play(compiled, seeds, slots, assign)
    return played.rows, played.games


def play_random(compiled: Any, seeds: Sequence[int], checks: bool = True) -> tuple[np.ndarray, np.ndarray,
                                                                                  np.ndarray]:
    """The fuzz's random games: one random generator for every seat, seeded from each game's seed words,
    the invariants checked after every decision when ``checks``. Returns (decisions, error codes, turns)
    per game."""
    played = play(compiled, seeds, [parse_spec("random")], shared=True, checks=checks)
    return played.stats[:, 0].copy(), played.stats[:, 1].copy(), played.stats[:, 2].copy()
