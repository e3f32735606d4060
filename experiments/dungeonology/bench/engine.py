"""Benchmarks of the engine: random play throughput, memory, start-up times
and the JIT speed-up (what ``dungeonology bench`` prints).

- throughput: ``play_random`` (the fuzz's random games in the game loop, agents.batch) on one core,
  timed after a warm-up call, without invariant checks (``fuzz`` measures
  with them);
- peak memory: ``resource.getrusage(...).ru_maxrss`` of this process after
  each player count, and of the largest subprocess;
- cold start: a subprocess that imports the engine and plays one game with
  ``NUMBA_CACHE_DIR`` set to a fresh temporary folder (everything compiles):
  wall time and CPU time (user + sys of the child: on a shared machine the
  wall time also counts the other processes' turns);
- warm start: wall and CPU time of ``dungeonology play --players 4 --seed 7
  --quiet`` in a subprocess (caches in place; best of two after one untimed);
- a sweep worker's start: a fresh process that does what a sweep's worker does
  (``experiments.dungeonology.bench.startup``: imports ``experiments.runs.worker``, unpickles
  its task, loads the cached engine and agents' batch loop and plays one
  heuristic game; process start to that game's end; best of two after one
  untimed);
- with ``baseline=REF``: the engine at a git ref side by side with this one
  (``experiments.dungeonology.bench.baseline``): random and heuristic decisions/s timed in
  turn, best of several, and the cold start of each;
- JIT speed-up: a few games played with ``NUMBA_DISABLE_JIT=1`` in a
  subprocess, compared per decision with the warm JIT rate (and checked to be
  the same games: same decisions and turns for the same seeds);
- agents: four ``heuristic`` seats in the numba batch (games/s, decisions/s);
  one ``ismcts`` seat at its default budget against three ``heuristic`` (median
  seconds per game); ISMCTS iterations/s on positions of heuristic games.
- advanced rules: four-player games/s of random and heuristic play with all
  four advanced rules against the same seeds of the basic game, timed in
  turn, best of three (the target is a ratio of at least 0.5), the decisions
  per game of each, and the ratio per decision (games/s ratio times the
  ratio of decisions per game: the cost of a decision, game length aside).
"""

from __future__ import annotations

import dataclasses
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from agents.batch import play_random
from experiments.bench.games import PerSecond
from experiments.bench.games import throughput as games_throughput
from experiments.checks.fuzz import game_seed
from experiments.dungeonology.bench.baseline import ROOT, measure_cold, resolve_ref, side_by_side
from sim.dungeonology.config import GameConfig, compile_config
from sim.dungeonology.core.engine.batch import GAME_FIELDS
from sim.dungeonology.layout import STATE_SIZE, TABLE_SIZE

DEFAULT_GAMES = 5000
QUICK_GAMES = 300
NOJIT_GAMES = 3

# Run in subprocesses: argv[1] = config JSON, argv[2] = number of games.
_PLAY_SNIPPET = """
import json, sys, time
t0 = time.perf_counter()
from sim.dungeonology.config import GameConfig, compile_config
from agents.batch import play_random
compiled = compile_config(GameConfig.from_dict(json.loads(sys.argv[1])))
t1 = time.perf_counter()
dec, err, turns = play_random(compiled, list(range(int(sys.argv[2]))), False)
t2 = time.perf_counter()
print(json.dumps({"import_s": t1 - t0, "play_s": t2 - t1, "decisions": [int(x) for x in dec],
                  "turns": [int(x) for x in turns]}))
"""


@dataclass
class ThroughputRow(PerSecond):
    players: int
    games: int
    decisions: int
    seconds: float
    peak_rss_mib: float


