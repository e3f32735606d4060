"""Tests of the sweep runner (experiments/runs/sweep.py, experiments/runs/folder.py), the sweep files
(experiments/runs/config/, experiments/configs/*.toml) and the `sweep`
command.

Kept fast: quick.toml-sized runs (a few hundred games) in this process with
jobs=1; only the comparisons with jobs=2 (loky), with a dask LocalCluster,
and the interrupted runs (a subprocess killed with SIGKILL, one stopped with
SIGINT) start other processes, each of which compiles the agents' batch loop.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from experiments.cli import app
from experiments.dungeonology.results import COLUMNS
from experiments.runs.config import SEED_STRIDE, load_sweep, parse_sweep
from experiments.runs.schema import OVERRIDE_PREFIX
from experiments.runs.sweep import MANIFEST, Chunk, load_rows, plan_chunks, read_manifest, run_sweep, schema_markdown
from sim.kit.errors import ConfigError

ROOT = Path(__file__).resolve().parents[1]
CONFIGS = ROOT / "experiments" / "configs"
QUICK = CONFIGS / "quick.toml"
SET_COL = OVERRIDE_PREFIX + "scholars.Sofia.speed"
runner = CliRunner()


def run_cli(*args: object):
    return runner.invoke(app, [str(a) for a in args])


def rows(run_dir: Path) -> pd.DataFrame:
    return load_rows(run_dir).sort_values(["game", "seat"]).reset_index(drop=True)


def write(tmp_path: Path, text: str, name: str = "exp.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory) -> Path:
    """quick.toml played once in this process (jobs=1, the file's chunks of 30 games)."""
    out = tmp_path_factory.mktemp("quick") / "run"
    result = run_sweep(QUICK, out, jobs=1)
    assert result.games_played == result.games_total == 240
    return out


# ---------------------------------------------------------------- files
@pytest.mark.parametrize("name", ["default", "quick", "million", "whatif", "advanced"])
def test_shipped_configs_are_valid(name):
    plan = load_sweep(CONFIGS / f"{name}.toml")
    assert plan.name == name
    assert plan.cells and plan.games_total > 0
    if name == "million":
        assert plan.games_total == 1_000_000
        assert {c.players for c in plan.cells} == {4}


def test_quick_plan_cells_and_rotation():
    plan = load_sweep(QUICK)
    assert len(plan.cells) == 4  # 2 Alert difficulties x 2 values of Sofia's speed
    assert [(c.alert, dict(c.overrides)["scholars.Sofia.speed"]) for c in plan.cells] == [
        ("easy", 3), ("easy", 5), ("hard", 3), ("hard", 5)]
    cell = plan.cells[0]
    assert cell.agents == ("heuristic", "random", "heuristic") and cell.rotate
    assert plan.override_keys == ("scholars.Sofia.speed",)
    assert plan.game_seed(5) == 7 * SEED_STRIDE + 5


def test_games_are_rounded_to_whole_rotations_and_all_expands():
    plan = parse_sweep({"games_per_cell": 10, "fixed": {"players": 4, "agents": ["heuristic", "random"]},
                        "sweep": {"alert": "all", "clan": "all", "scholars": "all_permutations"}})
    assert plan.games_per_cell == 12 and plan.games_per_cell_requested == 10
    assert len(plan.cells) == 4 * 3 * 24
    same = parse_sweep({"games_per_cell": 10, "fixed": {"agents": ["heuristic"]}})
    assert same.games_per_cell == 10 and not same.cells[0].rotate  # identical agents: nothing to rotate
    combos = parse_sweep({"games_per_cell": 1, "fixed": {"players": 2}, "sweep": {"scholars": "all_combinations"}})
    assert [c.scholars for c in combos.cells][:2] == [("Rebecca", "Valerio"), ("Rebecca", "Sofia")]
    assert len(combos.cells) == 6


def test_skip_invalid_drops_impossible_cells():
    raw = {"games_per_cell": 1, "skip_invalid": True, "sweep": {"players": [2, 4], "player_level": "all"}}
    plan = parse_sweep(raw)
    kept = [(c.players, c.player_level) for c in plan.cells]
    assert (2, "rectors") not in kept and (2, "professors") not in kept and (4, "rectors") in kept
    assert len(plan.cells) == 2 + 4
    assert {(s["players"], s["player_level"]) for s in plan.skipped} == {(2, "professors"), (2, "rectors")}
    assert all("at least" in s["reason"] for s in plan.skipped)


def test_rule_axes_boss_and_panic_apply_only_with_their_rule():
    raw = {"games_per_cell": 1, "skip_invalid": True,
           "sweep": {"rules": [[], ["boss"], ["maximum_alert"], ["maximum_alert", "boss"]],
                     "boss": ["laetus:quarrelsome", "laetus:drunk"], "panic": "all"}}
    plan = parse_sweep(raw)
    cells = [(c.rules, c.boss, c.panic) for c in plan.cells]
    assert cells[0] == ((), "random", "random")  # the basic game, once
    assert [c for c in cells if c[0] == ("boss",)] == [(("boss",), "laetus:quarrelsome", "random"),
                                                       (("boss",), "laetus:drunk", "random")]
    # Angered Laetus needs the Boss rule: dropped from the Maximum Alert cells without it
    assert sorted(c[2] for c in cells if c[0] == ("maximum_alert",)) == ["Darkness", "Pandemonium"]
    assert len([c for c in cells if c[0] == ("boss", "maximum_alert")]) == 2 * 3
    assert {s["panic"] for s in plan.skipped} == {"Angered Laetus"}
    assert all(c.config.rules == c.rules for c in plan.cells)


def test_plan_chunks_cover_exactly_the_missing_games():
    plan = parse_sweep({"games_per_cell": 10, "chunk_size": 4, "sweep": {"alert": ["easy", "hard"]}})
    chunks = plan_chunks(plan)
    assert chunks[:3] == [Chunk(0, 0, 4), Chunk(0, 4, 8), Chunk(0, 8, 10)]
    assert sum(c.games for c in chunks) == 20
    rest = plan_chunks(plan, [(0, 0, 4), (0, 8, 10), (1, 13, 17)])
    games = sorted(g for c in rest for g in range(c.lo, c.hi))
    assert games == [4, 5, 6, 7, 10, 11, 12, 17, 18, 19]
    assert all(c.hi - c.lo <= 4 and c.cell == c.lo // 10 for c in rest)
    assert Chunk(3, 400, 800).file == "part-c0003-g000000400-000000800.parquet"


# ------------------------------------------------------------- results
def test_rows_have_every_schema_column_with_its_dtype(quick_run):
    df = load_rows(quick_run)
    assert list(df.columns) == [*COLUMNS, SET_COL]
    for name, (dtype, _) in COLUMNS.items():
        assert str(df[name].dtype) == dtype, name
    assert str(df[SET_COL].dtype) == "Int64"  # a swept whole number keeps its type (not its text)
    for part in quick_run.glob("part-*.parquet"):  # every part alone has the same columns and dtypes
        one = pd.read_parquet(part)
        assert list(one.columns) == list(df.columns)
        assert [str(t) for t in one.dtypes] == [str(t) for t in df.dtypes]


def test_rows_content(quick_run):
    df = rows(quick_run)
    assert len(df) == 240 * 3
    assert not df.duplicated(["game", "seat"]).any()
    assert sorted(df["game"].unique()) == list(range(240))
    assert (df["seed"] == 7 * SEED_STRIDE + df["game"]).all()
    assert (df["cell"] == df["game"] // 60).all()
    assert (df["run"] == "quick").all() and (df["players"] == 3).all()
    assert (df["rules"] == "").all()
    assert (df["agents"] == "heuristic,random,heuristic").all()
    by_cell = df.drop_duplicates("cell").set_index("cell")
    assert by_cell["alert"].tolist() == ["easy", "easy", "hard", "hard"]
    assert by_cell[SET_COL].tolist() == [3, 5, 3, 5]
    # rotation: game i of a cell seats entry (p + i) mod 3 at seat p; every entry plays every seat
    seats = ["heuristic", "random", "heuristic"]
    i = df["game"] % 60
    expected = [seats[(p + g) % 3] for p, g in zip(df["seat"], i, strict=True)]
    assert df["agent"].astype(str).tolist() == expected
    assert (df.groupby("seat", observed=True)["agent"].apply(lambda a: (a == "random").sum()) == 80).all()
    assert (df["won"] == (df["rank"] == 1)).all()
    assert (df["thesis_submitted"] == (df["thesis_order"] > 0)).all()
    assert (df["turn_position"] == (df["seat"] - df["first_player"]) % 3).all()
    assert (df["error"] == 0).all()
    assert set(df["scholar"].astype(str)) <= {"Rebecca", "Valerio", "Sofia", "Vincenzo"}


def test_manifest(quick_run):
    m = read_manifest(quick_run)
    assert m["complete"] and m["name"] == "quick"
    assert m["counts"] == {"cells": 4, "cells_skipped": 0, "games_per_cell": 60, "games_total": 240,
                           "games_done": 240, "rows": 720, "parts": 8, "errors": 0, "cells_complete": 4}
    assert len(m["data"]["hash"]) == 64 and m["data"]["provisional"] is True
    assert [la["name"] for la in m["data"]["layers"]] == ["base"]  # the provenance of the run's data
    assert len(m["provisional_values"]) == m["data"]["provisional_values"] > 0  # as `dungeonology data` lists them
    assert {"layer", "file", "key", "value", "note"} <= set(m["provisional_values"][0])
    assert m["data"]["values"]["provisional"] >= m["data"]["provisional_values"]  # scalar values, by status
    assert m["code_version"]["package"]
    assert m["seeds"]["master"] == 7 and m["seeds"]["first"] == 7 * SEED_STRIDE
    assert m["columns"][SET_COL] == "Int64" and list(m["columns"])[: len(COLUMNS)] == list(COLUMNS)
    assert [c["alert"] for c in m["cells"]] == ["easy", "easy", "hard", "hard"]
    session = m["timings"]["sessions"][-1]
    assert session["games_played"] == 240 and session["wall_s"] > 0
    assert session["peak_memory"]["parent_mib"] > 0
    files = sorted(p.name for p in quick_run.glob("part-*.parquet"))
    assert files == [p["file"] for p in m["parts"]]
    for p in m["parts"]:
        assert (quick_run / p["file"]).stat().st_size == p["bytes"] and len(p["sha256"]) == 64
        assert pq.read_metadata(quick_run / p["file"]).num_rows == p["rows"] == 90


def test_rerun_of_a_complete_run_plays_nothing(quick_run):
    before = {p.name: p.stat().st_mtime_ns for p in quick_run.glob("part-*.parquet")}
    result = run_sweep(QUICK, quick_run, jobs=1)
    assert result.games_played == 0 and result.games_resumed == 240
    assert {p.name: p.stat().st_mtime_ns for p in quick_run.glob("part-*.parquet")} == before


# --------------------------------------------------------- determinism
@pytest.mark.parametrize("chunk", [50, 200])
def test_same_rows_for_any_chunk_size(quick_run, tmp_path, chunk):
    run_sweep(QUICK, tmp_path / "run", chunk_size=chunk, jobs=1)
    assert len(list((tmp_path / "run").glob("part-*.parquet"))) == (8 if chunk == 50 else 4)
    pd.testing.assert_frame_equal(rows(tmp_path / "run"), rows(quick_run))


def test_same_rows_with_two_loky_jobs(quick_run, tmp_path):
    result = run_sweep(QUICK, tmp_path / "run", chunk_size=20, jobs=2)
    assert result.peak["workers"] >= 1
    pd.testing.assert_frame_equal(rows(tmp_path / "run"), rows(quick_run))


def test_the_parent_compiles_each_loop_before_the_workers_start(quick_run, tmp_path, monkeypatch):
    """With more than one job, the first chunk of each distinct compiled loop is played in the parent
    (compiling it once); the pool gets the rest, and the rows are the same."""
    from experiments.runs import executors

    pooled: list = []

    def pool(tasks, chunks, jobs):
        pooled.extend(chunks)
        for chunk in chunks:
            yield executors.play_task(tasks[chunk.cell], chunk)

    monkeypatch.setattr(executors, "_loky", pool)
    result = run_sweep(QUICK, tmp_path / "run", chunk_size=30, jobs=2)
    manifest = json.loads((tmp_path / "run" / MANIFEST).read_text())
    files = [p["file"] for p in manifest["parts"]]
    assert len(pooled) == len(files) - 1 and files[0] not in {c.file for c in pooled}
    assert result.games_played == 240
    pd.testing.assert_frame_equal(rows(tmp_path / "run"), rows(quick_run))


def test_same_rows_on_a_dask_cluster(quick_run, tmp_path):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=None) as cluster:
        result = run_sweep(QUICK, tmp_path / "run", backend="dask", scheduler=cluster.scheduler_address)
    assert result.games_played == 240
    pd.testing.assert_frame_equal(rows(tmp_path / "run"), rows(quick_run))


# --------------------------------------------------------------- resume
def _start(out: Path, *extra: str) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "experiments.cli", "sweep", str(QUICK), "--out", str(out), "--jobs", "1",
           "--no-progress", "--games", "600", "--chunk-size", "10", *extra]
    return subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for_parts(proc: subprocess.Popen, out: Path, n: int = 3, timeout: float = 300) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            done = len(json.loads((out / MANIFEST).read_text())["parts"])
        except (OSError, ValueError, KeyError):
            done = 0
        if done >= n:
            return done
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.005)
    proc.kill()
    raise AssertionError("no parts written in time")


