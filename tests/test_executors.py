"""Where a sweep's chunks are played (experiments.runs.executors): the parent's first chunks, which compile
each distinct loop once before the workers start. tests/test_sweep.py plays a sweep that way."""

from __future__ import annotations

from types import SimpleNamespace

from experiments.runs.executors import compile_first, loop_key
from experiments.runs.worker import Chunk
from sim import GameConfig
from sim.dungeonology.config import compile_config


def test_compile_first_takes_one_chunk_per_loop():
    spec = SimpleNamespace
    c = compile_config(GameConfig(players=2))
    tasks = {0: spec(game="dungeonology", compiled=c, slots=(spec(kind="random"),), trace=False),
             1: spec(game="dungeonology", compiled=c, slots=(spec(kind="random"),), trace=False),
             2: spec(game="dungeonology", compiled=c, slots=(spec(kind="heuristic"), spec(kind="random")), trace=False),
             3: spec(game="dungeonology", compiled=c, slots=(spec(kind="random"),), trace=True)}
    chunks = [Chunk(c, lo, lo + 10) for c in (0, 1, 2, 3) for lo in (0, 10)]
    first, rest = compile_first(tasks, chunks)
    assert first == [Chunk(0, 0, 10), Chunk(2, 0, 10), Chunk(3, 0, 10)]
    assert sorted(first + rest, key=chunks.index) == chunks


def test_each_engine_is_a_loop_of_its_own(monkeypatch):
    monkeypatch.setenv("DUNGEONOLOGY_ENGINE", "modules")
    spec = SimpleNamespace
    base = spec(game="dungeonology", compiled=compile_config(GameConfig(players=2)), slots=(spec(kind="random"),),
                trace=False)
    alert = spec(game="dungeonology", compiled=compile_config(GameConfig(players=2, modules=["maximum_alert"])),
                 slots=(spec(kind="random"),), trace=False)
    assert loop_key(base) != loop_key(alert)
