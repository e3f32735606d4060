"""No crash on any input (issue 12): tampered records, unbounded sizes, integers
beyond int64, impossible data values, a bad scheduler address, an empty layer
file. Each gives exit 2 and one line naming the file, key and value."""

from __future__ import annotations

import json

import pytest

from agents.random_agent import RandomAgent
from sim import GameConfig
from sim.dungeonology import layout as L
from sim.dungeonology import modules as M
from sim.dungeonology.game import new_game, replay
from sim.dungeonology.loader import load_data
from sim.dungeonology.scenario import Scenario
from sim.dungeonology.state_bounds import state_problem
from sim.kit.errors import DataError, RecordError
from tests.cli_checks import cli, one_error_line


@pytest.fixture(scope="module")
def scenario_record() -> dict:
    g = Scenario(GameConfig(players=2, scholars=["Sofia", "Valerio"]), seed=1).students("Sofia", 2).build()
    agent = RandomAgent(2)
    for _ in range(8):
        g.apply(agent.choose(g.engine_legal_actions()))
    return g.record()


# --------------------------------------------------------------- records
def test_every_state_of_random_games_is_in_range():
    """The bounds accept what the engine itself reaches (basic game and every advanced rule)."""
    for modules in ((), M.base_rules(), (*M.base_rules(), "rocca_civetta", "research")):
        for players, seed in ((2, 1), (4, 2)):
            g = new_game(GameConfig(players=players, modules=modules), seed)
            agent = RandomAgent(seed)
            while True:
                assert state_problem(g.state, players) is None
                if g.is_terminal():
                    break
                g.apply(agent.choose(g.engine_legal_actions()))


@pytest.mark.parametrize("index,value,words", [
    (L.S_NPLAYERS, 1000, ["S_NPLAYERS = 1000", "allowed: 1 to"]),
    (L.S_DECK_N, 10**6, ["S_DECK_N = 1000000", "out of range"]),
    (L.S_CUR, -7, ["S_CUR = -7"]),
    (L.P_BASE + L.PF_ZONE, 99, ["seat 0 PF_ZONE = 99"]),
    (L.S_KSP, 3, ["S_KSTACK", "not a continuation code"]),
    (L.S_RES_CUBES, 0, ["Information Cubes not conserved"]),
    (5, 2**70, ["initial_state[5]", "not a 64-bit integer"]),
])
def test_a_tampered_initial_state_is_refused_before_compiled_code(scenario_record, tmp_path, index, value, words):
    rec = json.loads(json.dumps(scenario_record))
    rec["initial_state"][index] = value
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec))
    one_error_line(cli("replay", path, "-q"), str(path), *words)


@pytest.mark.parametrize("edit,words", [
    (lambda r: r["config"].update(data=5), ["data = 5"]),
    (lambda r: r["config"].update(scholars=5), ["scholars = 5"]),
    (lambda r: r["config"].update(alert=["x"]), ["alert"]),
    (lambda r: r["config"].update(players=2**70), ["players"]),
    (lambda r: r["config"].update(overrides={"scholars.Sofia.speed": 2**70}), ["scholars.Sofia.speed", "too large"]),
    (lambda r: r.update(seed=2**64), ["seed = 18446744073709551616"]),
    (lambda r: r["actions"].__setitem__(0, 2**64), ["action #0", "list of integers"]),
    (lambda r: r["actions"].__setitem__(0, L.NUM_ACTIONS), ["action #0", "not an action number"]),
    (lambda r: r["actions"].__setitem__(0, "a"), ["action #0", "list of integers"]),
    (lambda r: r["actions"].__setitem__(2, 0), ["action #2", "not legal"]),
    (lambda r: r.update(config=5), ["config"]),
    (lambda r: r.update(final_sha256="0" * 64), ["final_sha256"]),
])
def test_a_record_that_lies_is_refused(scenario_record, tmp_path, edit, words):
    rec = json.loads(json.dumps(scenario_record))
    edit(rec)
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec))
    one_error_line(cli("replay", path, "-q"), *words)


