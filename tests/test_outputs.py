"""The outputs as a designer and an analyst expect them (issue 14): a run folder read as a dataset
(pandas, duckdb; set: columns numeric; old manifest.json folders read and renamed), the shared table
printer that never cuts a number when piped, --version, sweep --set/--data, play --agents, the
report's section order hook and the report's memory benchmark on synthetic rows."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pandas as pd
import pytest
from rich.console import Console
from typer.testing import CliRunner

from experiments import analysis as A
from experiments.cli import app
from experiments.cli.common import print_table
from experiments.report import sections as RS
from experiments.report.build import build_report
from experiments.report.page import Section, note
from experiments.runs.folder import LEGACY_MANIFEST, MANIFEST, REPORT_DIR, verify_run
from experiments.runs.sweep import load_rows, run_sweep

ROOT = Path(__file__).resolve().parents[1]
QUICK = ROOT / "experiments" / "configs" / "quick.toml"
SET_COL = "set:scholars.Sofia.speed"
runner = CliRunner()


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("quick") / "run"
    run_sweep(QUICK, out, jobs=1)
    return out


# ------------------------------------------------------------ datasets
def test_a_run_folder_reads_as_a_dataset_with_numeric_set_columns(quick_run: Path, tmp_path: Path):
    import duckdb

    build_report(quick_run)  # its _report/ folder of PNG and CSV files stays out of the dataset
    assert (quick_run / REPORT_DIR / "report.html").is_file() and (quick_run / MANIFEST).is_file()
    assert not (quick_run / LEGACY_MANIFEST).exists()
    rows = load_rows(quick_run)
    direct = pd.read_parquet(quick_run).sort_values(["game", "seat"]).reset_index(drop=True)
    assert len(direct) == len(rows) == 720
    assert str(direct[SET_COL].dtype) == "Int64" and sorted(direct[SET_COL].unique()) == [3, 5]
    pd.testing.assert_series_equal(direct["score"], rows["score"])
    counts = duckdb.sql(f"SELECT \"{SET_COL}\" AS v, count(*) AS n FROM read_parquet('{quick_run}/*.parquet') "
                        "GROUP BY v ORDER BY v").fetchall()
    assert counts == [(3, 360), (5, 360)]  # a number, not its text
    assert list(A.load(quick_run)[SET_COL].cat.categories) == ["3", "5"]  # the analysis frame: text, in order


def test_a_folder_of_the_old_layout_is_read_and_renamed_on_resume(quick_run: Path, tmp_path: Path):
    old = tmp_path / "old"
    shutil.copytree(quick_run, old, ignore=shutil.ignore_patterns(REPORT_DIR))
    (old / MANIFEST).rename(old / LEGACY_MANIFEST)
    assert verify_run(old)[2].complete and len(A.load(old)) == 720  # still read
    with pytest.raises(Exception, match="manifest.json"):
        pd.read_parquet(old)  # the reason for the new name: the manifest among the parts
    result = run_sweep(QUICK, old, jobs=1)  # a resume: nothing to play, the manifest renamed
    assert result.games_played == 0
    assert (old / MANIFEST).is_file() and not (old / LEGACY_MANIFEST).exists()
    assert len(pd.read_parquet(old)) == 720


# ------------------------------------------------------------ command line
def test_print_table_never_cuts_a_cell_when_piped():
    buf = io.StringIO()
    console = Console(file=buf, width=40, highlight=False)
    assert not console.is_terminal
    long = "1234567890.123456789"
    print_table(("agent", "games", "win rate", "95% CI", "rating"),
                [("heuristic:risk=0.6,sabotage=0.2", "1,234,567", "0.251", "0.249-0.253", long)],
                title="a title", left=("agent",), console=console)
    text = buf.getvalue()
    assert long in text and "heuristic:risk=0.6,sabotage=0.2" in text and "…" not in text


def test_version():
    r = runner.invoke(app, ["--version"])
    assert r.exit_code == 0 and re.fullmatch(r"dungeonology \S+( \(git [0-9a-f]{12}(, modified)?\))?\n", r.output)


def test_sweep_takes_set_and_data(tmp_path: Path):
    r = runner.invoke(app, ["sweep", str(QUICK), "--check", "--set", "scholars.Valerio.speed=4"])
    assert r.exit_code == 0 and "Nothing played" in r.output
    r = runner.invoke(app, ["sweep", str(QUICK), "--check", "--set", "scholars.Sofia.speed=4"])
    assert r.exit_code == 2 and "--set" in r.output and "sweeps this key" in r.output
    r = runner.invoke(app, ["sweep", str(QUICK), "--check", "--data", str(tmp_path / "missing")])
    assert r.exit_code == 2 and r.output.startswith("error: --data") and "data folder not found" in r.output
    layer = tmp_path / "layer"
    layer.mkdir()
    (layer / "scholars.toml").write_text("[scholars.Valerio]\nspeed = 4\n", encoding="utf-8")
    from experiments.cli.balance import _sweep_plan
    from experiments.cli.common import GameOptions

    plan = _sweep_plan(QUICK, None, None, GameOptions(data=str(layer), set_=("scholars.Rebecca.speed=2",)))
    assert plan.fixed["overrides"]["scholars.Rebecca.speed"] == 2
    assert all(c.config.data == str(layer.resolve()) for c in plan.cells)


def test_play_shows_a_game_of_any_agents():
    r = runner.invoke(app, ["play", "--players", "3", "--seed", "5", "--agents", "heuristic,random"])
    assert r.exit_code == 0, r.output
    assert "Agents: seat 0 heuristic, seat 1 random, seat 2 heuristic" in r.output and "WINNER" in r.output
    again = runner.invoke(app, ["play", "--players", "3", "--seed", "5", "--agents", "heuristic,random"])
    assert again.output == r.output  # the seed fixes the agents' choices too
    r = runner.invoke(app, ["play", "--agents", "nobody"])
    assert r.exit_code == 2 and r.output.startswith("error: --agents")


# ------------------------------------------------------------ report order
def test_a_comparison_section_goes_first(quick_run: Path, tmp_path: Path):
    def compare(ctx):
        return Section("compare", "Compare: B against A", [note(f"{len(ctx.df):,} seat rows compared")])

    RS.add_section(compare, first=True)
    try:
        page = build_report(quick_run, tmp_path / "r.html").read_text(encoding="utf-8")
    finally:
        RS.SECTION_BUILDERS.remove(compare)
    assert page.index('<h2 id="compare">') < page.index('<h2 id="overrides">') < page.index('<h2 id="scholars">')
    assert '<a href="#compare">Compare: B against A</a>' in page


# ------------------------------------------------------------ memory benchmark
def test_report_memory_on_synthetic_rows(tmp_path: Path):
    from experiments.dungeonology.report.memory import measure, synthetic_run

    run = synthetic_run(tmp_path / "synthetic", rows=9_600)
    manifest = json.loads((run / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["counts"]["rows"] == len(pd.read_parquet(run)) == 9_600
    assert verify_run(run)[2].complete  # checksums and cells as the sweep writes them
    result = measure(run, tmp_path / "report")
    assert 0 < result["peak_mib"] < 1024 and Path(result["report"]).is_file()
    assert "What if: data overrides" in Path(result["report"]).read_text(encoding="utf-8")
