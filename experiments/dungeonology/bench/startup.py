"""Where a sweep worker's start-up goes (target: a worker's start-up within 1 s with a warm cache).

``python -m experiments.dungeonology.bench.startup [--runs N] [--players P]`` builds a sweep cell's task as the
sweep's parent does (``experiments.runs.sweep.cell_task``: one cell, heuristic agents), then starts a fresh
interpreter N times (after one untimed start that fills the caches) that does what a sweep worker does
(experiments/runs/worker.py) and prints, for the best run, the CPU and wall seconds of each step in its
order: the interpreter itself, numpy, numba, the worker's modules (the engine and the agents),
unpickling the task (compiled tables), the agent kinds registered, the first game (loading the cached
batch loop with the engine) and a second game (what is left once everything is loaded). It prints too
whether pandas or the data files' models (pydantic) were imported: a worker needs neither.
``dungeonology bench`` prints the total to the first game as "Sweep worker start".
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# argv: the pickled (task, chunk of one game, chunk of the next) file, the parent's time.time() at the
# start. Prints one JSON line: {"steps": [[step, wall s, CPU s], ...] (each step's own share),
# "heavy": the modules of pandas / pydantic imported}.
_SNIPPET = """
import resource, time
def mark(name):
    r = resource.getrusage(resource.RUSAGE_SELF)
    marks.append((name, time.time(), r.ru_utime + r.ru_stime))
import sys
marks = [("spawn", float(sys.argv[2]), 0.0)]
mark("interpreter")
import numpy
mark("numpy")
import numba
mark("numba")
import experiments.runs.worker as W
mark("worker modules")
import json, pickle
with open(sys.argv[1], "rb") as f:
    task, first, second = pickle.load(f)
mark("task unpickled")
from agents.registry import kinds
kinds()
mark("agent kinds")
W.play_task(task, first)
mark("first game")
W.play_task(task, second)
mark("second game")
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("pandas", "pydantic"))
print(json.dumps({"steps": [[b[0], b[1] - a[1], b[2] - a[2]] for a, b in zip(marks, marks[1:])], "heavy": heavy}))
"""


def worker_task(players: int, modules: tuple[str, ...] = ()) -> tuple:
    """(task, first chunk, second chunk) of a one-cell sweep of heuristic agents, as the parent sends them."""
    from experiments.runs.config import parse_sweep
    from experiments.runs.sweep import Chunk, cell_task, run_categories
    from sim.dungeonology.config import compile_config

    plan = parse_sweep({"name": "startup", "games_per_cell": 2, "chunk_size": 1, "seed": 1,
                        "fixed": {"players": players, "agents": ["heuristic"], "modules": list(modules)}})
    cell = plan.cells[0]
    task = cell_task(plan, cell, run_categories(plan, compile_config(cell.config)))
    return task, Chunk(cell.index, 0, 1), Chunk(cell.index, 1, 2)


def startup_steps(players: int = 4, runs: int = 3,
                  modules: tuple[str, ...] = ()) -> tuple[list[tuple[str, float, float]], list[str]]:
    """(steps, heavy): the (step, wall s, CPU s) of the run with the least CPU to its first game, over
    ``runs`` fresh interpreters (after one untimed start), and the pandas / pydantic modules it imported."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    best: list[tuple[str, float, float]] | None = None
    heavy: list[str] = []
    with tempfile.TemporaryDirectory(prefix="dungeonology-startup-") as tmp:
        path = Path(tmp) / "task.pkl"
        path.write_bytes(pickle.dumps(worker_task(players, modules)))
        for i in range(runs + 1):
            cmd = [sys.executable, "-c", _SNIPPET, str(path), repr(time.time())]
            out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, check=True, timeout=600)
            answer = json.loads(out.stdout.strip().splitlines()[-1])
            steps = [tuple(x) for x in answer["steps"]]
            if i > 0 and (best is None or to_first_game(steps)[1] < to_first_game(best)[1]):
                best, heavy = steps, answer["heavy"]
    assert best is not None
    return best, heavy


def to_first_game(steps: list[tuple[str, float, float]]) -> tuple[float, float]:
    """(wall, CPU) seconds from the start to the end of the first game."""
    upto = steps[: [s[0] for s in steps].index("first game") + 1]
    return sum(s[1] for s in upto), sum(s[2] for s in upto)


def lines(steps: list[tuple[str, float, float]]) -> list[str]:
    wall, cpu = to_first_game(steps)
    out = [f"  {'step':<20}{'CPU s':>8}{'wall s':>8}"]
    out += [f"  {name:<20}{c:8.3f}{w:8.3f}" for name, w, c in steps]
    out.append(f"  {'to the first game':<20}{cpu:8.3f}{wall:8.3f}")
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args(argv)
    print(f"Sweep worker start-up by step (warm cache, best of {args.runs} fresh interpreters):")
    steps, heavy = startup_steps(args.players, args.runs)
    print("\n".join(lines(steps)))
    print(f"  pandas / pydantic imported: {', '.join(heavy) if heavy else 'none'}")


if __name__ == "__main__":
    main()
