"""Where a cold start's compile time goes, per compiled function.

``python -m experiments.dungeonology.bench.compile [--players P] [--top N] [--checks]`` starts one fresh
interpreter with an empty numba cache, as the cold start of ``bench`` does (import, compile, one
random game: ``experiments.dungeonology.bench.baseline.COLD_SNIPPET``), and records numba's compile events
(``numba.core.event``: ``numba:compile`` around each function compiled, ``numba:llvm_lock`` around
each LLVM call). A function's seconds are its own: those of the functions it compiles on the way
(its callees, compiled while it is typed) are theirs. numba links every callee's module into its
caller's and optimises the whole again (``numba/core/codegen.py``, ``CPUCodeLibrary.finalize``),
so a function's LLVM seconds grow with everything it calls; "linked" is the number of functions
defined in its final module (itself and all it calls that were not inlined away). It prints the
top functions by LLVM seconds, the totals, the functions compiled in more than one version and
whether the invariant checks (``check``) were compiled.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from numba.core import event

ROOT = Path(__file__).resolve().parents[3]
CHECK = "sim.dungeonology.core.checks.invariants.check"

# argv: tree, players, checks (0/1), games (then timed warm, best of 3 by CPU seconds; 0: none).
# Records the compile events of a cold start; prints one JSON line.
_SNIPPET = """
import json, os, resource, sys, time
sys.path.insert(0, sys.argv[1])
from experiments.dungeonology.bench.compile import CompileRecorder
with CompileRecorder() as rec:
    t0 = time.perf_counter()
    from sim.dungeonology.config import GameConfig, compile_config
    from agents.batch import play_random
    compiled = compile_config(GameConfig(players=int(sys.argv[2])))
    play_random(compiled, [0], sys.argv[3] == "1")
    wall = time.perf_counter() - t0
r = resource.getrusage(resource.RUSAGE_SELF)
rate = 0.0
for _ in range(3 if int(sys.argv[4]) else 0):
    c0 = time.process_time()
    n = int(play_random(compiled, list(range(int(sys.argv[4]))), False)[0].sum())
    rate = max(rate, n / (time.process_time() - c0))
print(json.dumps({"opt": os.environ.get("NUMBA_OPT"), "wall_s": wall, "cpu_s": r.ru_utime + r.ru_stime,
                  "functions": rec.rows(), "llvm_outside_s": rec.llvm_outside, "random_decisions_per_cpu_s": rate}))
"""


@dataclass
class _Open:
    key: str
    start: float
    children: float = 0.0  # seconds of the compiles nested in this one
    llvm: float = 0.0


class CompileRecorder(event.Listener):
    """Compile and LLVM seconds per compiled function version, each function's own share (a context
    manager: listens to ``numba:compile`` and ``numba:llvm_lock`` while open)."""

    def __init__(self) -> None:
        self._stack: list[_Open] = []
        self._llvm_depth = 0
        self._llvm_start = 0.0
        self.done: list[dict[str, Any]] = []
        self.llvm_outside = 0.0  # LLVM seconds while no function was compiling (e.g. loading)

    def on_start(self, ev: event.Event) -> None:
        if ev.kind == "numba:llvm_lock":
            if self._llvm_depth == 0:
                self._llvm_start = time.perf_counter()
            self._llvm_depth += 1
        else:
            d = ev.data["dispatcher"]
            self._stack.append(_Open(f"{d.py_func.__module__}.{d.py_func.__qualname__}", time.perf_counter()))

    def on_end(self, ev: event.Event) -> None:
        now = time.perf_counter()
        if ev.kind == "numba:llvm_lock":
            self._llvm_depth -= 1
            if self._llvm_depth == 0:
                if self._stack:
                    self._stack[-1].llvm += now - self._llvm_start
                else:
                    self.llvm_outside += now - self._llvm_start
            return
        top = self._stack.pop()
        total = now - top.start
        if self._stack:
            self._stack[-1].children += total
        d = ev.data["dispatcher"]
        cres = d.overloads.get(tuple(ev.data["args"]))
        self.done.append({"function": top.key, "args": str(tuple(ev.data["args"])),
                          "compile_s": total - top.children, "llvm_s": top.llvm, "linked": _linked(cres),
                          "passes": _passes(cres)})

    def rows(self) -> list[dict[str, Any]]:
        return list(self.done)

    def __enter__(self) -> CompileRecorder:
        for kind in ("numba:compile", "numba:llvm_lock"):
            event.register(kind, self)
        return self

    def __exit__(self, *exc: object) -> None:
        for kind in ("numba:compile", "numba:llvm_lock"):
            event.unregister(kind, self)


def _linked(cres: Any) -> int:
    """Functions defined in a compiled version's final LLVM module (-1 if it cannot be read)."""
    try:
        return sum(1 for f in cres.library._final_module.functions if not f.is_declaration)
    except Exception:  # noqa: BLE001 - a figure for the table, not a failure
        return -1


