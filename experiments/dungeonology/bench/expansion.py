"""The expansion side by side with the base game in ``dungeonology bench``: decisions/s of the same agents
(random and heuristic, one core, the numba batch) with ``rocca_civetta`` and every content module of its box
that is implemented (alchemy, specialists, spriggan: their Trick Card types), against the base game with the
same base-box modules (``main_effects`` when a Trick Card type needs it; else the basic game), same seeds,
same players, in one run. The ratio's target is 90%: the expansion may cost at most a tenth of
the decisions per second.

The two configurations are timed in turn, ``repeats`` times, and the best rate of each is kept (the
machine's load varies; the best run is the least disturbed), as the advanced-rules comparison of
experiments/dungeonology/bench/engine.py does.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from sim.dungeonology import modules as M
from sim.dungeonology.config import GameConfig, compile_config

BOX = "rocca_civetta"
CONTENT = ("rocca_civetta", "alchemy", "specialists", "spriggan")  # the box's content that joins a game
TARGET = 0.90


def expansion_modules() -> tuple[str, ...]:
    """rocca_civetta and its implemented Trick Card types, with the base-box modules they require, in registry
    order (``()`` while rocca_civetta itself is not implemented)."""
    chosen = [n for n in CONTENT if M.MODULES[n].implemented]
    if BOX not in chosen:
        return ()
    need = list(chosen)
    for name in chosen:
        need += [r for r in M.MODULES[name].requires if r not in need]
    return M.validate(need, key="bench")


def base_side(modules: tuple[str, ...]) -> tuple[str, ...]:
    """The base game the expansion is compared with: the same modules of the base box."""
    return tuple(n for n in modules if M.MODULES[n].box == M.BASE_BOX)


def _timed(compiled: Any, seeds: list[int], agents: list | None) -> tuple[float, int]:
    """(seconds, decisions) of one batch: random play when ``agents`` is None."""
    from agents.batch import play_batch as play_agents
    from agents.batch import play_random
    from sim.dungeonology.core.engine.batch import GAME_FIELDS

    t0 = time.perf_counter()
    if agents is None:
        dec, _, _ = play_random(compiled, seeds, False)
        decisions = int(dec.sum())
    else:
        _, games = play_agents(compiled, seeds, agents)
        decisions = int(games[:, GAME_FIELDS.index("decisions")].sum())
    return time.perf_counter() - t0, decisions


def expansion_comparison(config: GameConfig, games: int, heuristic_games: int, repeats: int = 3) -> dict[str, Any]:
    """Decisions/s (and games/s) of random and heuristic play, the base game vs the expansion; ``{}`` when the
    expansion is not implemented. Keys: ``players``, ``base`` / ``expansion`` (the module lists) and, per
    agent, ``<agent>_<side>_decisions_per_s``, ``<agent>_<side>_games_per_s``, ``<agent>_ratio`` (expansion
    over base, decisions/s) and ``<agent>_meets_target``."""
    from agents.spec import parse_spec
    from experiments.checks.fuzz import game_seed

    modules = expansion_modules()
    if not modules:
        return {}
    sides = {"base": base_side(modules), "expansion": modules}
    compiled = {side: compile_config(dataclasses.replace(config, modules=mods, boss=None, panic=None))
                for side, mods in sides.items()}
    out: dict[str, Any] = {"players": config.players, "repeats": repeats, "target": TARGET,
                           **{side: list(mods) for side, mods in sides.items()}}
    heuristic = [parse_spec("heuristic")]
    for agent, n, agents in (("random", games, None), ("heuristic", heuristic_games, heuristic)):
        seeds = [game_seed(0, i) for i in range(n)]
        for c in compiled.values():  # compile / load the caches outside the timing
            _timed(c, seeds[:2], agents)
        best = {side: (float("inf"), 0) for side in compiled}
        for _ in range(repeats):
            for side, c in compiled.items():
                seconds, decisions = _timed(c, seeds, agents)
                if seconds < best[side][0]:
                    best[side] = (seconds, decisions)
        for side, (seconds, decisions) in best.items():
            out[f"{agent}_{side}_decisions_per_s"] = decisions / seconds
            out[f"{agent}_{side}_games_per_s"] = n / seconds
        out[f"{agent}_games"] = n
        out[f"{agent}_ratio"] = out[f"{agent}_expansion_decisions_per_s"] / out[f"{agent}_base_decisions_per_s"]
        out[f"{agent}_meets_target"] = bool(out[f"{agent}_ratio"] >= TARGET)
    return out


def lines(result: dict[str, Any]) -> list[str]:
    """The bench's lines for the comparison (one per agent), or why there is none."""
    if not result:
        return ["Rocca Civetta vs the base game: not measured (the rocca_civetta module is not implemented yet)"]
    base = "+".join(result["base"]) or "the basic game"
    head = (f"Rocca Civetta ({'+'.join(result['expansion'])}) vs the base game ({base}), {result['players']} "
            f"players, same seeds, best of {result['repeats']}")
    out = []
    for agent in ("random", "heuristic"):
        ratio = result[f"{agent}_ratio"]
        verdict = "meets" if result[f"{agent}_meets_target"] else "BELOW"
        out.append(f"{head}, {agent} play: {result[f'{agent}_expansion_decisions_per_s']:,.0f} vs "
                   f"{result[f'{agent}_base_decisions_per_s']:,.0f} decisions/s = {100 * ratio:.1f}% "
                   f"({verdict} the {100 * result['target']:.0f}% target; games/s "
                   f"{result[f'{agent}_expansion_games_per_s']:,.0f} vs {result[f'{agent}_base_games_per_s']:,.0f}, "
                   f"{result[f'{agent}_games']} games)")
    return out