def _check_whole_parts(out: Path) -> set[int]:
    """Every part file is a complete Parquet file; the games of the listed parts, no game twice."""
    m = read_manifest(out)
    listed = {p["file"] for p in m["parts"]}
    games: list[int] = []
    for path in out.glob("part-*.parquet"):
        table = pq.read_table(path)  # a half-written file would not read
        if path.name in listed:
            games += sorted(set(table.column("game").to_pylist()))
    assert len(games) == len(set(games))
    assert not m["complete"]
    return set(games)


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory) -> pd.DataFrame:
    out = tmp_path_factory.mktemp("whole") / "run"
    run_sweep(QUICK, out, games=600, chunk_size=150, jobs=1)
    return rows(out)


def test_resume_after_a_killed_run(tmp_path, uninterrupted):
    out = tmp_path / "run"
    proc = _start(out)
    _wait_for_parts(proc, out)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done = _check_whole_parts(out)
    assert 30 <= len(done) < 2400
    result = run_sweep(QUICK, out, games=600, chunk_size=10, jobs=1)
    assert result.games_resumed >= len(done) and result.games_played + result.games_resumed == 2400
    df = rows(out)
    assert not df.duplicated(["game", "seat"]).any() and df["game"].nunique() == 2400
    pd.testing.assert_frame_equal(df, uninterrupted)
    assert not [p for p in out.iterdir() if p.name.endswith(".tmp")]
    assert len(read_manifest(out)["timings"]["sessions"]) == 2


