"""The heuristic's memory (agents.dungeonology.heuristic.memory, issue 13 lever 3): a Zone's
study value reused from a seat's row is bit for bit the one computed afresh,
at every Movement decision of heuristic games with the basic game, the
advanced rules and the expansion's modules; the memory a seat carries from
other games changes no result."""

from __future__ import annotations

import numpy as np
import pytest

from agents.batch import play_batch
from agents.contract import SEAT_WORDS
from agents.dungeonology.heuristic.knowledge import stealth_potential
from agents.dungeonology.heuristic.memory import MEMORY_END, context_kept, zone_kept
from agents.dungeonology.heuristic.study import study_context, zone_study_values_into
from agents.python_agents import NumbaAgent
from agents.spec import parse_spec
from sim import GameConfig
from sim.dungeonology import layout as L
from sim.dungeonology.config import compile_config
from sim.dungeonology.core.components.dungeon import zone_cube_count
from sim.dungeonology.core.components.noteboard import study_bonus
from sim.dungeonology.core.components.scholars import hand_size
from sim.dungeonology.core.procedures.stealth import zone_alert
from sim.dungeonology.game import Game, new_game

CONFIGS = (
    GameConfig(players=4),
    GameConfig(players=4, modules=("boss", "dangerous_zones", "maximum_alert", "main_effects")),
    GameConfig(players=3, modules=("boss", "dangerous_zones", "main_effects", "rocca_civetta", "research",
                                   "congregations", "alchemy", "specialists", "spriggan")),
)
ALL = np.ones(L.MAX_ZONES, np.int64)
NO_MEMORY = np.zeros(0, np.int64)


def kept_zones(g: Game, me: int, params: np.ndarray, row: np.ndarray) -> tuple[int, int]:
    """(placed Zones with cubes, those whose study value the seat's row holds for the state as it is);
    the row is left as it is."""
    s, t, mem = g.state, g.tables, row.copy()
    zones = [z for z in range(1, t[L.T_NZONES]) if s[L.S_ZPLACED + z] == 1 and zone_cube_count(s, t, z) > 0]
    pot = study_bonus(s, t, me) + stealth_potential(s, t, me)
    if hand_size(s, me) == 0 or not context_kept(mem, s, t, me, pot, *study_context(s, t, me, params)):
        return len(zones), 0
    return len(zones), sum(1 for z in zones if zone_kept(mem, s, t, z, zone_alert(s, t, z)))


def _values(g, me, params, mem):
    vals = np.zeros(L.MAX_ZONES)
    zone_study_values_into(g.state, g.tables, me, params, ALL, vals, np.zeros(L.MAX_COL, np.int64), mem)
    return vals


@pytest.mark.parametrize("config", CONFIGS, ids=("basic", "advanced", "expansion"))
def test_reused_values_are_the_computed_ones(config):
    decisions = reused = 0
    for seed in range(6):
        g = new_game(config, seed=seed)
        seats = [NumbaAgent("heuristic", seed=seed * 10 + p) for p in range(config.players)]
        while not g.is_terminal():
            me = g.current_player()
            agent = seats[me]
            if int(g.state[L.S_PHASE]) == L.PH_MOVE and g._n > 1:
                mem = agent._rng.copy()  # the memory as the seat's agent left it
                reused += kept_zones(g, me, agent._params, mem)[1]
                kept = _values(g, me, agent._params, mem)
                fresh = _values(g, me, agent._params, NO_MEMORY)
                assert np.array_equal(kept.view(np.int64), fresh.view(np.int64)), (seed, int(g.state[L.S_TURN]))
                decisions += 1
            g.apply(agent.act(g))
    assert decisions > 100
    assert reused > decisions  # most Movement decisions reuse several Zones: the test exercises the reuse


def test_a_seat_row_has_room_for_the_memory():
    assert MEMORY_END <= SEAT_WORDS


def test_memory_carried_from_other_games_changes_no_result():
    compiled = compile_config(CONFIGS[1])
    slots = [parse_spec("heuristic")]
    rows, games = play_batch(compiled, [11, 12, 13], slots)  # seats' rows carry memory from game to game
    alone_rows, alone_games = play_batch(compiled, [13], slots)
    assert np.array_equal(rows[2], alone_rows[0]) and np.array_equal(games[2], alone_games[0])


def _play(config, seed, agent):
    g = new_game(config, seed=seed)
    actions = []
    while not g.is_terminal():
        actions.append(agent.act(g) if g.current_player() == 0 else NumbaAgent("heuristic", seed=len(actions)).act(g))
        g.apply(actions[-1])
    return actions


def test_a_numba_agent_with_memory_of_other_games_decides_alike():
    """Seat 0's agent after games of other rules decides as a new one with the same generator."""
    used = NumbaAgent("heuristic", seed=3)
    for config in CONFIGS[:2]:
        _play(config, 5, used)
    assert used._rng[2:].any()  # it kept something
    fresh = NumbaAgent("heuristic", seed=3)
    fresh._rng[:2] = used._rng[:2]
    assert _play(CONFIGS[1], 8, used) == _play(CONFIGS[1], 8, fresh)
