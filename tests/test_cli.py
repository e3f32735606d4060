"""Tests of the `dungeonology` command line (experiments/cli/) and of the
narration (experiments/dungeonology/narrate.py), fuzzer and benchmark behind it."""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import experiments.checks.fuzz as fuzz
from agents.random_agent import RandomAgent
from experiments.cli import app
from experiments.dungeonology.cli import build_config
from experiments.dungeonology.narrate import narrate, snapshot
from sim import GameConfig, new_game, replay
from sim.dungeonology.config import compile_config
from sim.dungeonology.core.checks.invariants import INVARIANTS
from sim.dungeonology.loader import DATA_DIR

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def section(text: str) -> str:
    """The log and the result, without the lines that differ between play and replay."""
    start = text.index("Dungeonology:")
    end = text.index("score = board")
    return text[start:end]


# ------------------------------------------------------------------ play
def test_play_prints_turns_and_scores():
    r = run("play", "--players", 4, "--seed", 7)
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "=== Turn 1 (round 1): seat" in out
    assert "=== Turn 2 (round 1)" in out
    assert "Stealth Test" in out and "Alert Value" in out
    assert ("SUCCESS" in out) or ("FAILURE" in out)
    assert "Zone " in out and " placed at " in out
    assert "Game over:" in out
    assert "Final scores:" in out and "WINNER" in out
    assert "Note: provisional data in use" in out


def test_play_quiet_prints_only_the_result():
    r = run("play", "--players", 2, "--seed", 3, "--quiet")
    assert r.exit_code == 0, r.output
    assert "=== Turn" not in r.stdout
    assert "Final scores:" in r.stdout


def test_play_save_then_replay_gives_same_log_and_result(tmp_path: Path):
    rec = tmp_path / "game.json"
    r1 = run("play", "--players", 3, "--seed", 11, "--save", rec)
    assert r1.exit_code == 0, r1.output
    record = json.loads(rec.read_text())
    g = replay(record)
    assert g.is_terminal()
    r2 = run("replay", rec)
    assert r2.exit_code == 0, r2.output
    assert section(r1.stdout) == section(r2.stdout)


@pytest.mark.parametrize("scholars", [[], ["Sofia", "Valerio"]])
def test_play_is_the_batch_game_with_the_same_seed(tmp_path: Path, scholars: list[str]):
    rec = tmp_path / "game.json"
    opts = [x for name in scholars for x in ("--scholar", name)]
    r = run("play", "--players", 3, "--seed", 5, "--quiet", "--save", rec, *opts)
    assert r.exit_code == 0, r.output
    actions = json.loads(rec.read_text())["actions"]
    config = build_config(3, scholars=scholars)
    decisions, errors, turns = fuzz.play_random(compile_config(config), [5])
    assert int(errors[0]) == 0
    assert int(decisions[0]) == len(actions)
    assert int(turns[0]) == replay(json.loads(rec.read_text())).result()["turns"]


def test_play_options_reach_the_config(tmp_path: Path):
    rec = tmp_path / "game.json"
    r = run("play", "--players", 4, "--seed", 1, "--quiet", "--save", rec, "--alert", "hard", "--level", "rectors",
            "--scholar", "Sofia", "--set", "scholars.Sofia.speed=5")
    assert r.exit_code == 0, r.output
    cfg = json.loads(rec.read_text())["config"]
    assert cfg["alert"] == "hard" and cfg["player_level"] == "rectors"
    assert cfg["scholars"] == ["Sofia", None, None, None]
    assert cfg["overrides"] == {"scholars.Sofia.speed": "5"}
    g = replay(json.loads(rec.read_text()))
    assert g.to_dict()["players"][0]["scholar"] == "Sofia"


# ------------------------------------------------------------------ data
def test_data_lists_provisional_values():
    r = run("data")
    assert r.exit_code == 0, r.output
    assert "Provisional values (" in r.stdout
    assert "zones.toml" in r.stdout
    r2 = run("data", "--set", "scholars.Sofia.speed=4")
    assert r2.exit_code == 0, r2.output


def test_data_every_value_and_modules():
    r = run("data", "--all", "--modules", "boss")
    assert r.exit_code == 0, r.output
    assert "scholars.Sofia.speed" in r.stdout and "box base" in r.stdout
    bad = run("data", "--modules", "specialists")
    assert bad.exit_code == 2
    assert "specialists requires main_effects" in bad.output


