"""The old engine side by side: ``dungeonology bench --baseline REF``.

A git ref of this checkout (``BASELINE_REF``: the last commit before the
restructuring for Rocca Civetta) is checked out into a temporary worktree
(``git worktree add --detach``). Two worker processes play the same games,
one with that tree first on ``sys.path``, one with this one; after a warm-up
they are timed in turn, ``rounds`` times, and the best rate of each is kept
(the machine's load varies; the best run is the least disturbed), with the
median of each round's new/old ratio (the two batches of a round run one
right after the other, so they share the load of that moment). Both play
the same seeds, so the decision counts must be equal: a check that the two
engines play the same games.

The worker is a snippet that only uses interfaces both engines have
(``GameConfig`` from ``sim.dungeonology.config``, or ``sim.config`` in a commit
before that package; the random games ``agents.batch.play_random``, or ``play_batch`` of the fuzz
module in a commit before the game loop; ``agents.batch.play_batch``).
The temporary worktree is removed afterwards; the old engine's numba cache
is kept in ``~/.cache/dungeonology/numba-baseline`` (its files get the
commit's time, so the cache stays valid from one run to the next).
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from sim.dungeonology.config import GameConfig
from sim.kit.errors import ConfigError

BASELINE_REF = "a93eed3"  # main before the engine's restructuring (same-games fingerprints recorded)
ROOT = Path(__file__).resolve().parents[3]

# argv: tree, config JSON. Reads "random N" / "heuristic N" lines, answers one JSON line each.
_WORKER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
t0 = time.perf_counter()
import sim
try:  # this tree's layout, else an older commit's (before sim/dungeonology)
    from sim.dungeonology.config import GameConfig, compile_config
except ImportError:
    from sim.config import GameConfig, compile_config
try:  # this tree's random batch, else where a commit before it had it
    from agents.batch import play_random as play_batch  # the game loop's random games
except ImportError:
    from experiments.fuzz import play_batch  # a commit before the game loop
from agents.batch import play_batch as play_agents
from agents.spec import parse_spec
compiled = compile_config(GameConfig.from_dict(json.loads(sys.argv[2])))
heuristic = [parse_spec("heuristic")]
play_batch(compiled, list(range(20)), False)
play_agents(compiled, list(range(5)), heuristic)
print(json.dumps({"engine": sim.__file__, "start_s": time.perf_counter() - t0}), flush=True)
for line in sys.stdin:
    kind, n = line.split()
    seeds = list(range(int(n)))
    t1 = time.perf_counter()
    if kind == "random":
        decisions = int(play_batch(compiled, seeds, False)[0].sum())
    else:
        decisions = int(play_agents(compiled, seeds, heuristic)[1][:, 5].sum())
    print(json.dumps({"seconds": time.perf_counter() - t1, "decisions": decisions}), flush=True)
"""

# argv: tree, config JSON. Import, compile, one random game (a fresh NUMBA_CACHE_DIR makes it cold).
COLD_SNIPPET = """
import json, sys
sys.path.insert(0, sys.argv[1])
try:  # this tree's layout, else an older commit's (before sim/dungeonology)
    from sim.dungeonology.config import GameConfig, compile_config
except ImportError:
    from sim.config import GameConfig, compile_config
try:
    from agents.batch import play_random as play_batch  # the game loop's random games
except ImportError:
    from experiments.fuzz import play_batch  # a commit before the game loop
compiled = compile_config(GameConfig.from_dict(json.loads(sys.argv[2])))
print(json.dumps({"decisions": int(play_batch(compiled, [0], False)[0][0])}))
"""


