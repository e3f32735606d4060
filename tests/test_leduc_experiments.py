"""Leduc poker through the generic machinery of experiments/: a sweep (its rows, manifest and resume), a
report (the skeleton and its own section), a tournament, a league, the fuzz, the bench and the command
line (``--game leduc``), with the refusals of what only Dungeonology has."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from experiments import analysis as A
from experiments.cli import app
from experiments.runs.config import load_sweep, parse_sweep
from experiments.runs.folder import MANIFEST
from experiments.runs.sweep import load_rows, run_sweep
from sim.kit.errors import ConfigError, DataError
from sim.leduc.config import LeducConfig

SWEEP = Path(__file__).parent / "data" / "leduc_sweep.toml"
runner = CliRunner()


@pytest.fixture(scope="module")
def leduc_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("leduc") / "run"
    run_sweep(SWEEP, out, jobs=1)
    return out


# ------------------------------------------------------------------ the sweep file
def test_the_sweep_file_plays_leduc_cells():
    plan = load_sweep(SWEEP)
    assert plan.game == "leduc" and len(plan.cells) == 4  # 2 player counts x 2 raise amounts
    assert [c.players for c in plan.cells] == [2, 2, 3, 3]
    assert all(isinstance(c.config, LeducConfig) and c.rotate for c in plan.cells)
    assert plan.cells[1].config.overrides == {"betting.raise_amounts": [2, 8]}
    assert plan.identity()["game"] == "leduc" and plan.to_dict()["game"] == "leduc"
    assert plan.games_per_cell == 24  # whole rotations of 2 and 3 seats


@pytest.mark.parametrize("raw, words", [
    ({"fixed": {"players": 11}}, ["fixed.players = 11", "the game is for 2 to 10 players"]),
    ({"fixed": {"alert": "hard"}}, ["unknown key in [fixed]", "allowed: players, agents, overrides"]),
    ({"sweep": {"overrides": {"betting.ante": [1, 0]}}}, ['sweep.overrides."betting.ante"[1] = 0',
                                                          "allowed: an integer 1 to 1000"]),
    ({"fixed": {"agents": ["heuristic"]}}, ["fixed.agents[0]", "heuristic"]),
    ({"game": "chess"}, ["game = \"chess\"", "unknown game (allowed: dungeonology, leduc)"]),
])
def test_a_bad_leduc_sweep_file_names_the_key(raw, words):
    with pytest.raises((ConfigError, DataError)) as err:
        parse_sweep({"game": "leduc", "games_per_cell": 4, **raw}, file="l.toml")
    for word in words:
        assert word in str(err.value), str(err.value)


def test_a_starting_seat_past_the_table_is_an_impossible_cell():
    raw = {"game": "leduc", "games_per_cell": 4, "sweep": {"players": [2, 3]},
           "fixed": {"overrides": {"betting.starting_player": 2}}}
    with pytest.raises(ConfigError, match="impossible cell"):
        parse_sweep(raw)
    plan = parse_sweep({**raw, "skip_invalid": True})
    assert [c.players for c in plan.cells] == [3] and len(plan.skipped) == 1


# ------------------------------------------------------------------ the rows
def test_the_rows_are_leducs_columns(leduc_run: Path):
    from experiments.leduc.results import COLUMNS

    rows = load_rows(leduc_run)
    assert list(rows.columns) == [*COLUMNS, "set:betting.raise_amounts"]
    assert len(rows) == 24 * (2 + 2 + 3 + 3) and (rows["error"] == 0).all()
    per_game = rows.groupby("game")
    assert np.allclose(per_game["return"].sum(), 0.0)  # chips only change hands
    assert (per_game["won"].any()).all() and rows["won"].dtype == bool
    assert set(rows["agent"].astype(str)) == {"ismcts:iterations=40", "random"}
    manifest = json.loads((leduc_run / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["game"] == "leduc" and manifest["complete"] and manifest["data"]["rules"]["betting.ante"] == 1


def test_resume_and_the_same_rows_in_a_fresh_run(leduc_run: Path, tmp_path: Path):
    again = run_sweep(SWEEP, leduc_run, jobs=1)
    assert again.games_played == 0 and again.games_resumed == again.games_total
    other = run_sweep(load_sweep(SWEEP, chunk_size=5), tmp_path / "other", jobs=1)
    pd.testing.assert_frame_equal(load_rows(other.run_dir), load_rows(leduc_run))


def test_a_dungeonology_folder_is_not_resumed_with_a_leduc_file(leduc_run: Path, tmp_path: Path):
    from experiments.runs.folder import SweepError

    text = SWEEP.read_text(encoding="utf-8").replace('game = "leduc"\n', "")
    dungeonology = tmp_path / "d.toml"
    dungeonology.write_text(text.replace('agents = ["ismcts:iterations=40", "random"]', 'agents = ["random"]')
                            .replace('"betting.raise_amounts" = [[2, 4], [2, 8]]', '"scholars.Sofia.speed" = [3, 4]'))
    with pytest.raises(SweepError, match="another configuration"):
        run_sweep(dungeonology, leduc_run, jobs=1)


# ------------------------------------------------------------------ the analysis and the report
def test_the_analysis_reads_leducs_defaults(leduc_run: Path):
    df = A.load(leduc_run)
    assert A.groupings_of(df).by == "agent" and A.outcome_of(df) == "return"
    tests = A.flags(df)
    assert set(tests["grouping"]) == {"agent", "players × turn_position"}
    means = A.outcome_means(df, ["agent"]).set_index("agent")
    assert means["seats"].sum() == len(df) and np.isclose((means["mean_return"] * means["seats"]).sum(), 0.0)
    assert A.seat_advantage(df)[["mean_return", "return_vs_table"]].notna().all().all()


def test_the_report_of_a_leduc_run(leduc_run: Path, tmp_path: Path):
    from experiments.report.build import build_report

    page = build_report(leduc_run, tmp_path / "report").read_text(encoding="utf-8")
    assert "<h1>Leduc poker balance report: leduc_small</h1>" in page
    for section in ("agents", "seats", "cards", "tests", "precision", "experiment"):
        assert f'<h2 id="{section}">' in page, section
    assert "Scholar" not in page and "Thesis" not in page
    assert "fair-share tests of the agent and turn-order tables" in page
    assert "Mean return per seat by agent" in page  # the skeleton's headline of the mean outcome
    for name in ("win_rate_by_agent.csv", "return_by_agent.csv", "seat_advantage.csv", "win_rate_by_card.csv"):
        assert (tmp_path / "report" / name).is_file(), name


# ------------------------------------------------------------------ tournaments, leagues, fuzz, bench
def test_a_leduc_tournament_and_league():
    from experiments.matches.league import run_league
    from experiments.matches.tournament import run_tournament, summary_columns

    table = run_tournament(LeducConfig(players=2), ["ismcts:iterations=30", "random"], games=40, seed=1)
    assert list(table.columns) == list(summary_columns("return")) and table.attrs["games"] == 40
    assert np.isclose(table["mean_return"].sum(), 0.0)
    league = run_league(LeducConfig(players=2), ["ismcts:iterations=30", "random", "ismcts:iterations=5"], games=6,
                        boot=0)
    assert len(league.table) == 3 and league.attrs["games"] == 6


def test_the_fuzz_and_the_bench_of_leduc():
    from experiments.bench.games import run_games_bench
    from experiments.checks.fuzz import run_fuzz

    report = run_fuzz([LeducConfig(players=2), LeducConfig(players=4)], games=50, seed=3, progress=False)
    assert report.ok and report.games == 100 and [r.rules for r in report.rows] == ["leduc", "leduc"]
    rows = run_games_bench([LeducConfig(players=3)], 30)
    assert [r.agent for r in rows] == ["random", "ismcts"] and all(r.decisions > 0 for r in rows)


# ------------------------------------------------------------------ the command line
def test_the_command_line_plays_leduc(leduc_run: Path, tmp_path: Path):
    r = runner.invoke(app, ["play", "--game", "leduc", "--seed", "3"])
    assert r.exit_code == 0 and "seat 0: Raise" in r.output and "Result: Leduc poker, seed 3" in r.output, r.output
    r = runner.invoke(app, ["tournament", "--game", "leduc", "--agents", "ismcts,random", "--games", "20",
                            "--no-progress"])
    assert r.exit_code == 0 and "return, rank: means per seat-game" in r.output, r.output
    r = runner.invoke(app, ["fuzz", "--game", "leduc", "--players", "3", "--games", "40", "--no-progress"])
    assert r.exit_code == 0 and "No invariant violated." in r.output, r.output
    r = runner.invoke(app, ["bench", "--game", "leduc", "--players", "2", "--games", "20"])
    assert r.exit_code == 0 and "random" in r.output and "ismcts" in r.output, r.output
    r = runner.invoke(app, ["sweep", str(SWEEP), "--check"])
    assert r.exit_code == 0 and "4 cells x 24 games" in r.output, r.output
    r = runner.invoke(app, ["report", str(leduc_run), "--out", str(tmp_path / "r")])
    assert r.exit_code == 0 and (tmp_path / "r" / "report.html").is_file(), r.output


@pytest.mark.parametrize("argv, words", [
    (["play", "--game", "leduc", "--alert", "hard"], ["--alert", "not an option of leduc",
                                                      "its options: --players, --data, --set"]),
    (["data", "--game", "leduc"], ["--game leduc", "a command of dungeonology only"]),
    (["tune", "x.toml", "--game", "leduc"], ["--game leduc", "a command of dungeonology only"]),
    (["fuzz", "--game", "leduc", "--all-combinations"], ["--all-combinations", "leduc"]),
    (["bench", "--game", "leduc", "--expansion"], ["--expansion", "dungeonology only"]),
    (["play", "--game", "leduc", "--save", "x.json"], ["--save", "no record"]),
    (["play", "--game", "chess"], ["--game", "unknown game"]),
])
def test_what_leduc_lacks_is_refused_in_one_line(argv, words):
    r = runner.invoke(app, argv)
    err = r.stderr.strip()
    assert r.exit_code == 2 and err.startswith("error: ") and "\n" not in err, r.output
    for word in words:
        assert word in err, err


def test_compare_refuses_a_leduc_run(leduc_run: Path):
    r = runner.invoke(app, ["compare", str(leduc_run)])
    assert r.exit_code == 2 and "a run of leduc" in r.stderr, r.output