def test_an_edited_legal_action_or_seed_is_caught_by_the_final_fingerprint():
    g = new_game(GameConfig(players=2), 3)
    while len(g.history) < 12:
        g.apply(g.legal_actions()[0])
    rec = g.record()
    assert replay(rec).history == rec["actions"]
    for i, a in enumerate(rec["actions"]):  # the first action with another legal choice
        probe = new_game(GameConfig(players=2), 3)
        for b in rec["actions"][:i]:
            probe.apply(b)
        others = [x for x in probe.legal_actions() if x != a]
        if others:
            break
    edited = {**rec, "actions": [*rec["actions"][:i], others[0], *rec["actions"][i + 1:]]}
    with pytest.raises(RecordError):
        replay(edited)
    with pytest.raises(RecordError):
        replay({**rec, "seed": 4})


def test_deeply_nested_json_is_one_line(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    one_error_line(cli("replay", path), str(path), "nested")


# ----------------------------------------------------------------- sizes
@pytest.mark.parametrize("args,words", [
    (["tournament", "--games", str(10**12), "--no-progress"], ["--games 1000000000000", "at most", "1_000_000"]),
    (["tournament", "--seed", str(10**30), "--no-progress"], ["--seed", "64-bit"]),
    (["play", "--seed", str(2**64), "-q"], ["seed", "64 bits"]),
    (["fuzz", "--games", str(10**12)], ["--games 1000000000000", "at most 1_000_003"]),
    (["fuzz", "--seed", str(10**30)], ["--seed", "64-bit"]),
])
def test_unbounded_sizes_and_seeds(args, words):
    one_error_line(cli(*args), *words)


def test_sweep_sizes_and_scheduler(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text("games_per_cell = 2\n[fixed]\nagents = [\"random\"]\n")
    one_error_line(cli("sweep", path, "--check", "--games", str(10**12)), "--games", "at most 1_000_000_000")
    one_error_line(cli("sweep", path, "--check", "--chunk-size", str(10**12)), "--chunk-size", "at most 100_000")
    one_error_line(cli("sweep", path, "--scheduler", "not a url", "--out", tmp_path / "o"), "--scheduler",
                   '"not a url"', "HOST:PORT")
    path.write_text(f"games_per_cell = {10**12}\n")
    one_error_line(cli("sweep", path, "--check"), "s.toml", "games_per_cell")
    path.write_text('games_per_cell = 2\n[sweep.overrides]\n"scholars.Sofia.speed" = [3, 99999999999999999999]\n')
    one_error_line(cli("sweep", path, "--check"), "scholars.Sofia.speed", "too large")
    assert not (tmp_path / "o").exists()


# ------------------------------------------------------------------ data
def test_integers_beyond_int64_in_data_files_and_set(tmp_path):
    layer = tmp_path / "layer"
    layer.mkdir()
    (layer / "box.toml").write_text("[rules]\nround_cap = 99999999999999999999999\n")
    one_error_line(cli("data", "--data", layer), "box.toml", "rules.round_cap", "too large")
    one_error_line(cli("data", "--set", f"scholars.Sofia.speed={2**64}"), "scholars.Sofia.speed", "too large")


@pytest.mark.parametrize("key,value,words", [
    ("scholars.Sofia.students", 10**12, ["too large"]),
    ("scholars.Sofia.students", 41, ["grey Students", "at most 40"]),
    ("scholars.Sofia.exalted.hand", 500, ["Trick Cards", "at most"]),
    ("scholars.Sofia.stamina", 999, ["Stun Tokens", "at most"]),
    ("campus.bonfire_spaces", 999, ["at most"]),
])
def test_impossible_values_are_refused_not_ignored(key, value, words):
    one_error_line(cli("data", "--set", f"{key}={value}"), key, *words)
    with pytest.raises(DataError):
        load_data(None, {key: value})


def test_an_empty_layer_file_is_named(tmp_path):
    layer = tmp_path / "layer"
    layer.mkdir()
    (layer / "scholars.toml").write_text("")
    line = one_error_line(cli("play", "--data", layer, "-q"), str(layer), "scholars.toml: empty")
    assert "--set" not in line

