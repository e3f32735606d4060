"""Would reusing the heuristic's movement plan pay? (issue 13, lever 3)

``python -m experiments.bench_movement [--games N] [--rules r1,r2]`` plays heuristic games
(4 players, seeds 0..N-1) through :class:`sim.dungeonology.game.Game` and, at every Movement decision
(more than one legal action), compares the inputs of the movement plan with those at the
previous Movement decision of the same seat in the same turn:

- the whole state but the random number generator's words (the whole decision could be
  reused);
- the study value of every placed Zone (``agents.heuristic.study.zone_study_values`` with
  every Zone wanted: the part of the plan that walking does not change).

It also counts, of the placed Zones with cubes at those decisions, those whose value the
seat's memory holds (``agents.heuristic.memory``, as the seat's agent left it: the values
the heuristic reuses since lever 3).

It prints the counts and shares, and the time of one ``zone_study_values`` call against
one whole heuristic decision, both called from Python (so both include the call's
overhead). Rulebook: "Movement Phase" (the Speed points a Scholar spends one at a time).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from agents.heuristic.knowledge import stealth_potential
from agents.heuristic.memory import context_kept, zone_kept
from agents.heuristic.study import study_context, zone_study_values
from agents.python_agents import NumbaAgent
from sim import GameConfig
from sim.dungeonology import layout as L
from sim.dungeonology.core.components.dungeon import zone_cube_count
from sim.dungeonology.core.components.noteboard import study_bonus
from sim.dungeonology.core.components.scholars import hand_size
from sim.dungeonology.core.procedures.stealth import zone_alert
from sim.dungeonology.game import Game, new_game

REPEAT = 5  # calls per timed measurement


def kept_zones(g: Game, me: int, params: np.ndarray, row: np.ndarray) -> tuple[int, int]:
    """(placed Zones with cubes, those whose study value the seat's row holds for the state as it is);
    the row is left as it is."""
    s, t, mem = g.state, g.tables, row.copy()
    zones = [z for z in range(1, t[L.T_NZONES]) if s[L.S_ZPLACED + z] == 1 and zone_cube_count(s, t, z) > 0]
    pot = study_bonus(s, t, me) + stealth_potential(s, t, me)
    if hand_size(s, me) == 0 or not context_kept(mem, s, t, me, pot, *study_context(s, t, me, params)):
        return len(zones), 0
    return len(zones), sum(1 for z in zones if zone_kept(mem, s, t, z, zone_alert(s, t, z)))


def measure(games: int, rules: tuple[str, ...] = ()) -> dict[str, float]:
    """The counts and timings described in the module docstring."""
    moves = same_state = same_vals = first_of_turn = zones = kept = 0
    t_vals = t_act = 0.0
    want = np.ones(L.MAX_ZONES, np.int64)
    for gi in range(games):
        g = new_game(GameConfig(players=4, rules=rules), seed=gi)
        seats = [NumbaAgent("heuristic", seed=gi * 10 + p) for p in range(4)]
        prev: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}
        while not g.is_terminal():
            if len(g.legal_actions()) > 1 and int(g.state[L.S_PHASE]) == L.PH_MOVE:
                me = g.current_player()
                agent = seats[me]
                n_zones, n_kept = kept_zones(g, me, agent._params, agent._rng)
                zones += n_zones
                kept += n_kept
                state = g.state.copy()
                state[L.S_RNG0] = state[L.S_RNG1] = 0
                t0 = time.perf_counter()
                for _ in range(REPEAT):
                    vals = zone_study_values(g.state, g.tables, me, agent._params, want)
                t1 = time.perf_counter()
                for _ in range(REPEAT):  # a copy of the agent's generator: its own stream is untouched
                    agent._act(g.state, g.tables, g._buf, g._n, agent._params, agent._rng.copy())
                t_act += time.perf_counter() - t1
                t_vals += t1 - t0
                key = (me, int(g.state[L.S_TURN]))
                moves += 1
                if key in prev:
                    old_state, old_vals = prev[key]
                    same_state += bool(np.array_equal(old_state, state))
                    same_vals += bool(np.array_equal(old_vals, vals))
                else:
                    first_of_turn += 1
                prev = {key: (state, vals)}
            g.apply(seats[g.current_player()].act(g))
    return {"games": games, "moves": moves, "first_of_turn": first_of_turn, "same_state": same_state,
            "same_vals": same_vals, "zones": zones, "kept": kept, "vals_us": 1e6 * t_vals / (REPEAT * max(moves, 1)),
            "act_us": 1e6 * t_act / (REPEAT * max(moves, 1))}


def text(m: dict[str, float], rules: tuple[str, ...] = ()) -> str:
    """One paragraph of the figures."""
    n = max(m["moves"], 1)
    return (f"{m['games']} heuristic games, 4 players, rules {','.join(rules) or 'basic'}: {m['moves']:,} Movement "
            f"decisions, {m['first_of_turn']:,} the first of their turn; with the whole state unchanged since the "
            f"previous one: {m['same_state']:,} ({100 * m['same_state'] / n:.1f}%); with every Zone's study value "
            f"unchanged: {m['same_vals']:,} ({100 * m['same_vals'] / n:.1f}%); placed Zones with cubes at them "
            f"{m['zones']:,}, their value in the seat's memory {m['kept']:,} "
            f"({100 * m['kept'] / max(m['zones'], 1):.1f}%). Per decision, called from Python: "
            f"zone_study_values (every Zone) {m['vals_us']:.1f} us, the heuristic's whole decision "
            f"{m['act_us']:.1f} us")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--rules", default="", help="advanced rules, comma-separated (default: the basic game)")
    args = ap.parse_args(argv)
    rules = tuple(r for r in args.rules.split(",") if r)
    print(text(measure(args.games, rules), rules))


if __name__ == "__main__":
    main()
