"""Dispatch by registered ranges (``sim.dungeonology.core.engine.registry``): the checked-in
generated modules match the packages' manifests, every phase, continuation and
opcode of ``sim.dungeonology.layout`` has exactly one handler in its module's range,
a new module needs no edit of a dispatcher, and nothing regenerates on import."""

from __future__ import annotations

import dataclasses
import importlib
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sim.dungeonology import layout as L
from sim.dungeonology.core.engine import generate as G
from sim.dungeonology.core.engine import regenerate
from sim.dungeonology.core.engine.registry import RegistryError, entries, manifests
from sim.dungeonology.manifest import Manifest
from sim.kit import codegen

ROOT = Path(__file__).resolve().parents[1]


def test_the_checked_in_generated_modules_are_current() -> None:
    """Fails when a manifest changed and the generated modules were not regenerated
    (``python -m sim.dungeonology.core.engine.regenerate``)."""
    assert [p.relative_to(ROOT).as_posix() for p in codegen.stale(G.files())] == []
    assert regenerate.main(["--check"]) == 0


def test_every_code_has_one_handler_in_its_modules_range() -> None:
    es = entries(manifests())
    handled = {(e.kind, c) for e in es for c in range(e.first, e.last + 1)}
    assert {("PH", getattr(L, n)) for n in dir(L) if n.startswith("PH_") and n != "PH_NONE"} <= handled
    assert {("K", getattr(L, n)) for n in dir(L) if n.startswith("K_")} <= handled
    assert {("OP", v) for v in L.OPCODES.values()} <= handled
    by = {(e.kind, e.first): e.package for e in es}
    assert by["PH", L.PH_BOSS_MOVE] == "sim.dungeonology.core.rules.boss"
    assert by["K", L.K_MA_EXPLORE] == "sim.dungeonology.core.rules.maximum_alert"
    assert by["OP", 60] == "sim.dungeonology.core.rules.main_effects"
    assert by["PH", L.PH_TELEPORT] == "sim.dungeonology.core.rules.dangerous_zones"


def test_every_registered_handler_exists() -> None:
    for e in entries(manifests()):
        for module, text in (*e.calls, *([e.legal] if e.legal else [])):
            name = text.partition("(")[0]
            assert hasattr(importlib.import_module(module), name), f"{e.package}: {module}.{name}"


def _with(**extra: Manifest) -> dict[str, Manifest]:
    regs = dict(manifests())
    regs.update(extra)
    return regs


def test_a_new_module_registers_its_codes_without_editing_a_dispatcher() -> None:
    """A package of a module the engine does not have yet (its codes beyond
    today's, in numbers no module uses): its phase, continuation and opcode
    range show up in the generated dispatchers."""
    new = Manifest(
        module="floor_iv",
        ranges={"floor_iv": ((90, 93), (90, 93), (200, 209))},
        phases={90: ("stairs:choose_floor(s, t, me, a - L.A_PILE)", "stairs:floor_actions(s, t, me, out)")},
        continuations={91: ("stairs:descend(s, t, a)", "sim.dungeonology.core.procedures.turn:resume_turn(s, t)")},
        ops={(200, 204): "stairs:exec_floor_op(s, t, op, n, actor)"},
    )
    text = G.generate(_with(**{"sim.dungeonology.core.rules.floor_iv": new}))
    phases, ops = text[f"{G.ENGINE}/dispatch_phases.py"], text[f"{G.ENGINE}/dispatch_ops.py"]
    assert "from sim.dungeonology.core.rules.floor_iv.stairs import choose_floor, descend, floor_actions" in phases
    assert ("    elif ph == 90:  # sim.dungeonology.core.rules.floor_iv\n"
            "        choose_floor(s, t, me, a - L.A_PILE)\n") in phases
    assert "        return floor_actions(s, t, me, out)\n" in phases
    assert ("    elif code == 91:  # sim.dungeonology.core.rules.floor_iv\n"
            "        descend(s, t, a)\n        resume_turn(s, t)\n") in phases
    assert ("    elif op >= 200 and op <= 204:  # sim.dungeonology.core.rules.floor_iv\n"
            "        exec_floor_op(s, t, op, n, actor)\n") in ops
    compile(phases, "dispatch_phases.py", "exec")
    compile(ops, "dispatch_ops.py", "exec")


