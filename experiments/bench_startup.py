"""Where a sweep worker's start-up goes (issue 13: "a worker's start-up <= 1 s with a warm cache").

``python -m experiments.bench_startup [--runs N] [--players P]`` starts a fresh interpreter N times
(after one untimed start that fills the caches) and prints, for the best run, the CPU and wall
seconds of each step a sweep worker takes, in its order: numpy, numba, pandas, pydantic, the ``sim``
package (engine modules, data models), ``experiments.sweep``, the agents' modules, the configuration
compiled, the first heuristic game (loading the cached batch loop with the engine) and a second
game (what is left once everything is loaded). ``dungeonology bench`` prints the total of the same
start as "Sweep worker start".
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# argv: players. Prints one JSON line: [[step, wall s, CPU s], ...] (each step's own share).
_SNIPPET = """
import json, resource, sys, time
def mark(name):
    r = resource.getrusage(resource.RUSAGE_SELF)
    marks.append((name, time.perf_counter(), r.ru_utime + r.ru_stime))
marks = []
mark("start")
import numpy
mark("numpy")
import numba
mark("numba")
import pandas
mark("pandas")
import pydantic
mark("pydantic")
import sim
mark("sim")
import experiments.sweep
mark("experiments.sweep")
from agents.batch import play_batch
from agents.registry import kinds
from agents.spec import parse_spec
kinds()
mark("agents")
from sim.config import GameConfig, compile_config
compiled = compile_config(GameConfig(players=int(sys.argv[1])))
mark("compile_config")
play_batch(compiled, [0], [parse_spec("heuristic")])
mark("first game")
play_batch(compiled, [1], [parse_spec("heuristic")])
mark("second game")
print(json.dumps([[b[0], b[1] - a[1], b[2] - a[2]] for a, b in zip(marks, marks[1:])]))
"""


def startup_steps(players: int = 4, runs: int = 3) -> list[tuple[str, float, float]]:
    """(step, wall s, CPU s) of the run with the least CPU to its first game, over ``runs`` fresh
    interpreters (after one untimed start)."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    cmd = [sys.executable, "-c", _SNIPPET, str(players)]
    best: list[tuple[str, float, float]] | None = None
    for i in range(runs + 1):
        out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, check=True, timeout=600)
        steps = [tuple(x) for x in json.loads(out.stdout.strip().splitlines()[-1])]
        if i > 0 and (best is None or _to_first_game(steps)[1] < _to_first_game(best)[1]):
            best = steps
    assert best is not None
    return best


def _to_first_game(steps: list[tuple[str, float, float]]) -> tuple[float, float]:
    """(wall, CPU) seconds from the start to the end of the first game."""
    upto = steps[: [s[0] for s in steps].index("first game") + 1]
    return sum(s[1] for s in upto), sum(s[2] for s in upto)


def lines(steps: list[tuple[str, float, float]]) -> list[str]:
    wall, cpu = _to_first_game(steps)
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
    print("\n".join(lines(startup_steps(args.players, args.runs))))


if __name__ == "__main__":
    main()
