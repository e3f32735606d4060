"""Templates bound to one game: the generic numba code, compiled per game.

numba freezes the functions a compiled function calls, and caches machine
code by source file. So a template (the game loop, ISMCTS) is a module written
against :mod:`sim.kit.contract`; :func:`instantiate` writes a copy of its
source whose ``from sim.kit.contract import ...`` imports the names from the
game's modules instead, into a cache folder, under a name that hashes the new
source, the extra globals' names and this checkout's numba sources
(``sim.kit.cache``): changed code gets a new file, and numba never loads
machine code compiled from older sources. ``extra`` globals (the agent kinds'
``act`` functions of the loop) are set before anything is compiled.

``python=True`` gives the same module run as Python (each function of the
template is its plain Python function, ``scratch_int`` a numpy array): how a
table with Python agents plays the very same loop.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import os
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

import numpy as np

from sim.kit import cache

ROOT = Path(__file__).resolve().parents[2]
CONTRACT = "sim.kit.contract"


def cache_folder() -> Path:
    """Where instantiated templates live: ``NUMBA_CACHE_DIR``/dungeonology-loops when that is set (a fresh
    numba cache starts them afresh), else ~/.cache/dungeonology/loops (``XDG_CACHE_HOME``)."""
    numba_cache = os.environ.get("NUMBA_CACHE_DIR")
    if numba_cache:
        return Path(numba_cache) / "dungeonology-loops"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "dungeonology" / "loops"


def code_stamp() -> str:
    """What generated code depends on besides its own text: this checkout's numba sources and where it is."""
    return f"{cache.CURRENT or cache.sources_digest()}:{ROOT}"


def bind_source(source: str, modules: Mapping[str, str]) -> str:
    """``source`` with each ``from sim.kit.contract import ...`` replaced by imports of the same names from
    ``modules`` (name -> module path); a name it lacks is a KeyError naming it."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    edits = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module == CONTRACT:
            by: dict[str, list[str]] = {}
            for alias in node.names:
                if alias.name not in modules:
                    raise KeyError(f"the game binds no module for {alias.name!r} of {CONTRACT}")
                text = alias.name if alias.asname is None else f"{alias.name} as {alias.asname}"
                by.setdefault(modules[alias.name], []).append(text)
            new = "".join(f"from {m} import {', '.join(names)}\n" for m, names in sorted(by.items()))
            edits.append((node.lineno - 1, node.end_lineno, new))
    if not edits:
        raise ValueError(f"the template imports nothing from {CONTRACT}")
    for first, end, new in reversed(edits):
        lines[first:end] = [new]
    return "".join(lines)


def _written(stem: str, prefix: str, source: str) -> Path:
    """The generated file (written once: numba's cache is keyed by its time); older versions of the same
    template and bindings are removed."""
    folder = cache_folder()
    path = folder / f"{stem}.py"
    try:
        if not path.is_file() or path.read_text() != source:
            folder.mkdir(parents=True, exist_ok=True)
            for old in folder.glob(f"{prefix}_*.py"):
                old.unlink(missing_ok=True)
            for old in folder.glob(f"__pycache__/{prefix}_*"):
                if not old.name.startswith(stem):
                    old.unlink(missing_ok=True)
            tmp = folder / f".{stem}.{os.getpid()}"
            tmp.write_text(source)
            os.replace(tmp, path)
    except OSError:  # no writable cache folder: compiled in this process only
        path = Path(tempfile.mkdtemp(prefix="dungeonology-loops-")) / f"{stem}.py"
        path.write_text(source)
    return path


def _plain_python(module: ModuleType) -> None:
    """Each numba function defined in ``module`` replaced by its Python function (they then call each
    other as Python), and ``scratch_int`` / ``scratch_float`` by numpy arrays."""
    for name, value in list(vars(module).items()):
        func = getattr(value, "py_func", None)
        if func is not None and getattr(func, "__module__", None) == module.__name__:
            setattr(module, name, func)
    module.scratch_int = lambda n: np.zeros(n, np.int64)
    module.scratch_float = lambda n: np.zeros(n, np.float64)


def instantiate(template: str, modules: Mapping[str, str], extra: Mapping[str, object] | None = None,
                tag: str = "", python: bool = False) -> ModuleType:
    """The module ``template`` (a module path) bound to ``modules`` (contract name -> module path), with the
    ``extra`` globals set; ``tag`` names the binding in the file name (``loop_dungeonology``)."""
    extra = dict(extra or {})
    spec = importlib.util.find_spec(template)
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(f"no template module {template!r}")
    source = bind_source(Path(spec.origin).read_text(), modules)
    names = [f"{k}={getattr(getattr(v, 'py_func', v), '__module__', '?')}."
             f"{getattr(getattr(v, 'py_func', v), '__qualname__', repr(v))}" for k, v in sorted(extra.items())]
    prefix = f"{template.rsplit('.', 1)[-1]}_{tag}" if tag else template.rsplit(".", 1)[-1]
    key = hashlib.sha256("\n".join([source, *names]).encode()).hexdigest()[:12]
    code = hashlib.sha256(code_stamp().encode()).hexdigest()[:12]
    stem = f"{prefix}_{key}_{code}"
    path = _written(stem, f"{prefix}_{key}", source)
    name = f"_dungeonology_{stem}" + ("_python" if python else "")  # numba's cached code finds it by name
    if getattr(sys.modules.get(name), "__file__", None) == str(path):
        module = sys.modules[name]
        if python:  # run as Python: its functions read the globals at each call
            module.__dict__.update(extra)
        return module
    module_spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(module_spec)
    module.__dict__.update(extra)
    sys.modules[name] = module
    module_spec.loader.exec_module(module)
    module.__dict__.update(extra)  # again: the template's own defaults of these names are replaced
    if python:
        _plain_python(module)
    return module
