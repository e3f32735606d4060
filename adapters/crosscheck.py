"""OpenSpiel's own bots playing a seat through the ``python_dungeonology`` game,
head to head with this project's agents: a cross-check of the adapter and of
the project's ISMCTS (docs/AGENTS.md, "Adding an agent").

    python -m adapters.crosscheck --games 6 --players 2 --sims 20

Each seed is played once per seat rotation (the OpenSpiel bot at every seat in
turn); the bots are OpenSpiel's uniform random bot and its IS-MCTS
(``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with random-rollout evaluation, resampling through
``resample_from_infostate``, i.e. the engine's determinization). Prints wins,
games and seconds per game for each pairing.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import pyspiel

import adapters.openspiel_game  # noqa: F401  (registers the game)
from adapters.common import adapter_of
from agents.python_agents import NumbaAgent


def openspiel_bot(game: Any, name: str, player: int, seed: int, sims: int) -> Any:
    """OpenSpiel's uniform random bot, or its IS-MCTS (open_spiel.python.algorithms.ismcts: the C++
    ISMCTSBot cannot call a Python game's resampling) with `sims` simulations per decision."""
    if name == "random":
        return pyspiel.make_uniform_random_bot(player, seed)
    from open_spiel.python.algorithms.ismcts import ISMCTSBot
    from open_spiel.python.algorithms.mcts import RandomRolloutEvaluator

    rng = np.random.RandomState(seed)
    return ISMCTSBot(game, RandomRolloutEvaluator(1, rng), 2.0, sims, random_state=rng,
                     allow_inconsistent_action_sets=True)


def play(players: int, seed: int, bot_seat: int, bot: str, ours: str, sims: int,
         game_name: str = "dungeonology") -> list[float]:
    """One game: the OpenSpiel bot at `bot_seat`, this project's agent `ours` at the others."""
    _, adapter = adapter_of(game_name)
    game = pyspiel.load_game(adapter.SHORT_NAME, {"players": players, "seed": seed})
    state = game.new_initial_state()
    os_bot = openspiel_bot(game, bot, bot_seat, seed, sims)
    mine = {p: NumbaAgent(ours, seed * 8 + p, game=game_name) for p in range(players) if p != bot_seat}
    while not state.is_terminal():
        p = state.current_player()
        action = os_bot.step(state) if p == bot_seat else mine[p].act(state.box.game)
        state.apply_action(int(action))
    return adapter.returns(state.box.game)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4, help="seeds (each played once per seat)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--sims", type=int, default=20, help="OpenSpiel IS-MCTS simulations per decision")
    ap.add_argument("--ours", default="ismcts", help="this project's agent at the other seats")
    ap.add_argument("--bots", default="random,ismcts", help="OpenSpiel bots: random, ismcts")
    a = ap.parse_args(argv)
    print(f"{'OpenSpiel bot':28} {'vs':22} {'games':>5} {'bot wins':>8} {'ours wins':>9} {'s/game':>7}")
    for bot in a.bots.split(","):
        wins = theirs = n = 0
        start = time.perf_counter()
        for seed in range(a.games):
            for seat in range(a.players):
                r = play(a.players, seed, seat, bot, a.ours, a.sims)
                wins += int(r[seat])
                theirs += int(any(r[p] for p in range(a.players) if p != seat))
                n += 1
        label = bot if bot == "random" else f"ismcts ({a.sims} simulations)"
        print(f"{label:28} {a.ours:22} {n:5d} {wins:8d} {theirs:9d} {(time.perf_counter() - start) / n:7.1f}")


if __name__ == "__main__":
    main()