NONE = (0, -1)  # an empty range


@pytest.mark.parametrize(("reg", "message"), [
    (Manifest("floor_iv", ranges={"floor_iv": ((13, 16), NONE, NONE)}), "PH 13-16 of 'floor_iv' overlaps"),
    (Manifest("floor_iv", ranges={"floor_iv": ((90, 93), NONE, NONE)},
              phases={94: ("x:f(s, t, me, a)", "x:g(s, t, me, out)")}),
     "PH 94 lies outside the PH ranges of module 'floor_iv'"),
    (Manifest("boss", phases={"PH_BOSS_MOVE": ("x:f(s, t, me, a)", "x:g(s, t, me, out)")}),
     "PH 20 is handled twice"),
    (Manifest("floor_iv", ranges={"floor_iv": (NONE, (90, 93), NONE)}, continuations={90: "x:f(s, t, a, me)"}),
     "uses me; allowed: s, t, a, b, c, L"),
    (Manifest("floor_iv", ranges={"floor_iv": (NONE, (90, 93), NONE)}, continuations={90: "f(s, t)"}),
     "is not 'module:function(args)'"),
    (Manifest("floor_iv", continuations={"PH_MOVE": "x:f(s, t)"}), "'PH_MOVE' is not a K_* code"),
    (Manifest("floor_iv", ranges={"floor_iv": ((1, 2),)}), "the ranges of part 'floor_iv' are (phases"),
])
def test_a_wrong_manifest_is_refused_with_what_is_wrong(reg: Manifest, message: str) -> None:
    with pytest.raises(RegistryError, match=re.escape(message)):
        entries(_with(**{"sim.dungeonology.core.rules.floor_iv": reg}))


def test_a_code_nobody_handles_is_refused() -> None:
    regs = dict(manifests())
    boss = regs["sim.dungeonology.core.rules.boss"]
    regs["sim.dungeonology.core.rules.boss"] = dataclasses.replace(boss, continuations={})
    with pytest.raises(RegistryError, match=r"K_BOSS_STEP \(21\) is handled by no package's manifest"):
        entries(regs)


def test_regenerating_writes_the_stale_files_and_check_reports_them(tmp_path: Path) -> None:
    texts = G.files(root=tmp_path)
    for path in texts:
        path.parent.mkdir(parents=True, exist_ok=True)
    assert sorted(codegen.write(texts)) == sorted(texts)
    assert codegen.stale(texts) == {}
    victim = tmp_path / G.ENGINE / "dispatch_ops.py"
    victim.write_text(victim.read_text().replace("exec_boss_op(s, t, op, n, actor)", "pass"))
    assert list(codegen.stale(texts)) == [victim]
    assert codegen.write(texts) == [victim] and codegen.stale(texts) == {}


def test_import_sim_writes_no_source_file(tmp_path: Path) -> None:
    """A stale generated module stays as it is when ``sim`` is imported: only the command rewrites it."""
    shutil.copytree(ROOT / "sim", tmp_path / "sim", ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    victim = tmp_path / G.ENGINE / "dispatch_ops.py"
    stale = victim.read_text() + "# stale\n"
    victim.write_text(stale)
    subprocess.run([sys.executable, "-c", "import sim, sim.dungeonology.layout"], cwd=tmp_path, check=True,
                   env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert victim.read_text() == stale
    out = subprocess.run([sys.executable, "-m", "sim.dungeonology.core.engine.regenerate", "--check"], cwd=tmp_path,
                         env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True)
    assert out.returncode == 1 and "dispatch_ops.py" in out.stdout
