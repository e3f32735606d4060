"""Random-play fuzzing of any game: many games in the numba batch, invariants (the game's ``check``)
checked after every action, failures rebuilt in Python as records (a game's own ``record()``, e.g.
Dungeonology's replayable one, else its configuration, seed and actions).

Seeds: game ``i`` of a run with base seed ``S`` uses the game seed
``game_seed(S, i) = S * 1_000_003 + i`` (so with the default ``S = 0`` game
``i`` has seed ``i``). The game's chance stream starts from
``sim.kit.rng.seed_words(game seed)`` exactly as the game's ``new_game(config,
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
from typing import Any

import numpy as np

from agents.batch import play, play_random
from agents.contract import DECISION_LIMIT, ERR_LIMIT, ERR_STUCK
from agents.spec import parse_spec
from sim.kit.bundle import game_of, get_game

SEED_STRIDE = 1_000_003


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` in a run with base seed ``base_seed``."""
    return base_seed * SEED_STRIDE + index


def rules_label(config: Any) -> str:
    """What a configuration plays, in a word (the game's ``label``: Dungeonology's '+'-joined modules, 'basic'
    for none), as in fuzz tables and file names."""
    cli = game_of(config).module("cli")
    return cli.label(config) if hasattr(cli, "label") else game_of(config).name


def rule_combinations(game: str | None = None) -> list[Any]:
    """Every playable combination of a game's rules (None: the default game; its command line's
    ``combinations``: Dungeonology's implemented modules, 16 for the base box's four advanced rules, the
    basic game first)."""
    return get_game(game).needs("cli", "a command line").combinations()


def invariants_of(game: str | None = None) -> Callable[[np.ndarray, np.ndarray], int]:
    """The invariant check of a game (its kernels' ``check(state, tables)``: 0 when they hold)."""
    return get_game(game).kernels_module().check


def invariant_name(code: int, game: str | None = None) -> str:
    """The name of an invariant's code: the game's (its command line's ``invariant_name``), else the name of
    its kernels' ``CHK_`` constant of that value."""
    bundle = get_game(game)
    cli = bundle.module("cli")
    if hasattr(cli, "invariant_name"):
        return cli.invariant_name(code)
    names = {v: k for k, v in vars(bundle.kernels_module()).items() if k.startswith("CHK_") and isinstance(v, int)}
    return names.get(int(code), f"invariant {int(code)}")


# --------------------------------------------------------------- rebuild
def rebuild(config: Any, seed: int, check_every: bool = True) -> tuple[Any, int]:
    """The random agent's game of ``seed`` rebuilt in Python, up to the first violation.

    The game loop plays it once more and keeps its actions (``agents.batch.play``'s history); the game's
    Python ``Game`` replays them, checking the invariants after each one as the loop did, so a
    violation the batch reported is seen again in Python. Returns the game (its history is the actions
    up to and including the one after which an invariant failed) and the error code (0 = none, else
    the invariant, ERR_LIMIT past the decision limit, ERR_STUCK when nothing is legal before the end).
    """
    game = game_of(config)
    played = play(game.compile_config(config), [seed], [parse_spec("random", game.name)], shared=True,
                  checks=check_every, history=DECISION_LIMIT + 1)
    g = game.part("new_game")(config, seed)
    check = invariants_of(game.name)
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


def write_failure(g: Any, out_dir: Path, players: int, seed: int, rules: str = "basic") -> Path:
    """Write the record of a failing game: its own ``record()`` (Dungeonology's replays with ``replay``), else
    its game, configuration, seed and actions."""
    out_dir.mkdir(parents=True, exist_ok=True)
    tag = "" if rules == "basic" else f"-{rules}"
    path = out_dir / f"failure-{players}p{tag}-{seed}.json"
    record = g.record() if hasattr(g, "record") else {
        "game": game_of(g.compiled).name, "config": g.config.to_dict(), "seed": g.seed, "actions": g.history}
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return path


ProgressHook = Callable[[int, int], None]  # (players, games done in this chunk)


def run_fuzz(
    config: Any | Sequence[Any],
    games: int = 2000,
    seed: int = 0,
    progress: bool = True,
    out_dir: str | Path | None = None,
    chunk: int = 250,
) -> FuzzReport:
    """Play ``games`` random games per configuration with invariants checked
    after every action; rebuild every failing game in Python and, when
    ``out_dir`` is given, write its record to ``out_dir/failure-<P>p[-<rules>]-<seed>.json``.

    ``config`` is one configuration of any game or several (e.g. one per player count and
    combination of Dungeonology's advanced rules).
    ``progress`` shows a rich progress bar on stderr.
    """
    configs = list(config) if isinstance(config, (list, tuple)) else [config]
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a non-negative integer, got {games!r}")
    report = FuzzReport(base_seed=seed)
    bar = _progress_bar() if progress else None
    try:
        if bar is not None:
            bar.start()
        compileds = [game_of(cfg).compile_config(cfg) for cfg in configs]
        if compileds:  # one engine for every configuration (compiled once, not once per set of modules)
            compileds = game_of(configs[0]).shared_engine(compileds)
        for cfg, compiled in zip(configs, compileds, strict=True):
            label = rules_label(cfg)
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


def _failure(cfg: Any, seed: int, code: int, out_dir: str | Path | None) -> Failure:
    g, again = rebuild(cfg, seed)
    label = rules_label(cfg)
    path = write_failure(g, Path(out_dir), cfg.players, seed, label) if out_dir is not None else None
    return Failure(
        players=cfg.players,
        rules=label,
        seed=seed,
        code=code,
        invariant=invariant_name(code, game_of(cfg).name),
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

