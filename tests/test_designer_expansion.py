"""The designer tools on the expansion (issue 16): compare, tune and the skill levels take sweep bodies with
Rocca Civetta's modules and Scholar sets as on the base game; the rows carry the expansion's box."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from experiments.cli import app
from experiments.dungeonology.analysis.skill import robust_findings
from experiments.dungeonology.tune.config import parse_tune
from experiments.dungeonology.tune.search import run_tune
from experiments.runs.config import parse_sweep
from experiments.runs.sweep import load_rows, run_sweep

RC = ["rocca_civetta"]
BOX = "base+rocca_civetta"


def test_compare_variants_of_the_expansion(tmp_path: Path):
    plan = parse_sweep({"name": "rcv", "games_per_cell": 40, "seed": 2, "fixed": {
        "players": 2, "agents": ["random"], "modules": RC, "scholars": ["Sofia", "random"]},
        "sweep": {"variants": {"baseline": {}, "slow": {"scholars.Sofia.speed": 2}}}}, file="rcv.toml")
    run_sweep(plan, tmp_path / "rcv", jobs=1)
    rows = load_rows(tmp_path / "rcv")
    assert set(rows["box"].astype(str)) == {BOX} and set(rows["variant"]) == {"baseline", "slow"}
    r = CliRunner().invoke(app, ["compare", str(tmp_path / "rcv")])
    assert r.exit_code == 0, r.output
    assert "slow vs baseline: paired on " in r.output and "Designer metrics" in r.output


def test_tune_a_value_of_an_expansion_game(tmp_path: Path):
    raw = {"name": "rct", "seed": 4, "budget": 120, "startup_trials": 2,
           "game": {"games_per_cell": 20, "chunk_size": 20, "fixed": {
               "players": 2, "agents": ["random"], "modules": RC, "scholars": ["Sofia", "random"]}},
           "parameters": {"scholars.Sofia.hand": {"low": 2, "high": 6}},
           "objective": {"fair_share": {"scholars": ["Sofia"], "tolerance": 5}},
           "validation": {"games_per_cell": 20}}
    plan = parse_tune(raw, file="rct.toml")
    result = run_tune(plan, tmp_path / "rct", html=False)
    assert 0 < result.games_played == result.games_total <= 120 and 2 <= result.best.values["scholars.Sofia.hand"] <= 6
    trial = next((tmp_path / "rct" / "trials").iterdir())
    assert set(load_rows(trial)["box"].astype(str)) == {BOX}


@pytest.mark.parametrize("scholars", ["all_combinations"])
def test_skill_levels_over_every_scholar_set_of_the_expansion(tmp_path: Path, scholars: str):
    plan = parse_sweep({"name": "rcs", "games_per_cell": 8, "scholar_seating": "rotate", "fixed": {
        "players": 2, "modules": RC}, "sweep": {"agents": [["random"], ["heuristic"]], "scholars": scholars}},
        file="rcs.toml")
    pairs = {c.scholars for c in plan.cells}
    assert len(plan.cells) == 2 * len(pairs) and all(len(set(p)) == 2 for p in pairs)
    run_sweep(plan, tmp_path / "rcs", jobs=1)
    from experiments import analysis as A

    df = A.load(tmp_path / "rcs")
    t = robust_findings(df)
    assert t.attrs["levels"] == ["random,random", "heuristic,heuristic"] and t.attrs["tests"] > 0
    assert {"random", "heuristic", "finding"} <= set(t.columns)
    assert set(df["box"].astype(str)) == {BOX}