PASS_KINDS = {"Function passes": "function passes", "Module passes (cheap": "module passes (cheap)",
              "Module passes (full": "module passes (full)", "Finalize object": "machine code"}


def _passes(cres: Any) -> dict[str, float]:
    """LLVM seconds by stage of a compiled version (with ``NUMBA_LLVM_PASS_TIMINGS=1``; else empty)."""
    out: dict[str, float] = {}
    try:
        records = cres.library.recorded_timings._records
    except Exception:  # noqa: BLE001 - not recorded
        return out
    for rec in records:
        kind = next((v for k, v in PASS_KINDS.items() if rec.name.startswith(k)), "other")
        out[kind] = out.get(kind, 0.0) + rec.timings.get_total_time()
    return out


def cold_compile(players: int = 4, checks: bool = False, passes: bool = False, games: int = 0,
                 tree: Path = ROOT) -> dict[str, Any]:
    """One cold start in a fresh interpreter (empty numba cache): its wall and CPU seconds and one row per
    compiled function version (function, args, compile_s, llvm_s, linked, passes: LLVM seconds by stage
    when ``passes``, which times LLVM's passes) and, with ``games``, the warm random decisions per CPU second
    of that many games after it (best of 3: the speed of the code compiled at this level)."""
    from experiments.dungeonology.bench.baseline import clean_env

    with tempfile.TemporaryDirectory(prefix="dungeonology-compile-") as cache:
        env = clean_env(Path(cache))  # as bench's cold start: the JIT on, a fresh cache, no PYTHONPATH
        if passes:
            env["NUMBA_LLVM_PASS_TIMINGS"] = "1"
        argv = [str(tree), str(players), "1" if checks else "0", str(games)]
        proc = subprocess.run([sys.executable, "-c", _SNIPPET, *argv], cwd=tree, env=env, capture_output=True,
                              text=True, timeout=1800)
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()
        raise RuntimeError(f"cold compile failed: {tail[-1] if tail else '(no output)'}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def lines(result: dict[str, Any], top: int = 25) -> list[str]:
    """The table: the top functions by LLVM seconds, then the totals."""
    rows = sorted(result["functions"], key=lambda r: -r["llvm_s"])
    llvm = sum(r["llvm_s"] for r in rows)
    comp = sum(r["compile_s"] for r in rows)
    versions: dict[str, int] = {}
    for r in rows:
        versions[r["function"]] = versions.get(r["function"], 0) + 1
    out = [f"{'function':60s} {'LLVM s':>7s} {'share':>6s} {'compile s':>9s} {'linked':>6s}"]
    for r in rows[:top]:
        out.append(f"{r['function'][-60:]:60s} {r['llvm_s']:7.2f} {r['llvm_s'] / max(llvm, 1e-9):6.1%} "
                   f"{r['compile_s']:9.2f} {r['linked']:6d}")
    out.append(f"{len(rows)} versions of {len(versions)} functions compiled: {comp:.1f} s compiling "
               f"({llvm:.1f} s of it in LLVM, {llvm / max(comp, 1e-9):.0%}); cold start {result['wall_s']:.1f} s "
               f"wall, {result['cpu_s']:.1f} s CPU (the whole process), LLVM level {result.get('opt')}")
    stages: dict[str, float] = {}
    for r in rows:
        for k, v in r.get("passes", {}).items():
            stages[k] = stages.get(k, 0.0) + v
    if stages:
        by_time = sorted(stages.items(), key=lambda kv: -kv[1])
        out.append("LLVM by stage: " + ", ".join(f"{k} {v:.1f} s" for k, v in by_time))
    if result.get("random_decisions_per_cpu_s"):
        out.append(f"then warm random play: {result['random_decisions_per_cpu_s']:,.0f} decisions per CPU second")
    twice = sorted(f for f, n in versions.items() if n > 1)
    out.append(f"compiled in more than one version: {', '.join(twice) if twice else 'none'}")
    out.append(f"invariant checks ({CHECK}) compiled: {'yes' if CHECK in versions else 'no'}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m experiments.dungeonology.bench.compile",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--top", type=int, default=25, help="functions listed (by LLVM seconds)")
    ap.add_argument("--checks", action="store_true", help="the checked random game (invariants after each action)")
    ap.add_argument("--passes", action="store_true", help="time LLVM's stages too (NUMBA_LLVM_PASS_TIMINGS=1)")
    ap.add_argument("--games", type=int, default=0, help="then time this many warm random games (best of 3)")
    ap.add_argument("--json", type=Path, help="also write every compiled version's row here")
    args = ap.parse_args(argv)
    result = cold_compile(args.players, args.checks, args.passes, args.games)
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))
    print("\n".join(lines(result, args.top)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