@dataclass
class SideBySide:
    """Best rates of the old and the new engine, timed in turn."""

    ref: str
    commit: str
    rounds: int
    games: dict[str, int]  # agent -> games per timed batch
    decisions: dict[str, dict[str, int]] = field(default_factory=dict)  # engine -> agent -> decisions
    best: dict[str, dict[str, float]] = field(default_factory=dict)  # engine -> agent -> decisions/s
    cold: dict[str, dict[str, float]] = field(default_factory=dict)  # engine -> {"wall_s", "cpu_s"}
    paired: dict[str, list[float]] = field(default_factory=dict)  # agent -> new/old of each round

    def ratio(self, agent: str) -> float:
        """New decisions/s over old (1.0 = as fast; the target is at least 0.95)."""
        return self.best["new"][agent] / self.best["old"][agent]

    def paired_ratio(self, agent: str) -> tuple[float, float, float]:
        """(median, lower, upper quartile) of new/old over the rounds, each round's two batches timed
        one right after the other: steadier than the best of each on a shared machine, whose load
        changes between rounds."""
        r = sorted(self.paired.get(agent, [])) or [float("nan")]
        q = statistics.quantiles(r, n=4, method="inclusive") if len(r) > 1 else [r[0]] * 3
        return statistics.median(r), q[0], q[2]

    def same_games(self, agent: str) -> bool:
        return self.decisions["new"][agent] == self.decisions["old"][agent]

    def to_dict(self) -> dict[str, Any]:
        return {"ref": self.ref, "commit": self.commit, "rounds": self.rounds, "games": self.games,
                "decisions": self.decisions, "decisions_per_s": self.best, "cold": self.cold,
                "ratio": {a: self.ratio(a) for a in self.games},
                "paired_ratio": {a: self.paired_ratio(a) for a in self.games},
                "same_games": {a: self.same_games(a) for a in self.games}}


def _git(*args: str, cwd: Path = ROOT) -> str:
    proc = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)}: {(proc.stderr or proc.stdout).strip() or 'failed'}")
    return proc.stdout.strip()


def resolve_ref(ref: str, root: Path = ROOT) -> str:
    """The commit `ref` names in the checkout at `root` (clear errors without git or the ref)."""
    if shutil.which("git") is None:
        raise ConfigError("git is not installed; the old engine is checked out with git", key="--baseline",
                          value=ref)
    try:
        _git("rev-parse", "--git-dir", cwd=root)
    except RuntimeError:
        raise ConfigError(f"{root} is not a git checkout; run bench --baseline from a clone of the project",
                          key="--baseline", value=ref) from None
    try:
        return _git("rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}", cwd=root)
    except RuntimeError:
        raise ConfigError(f"no such commit, tag or branch in {root} (allowed: a ref of this checkout, e.g. "
                          f"{BASELINE_REF})", key="--baseline", value=ref) from None


@contextmanager
def checkout(commit: str, root: Path = ROOT) -> Iterator[Path]:
    """A temporary detached worktree of `commit`, removed on exit.

    Its files get the commit's time so that numba's cache (stamped with the
    source files' times) stays valid across runs."""
    base = Path(tempfile.gettempdir()) / f"dungeonology-baseline-{commit[:12]}"
    tree = base if not base.exists() else Path(tempfile.mkdtemp(prefix=base.name + "-")) / "tree"
    _git("worktree", "add", "--detach", "--quiet", str(tree), commit, cwd=root)
    try:
        stamp = int(_git("show", "-s", "--format=%ct", commit, cwd=root))
        for path in tree.rglob("*.py"):
            os.utime(path, (stamp, stamp))
        yield tree
    finally:
        removed = subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=root, capture_output=True)
        if removed.returncode != 0:  # delete the folder, then git's record of it
            shutil.rmtree(tree, ignore_errors=True)
            subprocess.run(["git", "worktree", "prune"], cwd=root, capture_output=True)
        if tree.parent != base.parent:
            shutil.rmtree(tree.parent, ignore_errors=True)


def baseline_cache_dir() -> Path:
    """Where the old engine's compiled code is kept between runs."""
    home = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(home) / "dungeonology" / "numba-baseline"


def config_json(config: GameConfig) -> str:
    """The configuration in keys both engines read (the defaults left out): the
    modules under their older name ``rules``, which every engine reads."""
    d = {("rules" if k == "modules" else k): v for k, v in config.to_dict().items()
         if k in ("players", "scholars", "alert", "player_level", "data", "overrides", "clan", "modules", "boss",
                  "panic") and v not in (None, [], {})}
    return json.dumps(d, default=str)


