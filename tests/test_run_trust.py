"""Runs that cannot be silently wrong (issue 12): checksummed parts verified on
resume and on report, --fresh deleting only a run's own files, no lock file
left behind, the incomplete-run warning, and a sweep killed with kill -9 at
random points (its loky workers exiting too) that resumes to the rows of an
uninterrupted run.

Small runs: 2 players, random agents, a few games per cell."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from experiments.cli import app
from experiments.runs.folder import MANIFEST, REPORT_DIR, SweepError, check_parts, sha256_of, verify_run
from experiments.runs.sweep import load_rows, read_manifest, run_sweep
from tests.cli_checks import alive, children

ROOT = Path(__file__).resolve().parents[1]
SMALL = """name = "small"
games_per_cell = 6
seed = 11
chunk_size = 2
[fixed]
players = 2
agents = ["random"]
[sweep]
alert = ["easy", "medium", "hard"]
"""
runner = CliRunner()


def cli(*args: object):
    return runner.invoke(app, [str(a) for a in args])


def rows(run_dir: Path) -> pd.DataFrame:
    return load_rows(run_dir).sort_values(["game", "seat"]).reset_index(drop=True)


@pytest.fixture(scope="module")
def sweep_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("cfg") / "small.toml"
    path.write_text(SMALL, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def whole(tmp_path_factory, sweep_file) -> Path:
    out = tmp_path_factory.mktemp("whole") / "run"
    run_sweep(sweep_file, out, jobs=1)
    return out


def copy_run(src: Path, tmp_path: Path) -> Path:
    out = tmp_path / "run"
    shutil.copytree(src, out)
    return out


# ------------------------------------------------------------ checksums
def test_every_part_carries_its_checksum_and_no_lock_is_left(whole):
    m = read_manifest(whole)
    assert m["format"] == 2 and m["parts"]
    for p in m["parts"]:
        assert p["sha256"] == sha256_of(whole / p["file"])
    assert not (whole / ".lock").exists()
    assert verify_run(whole)[2].complete


def _flip_one_bit(path: Path, rng: random.Random) -> None:
    data = bytearray(path.read_bytes())
    i = rng.randrange(len(data))
    data[i] ^= 1 << rng.randrange(8)
    path.write_bytes(bytes(data))


def test_same_size_corruption_is_refused_by_report_and_replayed_by_resume(whole, sweep_file, tmp_path):
    out = copy_run(whole, tmp_path)
    part = sorted(out.glob("part-*.parquet"))[1]
    size = part.stat().st_size
    _flip_one_bit(part, random.Random(3))
    assert part.stat().st_size == size
    result = cli("report", out)
    assert result.exit_code == 2, result.output
    assert part.name in result.output and "checksum" in result.output and "Traceback" not in result.output
    again = run_sweep(sweep_file, out, jobs=1)
    assert again.games_played == 2 and again.replayed_parts == 1
    pd.testing.assert_frame_equal(rows(out), rows(whole))


@pytest.mark.parametrize("edit,words", [
    (lambda m, out: (out / m["parts"][0]["file"]).unlink(), ["listed in the manifest but missing"]),
    (lambda m, out: m["parts"].append(dict(m["parts"][0])), ["listed twice"]),
    (lambda m, out: shutil.copy(out / m["parts"][0]["file"], out / "part-c0009-g000000000-000000002.parquet"),
     ["part-c0009", "does not list"]),
    (lambda m, out: m["parts"][0].update(file="../" + m["parts"][0]["file"]), ["no path, no ../"]),
    (lambda m, out: m["parts"][0].update(games=[0, 4]), ["differ from its file name"]),
])
def test_a_manifest_that_lies_is_refused_naming_the_part(whole, sweep_file, tmp_path, edit, words):
    out = copy_run(whole, tmp_path)
    m = read_manifest(out)
    edit(m, out)
    (out / MANIFEST).write_text(json.dumps(m))
    result = cli("report", out)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    for w in words:
        assert w in result.output, (w, result.output)
    with pytest.raises(SweepError):
        verify_run(out)
    run_sweep(sweep_file, out, jobs=1)  # resume: the part is played again, the rows are those of the run
    assert not check_parts(out, read_manifest(out))[1]
    pd.testing.assert_frame_equal(rows(out), rows(whole))


def test_three_hundred_bit_flips_never_read_silently(whole, tmp_path):
    out = copy_run(whole, tmp_path)
    part = sorted(out.glob("part-*.parquet"))[0]
    good = part.read_bytes()
    rng = random.Random(0)
    for _ in range(300):
        part.write_bytes(good)
        _flip_one_bit(part, rng)
        with pytest.raises(SweepError, match=part.name):
            verify_run(out)
    part.write_bytes(good)
    assert verify_run(out)[2].complete


# ---------------------------------------------------------------- fresh
def test_fresh_refuses_a_folder_with_other_files_and_deletes_nothing(whole, sweep_file, tmp_path):
    out = copy_run(whole, tmp_path)
    (out / "notes.txt").write_text("mine")
    (out / "sub").mkdir()
    (out / "sub" / "keep.csv").write_text("1")
    before = sorted(p.name for p in out.iterdir())
    result = cli("sweep", sweep_file, "--out", out, "--jobs", "1", "--no-progress", "--fresh")
    assert result.exit_code == 2 and "notes.txt" in result.output and "sub/" in result.output
    assert sorted(p.name for p in out.iterdir()) == before
    (out / "notes.txt").unlink()
    shutil.rmtree(out / "sub")
    assert cli("report", out).exit_code == 0  # _report/ inside the run folder is the run's own
    result = cli("sweep", sweep_file, "--out", out, "--jobs", "1", "--no-progress", "--fresh")
    assert result.exit_code == 0, result.output
    assert not (out / REPORT_DIR).exists() and not (out / ".lock").exists()
    pd.testing.assert_frame_equal(rows(out), rows(whole))


def test_bad_input_writes_nothing(sweep_file, tmp_path):
    for extra in (["--games", str(10**12)], ["--chunk-size", str(10**12)], ["--scheduler", "not a url"]):
        result = cli("sweep", sweep_file, "--out", tmp_path / "never", "--no-progress", *extra)
        assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert not (tmp_path / "never").exists()


# ----------------------------------------------------------- incomplete
def test_the_report_of_an_incomplete_run_says_so_and_counts_complete_cells(whole, tmp_path):
    out = copy_run(whole, tmp_path)
    m = read_manifest(out)
    m["parts"] = [p for p in m["parts"] if not (p["cell"] == 2 and p["games"][0] >= 14)]
    for p in set(x.name for x in out.glob("part-*.parquet")) - {p["file"] for p in m["parts"]}:
        (out / p).unlink()
    (out / MANIFEST).write_text(json.dumps(m))
    assert cli("report", out, "--out", tmp_path / "r1").exit_code == 0
    page = (tmp_path / "r1" / "report.html").read_text(encoding="utf-8")
    head = page[page.index("<h1>"):page.index("Headline findings")]
    assert "Incomplete run" in head and "14 of 18 games; 2 of 3 cells complete" in head
    assert "12 games" in head  # the tables count the 2 complete cells only
    assert cli("report", out, "--out", tmp_path / "r2", "--partial").exit_code == 0
    page = (tmp_path / "r2" / "report.html").read_text(encoding="utf-8")
    head = page[page.index("<h1>"):page.index("Headline findings")]
    assert "Incomplete run" in head and "14 games" in head and "--partial" in head


# ------------------------------------------------------------- kill -9




def _parts_listed(out: Path) -> int:
    try:
        return len(json.loads((out / MANIFEST).read_text())["parts"])
    except (OSError, ValueError, KeyError):
        return 0


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc to find the workers")
def test_kill_9_at_random_points_resumes_to_the_same_rows_and_leaves_no_orphans(whole, sweep_file, tmp_path):
    out = tmp_path / "run"
    rng = random.Random(12)
    cmd = [sys.executable, "-m", "experiments.cli", "sweep", str(sweep_file), "--out", str(out), "--jobs", "2",
           "--no-progress"]
    kills = 0
    for _ in range(3):
        if _parts_listed(out) >= 9:
            break
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                env={**os.environ, "PYTHONPATH": str(ROOT)})
        target = _parts_listed(out) + rng.randint(1, 3)
        deadline = time.monotonic() + 300
        while _parts_listed(out) < target and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(rng.uniform(0.0, 0.05))
        if proc.poll() is not None:
            break
        workers = children(proc.pid)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        kills += 1
        deadline = time.monotonic() + 30
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not [w for w in workers if alive(w)], "workers outlived their killed parent"
    assert kills >= 1
    run_sweep(sweep_file, out, jobs=1)  # resume
    manifest, parts, done = verify_run(out)  # every checksum verified
    assert done.complete and len(parts) == 9 and not (out / ".lock").exists()
    pd.testing.assert_frame_equal(rows(out), rows(whole))
