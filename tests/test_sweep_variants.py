"""The variants axis of sweep files (experiments/runs/config/variants.py), the paired seeds of its
cells, the per-round score trace (agents/trace.py, ``trace = true``) and the `compare` command."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from agents.trace import lead_summary
from experiments.cli import app
from experiments.runs.config import load_sweep, parse_sweep
from experiments.runs.schema import TRACE_COLUMNS, VARIANT
from experiments.runs.sweep import load_rows, run_sweep
from sim.kit.errors import ConfigError

ROOT = Path(__file__).resolve().parents[1]
CONFIGS = ROOT / "experiments" / "configs"
NERF = {"scholars.Vincenzo.students": 2}
runner = CliRunner()


def plan_of(**sweep):
    return parse_sweep({"games_per_cell": 6, "seed": 3, "fixed": {"agents": ["heuristic", "random"]},
                        "sweep": sweep}, file="v.toml")


@pytest.mark.parametrize("name", ["variants", "skill"])
def test_shipped_examples_are_valid(name):
    plan = load_sweep(CONFIGS / f"{name}.toml")
    assert plan.name == name and plan.cells
    if name == "variants":
        assert plan.variants == ("baseline", "students3", "hand3")
        hand3 = plan.cells[2].config
        assert isinstance(hand3.data, list) and hand3.data[-1].endswith("layers/vincenzo_hand3")


def test_every_variant_of_a_cell_plays_the_same_seeds():
    plan = plan_of(alert=["easy", "hard"], variants={"baseline": {}, "nerf": NERF})
    assert [(c.alert, c.variant) for c in plan.cells] == [("easy", "baseline"), ("easy", "nerf"),
                                                          ("hard", "baseline"), ("hard", "nerf")]
    g = plan.games_per_cell  # 8: rounded to whole rotations of 4 seats
    seeds = [[plan.game_seed(c * g + i) for i in range(g)] for c in range(4)]
    assert seeds[0] == seeds[1] and seeds[2] == seeds[3] and not set(seeds[0]) & set(seeds[2])
    assert plan.cells[1].config.overrides == NERF and plan.cells[0].config.overrides == {}
    assert plan.cells[1].values()["variant"] == {"name": "nerf", "overrides": NERF}


def test_a_run_without_variants_keeps_its_seeds_and_identity():
    plan = plan_of(alert=["easy", "hard"])
    assert not plan.variants and all(c.variant == "" and "variant" not in c.values() for c in plan.cells)
    assert [plan.game_seed(g) % 10**12 for g in range(plan.games_total)] == list(range(plan.games_total))
    assert "variants" not in plan.to_dict() and "trace" not in plan.identity()


@pytest.mark.parametrize("variants, words", [
    ({}, ["sweep.variants", "an empty table"]),
    ({"a": 3}, ["sweep.variants", "table of named variants"]),
    ({"a b": {}}, ['sweep.variants."a b"', "variant name"]),
    ({"a": {"scholars.Vincenzo.studnts": 4}}, ["sweep.variants.a.", "no key 'studnts'"]),
    ({"a": {"scholars.Vincenzo.students": "x"}}, ["sweep.variants.a.", "wrong type"]),
    ({"a": {"data": "no_such_folder"}}, ["sweep.variants.a.data", "data folder not found"]),
    ({"a": {"data": 3}}, ["sweep.variants.a.data", "path of a data layer folder"]),
])
def test_bad_variants_name_the_key(variants, words):
    with pytest.raises(ConfigError) as err:
        plan_of(variants=variants)
    text = str(err.value)
    assert text.startswith("v.toml: ") and all(w in text for w in words), text


def test_a_variant_key_cannot_be_a_swept_override_too():
    with pytest.raises(ConfigError, match="swept override too"):
        plan_of(overrides={"scholars.Vincenzo.students": [3, 4]}, variants={"a": NERF})


def test_lead_summary():
    # leaders at round starts 2..4 (-1: not recorded), then the final winner
    leaders = np.full((3, 8), -1)
    leaders[0, 2:5] = [1, 1, 1]  # seat 1 led from round 2 and won: no change
    leaders[1, 2:5] = [0, 2, 0]  # 0 -> 2 -> 0, then seat 3 wins at the end: 3 changes
    leaders[2, 2:5] = [0, 1, 1]  # 0 -> 1, seat 1 wins: led from round 3
    changes, since = lead_summary(leaders, np.array([1, 3, 1]), np.array([4, 4, 4]))
    assert changes.tolist() == [0, 3, 1] and since.tolist() == [2, 5, 3]


@pytest.fixture(scope="module")
def variant_run(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("variants") / "run"
    path = out.parent / "v.toml"
    path.write_text('name = "v"\ngames_per_cell = 24\nseed = 4\nchunk_size = 12\ntrace = true\n'
                    '[fixed]\nagents = ["random"]\n[sweep.variants]\nbaseline = {}\n'
                    'nerf = { "scholars.Vincenzo.students" = 2 }\n', encoding="utf-8")
    run_sweep(path, out, jobs=1)
    return out


def test_variant_rows_are_paired_and_traced(variant_run):
    df = load_rows(variant_run).sort_values(["game", "seat"])
    assert df[VARIANT].tolist()[:4] == ["baseline"] * 4 and set(df[VARIANT]) == {"baseline", "nerf"}
    base, nerf = (df[df[VARIANT] == v].drop_duplicates("game") for v in ("baseline", "nerf"))
    assert base["seed"].tolist() == nerf["seed"].tolist()  # the same deals
    for col in TRACE_COLUMNS:
        assert df[col].dtype == np.int64
    led = base["winner_led_from"]
    assert (base["lead_changes"] >= 0).all() and ((led >= 2) & (led <= base["rounds"] + 1)).all()


def test_the_trace_changes_no_game(variant_run, tmp_path):
    """The traced loop plays the same games: the same rows without the trace."""
    path = tmp_path / "v.toml"
    path.write_text((variant_run.parent / "v.toml").read_text().replace("trace = true\n", ""), encoding="utf-8")
    run_sweep(path, tmp_path / "plain", jobs=1)
    plain = load_rows(tmp_path / "plain").sort_values(["game", "seat"]).reset_index(drop=True)
    traced = load_rows(variant_run).sort_values(["game", "seat"]).reset_index(drop=True)
    assert plain.drop(columns="run").equals(traced.drop(columns=["run", *TRACE_COLUMNS]))


def test_compare_command_on_a_variant_run(variant_run, tmp_path):
    result = runner.invoke(app, ["compare", str(variant_run), "--out", str(tmp_path / "c")])
    assert result.exit_code == 0, result.output
    assert "nerf vs baseline: paired on 24 shared seeds" in result.output
    assert (tmp_path / "c" / "compare.csv").is_file() and (tmp_path / "c" / "compare_deltas.png").is_file()
    bad = runner.invoke(app, ["compare", str(variant_run), "--reference", "nope"])
    assert bad.exit_code == 2 and "no such variant" in bad.output
    bad = runner.invoke(app, ["compare", str(variant_run), "--band", "0"])
    assert bad.exit_code == 2 and "--band" in bad.output
