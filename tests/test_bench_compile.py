"""The per-function compile measurement (experiments/dungeonology/bench/compile.py): each function's own seconds."""

from __future__ import annotations

import time

from numba import jit

from experiments.dungeonology.bench.compile import CHECK, CompileRecorder, lines


def _leaf(x):
    total = 0
    for i in range(x):
        total += i * i
    return total


def test_a_callee_compiled_on_the_way_is_counted_apart_from_its_caller() -> None:
    leaf = jit(nopython=True)(_leaf)  # fresh dispatchers: compiled in this test, not loaded from a cache

    def caller(x):
        return leaf(x) + 1

    compiled = jit(nopython=True)(caller)
    with CompileRecorder() as rec:
        t0 = time.perf_counter()
        assert compiled(4) == 15
        wall = time.perf_counter() - t0
    rows = {r["function"].rsplit(".", 1)[-1]: r for r in rec.rows()}
    assert set(rows) == {"_leaf", "caller"}  # the caller, and the leaf compiled while it is typed
    assert all(r["llvm_s"] > 0 and r["compile_s"] >= r["llvm_s"] for r in rows.values())
    assert rows["caller"]["compile_s"] + rows["_leaf"]["compile_s"] <= wall  # own shares: nothing counted twice
    assert rows["caller"]["linked"] >= 2  # the leaf's module is linked into the caller's
    text = lines({"wall_s": wall, "cpu_s": wall, "functions": rec.rows(), "opt": "3"}, top=5)
    assert text[-1] == f"invariant checks ({CHECK}) compiled: no"
    assert text[-3].startswith("2 versions of 2 functions compiled")