@dataclass
class BenchReport:
    rows: list[ThroughputRow] = field(default_factory=list)
    peak_rss_mib: float = 0.0
    children_peak_rss_mib: float | None = None
    cold_start_s: float | None = None  # wall
    cold_start_cpu_s: float | None = None  # user + sys of the child
    warm_start_s: float | None = None
    warm_start_cpu_s: float | None = None
    worker_start_s: float | None = None  # a sweep worker's start with a warm cache: wall
    worker_start_cpu_s: float | None = None
    baseline: Any = None  # experiments.dungeonology.bench.baseline.SideBySide
    nojit: dict[str, Any] | None = None  # games, seconds, decisions, same_games
    jit_same: dict[str, Any] | None = None  # the same games with the JIT
    agents: dict[str, Any] | None = None  # heuristic and ISMCTS figures
    advanced: dict[str, Any] | None = None  # basic game vs all advanced rules
    provisional: int = 0  # provisional values in the data in use
    data_source: str = ""
    notes: list[str] = field(default_factory=list)

    @property
    def speedup_per_decision(self) -> float | None:
        if not self.nojit or not self.rows:
            return None
        ref = self._reference_row()
        nojit_dps = self.nojit["decisions"] / self.nojit["seconds"]
        return ref.decisions_per_s / nojit_dps

    @property
    def speedup_per_game(self) -> float | None:
        if not self.nojit or not self.rows:
            return None
        ref = self._reference_row()
        return (self.nojit["seconds"] / self.nojit["games"]) / (1.0 / ref.games_per_s)

    def _reference_row(self) -> ThroughputRow:
        wanted = self.nojit["players"] if self.nojit else None
        return next((r for r in self.rows if r.players == wanted), self.rows[-1])

    def to_dict(self) -> dict[str, Any]:
        return {
            "rows": [dict(r.__dict__, games_per_s=r.games_per_s, decisions_per_s=r.decisions_per_s) for r in self.rows],
            "peak_rss_mib": self.peak_rss_mib,
            "children_peak_rss_mib": self.children_peak_rss_mib,
            "cold_start_s": self.cold_start_s,
            "cold_start_cpu_s": self.cold_start_cpu_s,
            "warm_start_s": self.warm_start_s,
            "warm_start_cpu_s": self.warm_start_cpu_s,
            "worker_start_s": self.worker_start_s,
            "worker_start_cpu_s": self.worker_start_cpu_s,
            "baseline": self.baseline.to_dict() if self.baseline is not None else None,
            "nojit": self.nojit,
            "speedup_per_decision": self.speedup_per_decision,
            "speedup_per_game": self.speedup_per_game,
            "provisional": self.provisional,
            "data_source": self.data_source,
            "agents": self.agents,
            "advanced": self.advanced,
        }


def _rss_mib(who: int = resource.RUSAGE_SELF) -> float:
    kib = resource.getrusage(who).ru_maxrss  # KiB on Linux (bytes on macOS)
    return kib / 1024.0 if sys.platform != "darwin" else kib / 2**20


def throughput(config: GameConfig, games: int) -> ThroughputRow:
    """Warm games/s and decisions/s of random play in the numba batch (experiments.bench.games)."""
    t = games_throughput(compile_config(config), games)
    return ThroughputRow(config.players, games, t.decisions, t.seconds, _rss_mib())