def test_ctrl_c_leaves_only_whole_parts(tmp_path, uninterrupted):
    out = tmp_path / "run"
    proc = _start(out, "--chunk-size", "2")  # 300 parts: a warm engine cannot finish before the signal lands
    _wait_for_parts(proc, out)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "run the same command again" in err
    _check_whole_parts(out)
    assert not [p for p in out.iterdir() if p.name.endswith(".tmp")]
    m = read_manifest(out)
    assert m["timings"]["sessions"][-1]["interrupted"] is True
    assert {p["file"] for p in m["parts"]} == {p.name for p in out.glob("part-*.parquet")}
    run_sweep(QUICK, out, games=600, chunk_size=77, jobs=1)  # another chunk size: still the same rows
    pd.testing.assert_frame_equal(rows(out), uninterrupted)


def test_untrusted_parts_are_replayed(quick_run, tmp_path):
    import shutil

    out = tmp_path / "run"
    shutil.copytree(quick_run, out)
    parts = sorted(out.glob("part-*.parquet"))
    parts[0].write_bytes(parts[0].read_bytes()[:100])  # truncated
    parts[1].unlink()  # missing
    (out / ".part-c0003-g000000210-000000240.parquet.tmp").write_bytes(b"half")
    result = run_sweep(QUICK, out, jobs=1)
    assert result.games_played == 60 and result.replayed_parts == 2
    pd.testing.assert_frame_equal(rows(out), rows(quick_run))


