"""``dungeonology bench --profile``: where a game's time goes, by decision phase.

The games are played by the game loop (``agents.loop``) with its profile (``sim.kit.profile``): every
engine call is timed with the processor's cycle counter (LLVM's ``readcyclecounter``, a few nanoseconds
a read), into four parts per phase:

- *legal*: ``legal_actions`` for the decision now open (the phase it opens);
- *apply*: ``apply_action`` of the action taken, forced ones (a single legal
  action, applied by the engine) included (the phase decided);
- *resolve*: the continuations popped and run until the next decision (the
  phase decided last: what its action set off);
- *agent*: the agent's ``act`` (the phase decided).

Setting a game up (``init``) is a line of its own. Cycles are turned into seconds by a clock measured
next to them (``cycles_per_second``). The profiled loop plays the same games as
``agents.batch.play_batch`` (the same decisions per game: checked on every run, and by
tests/test_bench_profile.py), and its total is printed next to the unprofiled batch's time for the same
games: the counters' own cost.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.config import GameConfig, compile_config
from sim.kit.profile import PARTS, read_cycles

SETUP = len(L.PHASE_NAMES)  # the row of game set-up in the counters


def cycles_per_second(seconds: float = 0.2) -> float:
    """The cycle counter's rate, against ``time.perf_counter`` over ``seconds``."""
    c0, t0 = read_cycles(), time.perf_counter()
    time.sleep(seconds)
    c1, t1 = read_cycles(), time.perf_counter()
    if c1 <= c0:
        raise RuntimeError("this processor has no cycle counter that LLVM can read: no profile")
    return (c1 - c0) / (t1 - t0)


@dataclass
class Profile:
    """Cycles and counts per phase and part (rows: phases, then set-up; columns: PARTS)."""

    agent: str
    games: int
    decisions: int
    cycles: np.ndarray
    counts: np.ndarray
    hz: float
    profiled_s: float  # wall time of the profiled loop
    batch_s: float  # wall time of agents.batch.play_batch, the same games
    same_games: bool
    notes: list[str] = field(default_factory=list)

    def seconds(self) -> np.ndarray:
        return self.cycles / self.hz


def run_profile(config: GameConfig, agent: str = "heuristic", games: int = 1000) -> Profile:
    """Play ``games`` games (seeds 0..games-1) with ``agent`` at every seat through the profiled
    loop and through ``agents.batch.play_batch``; cycles and counts per phase."""
    from agents.batch import play
    from agents.spec import parse_spec

    spec = parse_spec(agent)
    compiled = compile_config(config)
    play(compiled, [0], [spec], profile=True)
    play(compiled, [0], [spec])  # both compiled (or loaded) outside the timing
    t0 = time.perf_counter()
    profiled = play(compiled, list(range(games)), [spec], profile=True)
    profiled_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    plain = play(compiled, list(range(games)), [spec])
    batch = time.perf_counter() - t0
    counters = profiled.profile[: SETUP + 1]
    return Profile(agent, games, int(profiled.stats[:, 0].sum()), counters[:, 0].copy(), counters[:, 1].copy(),
                   cycles_per_second(), profiled_s, batch, bool(np.array_equal(profiled.stats, plain.stats)))


def lines(p: Profile) -> list[str]:
    """The profile as printed by ``dungeonology bench --profile``."""
    secs = p.seconds()
    total = secs.sum()
    out = [f"Profile, {p.agent} at every seat: {p.games} games, {p.decisions:,} decisions; profiled loop "
           f"{p.profiled_s:.2f} s, the batch {p.batch_s:.2f} s for the same games "
           f"(x{p.profiled_s / max(p.batch_s, 1e-9):.2f}); same games: {'yes' if p.same_games else 'NO'}",
           f"  {'phase':<14}{'decisions':>10}{'legal calls':>12}" + "".join(f"{x:>9}" for x in PARTS)
           + f"{'all':>8}{'us/decision':>13}"]
    order = sorted(range(SETUP + 1), key=lambda r: -secs[r].sum())
    for r in order:
        if not p.counts[r].any():
            continue
        name = "(set-up)" if r == SETUP else L.PHASE_NAMES[r]
        shares = "".join(f"{100 * secs[r, k] / total:8.1f}%" for k in range(len(PARTS)))
        per = f"{1e6 * secs[r].sum() / p.counts[r, 3]:.2f}" if p.counts[r, 3] else "-"
        out.append(f"  {name:<14}{p.counts[r, 3]:>10,}{p.counts[r, 0]:>12,}{shares}"
                   f"{100 * secs[r].sum() / total:7.1f}%{per:>13}")
    parts = "".join(f"{100 * secs[:, k].sum() / total:8.1f}%" for k in range(len(PARTS)))
    out.append(f"  {'all':<14}{p.counts[:, 3].sum():>10,}{p.counts[:, 0].sum():>12,}{parts}{100.0:7.1f}%"
               f"{1e6 * total / max(p.decisions, 1):>13.2f}")
    out.append(f"  (shares of the {total:.2f} s counted; cycle counter {p.hz / 1e9:.2f} GHz; "
               "forced actions count under apply, not as decisions)")
    return out
