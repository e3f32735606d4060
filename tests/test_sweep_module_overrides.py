"""What-ifs on the expansion's data: an override key is checked against the data of the modules of each cell
(an expansion's Scholar is a key there, not in the base game), and the what-if's reference reads the data
value from that data."""

from __future__ import annotations

from pathlib import Path

import pytest

from experiments import analysis as A
from experiments.dungeonology.analysis import variants as V
from experiments.runs.config import parse_sweep
from experiments.runs.sweep import run_sweep
from sim.dungeonology.loader import load_data
from sim.dungeonology.modules import boxes_in_use
from sim.kit.errors import ConfigError

RC = ["rocca_civetta"]
KEY = "scholars.Enrico.hand"


def _raw(fixed: dict | None = None, sweep: dict | None = None, **more) -> dict:
    return {"name": "rcw", "games_per_cell": 10, "seed": 1, **more,
            "fixed": {"players": 2, "agents": ["random"], **(fixed if fixed is not None else {"modules": RC})},
            "sweep": sweep if sweep is not None else {"overrides": {KEY: [3, 5]}}}


def test_an_expansion_scholars_value_is_a_what_if_of_the_expansion():
    plan = parse_sweep(_raw(), file="rcw.toml")  # before: "no key 'Enrico' under scholars"
    assert [c.config.overrides for c in plan.cells] == [{KEY: 3}, {KEY: 5}]
    fixed = parse_sweep(_raw({"modules": RC, "overrides": {KEY: 3}}, {"variants": {"a": {}, "b": {
        "scholars.Enrico.speed": 2}}}), file="rcw.toml")
    assert len(fixed.cells) == 2


def test_a_cell_whose_data_lacks_the_key_is_an_impossible_cell():
    both = {"modules": [[], RC], "overrides": {KEY: [3, 5]}}
    with pytest.raises(ConfigError, match=r"impossible cell \(.*modules = \[\].*no key 'Enrico' under scholars"):
        parse_sweep(_raw({}, both), file="rcw.toml")
    plan = parse_sweep(_raw({}, both, skip_invalid=True), file="rcw.toml")
    assert [c.rules for c in plan.cells] == [tuple(RC)] * 2 and len(plan.skipped) == 2


@pytest.mark.parametrize("fixed, message", [
    ({"modules": RC}, "no key 'Enricoo' under scholars (allowed: Rebecca, Valerio, Sofia, Vincenzo, Sara"),
    ({}, "no key 'Enricoo' under scholars (allowed: Rebecca, Valerio, Sofia, Vincenzo)"),
])
def test_a_key_no_cell_has_is_refused_naming_the_keys_of_the_widest_data(fixed, message):
    with pytest.raises(ConfigError) as info:
        parse_sweep(_raw(fixed, {"overrides": {"scholars.Enricoo.hand": [3]}}), file="rcw.toml")
    assert str(info.value).startswith('rcw.toml: sweep.overrides."scholars.Enricoo.hand"[0] = 3: ' + message)


def test_the_what_if_reference_is_read_from_the_expansions_data(tmp_path: Path):
    data_value = load_data(boxes=boxes_in_use(RC)).data.scholars["Enrico"].hand
    plan = parse_sweep(_raw(sweep={"overrides": {KEY: [data_value - 1, data_value]}}), file="rcw.toml")
    run_sweep(plan, tmp_path / "rcw", jobs=1)
    df = A.load(tmp_path / "rcw")
    ref = V.reference_of(df, KEY)  # before: "the run's data could not be read for this key (KeyError)"
    assert (ref.value, ref.data_value, ref.note) == (str(data_value), str(data_value), f"the data value {data_value}")
    assert V.data_value(df.attrs["manifest"], KEY)[0] is None  # the base game has no Enrico
    t = V.override_effects(df, KEY)
    assert set(t["reference"]) == {str(data_value)} and t["delta"].notna().any()


def test_the_expansions_scholars_are_named_and_combined_with_its_data():
    named = parse_sweep(_raw({"modules": RC, "scholars": ["Enrico", "random"]}, {"alert": ["easy"]}), file="rcw.toml")
    assert [c.scholars for c in named.cells] == [("Enrico", "random")]  # before: "unknown Scholar"
    both = parse_sweep(_raw({}, {"modules": [[], RC], "scholars": "all_combinations"}), file="rcw.toml")
    per_modules = {m: sum(1 for c in both.cells if c.rules == m) for m in ((), tuple(RC))}
    base = len(load_data(None, {}, boxes_in_use(())).data.scholars)
    expansion = len(load_data(None, {}, boxes_in_use(tuple(RC))).data.scholars)
    assert per_modules == {(): base * (base - 1) // 2, tuple(RC): expansion * (expansion - 1) // 2}
    assert expansion > base
    with pytest.raises(ConfigError, match="impossible cell"):
        parse_sweep(_raw({"scholars": ["Enrico", "random"]}, {"modules": [[], RC]}), file="rcw.toml")
