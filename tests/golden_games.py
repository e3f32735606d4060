"""Fingerprints of played games, for refactors that must change nothing.

Each fingerprint plays a fixed set of seeded games and reduces them to a few
integers: random play to (decisions, decisions weighted by game index, turns
weighted); agent play to a SHA-256 of the result rows and game rows (the
columns that existed when the fingerprint was recorded). Run this module to
print the current fingerprints: ``python -m tests.golden_games``.
"""

from __future__ import annotations

import hashlib
import itertools

import numpy as np

from sim import GameConfig
from sim.dungeonology.config import compile_config

RULES = ("boss", "dangerous_zones", "maximum_alert", "main_effects")
COMBOS = tuple(tuple(c) for r in range(len(RULES) + 1) for c in itertools.combinations(RULES, r))
ROW_COLS = 29  # sim.dungeonology.core.engine.batch.ROW_FIELDS when recorded
GAME_COLS = 12  # sim.dungeonology.core.engine.batch.GAME_FIELDS when recorded


def random_fingerprint(rules: tuple[str, ...], players: int, games: int = 40, base: int = 4_100_000) -> tuple:
    from agents.batch import play_random

    compiled = compile_config(GameConfig(players=players, rules=rules))
    dec, err, turns = play_random(compiled, [base + players * 1000 + i for i in range(games)], checks=False)
    w = np.arange(1, games + 1)
    return int(dec.sum()), int((dec * w).sum()), int((turns * w).sum()), int(err.sum())


def agent_fingerprint(rules: tuple[str, ...], players: int, agents: tuple[str, ...], games: int = 30,
                      base: int = 5_200_000) -> str:
    from agents.batch import play_batch
    from agents.spec import parse_spec

    compiled = compile_config(GameConfig(players=players, rules=rules))
    seeds = [base + players * 1000 + i for i in range(games)]
    rows, game_rows = play_batch(compiled, seeds, [parse_spec(a) for a in agents])
    digest = hashlib.sha256()
    digest.update(np.ascontiguousarray(rows[:, :, :ROW_COLS]).tobytes())
    digest.update(np.ascontiguousarray(game_rows[:, :GAME_COLS]).tobytes())
    return digest.hexdigest()[:16]


AGENT_TABLES = (("heuristic",), ("heuristic", "random", "heuristic:greedy", "random"))


def main() -> None:
    print("RANDOM = {")
    for rules in COMBOS:
        for players in (2, 4):
            print(f"    ({rules!r}, {players}): {random_fingerprint(rules, players)!r},")
    print("}")
    print("AGENTS = {")
    for rules in (COMBOS[0], COMBOS[-1]):
        for players in (2, 4):
            for agents in AGENT_TABLES:
                print(f"    ({rules!r}, {players}, {agents!r}): {agent_fingerprint(rules, players, agents)!r},")
    print("}")


if __name__ == "__main__":
    main()
