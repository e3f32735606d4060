"""`dungeonology bench`'s Rocca Civetta row (experiments/dungeonology/bench/expansion.py): the expansion's modules
beside the base game with the same base-box modules, decisions/s of the same agents on the same seeds, and the ratio."""

from __future__ import annotations

from dataclasses import replace

import pytest
from typer.testing import CliRunner

from experiments.cli import app
from experiments.dungeonology.bench import expansion as B
from sim.dungeonology import modules as M
from sim.dungeonology.config import GameConfig


def test_the_expansion_is_rocca_civetta_and_its_implemented_card_types(monkeypatch: pytest.MonkeyPatch):
    implemented = [n for n in B.CONTENT if M.MODULES[n].implemented]
    mods = B.expansion_modules()
    assert set(implemented) <= set(mods) and B.BOX in mods
    assert B.base_side(mods) == tuple(n for n in mods if M.MODULES[n].box == "base")
    # a Trick Card type that needs Main Effects brings it to both sides
    monkeypatch.setitem(M.MODULES, "specialists", replace(M.MODULES["specialists"], implemented=True))
    mods = B.expansion_modules()
    assert "specialists" in mods and "main_effects" in mods and B.base_side(mods) == ("main_effects",)
    monkeypatch.setitem(M.MODULES, "rocca_civetta", replace(M.MODULES["rocca_civetta"], implemented=False))
    assert B.expansion_modules() == ()
    assert "not implemented yet" in B.lines({})[0]


def test_side_by_side_in_one_run_with_the_ratio():
    r = B.expansion_comparison(GameConfig(players=4), games=20, heuristic_games=4, repeats=1)
    assert r["expansion"] == list(B.expansion_modules()) and r["base"] == list(B.base_side(B.expansion_modules()))
    for agent in ("random", "heuristic"):
        assert r[f"{agent}_ratio"] == pytest.approx(r[f"{agent}_expansion_decisions_per_s"]
                                                    / r[f"{agent}_base_decisions_per_s"])
        assert r[f"{agent}_meets_target"] == (r[f"{agent}_ratio"] >= 0.9)
    text = B.lines(r)
    assert len(text) == 2 and "decisions/s" in text[0] and "% target" in text[1]


def test_bench_expansion_command():
    r = CliRunner().invoke(app, ["bench", "--expansion", "--quick", "--games", "20", "--players", "4"])
    assert r.exit_code == 0, r.output
    assert "Rocca Civetta (" in r.output and "vs the base game" in r.output and "random play" in r.output


def test_cold_configs_measures_the_base_game_the_four_rules_and_the_whole_expansion(monkeypatch: pytest.MonkeyPatch):
    """``bench --cold-configs``: one fresh-cache cold start per configuration, in a table of CPU and wall seconds."""
    from experiments.dungeonology.bench import engine as E

    measured = []

    def fake_cold(cfg):
        measured.append(tuple(cfg.modules))
        return {"cpu_s": 10.0 + len(cfg.modules), "wall_s": 20.0}

    monkeypatch.setattr(E, "cold_start", fake_cold)
    result = CliRunner().invoke(app, ["bench", "--cold-configs"])
    assert result.exit_code == 0, result.output
    assert measured == [(), M.base_rules(), M.names(implemented=True)]
    for label, cpu in (("base game", "10.0"), ("four advanced rules", "14.0"), ("whole expansion", "20.0")):
        line = next(x for x in result.output.splitlines() if x.startswith(label))
        assert cpu in line and "20.0" in line