def test_data_schema_writes_one_json_schema_per_file(tmp_path: Path):
    r = run("data", "--schema", str(tmp_path / "schemas"))
    assert r.exit_code == 0, r.output
    written = sorted(p.name for p in (tmp_path / "schemas").iterdir())
    assert "scholars.toml.schema.json" in written and "zones.toml.schema.json" in written
    assert json.loads((tmp_path / "schemas" / "scholars.toml.schema.json").read_text())["type"] == "object"


@pytest.mark.parametrize("command", ["play", "fuzz", "bench", "data"])
def test_help_mentions_provisional_data(command: str):
    r = run(command, "--help")
    assert r.exit_code == 0
    assert "provisional" in r.stdout
    assert "provisional" in run("--help").stdout


# ------------------------------------------------------------------ fuzz
def test_fuzz_passes(tmp_path: Path):
    r = run("fuzz", "--games", 20, "--no-progress", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    assert "No invariant violated" in r.stdout
    for n in (2, 3, 4):
        assert re.search(rf"^\s*{n}\s+20\s", r.stdout, re.M), r.stdout
    assert not list(tmp_path.iterdir())


def test_fuzz_all_combinations_covers_the_16_rule_sets(tmp_path: Path):
    r = run("fuzz", "--games", 3, "--players", 4, "--all-combinations", "--no-progress", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    assert "No invariant violated" in r.stdout
    combos = fuzz.rule_combinations()  # the base box's 16, and (issue 16) those with the expansion's modules
    assert combos[0] == () and len(set(combos)) == len(combos)
    assert len([c for c in combos if not {"rocca_civetta"} & set(c)]) == 16
    assert f"Total: {3 * len(combos)} games" in r.stdout
    assert r.stdout.count("rules: ") == len(combos) - 1 and "basic game" in r.stdout
    assert "rules: boss+dangerous_zones+maximum_alert+main_effects" in r.stdout, r.stdout


def test_rules_options_reach_the_config(tmp_path: Path):
    rec = tmp_path / "game.json"
    r = run("play", "--quiet", "--save", rec, "--rules", "all")
    assert r.exit_code == 0, r.output
    assert json.loads(rec.read_text())["config"]["modules"] == ["boss", "dangerous_zones", "maximum_alert",
                                                                "main_effects"]
    assert build_config(4, rules="none").rules == () and build_config(4, rules="boss").rules == ("boss",)


def test_run_fuzz_report():
    report = fuzz.run_fuzz([GameConfig(players=2), GameConfig(players=4)], games=30, seed=2, progress=False)
    assert report.ok and report.games == 60 and report.decisions > 0
    assert [r.players for r in report.rows] == [2, 4]
    assert fuzz.game_seed(2, 5) == 2 * 1_000_003 + 5


def test_fuzz_failure_is_rebuilt_as_a_replayable_record(tmp_path: Path, monkeypatch):
    """A violation reported by the batch is rebuilt in Python, written, and named."""
    real_batch = fuzz.play_random

    def batch(compiled, seeds, check_every=True):
        dec, err, turns = real_batch(compiled, seeds, check_every)
        if 1 in seeds:
            err[seeds.index(1)] = 7
        return dec, err, turns

    calls = {"n": 0}

    def check(state, tables):
        calls["n"] += 1
        return 7 if calls["n"] == 25 else 0

    monkeypatch.setattr(fuzz, "play_random", batch)
    monkeypatch.setattr(fuzz, "invariants_of", lambda game: check)
    r = run("fuzz", "--games", 3, "--players", 2, "--no-progress", "--out", tmp_path)
    assert r.exit_code == 1, r.output
    assert INVARIANTS[7] in r.stdout
    path = tmp_path / "failure-2p-1.json"
    assert path.is_file()
    g = replay(json.loads(path.read_text()))
    assert len(g.history) == 25
    r2 = run("replay", path)
    assert r2.exit_code == 0, r2.output
    assert "the game is not over" in r2.stdout


# ----------------------------------------------------------------- bench
def test_bench_quick_without_cold_start():
    r = run("bench", "--quick", "--no-cold", "--games", 50)
    assert r.exit_code == 0, r.output
    for word in ("games/s", "decisions/s", "Peak memory", "Warm start", "Sweep worker start", "JIT speed-up",
                 "PROVISIONAL", "Advanced rules", "per decision"):
        assert word in r.stdout
    assert "same games as with the JIT: yes" in r.stdout


@pytest.mark.slow
def test_bench_quick():
    r = run("bench", "--quick")
    assert r.exit_code == 0, r.output
    assert "Cold start" in r.stdout and "not measured" not in r.stdout


# ---------------------------------------------------------------- errors
@pytest.fixture
def broken_data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    with (folder / "scholars.toml").open("a", encoding="utf-8") as fh:
        fh.write("\nspeed = = 3\n")
    return folder


@pytest.fixture
def records(tmp_path: Path) -> dict[str, Path]:
    good = new_game(GameConfig(players=2), 3)
    agent = RandomAgent(3)
    for _ in range(10):
        good.apply(agent.choose(good.engine_legal_actions()))
    rec = good.record()
    illegal = dict(rec, actions=[*rec["actions"][:5], 9999])
    paths = {"illegal": tmp_path / "illegal.json", "notjson": tmp_path / "notjson.json",
             "missing": tmp_path / "missing.json", "badconfig": tmp_path / "badconfig.json"}
    paths["illegal"].write_text(json.dumps(illegal))
    paths["notjson"].write_text("this is not JSON {")
    paths["badconfig"].write_text(json.dumps(dict(rec, config=dict(rec["config"], players=9))))
    return paths


ERRORS = [
    (["play", "--players", "5"], "--players 5"),
    (["play", "--players", "1"], "--players 1"),
    (["play", "--scholar", "Bob"], "unknown Scholar"),
    (["play", "--players", "3", "--level", "rectors"], "at least 4 players"),
    (["play", "--set", "scholars.Sofia.sped=4"], "no key 'sped'"),
    (["play", "--set", "malformed"], "KEY=VALUE"),
    (["play", "--set", "scholars.Sofia.speed=fast"], "wrong type"),
    (["play", "--alert", "extreme"], "unknown Alert difficulty"),
    (["play", "--players", "2", "--scholar", "Sofia", "--scholar", "Rebecca", "--scholar", "Valerio"], "--scholar"),
    (["play", "--data", "DATA"], "scholars.toml"),
    (["data", "--data", "DATA"], "scholars.toml"),
    (["data", "--set", "nothing.here=1"], "no key 'nothing'"),
    (["fuzz", "--players", "7"], "--players 7"),
    (["fuzz", "--players", "3", "--level", "rectors"], "rectors"),
    (["bench", "--players", "five"], "--players"),
    (["play", "--rules", "boss,campus"], "--rules \"campus\": unknown module"),
    (["play", "--modules", "boss,campus"], "--modules \"campus\": unknown module"),
    (["play", "--rules", "boss,boss"], "named once"),
    (["play", "--boss", "laetus"], "--boss \"laetus\": boss is only used with the 'boss' module"),
    (["play", "--panic", "Darkness"], "only used with the 'maximum_alert' module"),
    (["fuzz", "--all-combinations", "--boss", "laetus"], "leave them out"),
    (["replay", "notjson"], "notjson.json: not a JSON game record"),
    (["replay", "missing"], "missing.json: cannot read the record"),
    (["replay", "illegal"], "is not legal"),
    (["replay", "badconfig"], "badconfig.json: players = 9"),
]


@pytest.mark.parametrize(("args", "expected"), ERRORS, ids=[" ".join(a) for a, _ in ERRORS])
def test_bad_input_exits_2_with_one_line(args, expected, broken_data, records):
    args = [str(broken_data) if a == "DATA" else str(records[a]) if a in records else a for a in args]
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
    err = r.stderr.strip()
    assert err.startswith("error: ") and "\n" not in err, err
    assert expected in err
    assert "Traceback" not in r.output


@pytest.mark.parametrize("args", [["play", "--players", "x"], ["play", "--seed", "-1"], ["nosuchcommand"]])
def test_usage_errors_exit_2(args):
    r = run(*args)
    assert r.exit_code == 2
    assert "Traceback" not in r.output


def test_entry_point_error_in_a_real_process():
    proc = subprocess.run([sys.executable, "-m", "experiments.cli", "play", "--players", "5"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "error: --players 5: the game is for 2, 3 or 4 players"
    assert proc.stdout == ""


# --------------------------------------------------------------- narrate
@pytest.fixture(scope="module")
def start() -> dict:
    return snapshot(new_game(GameConfig(players=3), 4))


def test_narrate_is_pure_and_reports_a_thesis(start):
    before = copy.deepcopy(start)
    after = copy.deepcopy(start)
    seat = start["turn_of"]
    name = start["players"][seat]["scholar"]
    after["players"][seat]["thesis"] = 1
    after["players"][seat]["zone"] = "Starting Zone"
    after["players"][seat]["knowledge"] = True
    after["clan_public"] = True
    after["thesis_count"] = 1
    lines = narrate(before, after, "Submit the Thesis")
    assert before == start
    assert lines[0].endswith(f"{name}: Submit the Thesis")
    assert any(f"Thesis of {name}: SUCCESS" in x for x in lines)
    assert any("Knowledge Token" in x for x in lines)
    assert any("Clan Card revealed" in x for x in lines)
    failed = copy.deepcopy(start)
    failed["stats"][seat]["thesis_fails"] += 1
    failed["players"][seat]["jinx"] = [{"name": "Bad Omen", "face": "up"}]
    lines = narrate(start, failed, "Submit the Thesis")
    assert any("FAILURE" in x for x in lines)
    assert any("gets a Jinx Card face up: Bad Omen" in x for x in lines)


def test_narrate_stealth_test_and_omega(start):
    seat = start["turn_of"]
    test = {"kind": "study", "active": seat, "alert_value": 5, "stealth_value": 0, "declared": False,
            "cubes_indicated": 2}
    a = copy.deepcopy(start)
    a["test"] = test
    lines = narrate(start, a, "Study 2 cubes")
    assert any("begins a Study Stealth Test" in x and "Alert Value 5" in x for x in lines)
    b = copy.deepcopy(a)
    b["test"] = dict(test, stealth_value=6, declared=True)
    lines = narrate(a, b, "Declare the Stealth Value")
    assert any("Stealth Value 0 -> 6" in x for x in lines)
    c = copy.deepcopy(b)
    c["test"] = None
    c["stats"][seat]["studies"] += 1
    c["stats"][seat]["study_wins"] += 1
    c["last_test"] = {"kind": "study", "active": seat, "target": None, "declared_stealth": 6, "stealth_value": 6,
                      "alert_value": 5, "success": True, "turn": 1}
    lines = narrate(b, c, "Pass")
    assert any("Stealth Value 6 vs Alert Value 5: SUCCESS" in x for x in lines)
    d = copy.deepcopy(start)
    d["alert"]["omega_placed"] += 1
    d["players"][0]["jinx"] = [{"name": "Clumsy", "face": "down"}]
    lines = narrate(start, d, "End the turn")
    assert any("Omega Student drawn" in x for x in lines)
    assert any("Jinx Card face down (Clumsy)" in x for x in lines)
    e = copy.deepcopy(d)
    e["players"][0]["jinx"] = [{"name": "Clumsy", "face": "up"}]
    assert any("Jinx revealed" in x for x in narrate(d, e, "End the turn"))


def test_narrate_new_turn_and_end(start):
    a = copy.deepcopy(start)
    a["turn"] += 1
    a["turn_of"] = (start["turn_of"] + 1) % 3
    assert narrate(start, a, "End the turn")[-1].startswith(f"=== Turn {a['turn']} ")
    b = copy.deepcopy(a)
    b["over"], b["end_reason"] = True, "alert_full"
    assert narrate(start, b, "End the turn")[-1].startswith("Game over: alert_full")


def test_every_end_reason_has_a_text():
    from experiments.dungeonology.narrate import END_REASON_TEXT
    from sim.dungeonology import layout as L

    assert set(L.END_REASONS[1:]) == set(END_REASON_TEXT)


def test_actions_doc_matches_the_action_space():
    from sim.dungeonology import layout as L
    from sim.dungeonology.actions import VERBS

    doc = (Path(__file__).parent.parent / "docs" / "ACTIONS.md").read_text(encoding="utf-8")
    assert f"a fixed space of {L.NUM_ACTIONS} actions" in doc
    for name, first, count in VERBS:
        assert f"| `{name}` | {first} | {count} |" in doc, name