class _Worker:
    """One engine in a subprocess, answering timing requests on stdin."""

    def __init__(self, tree: Path, config: str, env: dict[str, str]) -> None:
        self.tree = tree
        self.proc = subprocess.Popen([sys.executable, "-c", _WORKER, str(tree), config], cwd=tree, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        hello = self._answer()
        engine = Path(hello["engine"]).resolve()
        if not engine.is_relative_to(tree.resolve()):
            self.close()
            raise RuntimeError(f"the engine of {tree} was not imported (got {engine})")

    def _answer(self) -> dict[str, Any]:
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        if not line:
            err = _tail(self.proc.stderr)
            self.close()
            raise RuntimeError(f"benchmark worker in {self.tree} failed: {err}")
        return json.loads(line)

    def time(self, agent: str, games: int) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{agent} {games}\n")
        self.proc.stdin.flush()
        return self._answer()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


def _tail(stream: IO[str] | None) -> str:
    text = stream.read() if stream else ""
    lines = text.strip().splitlines()
    return lines[-1] if lines else "(no output)"


def clean_env(cache: Path | None = None) -> dict[str, str]:
    """This process's environment for a child engine: the JIT on (no NUMBA_DISABLE_JIT), no PYTHONPATH (the
    child puts its own tree first), and numba's cache in ``cache`` when given (a fresh folder: a cold start)."""
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_DISABLE_JIT", "PYTHONPATH")}
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = str(cache)
    return env


def measure_cold(tree: Path, config: str) -> dict[str, float]:
    """Wall and CPU seconds (user + sys of the child) of import, compile and one game with a fresh numba cache."""
    with tempfile.TemporaryDirectory(prefix="dungeonology-cold-") as cache:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-c", COLD_SNIPPET, str(tree), config], cwd=tree,
                              env=clean_env(Path(cache)), capture_output=True, text=True, timeout=1200)
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        lines = (proc.stderr or proc.stdout).strip().splitlines()
        raise RuntimeError(f"cold start in {tree} failed: {lines[-1] if lines else '(no output)'}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall_s": wall, "cpu_s": cpu}


def side_by_side(config: GameConfig, ref: str = BASELINE_REF, random_games: int = 5000, heuristic_games: int = 2000,
                 rounds: int = 5, cold: bool = False, log=None) -> SideBySide:
    """Random and heuristic decisions/s of the engine at `ref` and of this one, timed in turn."""
    say = log or (lambda _msg: None)
    commit = resolve_ref(ref)
    games = {"random": random_games, "heuristic": heuristic_games}
    out = SideBySide(ref, commit, rounds, games)
    cfg = config_json(config)
    with checkout(commit) as tree:
        trees = {"old": tree, "new": ROOT}
        if cold:
            for engine in ("old", "new"):
                say(f"cold start of the {engine} engine (fresh numba cache)")
                out.cold[engine] = measure_cold(trees[engine], cfg)
        say(f"old engine ({ref} = {commit[:10]}): loading or compiling it (the first time: a few minutes)")
        workers = {}
        try:
            workers["old"] = _Worker(tree, cfg, clean_env(baseline_cache_dir()))
            workers["new"] = _Worker(ROOT, cfg, clean_env())
            for engine in workers:
                out.best[engine] = dict.fromkeys(games, 0.0)
                out.decisions[engine] = {}
            out.paired = {agent: [] for agent in games}
            say(f"old vs new, best of {rounds}, timed in turn")
            for _ in range(rounds):
                for agent, n in games.items():
                    rate = {}
                    for engine, worker in workers.items():
                        r = worker.time(agent, n)
                        out.decisions[engine][agent] = r["decisions"]
                        rate[engine] = r["decisions"] / r["seconds"]
                        out.best[engine][agent] = max(out.best[engine][agent], rate[engine])
                    out.paired[agent].append(rate["new"] / rate["old"])
        finally:
            for worker in workers.values():
                worker.close()
    return out


def lines(sbs: SideBySide) -> list[str]:
    """What bench prints for the comparison."""
    out = [f"Old engine ({sbs.ref} = {sbs.commit[:10]}) vs this one, same seeds, timed in turn, best of "
           f"{sbs.rounds}:"]
    for agent, n in sbs.games.items():
        old, new = sbs.best["old"][agent], sbs.best["new"][agent]
        out.append(f"  {agent:9s} {n:5d} games: old {old:12,.0f}  new {new:12,.0f} decisions/s  "
                   f"new/old x{sbs.ratio(agent):.3f}  same games: {'yes' if sbs.same_games(agent) else 'NO'}")
        median, lo, hi = sbs.paired_ratio(agent)
        out.append(f"  {'':9s} paired rounds: new/old median x{median:.3f} (quartiles x{lo:.3f}-x{hi:.3f})")
    for engine, c in sbs.cold.items():
        out.append(f"  cold start, {engine}: {c['wall_s']:.1f} s wall, {c['cpu_s']:.1f} s CPU")
    return out
