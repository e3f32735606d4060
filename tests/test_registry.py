"""Dispatch by registered ranges (``sim.dungeonology.core.engine.registry``): the checked-in
dispatch modules match the packages' registrations, every phase,
continuation and opcode of ``sim.dungeonology.layout`` has exactly one handler in its
module's range, and a new module needs no edit of a dispatcher."""

from __future__ import annotations

import dataclasses
import importlib
import os
import re
import stat
from pathlib import Path

import pytest

from sim.dungeonology import layout as L
from sim.dungeonology.core.engine import registry
from sim.dungeonology.core.engine.registry import Registration, RegistryError, entries, generate, registrations


def test_the_checked_in_dispatch_modules_are_current() -> None:
    """Fails when a registration changed and dispatch_*.py was not
    regenerated (``python -m sim.dungeonology.core.engine.regenerate``): ``import sim``
    had to rewrite it, or it differs now."""
    assert registry.REGENERATED == []
    assert registry.stale() == {}


def test_every_code_has_one_handler_in_its_modules_range() -> None:
    es = entries(registrations())
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
    for e in entries(registrations()):
        for module, text in (*e.calls, *([e.legal] if e.legal else [])):
            name = text.partition("(")[0]
            assert hasattr(importlib.import_module(module), name), f"{e.package}: {module}.{name}"


def _with(**extra: Registration) -> dict[str, Registration]:
    regs = dict(registrations())
    regs.update(extra)
    return regs


def test_a_new_module_registers_its_codes_without_editing_a_dispatcher() -> None:
    """A package of a module the engine does not have yet (its codes beyond
    today's, in numbers no module uses): its phase, continuation and opcode
    range show up in the generated dispatchers."""
    new = Registration(
        module="floor_iv",
        ranges={"PH": ((90, 93),), "K": ((90, 93),), "OP": ((200, 209),)},
        phases={90: ("stairs:choose_floor(s, t, me, a - L.A_PILE)", "stairs:floor_actions(s, t, me, out)")},
        continuations={91: ("stairs:descend(s, t, a)", "sim.dungeonology.core.procedures.turn:resume_turn(s, t)")},
        ops={(200, 204): "stairs:exec_floor_op(s, t, op, n, actor)"},
    )
    text = generate(_with(**{"sim.dungeonology.core.rules.floor_iv": new}))
    phases, ops = text["dispatch_phases.py"], text["dispatch_ops.py"]
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


@pytest.mark.parametrize(("reg", "message"), [
    (Registration("floor_iv", ranges={"PH": ((13, 16),)}), "PH 13-16 of 'floor_iv' overlaps"),
    (Registration("floor_iv", ranges={"PH": ((90, 93),)}, phases={94: ("x:f(s, t, me, a)", "x:g(s, t, me, out)")}),
     "PH 94 lies outside the PH ranges of module 'floor_iv'"),
    (Registration("boss", phases={"PH_BOSS_MOVE": ("x:f(s, t, me, a)", "x:g(s, t, me, out)")}),
     "PH 20 is handled twice"),
    (Registration("floor_iv", ranges={"K": ((90, 93),)}, continuations={90: "x:f(s, t, a, me)"}),
     "uses me; allowed: s, t, a, b, c, L"),
    (Registration("floor_iv", ranges={"K": ((90, 93),)}, continuations={90: "f(s, t)"}),
     "is not 'module:function(args)'"),
    (Registration("floor_iv", continuations={"PH_MOVE": "x:f(s, t)"}), "'PH_MOVE' is not a K_* code"),
    (Registration("floor_iv", ranges={"X": ((1, 2),)}), "range kind 'X'"),
])
def test_a_wrong_registration_is_refused_with_what_is_wrong(reg: Registration, message: str) -> None:
    with pytest.raises(RegistryError, match=re.escape(message)):
        entries(_with(**{"sim.dungeonology.core.rules.floor_iv": reg}))


def test_a_code_nobody_handles_is_refused() -> None:
    regs = dict(registrations())
    boss = regs["sim.dungeonology.core.rules.boss"]
    regs["sim.dungeonology.core.rules.boss"] = dataclasses.replace(boss, continuations={})
    with pytest.raises(RegistryError, match=r"K_BOSS_STEP \(21\) is handled by no registered package"):
        entries(regs)


def test_a_stale_dispatch_module_is_rewritten_before_it_is_imported(tmp_path: Path) -> None:
    with pytest.warns(UserWarning, match="regenerated dispatch_"):
        assert sorted(registry.ensure_generated(tmp_path)) == ["dispatch_ops.py", "dispatch_phases.py"]
    assert registry.ensure_generated(tmp_path) == []
    stale = tmp_path / "dispatch_ops.py"
    stale.write_text(stale.read_text().replace("exec_boss_op(s, t, op, n, actor)", "pass"))
    with pytest.warns(UserWarning, match="regenerated dispatch_ops.py"):
        assert registry.ensure_generated(tmp_path) == ["dispatch_ops.py"]
    assert stale.read_text() == generate()["dispatch_ops.py"]
    assert registry.REGENERATED == []  # only the package's own folder counts


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a folder the user cannot write")
def test_a_stale_dispatch_module_that_cannot_be_rewritten_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "dispatch_ops.py").write_text("stale\n")
    (tmp_path / "dispatch_phases.py").write_text(generate()["dispatch_phases.py"])
    tmp_path.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        with pytest.raises(RuntimeError, match=r"dispatch_ops.py is stale .* "
                                                 r"python -m sim.dungeonology.core.engine.regenerate"):
            registry.ensure_generated(tmp_path)
    finally:
        tmp_path.chmod(stat.S_IRWXU)
