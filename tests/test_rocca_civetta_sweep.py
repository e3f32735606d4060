"""experiments/configs/rocca_civetta.toml, the expansion's default sweep: it parses (the Trick Card modules it
names count as implemented here when their part has not landed yet) and a tiny version runs and reports,
with the box and modules columns and the adjusted statistics."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from experiments.runs.config import load_sweep
from experiments.runs.sweep import load_rows, run_sweep
from sim.dungeonology import modules as M

CONFIG = Path(__file__).resolve().parents[1] / "experiments" / "configs" / "rocca_civetta.toml"
NAMED = ("main_effects", "rocca_civetta", "alchemy", "specialists", "spriggan", "research", "congregations")


@pytest.fixture
def playable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The modules the file names, implemented (a module whose part has not landed plays nothing of its own)."""
    for name in NAMED:
        if not M.MODULES[name].implemented:
            monkeypatch.setitem(M.MODULES, name, replace(M.MODULES[name], implemented=True))


def test_the_expansion_sweep_is_sized_like_the_base_default(playable):
    plan = load_sweep(CONFIG)
    base = load_sweep(CONFIG.parent / "default.toml")
    assert plan.name == "rocca_civetta" and plan.games_total == base.games_total == 480_000
    assert {c.players for c in plan.cells} == {2, 3, 4}
    assert {c.modules for c in plan.cells} == {("rocca_civetta",), NAMED}
    assert all(c.scholars == ("random",) * c.players and c.clan == "random" for c in plan.cells)


def test_a_tiny_version_runs_and_reports(playable, tmp_path: Path):
    from experiments.report.build import build_report

    out = tmp_path / "rc"
    result = run_sweep(load_sweep(CONFIG, games=6, chunk_size=6), out, jobs=1)
    assert result.games_played == 24 * 6
    df = load_rows(out)
    assert set(df["box"].astype(str)) == {"base+rocca_civetta"}
    assert set(df["modules"].astype(str)) == {"rocca_civetta", "+".join(NAMED)}
    page = build_report(out).read_text(encoding="utf-8")
    assert 'id="adjusted"' in page and "Adjusted for the table and the seat" in page
