"""OpenSpiel states are read by replaying their actions through the engine: a tampered string is
refused in one line or gives a state the engine reached, never a crash (run in a subprocess, where a
segfault is a failed test); serialize_game_and_state, pickle and copy work
(adapters/openspiel_game.py)."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyspiel
import pytest

import adapters.openspiel_game  # noqa: F401  (registers the games)
from experiments.dungeonology.fuzz_families.agents import base_states, crafted
from sim.kit.errors import IllegalActionError

ROOT = Path(__file__).resolve().parents[1]
TAMPERED = 300

CHILD = """
import collections, random, sys
import pyspiel
from experiments.dungeonology.fuzz_families.agents import base_states, tamper, try_state_string
states = base_states()
rng = random.Random(int(sys.argv[1]))
seen = collections.Counter()
for i in range(int(sys.argv[2])):
    state = rng.choice(states)
    whole = i % 3 == 0
    text = pyspiel.serialize_game_and_state(state.get_game(), state) if whole else state.serialize()
    bad = text if i % 25 == 0 else tamper(state, text, rng)
    try:
        code, out = try_state_string(bad, state.get_game(), whole, seed=i)
    except Exception as exc:
        code, out = 1, f"{type(exc).__name__}: {exc}"
    assert len(out.splitlines()) <= 1, out
    seen[code] += 1
    if code == 1:
        print("CRASH", repr(bad[:200]), out[:300])
print("counts", seen[0], seen[2], seen[1])
"""


def test_tampered_state_strings_never_crash_the_interpreter():
    proc = subprocess.run([sys.executable, "-c", CHILD, "7", str(TAMPERED)], cwd=ROOT, capture_output=True,
                          text=True, timeout=900)
    assert proc.returncode == 0, (proc.returncode, proc.stdout[-1500:], proc.stderr[-1500:])  # -11: a segfault
    assert "CRASH" not in proc.stdout, proc.stdout[-3000:]
    accepted, refused, crashed = map(int, proc.stdout.split("counts")[-1].split())
    assert crashed == 0 and accepted + refused == TAMPERED
    assert accepted >= TAMPERED // 25 and refused > TAMPERED // 2  # the untouched strings read, most edits refused


@pytest.fixture(scope="module")
def states():
    return base_states()  # Leduc, Leduc resampled, Dungeonology, Dungeonology resampled


def test_states_serialize_with_the_game_pickle_and_copy(states):
    for state in states:
        game = state.get_game()
        text = pyspiel.serialize_game_and_state(game, state)
        again_game, again = pyspiel.deserialize_game_and_state(text)
        for other in (again, pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state),
                      state.clone(), game.deserialize_state(state.serialize())):
            assert other.history() == state.history() and str(other) == str(state)
            assert (other.box.game.state == state.box.game.state).all()
            assert other.box.resamples == state.box.resamples
        assert str(again_game) == str(game) and str(pickle.loads(pickle.dumps(game))) == str(game)
    assert any(s.box.resamples for s in states)  # a resampled state is replayed with its resampling


@pytest.mark.parametrize("name", ["python_leduc", "python_dungeonology"])
def test_openspiels_random_sim_test_serializes_every_state(name):
    game = pyspiel.load_game(name, {"players": 3, "seed": 9})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def _saved(state):
    return state.box.__getstate__()


def test_a_state_string_holds_actions_not_a_state_array(states):
    saved = _saved(states[2])
    assert set(saved) == {"game", "config", "seed", "actions", "resamples"}
    assert saved["actions"] == states[2].history()


@pytest.mark.parametrize("edit,message", [
    (lambda s: {**s, "actions": [*s["actions"][:-1], 10**30]}, "at most 200000 numbers"),
    (lambda s: {**s, "actions": [*s["actions"], True]}, "at most 200000 numbers"),
    (lambda s: {**s, "seed": s["seed"] + 1}, "another game or configuration"),
    (lambda s: {**s, "config": {**s["config"], "players": 4}}, "another game or configuration"),
    (lambda s: {**s, "resamples": [[0, 9, 1]]}, "resamples are"),
    (lambda s: {k: v for k, v in s.items() if k != "seed"}, "not a state of this adapter"),
    (lambda s: [1, 2], "not a state of this adapter"),
])
def test_an_edited_state_is_refused_in_one_line(states, edit, message):
    state = states[2]
    with pytest.raises(ValueError, match=message) as info:
        state.get_game().deserialize_state(crafted(state, edit(_saved(state))))
    assert "\n" not in str(info.value)


def test_an_illegal_action_is_refused_where_it_is_played(states):
    state = states[2]
    saved = _saved(state)
    legal = set(state.legal_actions())
    illegal = next(a for a in range(state.get_game().num_distinct_actions()) if a not in legal)
    saved["actions"].append(illegal)
    n = len(saved["actions"])
    with pytest.raises(ValueError, match=f"action {n} of the state, {illegal}, is not legal there"):
        state.get_game().deserialize_state(crafted(state, saved))


def test_the_history_beside_the_actions_must_agree(states):
    state = states[0]
    text = state.serialize()
    first = text.split("\n")[0]
    player, action = first.removeprefix("history=").split(",")[0].split(":")
    edited = text.replace(first, first.replace(f"{player}:{action}", f"{1 - int(player)}:{action}", 1), 1)
    with pytest.raises(ValueError, match="history does not match"):
        state.get_game().deserialize_state(edited)


@pytest.mark.parametrize("bad", [1.5, True, np.bool_(True), "1", None, -1, 10**30, np.float64(1.0)])
def test_apply_action_from_python_refuses_what_is_not_a_whole_number_in_range(bad):
    state = pyspiel.load_game("python_leduc", {"players": 2}).new_initial_state()
    with pytest.raises(IllegalActionError, match="an action is a whole number from 0 to 2"):
        state.apply_action(bad)
    state.apply_action(np.int64(state.legal_actions()[0]))  # a numpy integer is a whole number
    assert len(state.history()) == 1


def test_pettingzoo_refuses_a_step_before_reset_and_after_every_agent_is_done():
    from adapters.pettingzoo_env import env

    e = env(game="leduc", players=2)
    with pytest.raises(IllegalActionError, match="call reset"):
        e.step(1)
    e.reset(seed=3)
    while e.agents:
        obs, *_, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(IllegalActionError, match="call reset"):
        e.step(0)


def test_the_fuzz_families_of_adapter_actions_and_state_strings(tmp_path):
    from experiments.dungeonology.mutation_fuzz import fuzz_inputs

    cases = {"adapter_action": 200, "openspiel_state": 150}
    counts = fuzz_inputs(cases, seed=4, work=tmp_path)
    print("\n" + counts.text())
    assert dict(counts.tried) == cases and not counts.crashes, counts.crashes[:3]
    for target in cases:
        assert counts.exit0[target] > 0 and counts.exit2[target] > 0, counts.text()
