"""A module plugs in through its folder and one registry line (docs/ADDING_A_MODULE.md).

The toy module (tests/toy_module: the Bell) adds a phase, an action, a state field, a result
column and a scoring hook. The test copies the checkout, adds the one line that registers the
toy to the copy's sim/dungeonology/modules.py, regenerates the dispatch
(``python -m sim.dungeonology.core.engine.regenerate``) and plays games in the copy (numba off:
the same code, no compile): with the toy, its phase is played and its points and column count;
without it, the games are the same as in the checkout itself.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REGISTRY_LINE = ('register(Module("toy", BASE_BOX, "rule", "Toy Bell", "a Bell to ring at the end of each turn, a '
                 'point a ring", implemented=True, bit=1 << 20, packages=("tests.toy_module",)))\n')
SEEDS = (5, 17)
PLAY = r'''
import json, sys
import numpy as np
from sim import GameConfig, new_game
from sim.dungeonology import layout as L
from sim.dungeonology.core.engine.batch import ROW_FIELDS, write_rows

def play(modules, seed):
    g = new_game(GameConfig(players=3, modules=modules), seed)
    rng = np.random.default_rng(seed)
    phases = set()
    while not g.is_terminal():
        phases.add(g.phase())
        legal = g.legal_actions()
        g.apply(int(legal[rng.integers(len(legal))]))
        assert g.check_invariants() is None, g.check_invariants()
    rows = np.zeros((1, L.MAXP, len(ROW_FIELDS)), np.int64)
    write_rows(g.state, g.tables, rows, 0)
    return {"history": g.history, "result": g.result(), "phases": sorted(phases),
            "rows": {f: rows[0, :3, i].tolist() for i, f in enumerate(ROW_FIELDS)},
            "strings": sorted({g.action_to_string(a) for a in g.legal_actions()} if not g.is_terminal() else [])}

out = {}
for modules in json.loads(sys.argv[1]):
    for seed in json.loads(sys.argv[2]):
        out[f"{'+'.join(modules)}:{seed}"] = play(tuple(modules), seed)
print(json.dumps(out))
'''


def _run(cwd: Path, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(cwd), "NUMBA_DISABLE_JIT": "1"}
    done = subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def _play(cwd: Path, module_sets: list[list[str]]) -> dict:
    return json.loads(_run(cwd, "-c", PLAY, json.dumps(module_sets), json.dumps(SEEDS)).splitlines()[-1])


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The checkout with the toy registered: its folder and one registry line, then regenerated."""
    root = tmp_path_factory.mktemp("checkout")
    ignore = shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc")
    for part in ("sim", "agents"):
        shutil.copytree(ROOT / part, root / part, ignore=ignore)
    shutil.copytree(ROOT / "tests" / "toy_module", root / "tests" / "toy_module", ignore=ignore)
    registry = root / "sim" / "dungeonology" / "modules.py"
    registry.write_text(registry.read_text() + REGISTRY_LINE)
    out = _run(root, "-m", "sim.dungeonology.core.engine.regenerate")
    assert "regenerated" in out
    return root


def test_the_toy_needs_no_file_outside_its_folder_but_the_registry_line(copy: Path) -> None:
    changed = []
    for path in sorted((copy / "sim").rglob("*.py")) + sorted((copy / "agents").rglob("*.py")):
        rel = path.relative_to(copy)
        if (ROOT / rel).read_text() != path.read_text():
            changed.append(rel.as_posix())
    assert "sim/dungeonology/modules.py" in changed
    assert all(Path(p).name.startswith("dispatch_") for p in changed if p != "sim/dungeonology/modules.py"), changed


def test_with_the_toy_its_phase_action_field_column_and_points_count(copy: Path) -> None:
    games = _play(copy, [["toy"], ["boss", "main_effects", "toy"]])
    for key, g in games.items():
        assert "toy_bell" in g["phases"], key
        bells = g["rows"]["toy_bells"]
        assert sum(bells) > 0, key  # random play rings it about every other turn
        parts = [seat["breakdown"] for seat in g["result"]["seats"]]
        for seat, part, rung in zip(g["result"]["seats"], parts, bells, strict=True):
            base = part["board"] + part["thesis_bonus"] - part["jinx_penalty"] + part.get("intern_bonus", 0)
            assert seat["score"] == base + rung, key  # a point a ring
        assert g["rows"]["score"] == [s["score"] for s in g["result"]["seats"]]


def test_without_the_toy_the_games_are_the_same(copy: Path) -> None:
    sets = [[], ["boss", "dangerous_zones", "maximum_alert", "main_effects", "rocca_civetta", "research",
                 "congregations"]]
    with_toy_registered = _play(copy, sets)
    checkout = _play(ROOT, sets)
    for key, g in checkout.items():
        other = with_toy_registered[key]
        assert other["history"] == g["history"] and other["result"] == g["result"], key
        assert "toy_bell" not in other["phases"]
        assert other["rows"].pop("toy_bells") == [0, 0, 0]
        assert other["rows"] == g["rows"], key
