"""Sweep rows built from codes (experiments.sweep_rows.chunk_frame / conform) are the rows the
string path built before: the same DataFrame, dtypes and categories, and the same error
for a value outside the run's categories."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest

from experiments.schema import COLUMNS, OVERRIDE_PREFIX
from experiments.sweep import cell_task, run_categories
from experiments.sweep_config import SEED_STRIDE, load_sweep
from experiments.sweep_rows import _categorical, chunk_frame
from experiments.tournament import seat_assignment
from sim.config import compile_config
from tests.test_sweep import QUICK


def _conform_by_strings(df: pd.DataFrame, categories: dict[str, list[str]],
                        set_columns: dict[str, str]) -> pd.DataFrame:
    """The reference: every categorical column through its values' texts (the path before chunk_frame)."""
    out: dict[str, Any] = {}
    for name, (dtype, _) in COLUMNS.items():
        col = df[name]
        if dtype == "category":
            values = col.astype(str)
            cats = categories[name]
            unknown = set(values.unique()) - set(cats)
            if unknown:
                raise ValueError(f"column {name}: values {sorted(unknown)} outside the run's categories {cats}")
            out[name] = pd.Categorical(values, categories=cats)
        elif dtype == "bool":
            out[name] = col.astype(bool)
        elif dtype == "string":
            out[name] = col.astype("string")
        else:
            out[name] = col.astype(dtype)
    for name, dtype in set_columns.items():
        out[name] = df[name].astype(dtype)
    return pd.DataFrame(out)


def _frame_by_strings(task, rows, games, ids, seeds, assign) -> pd.DataFrame:
    """The rows as play_chunk built them before: constants and agents as repeated strings."""
    from sim.results import rows_frame

    players = task.compiled.config.players
    df = rows_frame(rows, games, task.compiled.names, players, ids)
    df["run"] = task.run
    df["cell"] = task.cell
    df["seed"] = np.repeat(seeds, players)
    df["agent"] = np.array([s.text for s in task.slots], dtype=object)[assign.reshape(-1)]
    df["thesis_submitted"] = df["thesis_order"] > 0
    for key, value in task.constants.items():
        df[key] = value
    return _conform_by_strings(df, task.categories, {k: task.set_dtypes[k] for k in task.constants
                                                     if k.startswith(OVERRIDE_PREFIX)})


@pytest.fixture(scope="module")
def played():
    """Every cell of quick.toml: 60 rotated games each, with their arrays."""
    from agents.batch import play_batch

    plan = load_sweep(QUICK)
    categories = run_categories(plan, compile_config(plan.cells[0].config))
    out = []
    for cell in plan.cells:
        task = cell_task(plan, cell, categories)
        lo, hi = plan.cell_games(cell.index)
        ids = np.arange(lo, hi, dtype=np.int64)
        seeds = plan.seed * SEED_STRIDE + ids
        assign = task.slot_of_entry[seat_assignment(hi - lo, task.compiled.config.players, start=0)]
        rows, games = play_batch(task.compiled, seeds.tolist(), list(task.slots), assign)
        out.append((task, rows, games, ids, seeds, assign))
    return out


def test_rows_from_codes_equal_rows_from_strings(played):
    for task, *arrays in played:
        new, old = chunk_frame(task, *arrays), _frame_by_strings(task, *arrays)
        pd.testing.assert_frame_equal(new, old, check_exact=True)
        assert list(new.dtypes) == list(old.dtypes)
        for name, (dtype, _) in COLUMNS.items():
            if dtype == "category":
                assert new[name].cat.categories.equals(old[name].cat.categories)
                assert new[name].cat.categories.dtype == old[name].cat.categories.dtype, name


@pytest.mark.parametrize("col", [pd.Series(["a", "b", "a"]), pd.Series(pd.Categorical(["b", "a", "a"]))])
def test_categorical_matches_the_string_path(col):
    cats = ["b", "a", "nan", "c"]
    expected = pd.Categorical(col.astype(str), categories=cats)
    got = _categorical("x", col, cats)
    assert list(got.codes) == list(expected.codes) and got.categories.equals(expected.categories)


def _frame_of(col: pd.Series) -> pd.DataFrame:
    """Every categorical column of the schema holds ``col``; the others zeros."""
    zeros = pd.Series(np.zeros(len(col), np.int64))
    return pd.DataFrame({n: col if dtype == "category" else zeros for n, (dtype, _) in COLUMNS.items()})


def test_a_value_outside_the_categories_is_the_same_error():
    col = pd.Series(pd.Categorical(["a", "z", "y"], categories=["a", "y", "z", "unused"]))
    with pytest.raises(ValueError) as old:
        _conform_by_strings(_frame_of(col), {n: ["a"] for n in COLUMNS}, {})
    with pytest.raises(ValueError) as new:
        _categorical("alert", col, ["a"])
    assert str(new.value) == str(old.value) == "column alert: values ['y', 'z'] outside the run's categories ['a']"


def test_a_missing_value_is_refused_as_before():
    col = pd.Series(pd.Categorical(["a", None]))
    with pytest.raises(ValueError, match="outside the run's categories"):
        _conform_by_strings(_frame_of(col), {n: ["a"] for n in COLUMNS}, {})
    with pytest.raises(ValueError, match=r"values \[nan\] outside the run's categories"):
        _categorical("run", col, ["a"])


# ------------------------------------------------------- box and modules columns (issue 16)
def test_rows_carry_box_and_modules_and_an_older_run_still_loads(tmp_path):
    from experiments import analysis as A
    from experiments.schema import box_of, derived_columns
    from tests.test_analysis import synthetic_frame, write_run

    assert box_of("") == "base" and box_of("boss+main_effects") == "base"
    assert box_of("rocca_civetta") == box_of("boss+rocca_civetta+research") == "base+rocca_civetta"
    # a sweep's rows: the cell's modules and boxes as constants, categories of the run
    plan = load_sweep(QUICK, games=4)
    base = compile_config(plan.cells[0].config)
    categories = run_categories(plan, base)
    assert categories["box"] == ["base"] and categories["modules"] == categories["rules"]
    task = cell_task(plan, plan.cells[0], categories)
    assert task.constants["box"] == "base" and task.constants["modules"] == task.constants["rules"] == ""
    # a run folder written before the columns existed: built from rules on load, through its categories
    old = synthetic_frame(games=40).drop(columns=["modules", "box"], errors="ignore")
    old["rules"] = pd.Categorical(np.where(old["game"] % 2 == 0, "", "boss"), categories=["", "boss"])
    df = A.load(write_run(old, tmp_path / "old"))
    assert set(df["box"].astype(str)) == {"base"}
    assert (df["modules"].astype(str) == df["rules"].astype(str)).all()
    compact = A.load_compact(tmp_path / "old")
    assert {"box", "modules"} <= set(compact.columns)
    rebuilt = derived_columns(pd.DataFrame({"rules": ["rocca_civetta", "", "rocca_civetta"]}))
    assert rebuilt["box"].tolist() == ["base+rocca_civetta", "base", "base+rocca_civetta"]
