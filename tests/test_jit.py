"""The two ways numba code is compiled (``sim.kit.jit``): every function
says whether it uses numba's runtime, kernels allocate nothing and get no
array back from a call, and whole games free every array they allocate."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

from sim.kit.jit import inline_kernel, kernel, scratch_float, scratch_int

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "sim").rglob("*.py")) + sorted((ROOT / "agents").rglob("*.py"))
ALLOCATION = ("np.", ".copy()", "objmode")
KERNELS = ("kernel", "inline_kernel")  # inline_kernel: a kernel copied into its compiled callers


def _compiled_functions() -> list[tuple[Path, ast.FunctionDef, str]]:
    """(file, function, decorator) of every compiled top-level function."""
    out = []
    for path in SOURCES:
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef) and node.decorator_list:
                deco = ast.unparse(node.decorator_list[0])
                if deco in (*KERNELS, "allocating") or "njit" in deco:
                    out.append((path, node, deco))
    return out


def test_every_function_says_whether_it_uses_the_runtime() -> None:
    funcs = _compiled_functions()
    assert len(funcs) > 300
    wrong = [f"{p.name}:{n.name} uses @{d}" for p, n, d in funcs if d not in (*KERNELS, "allocating")]
    assert wrong == []


def test_kernels_create_no_arrays_or_lists() -> None:
    bad = []
    for path, node, deco in _compiled_functions():
        if deco not in KERNELS:
            continue
        src = ast.unparse(node)
        if any(a in src for a in ALLOCATION) or any(
                isinstance(x, (ast.List, ast.ListComp, ast.Dict, ast.Set)) for x in ast.walk(node)):
            bad.append(f"{path.name}:{node.name}")
    assert bad == []


def _heap_expr(expr: ast.expr, heap_names: set[str], heap_funcs: set[str]) -> bool:
    """The expression is (or holds, for a tuple) a new array or list."""
    if isinstance(expr, ast.Tuple):
        return any(_heap_expr(e, heap_names, heap_funcs) for e in expr.elts)
    if isinstance(expr, ast.IfExp):
        return _heap_expr(expr.body, heap_names, heap_funcs) or _heap_expr(expr.orelse, heap_names, heap_funcs)
    if isinstance(expr, (ast.List, ast.ListComp)):
        return True
    if isinstance(expr, ast.BinOp):  # [0] * n
        return _heap_expr(expr.left, heap_names, heap_funcs) or _heap_expr(expr.right, heap_names, heap_funcs)
    if isinstance(expr, ast.Name):
        return expr.id in heap_names
    if isinstance(expr, ast.Call):
        f = expr.func
        if isinstance(f, ast.Attribute):
            return (isinstance(f.value, ast.Name) and f.value.id == "np") or f.attr == "copy"
        return isinstance(f, ast.Name) and f.id in heap_funcs
    return False


def _heap_returning(funcs: list[tuple[Path, ast.FunctionDef, str]]) -> set[str]:
    """Names of the compiled functions that return an array or a list (a
    static reading of their return statements and the names they return)."""
    heap: set[str] = set()
    while True:
        before = len(heap)
        for _, node, _ in funcs:
            names: set[str] = set()
            for x in ast.walk(node):
                if isinstance(x, ast.Assign) and _heap_expr(x.value, names, heap):
                    for target in x.targets:
                        names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
            if any(isinstance(x, ast.Return) and x.value is not None and _heap_expr(x.value, names, heap)
                   for x in ast.walk(node)):
                heap.add(node.name)
        if len(heap) == before:
            return heap


def test_kernels_get_no_array_back_from_a_call() -> None:
    """A kernel cannot free an array it is handed back (numba would not
    complain: the memory would leak)."""
    funcs = _compiled_functions()
    heap = _heap_returning(funcs)
    assert {"zone_study_values", "fresh_order"} <= heap
    bad = []
    for path, node, deco in funcs:
        if deco not in KERNELS:
            continue
        called = {c.func.id for c in ast.walk(node) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)}
        bad += [f"{path.name}:{node.name} calls {c}" for c in sorted(called & heap)]
    assert bad == []


def _scratch_names(node: ast.FunctionDef) -> set[str]:
    """Names a function binds to a scratch array (``x = scratch_int(N)``, or a view of one)."""
    names: set[str] = set()
    for x in ast.walk(node):
        if isinstance(x, ast.Assign) and _from_scratch(x.value, names):
            names |= {n.id for t in x.targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return names


def _from_scratch(expr: ast.expr, names: set[str]) -> bool:
    """The expression is (or holds, for a tuple) a scratch array or a view of one."""
    if isinstance(expr, ast.Tuple):
        return any(_from_scratch(e, names) for e in expr.elts)
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name):
        return expr.func.id in ("scratch_int", "scratch_float")
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute):  # scratch_int(N).reshape(...)
        return _from_scratch(expr.func.value, names)
    if isinstance(expr, ast.Subscript):  # a slice is a view; an item is a number
        index = expr.slice.elts if isinstance(expr.slice, ast.Tuple) else [expr.slice]
        return any(isinstance(i, ast.Slice) for i in index) and _from_scratch(expr.value, names)
    return isinstance(expr, ast.Name) and expr.id in names


def test_kernels_never_return_their_scratch_arrays() -> None:
    """A scratch array lives on its kernel's stack: returning it (or a view,
    or a tuple holding it) would hand back freed memory."""
    bad = []
    for path, node, _ in _compiled_functions():
        names = _scratch_names(node)
        if any(isinstance(x, ast.Return) and x.value is not None and _from_scratch(x.value, names)
               for x in ast.walk(node)):
            bad.append(f"{path.name}:{node.name}")
    assert bad == []
    assert _scratch_names(next(n for _, n, _ in _compiled_functions() if n.name == "move_decision")) >= {"want", "vals"}


_N = 6


@kernel
def _scratch_sums(k):
    """Fills two scratch arrays after reading them: each call sees zeros."""
    a = scratch_int(_N)
    b = scratch_float(_N)
    before = 0.0
    for i in range(_N):
        before += a[i] + b[i]
        a[i] = k * i
        b[i] = 0.5 * a[i]
    return before, _half_sum(a[1:], b)


@kernel
def _half_sum(a, b):
    v = 0.0
    for i in range(a.shape[0]):
        v += a[i] + b[i]
    return v


def test_scratch_arrays_are_zeroed_and_passed_down() -> None:
    assert _scratch_sums(3) == (0.0, 45.0 + 15.0)  # a[1:] of 0, 3, ..., 15; b[:5] of 0, 1.5, ...
    assert _scratch_sums(2) == (0.0, 30.0 + 10.0)  # zeroed again, not the last call's values


@kernel
def _add(a, b):
    return a + b


@kernel
def _sums(x):
    return _add(x, 1) + _add(x, 2) + _add(3, x)


def test_constants_do_not_multiply_compiled_versions() -> None:
    """A kernel called with different constants is compiled once, for int64."""
    assert _sums(10) == 36
    _sums.recompile()  # type the calls afresh (not loaded from numba's cache)
    assert len(_add.signatures) == 1


@inline_kernel
def _twice(x):
    if x < 0:
        return 0  # a return inside: the copy jumps past the rest
    return 2 * x


@kernel
def _twice_plus_one(x):
    return _twice(x) + 1


def test_an_inline_kernel_is_copied_into_its_compiled_caller() -> None:
    """Called from compiled code, an inline_kernel is not compiled on its own (its code is part of the
    caller's); called from Python it compiles as any kernel."""
    assert (_twice_plus_one(5), _twice_plus_one(-3)) == (11, 1)
    _twice_plus_one.recompile()  # typed afresh (not loaded from numba's cache)
    assert _twice.signatures == []
    assert _twice(4) == 8 and len(_twice.signatures) == 1


LEAK_SCRIPT = """
import json
import numpy as np
from numba import njit
from numba.core.runtime import rtsys
from agents.batch import play_batch as play_agents
from agents.spec import parse_spec
from agents.batch import play_random
from sim.dungeonology.config import GameConfig, compile_config
from sim.dungeonology.game import new_game
from sim.dungeonology.modules import base_rules

cfg = GameConfig(players=4, modules=base_rules())
c = compile_config(cfg)
slots = [parse_spec("heuristic"), parse_spec("random"), parse_spec("ismcts:iterations=20")]

def games():
    play_random(c, list(range(30)), True)
    play_random(c, list(range(30)), False)  # the batch without checks is compiled apart
    play_agents(c, list(range(3)), slots)
    new_game(cfg, seed=3).determinize(0, 5)

# the check itself: a function without the runtime that is handed an array back leaks it
make = njit(_nrt=True)(lambda: np.zeros(4))
leaky = njit(_nrt=False)(lambda: make()[0])

def leaked(run):
    a = rtsys.get_allocation_stats()
    run()
    b = rtsys.get_allocation_stats()
    return (b.mi_alloc - a.mi_alloc) - (b.mi_free - a.mi_free)

games()
leaky()
print(json.dumps({"games": leaked(games), "control": leaked(lambda: [leaky() for _ in range(5)])}))
"""


def test_games_free_every_array_they_allocate() -> None:
    env = dict(os.environ, NUMBA_NRT_STATS="1")
    proc = subprocess.run([sys.executable, "-c", LEAK_SCRIPT], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["control"] == 5  # the count sees a leak
    assert out["games"] == 0


def test_a_change_to_how_code_is_compiled_drops_the_numba_cache(tmp_path: Path) -> None:
    """sim.kit.cache drops the cached machine code when a module using the
    decorators changes, and when jit.py itself does (it holds no kernel)."""
    from sim.kit.cache import refresh_numba_cache

    core = tmp_path / "sim" / "core" / "engine"
    (core / "__pycache__").mkdir(parents=True)
    (core / "jit.py").write_text("kernel = None\n")
    (core / "rules.py").write_text("from sim.kit.jit import kernel\n")
    refresh_numba_cache(tmp_path)
    for edit in (core / "rules.py", core / "jit.py"):
        stale = core / "__pycache__" / "rules.f-1.py311.nbi"
        stale.write_bytes(b"")
        assert refresh_numba_cache(tmp_path) is False  # nothing changed yet
        edit.write_text(edit.read_text() + "# changed\n")
        assert refresh_numba_cache(tmp_path) is True
        assert not stale.exists()