def _run(cmd: Sequence[str], env: dict[str, str] | None = None, timeout: float = 600) -> tuple[float, str, float]:
    """Run a subprocess; (wall seconds, stdout, CPU seconds: user + sys of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(list(cmd), capture_output=True, text=True, env=env, timeout=timeout)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["(no output)"]
        raise RuntimeError(f"benchmark subprocess failed ({' '.join(cmd[:3])} ...): {tail[0]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, proc.stdout, cpu


def cold_start(config: GameConfig) -> dict[str, float]:
    """Wall and CPU seconds of a fresh interpreter that imports and plays one game with an empty numba cache."""
    return measure_cold(ROOT, json.dumps(config.to_dict()))


def cold_start_configs(ref: GameConfig) -> dict[str, GameConfig]:
    """The configurations of ``bench --cold-configs`` (``ref``'s players and data): the base game, the four
    advanced rules, every implemented module (the whole implemented expansion with them)."""
    from sim.dungeonology import modules as M

    return {"base game": replace(ref, modules=()), "four advanced rules": replace(ref, modules=M.base_rules()),
            "whole expansion": replace(ref, modules=M.names(implemented=True))}


def cli_command() -> list[str]:
    """How to start the CLI: the ``dungeonology`` script next to this Python, else ``-m``."""
    script = Path(sys.executable).with_name("dungeonology")
    if script.is_file():
        return [str(script)]
    found = shutil.which("dungeonology")
    return [found] if found else [sys.executable, "-m", "experiments.cli"]


def config_args(config: GameConfig) -> list[str]:
    """CLI options that rebuild ``config`` (players excluded)."""
    args = ["--alert", config.alert, "--level", config.player_level]
    if config.data is not None:
        args += ["--data", str(config.data)]
    for key, value in config.overrides.items():
        args += ["--set", f"{key}={value}"]
    for name in config.scholars or ():
        if name is not None:
            args += ["--scholar", name]
    if config.rules:
        args += ["--rules", ",".join(config.rules)]
    for key in ("boss", "panic"):
        if getattr(config, key) is not None:
            args += [f"--{key}", getattr(config, key)]
    return args


def warm_start(config: GameConfig, runs: int = 2) -> tuple[float, float]:
    """Best (wall, CPU) seconds of ``dungeonology play --players 4 --seed 7 --quiet`` (after one untimed run)."""
    cmd = [*cli_command(), "play", "--players", str(config.players), "--seed", "7", "--quiet", *config_args(config)]
    env = dict(os.environ)
    env.pop("NUMBA_DISABLE_JIT", None)
    env.pop("NUMBA_CACHE_DIR", None)
    _run(cmd, env)
    timed = [_run(cmd, env) for _ in range(runs)]
    return min(t[0] for t in timed), min(t[2] for t in timed)


def worker_start(config: GameConfig, runs: int = 2) -> tuple[float, float]:
    """Best (wall, CPU) seconds from a fresh process's start to its first heuristic game done, as a sweep
    worker starts (experiments.dungeonology.bench.startup: the worker's modules, its task unpickled, the cached engine
    and batch loop loaded); after one untimed run that fills the caches."""
    from experiments.dungeonology.bench.startup import startup_steps, to_first_game

    return to_first_game(startup_steps(config.players, runs, tuple(config.modules))[0])


def nojit(config: GameConfig, games: int = NOJIT_GAMES) -> dict[str, Any]:
    """Play seeds 0..games-1 with NUMBA_DISABLE_JIT=1; seconds of play (import excluded)."""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    _, out, _ = _run([sys.executable, "-c", _PLAY_SNIPPET, json.dumps(config.to_dict()), str(games)], env)
    data = json.loads(out.strip().splitlines()[-1])
    compiled = compile_config(config)
    dec, _, turns = play_random(compiled, list(range(games)), False)
    same = [int(x) for x in dec] == data["decisions"] and [int(x) for x in turns] == data["turns"]
    return {
        "players": config.players,
        "games": games,
        "seconds": data["play_s"],
        "decisions": sum(data["decisions"]),
        "same_games": same,
    }


def agent_bench(config: GameConfig, games: int, ismcts_games: int) -> dict[str, Any]:
    """Heuristic throughput, ISMCTS time per game and iterations per second."""
    import numpy as np

    from agents.batch import play_batch as play_agents
    from agents.python_agents import NumbaAgent
    from agents.spec import parse_spec
    from sim.dungeonology.game import new_game

    compiled = compile_config(config)
    heuristic = parse_spec("heuristic")
    play_agents(compiled, [0], [heuristic])  # compile / load the cache outside the timing
    t0 = time.perf_counter()
    _, g = play_agents(compiled, list(range(games)), [heuristic])
    secs = time.perf_counter() - t0
    ismcts = parse_spec("ismcts")
    slots = [ismcts, heuristic]
    assign = np.array([[0 if p == i % config.players else 1 for p in range(config.players)]
                       for i in range(ismcts_games)], dtype=np.int64)
    play_agents(compiled, [0], slots, assign[:1])  # compile
    times = []
    for i in range(ismcts_games):
        t1 = time.perf_counter()
        play_agents(compiled, [1000 + i], slots, assign[i: i + 1])
        times.append(time.perf_counter() - t1)
    # iterations per second on positions of heuristic games
    iterations = int(ismcts.get("iterations"))
    searched, spent, choices = 0, 0.0, 0
    game = new_game(config, 5)
    players = [NumbaAgent(heuristic, p) for p in range(config.players)]
    searcher = NumbaAgent(ismcts, 9)
    while not game.is_terminal() and searched < 12:
        choices += len(game.legal_actions()) > 1
        if len(game.legal_actions()) > 1 and choices % 3 == 0:  # every third real choice
            t2 = time.perf_counter()
            searcher.act(game)
            spent += time.perf_counter() - t2
            searched += 1
        game.apply(players[game.current_player()].act(game))
    return {
        "heuristic_games": games,
        "heuristic_games_per_s": games / secs,
        "heuristic_decisions_per_s": float(g[:, 5].sum()) / secs,
        "ismcts_spec": f"ismcts (iterations={iterations}, depth={int(ismcts.get('depth'))})",
        "ismcts_games": ismcts_games,
        "ismcts_median_game_s": float(np.median(times)),
        "ismcts_max_game_s": float(max(times)),
        "ismcts_iterations_per_s": searched * iterations / spent if spent else None,
    }


def _rate(compiled, games: int, agents: list | None) -> float:
    """Games/s of one timed batch (random play when `agents` is None)."""
    from agents.batch import play_batch as play_agents

    seeds = [game_seed(0, i) for i in range(games)]
    t0 = time.perf_counter()
    if agents is None:
        play_random(compiled, seeds, False)
    else:
        play_agents(compiled, seeds, agents)
    return games / (time.perf_counter() - t0)


def rules_comparison(config: GameConfig, games: int, heuristic_games: int, repeats: int = 3) -> dict[str, Any]:
    """Games/s of random and heuristic play: the basic game vs all four advanced
    rules (Boss and Panic Card drawn at random), same seeds, same players.
    The two are timed in turn, `repeats` times, and the best rate of each is
    kept (the machine's load varies; the best run is the least disturbed)."""
    from agents.batch import play_batch as play_agents
    from agents.spec import parse_spec
    from sim.dungeonology.modules import base_rules

    heuristic = [parse_spec("heuristic")]
    configs = {"basic": dataclasses.replace(config, modules=(), boss=None, panic=None),
               "all_rules": dataclasses.replace(config, modules=base_rules(), boss=None, panic=None)}
    out: dict[str, Any] = {"players": config.players, "random_games": games, "heuristic_games": heuristic_games,
                           "repeats": repeats}
    compiled = {label: compile_config(cfg) for label, cfg in configs.items()}
    for label, c in compiled.items():  # compile / load the caches outside the timing
        play_random(c, [0], False)
        dec, _, _ = play_random(c, [game_seed(0, i) for i in range(min(games, 500))], False)
        out[f"random_{label}_decisions_per_game"] = float(dec.mean())
        _, per_game = play_agents(c, [game_seed(0, i) for i in range(min(heuristic_games, 200))], heuristic)
        out[f"heuristic_{label}_decisions_per_game"] = float(per_game[:, GAME_FIELDS.index("decisions")].mean())
    for agent, n, agents in (("random", games, None), ("heuristic", heuristic_games, heuristic)):
        for label in compiled:
            out[f"{agent}_{label}_games_per_s"] = 0.0
        for _ in range(repeats):
            for label, c in compiled.items():
                rate = _rate(c, n, agents)
                out[f"{agent}_{label}_games_per_s"] = max(out[f"{agent}_{label}_games_per_s"], rate)
        out[f"{agent}_ratio"] = out[f"{agent}_all_rules_games_per_s"] / out[f"{agent}_basic_games_per_s"]
        # the same ratio per decision: what is left once the longer games are accounted for
        out[f"{agent}_decision_ratio"] = out[f"{agent}_ratio"] * (
            out[f"{agent}_all_rules_decisions_per_game"] / out[f"{agent}_basic_decisions_per_game"])
    return out


def run_bench(
    configs: Sequence[GameConfig],
    games: int | None = None,
    quick: bool = False,
    cold: bool = True,
    log: Callable[[str], None] | None = None,
    baseline: str | None = None,
) -> BenchReport:
    """Measure everything; ``configs`` is one configuration per player count;
    ``baseline``: a git ref whose engine is measured side by side with this one.

    The start-up and no-JIT measurements use the configuration with the most
    players (4 by default)."""
    say = log or (lambda _msg: None)
    n = games if games is not None else (QUICK_GAMES if quick else DEFAULT_GAMES)
    report = BenchReport()
    if baseline is not None:
        resolve_ref(baseline)  # a missing git or ref is refused before anything is measured
    ref = max(configs, key=lambda c: c.players)
    loaded = compile_config(ref).loaded
    report.provisional = len(loaded.provisional)
    report.data_source = loaded.source
    for cfg in configs:
        say(f"random play, {cfg.players} players: {n} games")
        report.rows.append(throughput(cfg, n))
    report.peak_rss_mib = _rss_mib()
    say(f"no-JIT run: {NOJIT_GAMES} games")
    report.nojit = nojit(ref, NOJIT_GAMES)
    say("warm start of `dungeonology play`")
    report.warm_start_s, report.warm_start_cpu_s = warm_start(ref)
    say("a sweep worker's start (warm cache)")
    report.worker_start_s, report.worker_start_cpu_s = worker_start(ref)
    if baseline is not None:
        report.baseline = side_by_side(ref, baseline, random_games=n, heuristic_games=200 if quick else 2000,
                                       rounds=1 if quick else 5, cold=cold, log=say)
        if cold:
            report.cold_start_s, report.cold_start_cpu_s = (report.baseline.cold["new"][k] for k in ("wall_s", "cpu_s"))
    elif cold:
        say("cold start (fresh numba cache: everything compiles, this takes a while)")
        c = cold_start(ref)
        report.cold_start_s, report.cold_start_cpu_s = c["wall_s"], c["cpu_s"]
    if ref.players == 4:
        say("agents: heuristic throughput, ISMCTS time per game")
        report.agents = agent_bench(ref, 200 if quick else 2000, 1 if quick else 9)
        say("advanced rules: basic game vs all four rules (random and heuristic play)")
        report.advanced = rules_comparison(ref, n, 200 if quick else 2000, 1 if quick else 3)
        report.peak_rss_mib = max(report.peak_rss_mib, _rss_mib())
    report.children_peak_rss_mib = _rss_mib(resource.RUSAGE_CHILDREN)
    report.notes.append(f"state: {STATE_SIZE} int64 ({STATE_SIZE * 8 / 1024:.1f} KiB per game); "
                        f"tables: {TABLE_SIZE} int64 ({TABLE_SIZE * 8 / 1024:.1f} KiB per configuration)")
    return report
