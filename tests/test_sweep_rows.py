"""Sweep rows built from codes (the worker's columns, experiments.runs.worker.chunk_columns, wrapped by
experiments.runs.rows.part_frame) are the rows the string path built before: the same DataFrame,
dtypes and categories, and the same error for a value outside the run's categories."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest

from experiments.dungeonology.results import COLUMNS
from experiments.runs.config import load_sweep
from experiments.runs.rows import part_frame
from experiments.runs.schema import OVERRIDE_PREFIX, VARIANT
from experiments.runs.seating import seat_assignment
from experiments.runs.sweep import cell_task, run_categories
from experiments.runs.worker import Column, PlayedChunk, _codes, chunk_columns
from sim.dungeonology.config import compile_config
from tests.test_sweep import CONFIGS, QUICK


def _conform_by_strings(df: pd.DataFrame, categories: dict[str, list[str]],
                        set_columns: dict[str, str]) -> pd.DataFrame:
    """The reference: every categorical column through its values' texts (the path before codes)."""
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
    """The rows as the sweep built them before codes: constants and agents as repeated strings."""
    from sim.dungeonology.results import rows_frame

    players = task.compiled.config.players
    df = rows_frame(rows, games, compile_config(task.compiled.config).names, players, ids)
    df["run"] = task.run
    df["cell"] = task.cell
    df["seed"] = np.repeat(seeds, players)
    df["agent"] = np.array([s.text for s in task.slots], dtype=object)[assign.reshape(-1)]
    df["thesis_submitted"] = df["thesis_order"] > 0
    for key, value in task.constants.items():
        df[key] = value
    return _conform_by_strings(df, task.categories, {k: task.set_dtypes.get(k, "string") for k in task.constants
                                                     if k.startswith(OVERRIDE_PREFIX) or k == VARIANT})


@pytest.fixture(scope="module")
def played():
    """Every cell of quick.toml (60 rotated games each), of variants.toml, advanced.toml (the four advanced
    rules: Boss and Panic columns) and rocca_civetta.toml (the expansion's Scholars and Clans; 4 games
    each), with their arrays."""
    from agents.batch import play_batch

    out = []
    for path, games in ((QUICK, None), (CONFIGS / "variants.toml", 4), (CONFIGS / "advanced.toml", 4),
                        (CONFIGS / "rocca_civetta.toml", 4)):
        plan = load_sweep(path, games=games)
        categories = run_categories(plan, compile_config(plan.cells[0].config))
        for cell in plan.cells:
            task = cell_task(plan, cell, categories)
            lo, hi = plan.cell_games(cell.index)
            ids = np.arange(lo, hi, dtype=np.int64)
            seeds = task.seed_offset + ids
            assign = task.slot_of_entry[seat_assignment(hi - lo, task.compiled.config.players, start=0)]
            rows, games_ = play_batch(task.compiled, seeds.tolist(), list(task.slots), assign)
            out.append((task, rows, games_, ids, seeds, assign))
    return out


def _frame_by_codes(task, rows, games, ids, seeds, assign) -> pd.DataFrame:
    columns = chunk_columns(task.columns, task.categories, task.compiled.config.players, rows, games, ids, seeds,
                            assign)
    return part_frame(task, PlayedChunk(columns, None, {}))


def test_rows_from_codes_equal_rows_from_strings(played):
    for task, *arrays in played:
        new, old = _frame_by_codes(task, *arrays), _frame_by_strings(task, *arrays)
        pd.testing.assert_frame_equal(new, old, check_exact=True)
        assert list(new.dtypes) == list(old.dtypes)
        for name, (dtype, _) in COLUMNS.items():
            if dtype == "category":
                assert new[name].cat.categories.equals(old[name].cat.categories)
                assert new[name].cat.categories.dtype == old[name].cat.categories.dtype, name


def test_a_worker_imports_neither_pandas_nor_the_data_models():
    """What a sweep's worker imports to unpickle its task and play (experiments.runs.worker, and the games' results
    modules that make the rows' columns)."""
    import subprocess
    import sys

    code = ("import sys, experiments.runs.worker, sim.dungeonology.config, agents.registry; agents.registry.kinds(); "
            "from experiments.runs.schema import results_of; results_of('dungeonology'); results_of('leduc'); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pandas', 'pydantic') "
            "or m.startswith(('sim.dungeonology.loader', 'sim.dungeonology.schema', 'sim.dungeonology.tables'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_value_outside_the_categories_is_the_same_error():
    col = pd.Series(pd.Categorical(["a", "z", "y"], categories=["a", "y", "z", "unused"]))
    with pytest.raises(ValueError) as old:
        _conform_by_strings(_frame_of(col), {n: ["a"] for n in COLUMNS}, {})
    recipe = Column("alert", "constant", 0, np.array([0, -1, -1, -1]), ("a", "y", "z", "unused"))
    with pytest.raises(ValueError) as new:
        _codes(recipe, col.cat.codes.to_numpy(np.int64), ["a"])
    assert str(new.value) == str(old.value) == "column alert: values ['y', 'z'] outside the run's categories ['a']"


def test_a_scholar_outside_the_runs_categories_is_refused_by_the_worker(played):
    task, rows, games, ids, seeds, assign = played[0]
    narrow = {**task.categories, "scholar": list(task.categories["scholar"][:1])}
    from experiments.runs.rows import worker_columns

    recipes = worker_columns(compile_config(task.compiled.config).names, [s.text for s in task.slots],
                             task.constants, narrow)
    with pytest.raises(ValueError, match=r"column scholar: values \[.+\] outside the run's categories"):
        chunk_columns(recipes, narrow, task.compiled.config.players, rows, games, ids, seeds, assign)


def _frame_of(col: pd.Series) -> pd.DataFrame:
    """Every categorical column of the schema holds ``col``; the others zeros."""
    zeros = pd.Series(np.zeros(len(col), np.int64))
    return pd.DataFrame({n: col if dtype == "category" else zeros for n, (dtype, _) in COLUMNS.items()})


# ------------------------------------------------------- box and modules columns (issue 16)
def test_rows_carry_box_and_modules_and_an_older_run_still_loads(tmp_path):
    from experiments import analysis as A
    from experiments.dungeonology.results import box_of, derived_columns
    from tests.analysis_frames import synthetic_frame, write_run

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
