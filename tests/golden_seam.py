"""Fingerprints of every way a game is played, for the restructuring that
puts every module and game behind one seam (module manifests, game bundles,
one game loop). Recorded on the engine before that restructuring; a refactor
must keep every one. Run ``python -m tests.golden_seam`` to print them.

Covered: random play with the invariants checked (the fuzz loop) over every
playable module combination; the numba batch loop with each agent kind
(heuristic, random, ISMCTS) on the expansion; the Python-agent loop; the
traced loop (scores and leaders at each round start); one game played
through ``sim.Game`` by a Python agent and by a numba agent.
"""

from __future__ import annotations

import hashlib

import numpy as np

from sim import GameConfig
from sim.dungeonology.config import compile_config

RC_TABLES = (  # (modules, players, agents)
    (("rocca_civetta",), 4, ("heuristic",)),
    (("rocca_civetta", "alchemy", "research"), 3, ("heuristic", "random", "heuristic:greedy")),
    (("main_effects", "rocca_civetta", "specialists", "spriggan", "congregations"), 4,
     ("heuristic", "heuristic:tuned", "random", "heuristic:spy")),
    (("boss", "dangerous_zones", "maximum_alert", "main_effects", "rocca_civetta", "alchemy", "specialists",
      "spriggan", "research", "congregations"), 4, ("heuristic",)),
    (("boss", "dangerous_zones", "maximum_alert", "main_effects", "rocca_civetta", "alchemy", "specialists",
      "spriggan", "research", "congregations"), 2, ("heuristic", "random")),
)
ISMCTS_TABLES = (
    ((), 2, ("ismcts:iterations=20", "heuristic")),
    (("boss", "main_effects", "rocca_civetta", "research", "congregations"), 3,
     ("ismcts:iterations=12,depth=30", "heuristic", "random")),
)
PYTHON_TABLES = (
    ((), 2, ("agents.python_agents:UniformRandom", "heuristic")),
    (("main_effects", "rocca_civetta", "congregations"), 3, ("heuristic", "agents.python_agents:UniformRandom",
                                                             "random")),
)


def _digest(*arrays: np.ndarray) -> str:
    digest = hashlib.sha256()
    for a in arrays:
        digest.update(np.ascontiguousarray(a, dtype=np.int64).tobytes())
    return digest.hexdigest()[:16]


def combination_counts(players: int, games: int = 6, base: int = 6_300_000) -> dict[tuple[str, ...], tuple]:
    """Random play with the invariants checked, per playable module combination:
    (decisions, decisions weighted by game, turns weighted, errors)."""
    from agents.batch import play_random
    from experiments.checks.fuzz import rule_combinations

    out = {}
    for k, modules in enumerate(rule_combinations()):
        compiled = compile_config(GameConfig(players=players, modules=modules))
        dec, err, turns = play_random(compiled, [base + 97 * k + i for i in range(games)], checks=True)
        w = np.arange(1, games + 1)
        out[modules] = (int(dec.sum()), int((dec * w).sum()), int((turns * w).sum()), int(err.sum()))
    return out


def combinations_digest(players: int) -> str:
    """One hash of :func:`combination_counts` (every combination, in order)."""
    counts = combination_counts(players)
    return _digest(np.array([v for v in counts.values()]).ravel())


def batch_fingerprint(modules: tuple[str, ...], players: int, agents: tuple[str, ...], games: int = 12,
                      base: int = 7_700_000) -> str:
    """The numba batch loop (or the Python-agent loop when a seat is ``module:attr``): every row."""
    from agents.batch import play_batch
    from agents.spec import parse_spec

    compiled = compile_config(GameConfig(players=players, modules=modules))
    seeds = [base + players * 1000 + i for i in range(games)]
    rows, game_rows = play_batch(compiled, seeds, [parse_spec(a) for a in agents])
    return _digest(rows, game_rows)


def trace_fingerprint(modules: tuple[str, ...], players: int, agents: tuple[str, ...], games: int = 12,
                      base: int = 8_800_000) -> str:
    """The traced batch loop: rows and the per-round scores and leaders."""
    from agents.spec import parse_spec
    from agents.trace import play_batch_trace

    compiled = compile_config(GameConfig(players=players, modules=modules))
    seeds = [base + players * 1000 + i for i in range(games)]
    return _digest(*play_batch_trace(compiled, seeds, [parse_spec(a) for a in agents]))


def game_fingerprint(modules: tuple[str, ...], players: int, seed: int = 41) -> str:
    """One game through ``sim.Game``: seat 0 a numba agent, the others a Python agent."""
    from agents.python_agents import NumbaAgent, UniformRandom, play_game

    agents = [NumbaAgent("heuristic", seed=seed)] + [UniformRandom() for _ in range(players - 1)]
    for p, a in enumerate(agents[1:], start=1):
        a.reset(p, seed + p)
    g = play_game(GameConfig(players=players, modules=modules), seed, agents)
    return _digest(np.array(g.history, dtype=np.int64), np.round(np.array(g.returns()) * 1000).astype(np.int64))


TRACE_TABLES = (
    ((), 4, ("heuristic", "random")),
    (("boss", "main_effects", "rocca_civetta", "alchemy", "research"), 3, ("heuristic",)),
)
BATCH_TABLES = RC_TABLES + ISMCTS_TABLES + PYTHON_TABLES
GAMES_TABLES = (((), 3), (("boss", "dangerous_zones", "main_effects", "rocca_civetta", "spriggan"), 4))


def main() -> None:
    print("COMBINATIONS = {")
    for players in (2, 4):
        print(f"    {players}: {combinations_digest(players)!r},")
    print("}")
    print("BATCH = {")
    for key in BATCH_TABLES:
        print(f"    {key!r}: {batch_fingerprint(*key)!r},")
    print("}")
    print("TRACE = {")
    for key in TRACE_TABLES:
        print(f"    {key!r}: {trace_fingerprint(*key)!r},")
    print("}")
    print("GAMES = {")
    for key in GAMES_TABLES:
        print(f"    {key!r}: {game_fingerprint(*key)!r},")
    print("}")


if __name__ == "__main__":
    main()
