"""Random-play fuzzing: many games in the numba batch, invariants checked after
every action, failures rebuilt in Python as replayable records.

Seeds: game ``i`` of a run with base seed ``S`` uses the game seed
``game_seed(S, i) = S * 1_000_003 + i`` (so with the default ``S = 0`` game
``i`` has seed ``i``). The game's chance stream starts from
``sim.kit.rng.seed_words(game seed)`` exactly as ``sim.new_game(config,
game seed)`` does, and the random agent is seeded from the same words with
``agents.loop.seed_agent``; its agent from Python is ``agents.random_agent.RandomAgent``. Hence
``dungeonology play --seed <game seed>``
(same options) plays exactly the game the batch played.

>>> from sim import GameConfig
>>> report = run_fuzz(GameConfig(players=3), games=50, seed=1, progress=False)  # doctest: +SKIP
>>> report.ok  # doctest: +SKIP
True
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from agents.batch import play, play_random
from agents.contract import DECISION_LIMIT, ERR_LIMIT, ERR_STUCK
from agents.spec import parse_spec
from sim.dungeonology.config import GameConfig, compile_config
from sim.dungeonology.core.checks.invariants import INVARIANTS, check
from sim.dungeonology.game import Game, new_game
from sim.dungeonology.modules import combinations

SEED_STRIDE = 1_000_003


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` in a run with base seed ``base_seed``."""
    return base_seed * SEED_STRIDE + index


def rules_label(rules: Sequence[str]) -> str:
    """'+'-joined rule names, 'basic' for none (as in fuzz tables and file names)."""
    return "+".join(rules) or "basic"


def rule_combinations() -> list[tuple[str, ...]]:
    """Every playable combination of the implemented modules (sim.dungeonology.modules; 16 for
    the base box's four advanced rules), the basic game first."""
    return combinations()


def invariant_name(code: int) -> str:
    return INVARIANTS.get(int(code), f"invariant {int(code)}")


# --------------------------------------------------------------- rebuild
def rebuild(config: GameConfig, seed: int, check_every: bool = True) -> tuple[Game, int]:
    """The random agent's game of ``seed`` rebuilt in Python, up to the first violation.

    The game loop plays it once more and keeps its actions (``agents.batch.play``'s history); a
    ``sim.Game`` replays them, checking the invariants after each one as the loop did, so a
    violation the batch reported is seen again in Python. Returns the game (its history is the actions
    up to and including the one after which an invariant failed) and the error code (0 = none, else
    the invariant, ERR_LIMIT past the decision limit, ERR_STUCK when nothing is legal before the end).
    """
    played = play(compile_config(config), [seed], [parse_spec("random")], shared=True, checks=check_every,
                  history=DECISION_LIMIT + 1)
    g = new_game(config, seed)
    for a in played.history[0, : played.stats[0, 0]]:
        g.apply(int(a))
        if check_every and (code := int(check(g.state, g.tables))):
            return g, code
        if len(g.history) > DECISION_LIMIT:
            return g, ERR_LIMIT
    if not g.is_terminal() and not g.legal_actions():
        return g, ERR_STUCK
    return g, 0


# ---------------------------------------------------------------- report
@dataclass
class Failure:
    players: int
    rules: str  # rules_label of the configuration
    seed: int
    code: int
    invariant: str
    decision: int  # actions played when the violation was seen (Python rebuild)
    record: str | None  # path of the replayable record, if written
    reproduced: bool  # the Python rebuild hit the same error code


@dataclass
class FuzzRow:
    players: int
    rules: str = "basic"  # rules_label of the configuration
    games: int = 0
    decisions: int = 0
    turns: int = 0
    seconds: float = 0.0
    failures: list[Failure] = field(default_factory=list)

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else float("inf")


@dataclass
class FuzzReport:
    base_seed: int
    rows: list[FuzzRow] = field(default_factory=list)

    @property
    def failures(self) -> list[Failure]:
        return [f for r in self.rows for f in r.failures]

    @property
    def ok(self) -> bool:
        return not self.failures

    @property
    def games(self) -> int:
        return sum(r.games for r in self.rows)

    @property
    def decisions(self) -> int:
        return sum(r.decisions for r in self.rows)

    @property
    def seconds(self) -> float:
        return sum(r.seconds for r in self.rows)


def write_failure(g: Game, out_dir: Path, players: int, seed: int, rules: str = "basic") -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    tag = "" if rules == "basic" else f"-{rules}"
    path = out_dir / f"failure-{players}p{tag}-{seed}.json"
    path.write_text(json.dumps(g.record(), indent=1) + "\n", encoding="utf-8")
    return path


ProgressHook = Callable[[int, int], None]  # (players, games done in this chunk)


def run_fuzz(
    config: GameConfig | Sequence[GameConfig],
    games: int = 2000,
    seed: int = 0,
    progress: bool = True,
    out_dir: str | Path | None = None,
    chunk: int = 250,
) -> FuzzReport:
    """Play ``games`` random games per configuration with invariants checked
    after every action; rebuild every failing game in Python and, when
    ``out_dir`` is given, write its record to ``out_dir/failure-<P>p[-<rules>]-<seed>.json``.

    ``config`` is one configuration or several (e.g. one per player count and
    combination of advanced rules).
    ``progress`` shows a rich progress bar on stderr.
    """
    configs = [config] if isinstance(config, GameConfig) else list(config)
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a non-negative integer, got {games!r}")
    report = FuzzReport(base_seed=seed)
    bar = _progress_bar() if progress else None
    try:
        if bar is not None:
            bar.start()
        for cfg in configs:
            compiled = compile_config(cfg)
            label = rules_label(cfg.modules)
            row = FuzzRow(players=cfg.players, rules=label)
            report.rows.append(row)
            task = (bar.add_task(f"{cfg.players} players, {label}", total=games) if bar is not None else None)
            play_random(compiled, [game_seed(seed, 0)])  # compile / load the cache outside the timing
            for start in range(0, games, chunk):
                seeds = [game_seed(seed, i) for i in range(start, min(games, start + chunk))]
                t0 = time.perf_counter()
                dec, err, turns = play_random(compiled, seeds, True)
                row.seconds += time.perf_counter() - t0
                row.games += len(seeds)
                row.decisions += int(dec.sum())
                row.turns += int(turns.sum())
                for k in np.flatnonzero(err):
                    row.failures.append(_failure(cfg, seeds[k], int(err[k]), out_dir))
                if bar is not None:
                    bar.advance(task, len(seeds))
    finally:
        if bar is not None:
            bar.stop()
    return report


def _failure(cfg: GameConfig, seed: int, code: int, out_dir: str | Path | None) -> Failure:
    g, again = rebuild(cfg, seed)
    label = rules_label(cfg.modules)
    path = write_failure(g, Path(out_dir), cfg.players, seed, label) if out_dir is not None else None
    return Failure(
        players=cfg.players,
        rules=label,
        seed=seed,
        code=code,
        invariant=invariant_name(code),
        decision=len(g.history),
        record=str(path) if path is not None else None,
        reproduced=again == code,
    )


def _progress_bar():
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=False,
    )