# --------------------------------------------------------------- errors
BASE = 'games_per_cell = 2\n'


@pytest.mark.parametrize("text,words", [
    (BASE + "games_per_cel = 3\n", ["exp.toml", "games_per_cel", "unknown key", "allowed: name, description"]),
    (BASE + "[fixed]\nplayer = 4\n", ["fixed.player", "unknown key in [fixed]", "players"]),
    ("games_per_cell = 0\n", ["games_per_cell = 0", "at least 1"]),
    (BASE + 'seed = "one"\n', ["seed", "whole number"]),
    (BASE + '[fixed]\nplayers = 5\n', ["fixed.players = 5", "2, 3 or 4"]),
    (BASE + '[sweep]\nalert = ["easy", "brutal"]\n', ['sweep.alert[1] = "brutal"', "unknown Alert difficulty",
                                                       "introductory, easy, medium, hard"]),
    (BASE + '[sweep]\nalert = []\n', ["sweep.alert", "empty list"]),
    (BASE + '[sweep]\nalert = ["easy", "easy"]\n', ["sweep.alert[1]", "listed twice"]),
    (BASE + '[sweep]\nscholars = [["Sofia", "Bob"]]\n', ['sweep.scholars[0][1] = "Bob"', "unknown Scholar",
                                                         "Rebecca, Valerio, Sofia, Vincenzo"]),
    (BASE + '[sweep]\nscholars = "everyone"\n', ["sweep.scholars", "all_combinations"]),
    (BASE + '[sweep]\nclan = ["Nobody"]\n', ["unknown Clan Card", "Golden Horns"]),
    (BASE + '[fixed]\nplayers = 2\n[sweep]\nplayer_level = ["students", "rectors"]\n',
     ["impossible cell", '"rectors"', "needs at least 4 players", "skip_invalid"]),
    (BASE + '[fixed]\nagents = ["heuristic:bogus=1"]\n', ['fixed.agents[0] = "heuristic:bogus=1"',
                                                          "unknown parameter", "risk"]),
    (BASE + '[fixed]\nagents = ["alphazero"]\n', ["unknown agent", "heuristic, ismcts, random"]),
    (BASE + '[fixed]\nplayers = 2\nagents = ["random", "random", "heuristic"]\n',
     ["impossible cell", "3 agents for 2 seats"]),
    (BASE + '[sweep]\nagents = ["heuristic"]\n', ["sweep.agents", "list of seat lists"]),
    (BASE + '[fixed]\nrules = ["campus_events"]\n', ['fixed.rules[0] = "campus_events"', "unknown module",
                                                    "boss, dangerous_zones, maximum_alert, main_effects"]),
    (BASE + '[fixed]\nmodules = ["campus_events"]\n', ['fixed.modules[0] = "campus_events"', "unknown module"]),
    (BASE + '[fixed]\nrules = ["boss", "boss"]\n', ["fixed.rules", "named once"]),
    (BASE + '[fixed]\nmodules = ["specialists"]\n', ['fixed.modules = ["specialists"]',
                                                   "specialists requires main_effects"]),
    (BASE + '[sweep]\nmodules = [[], ["dangerous_zones", "floor_iv"]]\n', ["sweep.modules[1]",
                                                                          "floor_iv requires rocca_civetta"]),
    (BASE + '[fixed]\nmodules = ["boss"]\nrules = ["boss"]\n', ["fixed.rules", "older name of modules"]),
    (BASE + '[sweep]\nrules = [[], ["boss"]]\nboss = ["laetus:sober"]\n', ['sweep.boss[0] = "laetus:sober"',
                                                                         "drunk"]),
    (BASE + '[fixed]\nalert = "easy"\n[sweep]\nalert = ["hard"]\n', ["sweep.alert", "either fixed or swept"]),
    (BASE + '[sweep.overrides]\n"scholars.Sofia.sped" = [3, 4]\n',
     ['sweep.overrides."scholars.Sofia.sped"[0] = 3', "no key 'sped'", "speed"]),
    (BASE + '[sweep.overrides]\n"scholars.Sofia.speed" = 4\n', ["sweep.overrides", "lists of values"]),
    (BASE + '[fixed.overrides]\n"scholars.Sofia.speed" = "fast"\n', ['fixed.overrides."scholars.Sofia.speed"']),
    (BASE + 'name = "a/b"\n', ["name", "letters, digits"]),
    (BASE + "[fixed\nplayers = 4\n", ["exp.toml", "TOML syntax error"]),
])
def test_bad_sweep_files_give_one_clear_line_and_exit_2(tmp_path, text, words):
    path = write(tmp_path, text)
    result = run_cli("sweep", path, "--out", tmp_path / "out", "--jobs", "1", "--no-progress")
    assert result.exit_code == 2, result.output
    line = result.output.strip()
    assert line.startswith("error: ") and "\n" not in line and "Traceback" not in line
    for w in words:
        assert w in line, (w, line)
    assert not (tmp_path / "out" / MANIFEST).exists()


