"""Runs that cannot be turned against the machine or miscounted: nothing written through a link
planted in a run folder, parts bound to their games, bounded --jobs and --boot, --games refused
beside --total-games, no run folder for an unreachable scheduler, a fast sweep --check, workers that
die with a killed tournament or league, and tune files and storage errors refused in one line.

Small runs: 2 players, random agents, 2 games per cell."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from experiments.cli import app
from experiments.runs.folder import MANIFEST, SweepError, verify_run
from experiments.runs.jobs import processes, usable_cpus
from experiments.runs.sweep import load_rows, run_sweep
from tests.cli_checks import alive, children

ROOT = Path(__file__).resolve().parents[1]
TINY = """name = "tiny"
games_per_cell = 2
seed = 5
chunk_size = 2
[fixed]
players = 2
agents = ["random"]
[sweep]
alert = ["easy", "hard"]
"""
FIRST, SECOND = "part-c0000-g000000000-000000002.parquet", "part-c0001-g000000002-000000004.parquet"
runner = CliRunner()


def cli(*args: object):
    return runner.invoke(app, [str(a) for a in args])


def one_error(result) -> str:
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert len(lines) == 1 and lines[0].startswith("error"), result.output
    return lines[0]


@pytest.fixture(scope="module")
def sweep_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("cfg") / "tiny.toml"
    path.write_text(TINY, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def whole(tmp_path_factory, sweep_file) -> Path:
    out = tmp_path_factory.mktemp("whole") / "run"
    run_sweep(sweep_file, out, jobs=1)
    return out


def rows(run_dir: Path) -> pd.DataFrame:
    return load_rows(run_dir).sort_values(["game", "seat"]).reset_index(drop=True)


# ------------------------------------------------------------ planted links
@pytest.mark.parametrize("planted", ["._manifest.json.tmp", f".{FIRST}.tmp", ".lock"])
@pytest.mark.parametrize("target_exists", [True, False])
def test_a_link_planted_in_a_run_folder_writes_nothing_outside(whole, sweep_file, tmp_path, planted, target_exists):
    run = tmp_path / "run"
    shutil.copytree(whole, run)
    (run / FIRST).unlink()  # the resume plays its games again: every kind of file is written
    outside = tmp_path / "outside"
    outside.mkdir()
    target = outside / "victim"
    if target_exists:
        target.write_text("keep", encoding="utf-8")
    (run / planted).symlink_to(target)
    line = one_error(cli("sweep", sweep_file, "--out", run, "--jobs", 1, "--no-progress"))
    assert planted in line and "link" in line
    assert (target.read_text(encoding="utf-8") == "keep") if target_exists else not target.exists()
    assert sorted(p.name for p in outside.iterdir()) == (["victim"] if target_exists else [])
    (run / planted).unlink()  # once it is gone, the run resumes
    run_sweep(sweep_file, run, jobs=1)
    pd.testing.assert_frame_equal(rows(run), rows(whole))


# ------------------------------------------------------------ parts bound to their games
def test_a_part_holding_another_parts_rows_with_a_matching_checksum_is_refused(whole, sweep_file, tmp_path):
    run = tmp_path / "run"
    shutil.copytree(whole, run)
    shutil.copyfile(run / FIRST, run / SECOND)
    manifest = json.loads((run / MANIFEST).read_text(encoding="utf-8"))
    entries = {p["file"]: p for p in manifest["parts"]}
    for field in ("sha256", "bytes", "rows"):  # the manifest edited to match the copied rows
        entries[SECOND][field] = entries[FIRST][field]
    (run / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(SweepError, match=rf"{SECOND}.*not exactly its own games 2 to 3"):
        verify_run(run)
    line = one_error(cli("report", run, "--out", tmp_path / "report"))
    assert SECOND in line
    run_sweep(sweep_file, run, jobs=1)  # resume plays that part again
    pd.testing.assert_frame_equal(rows(run), rows(whole))


# ------------------------------------------------------------ bounded numbers
def test_jobs_is_bounded_by_the_cpus_and_no_process_starts_without_a_chunk(sweep_file, tmp_path, monkeypatch):
    top = usable_cpus()
    for argv in (["sweep", sweep_file, "--out", tmp_path / "never"], ["tournament", "--agents", "random"],
                 ["league", "--agents", "random,random,random", "--players", 2]):
        line = one_error(cli(*argv, "--jobs", top + 1))
        assert f"--jobs {top + 1}" in line and f"at most {top}" in line
    assert not (tmp_path / "never").exists()
    assert processes(16, 4) == 4 and processes(2, 9) == 2 and processes(3, 0) == 1

    import joblib

    from experiments.matches.tournament import play_tournament
    from sim import GameConfig

    started = []

    class Recorded(joblib.Parallel):
        def __init__(self, n_jobs=None, **kwargs):
            started.append(n_jobs)
            super().__init__(n_jobs=1, **kwargs)

    monkeypatch.setattr(joblib, "Parallel", Recorded)
    play_tournament(GameConfig(players=2), ["random"], games=2, jobs=top)
    assert started == [1]  # one chunk of 2 games: one worker, whatever --jobs allows


@pytest.mark.parametrize("boot", [0, 49, 10_001, 1_000_000_000])
def test_league_boot_is_bounded(boot):
    line = one_error(cli("league", "--agents", "random,random,random", "--players", 2, "--games", 6,
                         "--boot", boot))
    assert f"--boot {boot}" in line and "50 to 10_000" in line


def test_fuzz_refuses_games_beside_total_games(tmp_path):
    line = one_error(cli("fuzz", "--games", 5, "--total-games", 10, "--out", tmp_path / "f"))
    assert "--games 5" in line and "--total-games" in line and "not both" in line
    assert not (tmp_path / "f").exists()


def test_an_unreachable_scheduler_leaves_no_run_folder(sweep_file, tmp_path):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    out = tmp_path / "run"
    line = one_error(cli("sweep", sweep_file, "--out", out, "--scheduler", f"tcp://127.0.0.1:{port}",
                         "--no-progress"))
    assert "--scheduler" in line and "cannot reach" in line
    assert not out.exists()


# ------------------------------------------------------------ a fast check
def test_sweep_check_of_a_24576_cell_product_is_fast(tmp_path):
    values = "[1, 2, 3, 4, 5, 6, 7, 8]"
    path = tmp_path / "big.toml"
    path.write_text(TINY.replace('alert = ["easy", "hard"]', 'alert = ["easy", "medium", "hard"]\n'
                                 'player_level = ["students", "scholars"]\n[sweep.overrides]\n'
                                 + "".join(f'"scholars.{s}.{k}" = {values}\n'
                                           for s in ("Sofia", "Valerio") for k in ("hand", "speed"))),
                    encoding="utf-8")
    start = time.perf_counter()
    r = cli("sweep", path, "--check")
    seconds = time.perf_counter() - start
    assert r.exit_code == 0 and "24576 cells" in r.output, r.output
    assert seconds < 45, f"sweep --check took {seconds:.0f} s"


def test_sweep_check_still_refuses_a_bad_swept_value_and_counts_the_same_cells(sweep_file, tmp_path):
    from experiments.runs.config import load_sweep

    path = tmp_path / "s.toml"
    path.write_text(TINY + '[sweep.overrides]\n"scholars.Sofia.hand" = [2, 3]\n', encoding="utf-8")
    full, quick = load_sweep(path), load_sweep(path, check=True)
    assert [c.values() | {"data_hash": 0} for c in full.cells] == [c.values() | {"data_hash": 0}
                                                                    for c in quick.cells]
    path.write_text(TINY + '[sweep.overrides]\n"scholars.Sofia.hand" = [2, -7]\n', encoding="utf-8")
    line = one_error(cli("sweep", path, "--check"))
    assert 'sweep.overrides."scholars.Sofia.hand"[1] = -7' in line


# ------------------------------------------------------------ workers die with their parent




def _workers(pid: int) -> list[int]:
    return [c for c in children(pid) if b"popen_loky" in (Path("/proc") / str(c) / "cmdline").read_bytes()]


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists() or usable_cpus() < 2, reason="reads /proc; 2 CPUs")
@pytest.mark.parametrize("command", [["tournament", "--agents", "random,random"],
                                     ["league", "--agents", "random,heuristic,heuristic:cautious", "--boot", "50"]])
def test_kill_9_of_a_tournament_or_league_ends_its_workers_within_two_seconds(command):
    cmd = [sys.executable, "-m", "experiments.cli", *command, "--players", "2", "--games", "600000", "--jobs", "2",
           "--no-progress"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        deadline = time.monotonic() + 120
        while len(_workers(proc.pid)) < 2 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(3)  # the workers are playing: compiled code holds their GIL for a whole chunk
        workers = children(proc.pid)
        assert len(_workers(proc.pid)) == 2 and proc.poll() is None
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    killed = time.monotonic()
    while any(alive(w) for w in workers) and time.monotonic() - killed < 10:
        time.sleep(0.05)
    gone = time.monotonic() - killed
    assert not [w for w in workers if alive(w)] and gone < 2.0, f"workers lived {gone:.1f} s"


# ------------------------------------------------------------ tune
TUNE = """name = "tt"
seed = 1
budget = 40
[game]
games_per_cell = 4
chunk_size = 4
[game.fixed]
players = 2
agents = ["random"]
[parameters."scholars.Sofia.hand"]
low = 1
high = 10
[objective.fair_share]
tolerance = 2
[objective.first_player]
max = 5
weight = 0.5
[penalty]
change = 0.5
size = 1.0
[validation]
games_per_cell = 4
"""


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
@pytest.mark.parametrize("key,line", [
    ("objective.first_player.weight", "weight = 0.5"), ("objective.fair_share.tolerance", "tolerance = 2"),
    ("objective.first_player.max", "max = 5"), ("penalty.change", "change = 0.5"), ("penalty.size", "size = 1.0"),
    ('parameters."scholars.Sofia.hand".high', "high = 10")])
def test_tune_check_refuses_non_finite_numbers(tmp_path, key, line, value):
    path = tmp_path / "t.toml"
    path.write_text(TUNE.replace(line, f"{line.split(' = ')[0]} = {value}"), encoding="utf-8")
    err = one_error(cli("tune", path, "--check"))
    assert str(path) in err and f"{key} = {value}" in err and "finite" in err


def test_tune_on_a_full_disk_says_so_in_one_line(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text(TUNE, encoding="utf-8")
    out = tmp_path / "tune"
    code = ("import resource, signal, sys\n"
            "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
            "resource.setrlimit(resource.RLIMIT_FSIZE, (30000, 30000))\n"
            "from experiments.cli import main\n"
            f"sys.argv = ['dungeonology', 'tune', {str(path)!r}, '--out', {str(out)!r}, '--jobs', '1', '--no-html']\n"
            "main()\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    lines = [ln for ln in (r.stdout + r.stderr).splitlines() if ln.strip()]
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr[-3000:]
    assert lines[-1].startswith("error") and "study.db: cannot store the study" in lines[-1]
    assert "nothing finished was lost" in lines[-1]


# ------------------------------------------------------------ report folder and the fuzz family
def test_a_link_as_the_report_folder_or_in_it_is_refused(whole, tmp_path):
    run = tmp_path / "run"
    shutil.copytree(whole, run)
    outside = tmp_path / "outside"
    outside.mkdir()
    (run / "_report").symlink_to(outside)
    assert "_report" in one_error(cli("report", run))
    (run / "_report").unlink()
    (run / "_report").mkdir()
    (run / "_report" / "report.html").symlink_to(outside / "victim.html")
    assert "report.html" in one_error(cli("report", run))
    assert not list(outside.iterdir())


def test_the_run_links_family_counts_a_write_outside_as_a_crash(tmp_path, monkeypatch):
    import random

    from experiments.dungeonology.fuzz_families import Context, runs

    ctx = Context(random.Random(3), tmp_path)
    case = runs.run_links(ctx, 0)

    def writes_outside(argv):
        (tmp_path / "outside" / "victim.txt").write_text("changed", encoding="utf-8")
        return 0, ""

    monkeypatch.setattr(runs, "run_cli", writes_outside)
    code, output = case()
    assert code == 1 and "written outside the run folder" in output


@pytest.mark.slow
def test_the_runs_fuzz_family_ends_in_exit_0_or_2(tmp_path):
    from experiments.dungeonology.mutation_fuzz import fuzz_inputs

    counts = fuzz_inputs({"run_links": 8, "swapped_parts": 4, "tune_numbers": 8, "cli_numbers": 8}, seed=2,
                         work=tmp_path)
    assert sum(counts.tried.values()) == 28 and not counts.crashes, counts.crashes[:2]


def test_a_link_planted_in_a_tune_folder_writes_nothing_outside(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text(TUNE, encoding="utf-8")
    out = tmp_path / "tune"
    out.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    (out / "study.db").symlink_to(outside / "study.db")
    line = one_error(cli("tune", path, "--out", out, "--jobs", 1, "--no-html"))
    assert "study.db" in line and "link" in line
    assert not list(outside.iterdir())
