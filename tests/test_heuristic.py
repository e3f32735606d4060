"""The heuristic package: every decision phase has its handler and every
effect op its value (read from the op table, sim/dungeonology/layout/ops.py), so nothing
is left to the random fallback."""

from __future__ import annotations

import ast
import inspect
import itertools

import numpy as np
import pytest

from agents.dungeonology.heuristic import DEFAULTS, P_FALLBACKS, PERSONAS, PHASE_HANDLERS, act, dispatch
from agents.dungeonology.heuristic import values as HV
from agents.python_agents import NumbaAgent
from agents.registry import kinds
from sim import GameConfig
from sim.dungeonology import layout as L
from sim.dungeonology import modules as M
from sim.dungeonology.game import new_game

DECISION_PHASES = {name: v for name, v in vars(L).items() if name.startswith("PH_") and name != "PH_NONE"}
HANDLER_ARGS = ["s", "t", "me", "buf", "n", "params", "rng"]


def _py(f):
    return getattr(f, "py_func", f)


def test_every_decision_phase_has_a_handler():
    missing = sorted(name for name, v in DECISION_PHASES.items() if v not in PHASE_HANDLERS)
    assert missing == []
    assert set(PHASE_HANDLERS) == set(DECISION_PHASES.values())
    for f in PHASE_HANDLERS.values():
        assert list(inspect.signature(_py(f)).parameters) == HANDLER_ARGS, f.__name__
        assert _py(f).__module__.startswith("agents.dungeonology.heuristic.")


def test_act_calls_the_handler_the_table_names():
    """The generated chain (compiled, so not the table itself) dispatches each phase
    to PHASE_HANDLERS[phase]; act ends in the counted fallback."""
    from agents.dungeonology.heuristic import dispatch_phases

    fn = next(n for n in ast.parse(inspect.getsource(dispatch_phases)).body
              if isinstance(n, ast.FunctionDef) and n.name == "phase_decision")
    chain = {}
    for node in fn.body:
        if isinstance(node, ast.If) and ast.unparse(node.test).startswith("ph == L.PH_"):
            phase = getattr(L, ast.unparse(node.test).removeprefix("ph == L."))
            (ret,) = node.body
            assert phase not in chain
            chain[phase] = getattr(dispatch_phases, ast.unparse(ret.value.func))
    assert chain == PHASE_HANDLERS
    act_fn = next(n for n in ast.parse(inspect.getsource(dispatch)).body
                  if isinstance(n, ast.FunctionDef) and n.name == "act")
    assert ast.unparse(act_fn.body[-1]) == "return unknown_phase(buf, n, params, rng)"


def test_an_unknown_phase_is_counted():
    """The counter the games below read sees a fallback (a phase no handler knows)."""
    g = new_game(GameConfig(players=2), seed=1)
    s = g.state.copy()
    s[L.S_PHASE] = max(PHASE_HANDLERS) + 1
    buf = np.array(g.legal_actions()[:2] * 2, dtype=np.int64)
    params = np.zeros(16)
    params[: len(DEFAULTS)] = list(DEFAULTS.values())
    a = act(s, g.tables, buf, 2, params, np.array([7, 9], dtype=np.int64))
    assert a in buf[:2]
    assert params[P_FALLBACKS] == 1.0
    assert params[: len(DEFAULTS)].tolist() == list(DEFAULTS.values())


RULE_SETS = M.combinations()  # every playable combination of the implemented modules
SPECS = ["heuristic", *(f"heuristic:{p}" for p in PERSONAS)]


def test_heuristic_games_never_use_the_random_fallback():
    """Every rule set, 2 and 4 players, every persona: no decision of any seat
    goes to the fallback, and the games meet (nearly) every handled phase."""
    decided: set[int] = set()
    for i, (rules, players) in enumerate(itertools.product(RULE_SETS, (2, 4))):
        g = new_game(GameConfig(players=players, rules=rules), seed=100 + i)
        seats = [NumbaAgent(SPECS[(i + p) % len(SPECS)], seed=i * 10 + p) for p in range(players)]
        while not g.is_terminal():
            if len(g.legal_actions()) > 1:
                decided.add(int(g.state[L.S_PHASE]))
            g.apply(seats[g.current_player()].act(g))
        assert [a._params[P_FALLBACKS] for a in seats] == [0.0] * players, (rules, players)
    assert decided <= set(PHASE_HANDLERS)
    rare = {L.PH_PROTECT, L.PH_TELEPORT, L.PH_TARGET, L.PH_JINX,  # may not come up in 32 games
            L.PH_RC_TOKEN}  # the Fool's Token: only when the Fool is called
    rare.add(L.PH_RESEARCH)  # the heuristic completes a Quest at its first decision, rarely at the End of Turn
    rare |= {L.PH_RC_UNIVERSAL}  # Rocca Civetta: no base Zone holds a Universal cube (test_heuristic_rc_cubes.py)
    assert set(PHASE_HANDLERS) - rare <= decided


def test_the_heuristic_reads_every_op_value_from_the_op_table():
    assert set(HV.WORTH_OF_SCALE) == set(L.Scale)  # a new Scale must say how the heuristic counts it
    valued = {op.name for op in L.OP_TABLE if op.value != L.NO_VALUE}
    assert {"stealth", "alert", "draw_cards", "sacrifice", "move_any", "cancel", "gain_intern"} <= valued
    assert "boss_move" not in valued
    assert (HV.ST_BASE[L.OP_DIV_STEALTH], HV.ST_PER[L.OP_DIV_STEALTH]) == (1.5, 0.6)
    assert HV.WORTH[L.OP_SACRIFICE] == -0.6 and HV.LAST_STUDENT[L.OP_SACRIFICE] == -1.0
    assert HV.WORTH_KIND[L.OP_TAKE_BONFIRE] == HV.Q_BONFIRE and HV.THREAT[L.OP_CANCEL] == 2.0
    assert HV.MOVE_KIND[L.OP_MOVE_LINKED] == HV.MV_LINKED and HV.GAINS_INTERN[L.OP_GAIN_INTERN] == 1
    for op in L.OP_TABLE:  # an op the heuristic does not value plays no part in any of its sums
        if op.value == L.NO_VALUE:
            assert not HV.IN_TESTS[op.code] and HV.WORTH_KIND[op.code] == HV.Q_NONE and HV.THREAT[op.code] == 0


def test_an_op_value_the_heuristic_cannot_count_is_refused():
    from dataclasses import replace

    bad = replace(L.OP_BY_NAME["speed"], value=replace(L.OP_BY_NAME["speed"].value, move=3))
    with pytest.raises(HV.OpTableError, match="speed: scale"):
        HV._arrays((*L.OP_TABLE, bad))


def test_heuristic_registers_with_its_parameters_and_personas():
    kind = kinds()["heuristic"]
    assert kind.act is act
    assert list(kind.params) == ["risk", "aggression", "sabotage", "thesis", "hoard", "depth", "defend", "noise"]
    assert set(kind.personas) == {"cautious", "greedy", "spy", "saboteur", "tuned"}  # tuned: personas.toml
    assert P_FALLBACKS == len(kind.params)  # the counter's slot holds no parameter