@pytest.mark.parametrize("args,words", [
    (["missing.toml"], ["missing.toml", "not found"]),
    ([QUICK, "--jobs", "0"], ["--jobs 0", "at least 1"]),
    ([QUICK, "--games", "0"], ["--games 0"]),
    ([QUICK, "--backend", "spark"], ["--backend", "loky, dask"]),
    ([QUICK, "--backend", "loky", "--scheduler", "tcp://x:1"], ["--scheduler", "dask"]),
])
def test_bad_command_line_exits_2(tmp_path, args, words):
    result = run_cli("sweep", *args, "--out", tmp_path / "out", "--no-progress")
    assert result.exit_code == 2, result.output
    for w in words:
        assert w in result.output, (w, result.output)


def test_changed_configuration_needs_fresh(quick_run, tmp_path):
    import shutil

    out = tmp_path / "run"
    shutil.copytree(quick_run, out)
    result = run_cli("sweep", QUICK, "--out", out, "--games", "30", "--jobs", "1", "--no-progress")
    assert result.exit_code == 2
    line = result.output.strip()
    assert "another configuration" in line and "games_per_cell (60 -> 30)" in line and "--fresh" in line
    assert len(list(out.glob("part-*.parquet"))) == 8  # untouched
    result = run_cli("sweep", QUICK, "--out", out, "--games", "3", "--jobs", "1", "--no-progress", "--fresh")
    assert result.exit_code == 0, result.output
    assert "Played 12 games" in result.output
    assert read_manifest(out)["counts"]["games_total"] == 12
    assert len(list(out.glob("part-*.parquet"))) == 4


