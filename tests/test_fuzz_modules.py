"""`dungeonology fuzz --all-combinations` over every playable combination of the base box's modules with the
expansion's (sim.dungeonology.modules.combinations()), and --total-games spreading a total over them."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from experiments.checks.fuzz import rule_combinations
from experiments.cli import app
from sim.dungeonology import modules as M


def test_the_combinations_cross_the_base_rules_with_every_implemented_expansion_module():
    combos = rule_combinations()
    assert combos == M.combinations() and combos[0] == ()
    base = [c for c in combos if all(M.MODULES[n].box == "base" for n in c)]
    assert len(base) == 16
    for name in M.names(box="rocca_civetta", implemented=True):
        with_it = [c for c in combos if name in c]
        assert with_it, name
        for c in with_it:  # every one playable: requirements in, no excluded pair, all implemented
            assert M.problem(c) is None
    if M.MODULES["rocca_civetta"].implemented:  # the content alone joins every base combination
        assert {tuple(n for n in c if n != "rocca_civetta") for c in combos if "rocca_civetta" in c} >= set(base)


def test_fuzz_all_combinations_with_a_total(tmp_path: Path):
    combos = rule_combinations()
    r = CliRunner().invoke(app, ["fuzz", "--all-combinations", "--total-games", str(2 * len(combos)),
                                 "--players", "2", "--out", str(tmp_path), "--no-progress"])
    assert r.exit_code == 0, r.output
    assert f"{2 * len(combos):,} games over {len(combos)} configurations: 2 each" in r.output
    assert "No invariant violated." in r.output and f"Total: {2 * len(combos)} games" in r.output
    if M.MODULES["rocca_civetta"].implemented:
        assert "rules: rocca_civetta" in r.output