def test_a_folder_that_is_not_a_run_is_refused(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    result = run_cli("sweep", QUICK, "--out", tmp_path, "--games", "3", "--jobs", "1", "--no-progress", "--fresh")
    assert result.exit_code == 2 and "not a sweep run folder" in result.output
    assert (tmp_path / "notes.txt").exists()


def test_skip_invalid_cells_are_listed_in_the_manifest(tmp_path):
    path = write(tmp_path, 'games_per_cell = 2\nskip_invalid = true\n[fixed]\nagents = ["random"]\n'
                           '[sweep]\nplayers = [2, 3]\nplayer_level = ["students", "professors"]\n')
    result = run_cli("sweep", path, "--out", tmp_path / "out", "--jobs", "1", "--no-progress")
    assert result.exit_code == 0, result.output
    assert "1 impossible cells skipped" in result.output
    m = read_manifest(tmp_path / "out")
    assert m["skipped_cells"][0]["players"] == 2 and m["skipped_cells"][0]["player_level"] == "professors"
    assert m["counts"]["cells"] == 3 and m["counts"]["games_done"] == 6


def test_parse_errors_are_config_errors_naming_the_file(tmp_path):
    with pytest.raises(ConfigError) as info:
        load_sweep(write(tmp_path, "games_per_cell = 1\n[sweep]\nplayers = [2, 7]\n"))
    assert info.value.file.endswith("exp.toml") and info.value.key == "sweep.players[1]" and info.value.value == 7


def test_sweep_command_prints_the_summary(tmp_path):
    result = run_cli("sweep", QUICK, "--out", tmp_path / "run", "--games", "3", "--jobs", "1", "--no-progress")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "4 cells x 3 games = 12 games" in out and "Played 12 games" in out and "games/s" in out
    assert "Peak memory" in out
    again = run_cli("sweep", QUICK, "--out", tmp_path / "run", "--games", "3", "--jobs", "1", "--no-progress")
    assert again.exit_code == 0 and "Nothing to play" in again.output


def test_results_doc_lists_every_column():
    doc = (ROOT / "docs" / "RESULTS.md").read_text(encoding="utf-8")
    assert schema_markdown() in doc
    for name in COLUMNS:
        assert f"`{name}`" in doc


def test_seeds_do_not_depend_on_the_cell_layout():
    a = parse_sweep({"games_per_cell": 5, "seed": 3})
    b = parse_sweep({"games_per_cell": 5, "seed": 3, "sweep": {"alert": ["easy", "hard"]}})
    assert a.game_seed(4) == b.game_seed(4) == 3 * SEED_STRIDE + 4
    assert np.unique([b.game_seed(g) for g in range(b.games_total)]).size == 10


def test_main_runs_the_default_sweep_and_builds_the_report(tmp_path, monkeypatch):
    pytest.importorskip("experiments.report.build")
    import experiments.dungeonology.cli.main as main

    monkeypatch.setattr(main, "DEFAULT_SWEEP", QUICK)
    result = run_cli("main", "--out", tmp_path / "main", "--games", "6", "--jobs", "1", "--no-progress")
    assert result.exit_code == 0, result.output
    assert "Played 24 games" in result.output and "Report: " in result.output
    report = Path(result.output.split("Report: ")[1].strip())
    assert report.exists()
