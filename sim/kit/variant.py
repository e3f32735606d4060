"""Copies of a game's numba packages with some modules replaced: an engine compiled for one set of modules.

numba compiles what a function reaches when it is typed, and freezes the functions it calls. A game
whose dispatch reaches every module's code compiles all of it, whatever a configuration plays. A
variant is a copy of the game's numba packages (its engine and its agents) in the cache folder, under
a new top-level package, in which some modules (the generated dispatch) are replaced: the copy reaches
only what its dispatch calls, and compiles and caches on its own (numba keys its cache by file).

``variant(packages, replaced, tag)`` returns the prefix of the copy: module ``m`` of a copied package
is ``f"{prefix}.{m}"`` there. Every ``from X import ...`` / ``import X`` of a module of a copied
package is rewritten to the copy; other imports (layout, decorators) are shared with the original.
A copied package's ``__init__`` is copied unless ``replaced`` gives it (an agent package that registers
itself on import is replaced by an empty one). The folder is named by a hash of everything it holds
and written once, atomically (workers of one sweep build the same variant at once); it is put on
``sys.path`` so worker processes import it by name.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import os
import shutil
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from sim.kit.instantiate import cache_folder, code_stamp


def _package_dir(package: str) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(f"no package or module {package!r} to copy")
    origin = Path(spec.origin)
    return origin.parent if origin.name == "__init__.py" else origin


def _files(packages: Sequence[str]) -> dict[str, tuple[Path, Path]]:
    """Module name -> (the path of its file under the copy's root, ``a/b/__init__.py`` for a package;
    the original file) for every module of ``packages`` (a package's files, or one module)."""
    out: dict[str, tuple[Path, Path]] = {}
    for package in packages:
        where = _package_dir(package)
        base = Path(*package.split("."))
        if where.is_file():
            out[package] = (base.with_suffix(".py"), where)
            continue
        for path in sorted(where.rglob("*.py")):
            if "__pycache__" not in path.parts:
                rel = path.relative_to(where)
                parts = rel.with_suffix("").parts
                names = parts[:-1] if parts[-1] == "__init__" else parts
                out[".".join((package, *names))] = (base / rel, path)
    return out


def _inside(module: str, packages: Sequence[str]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def rewrite_imports(source: str, packages: Sequence[str], prefix: str) -> str:
    """``source`` with each absolute import of a module of ``packages`` moved under ``prefix``."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    edits: list[tuple[int, int, int, int, str]] = []  # line, col, end line, end col, new text
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and _inside(node.module, packages):
            names = ", ".join(a.name if a.asname is None else f"{a.name} as {a.asname}" for a in node.names)
            edits.append((node.lineno, node.col_offset, node.end_lineno, node.end_col_offset,
                          f"from {prefix}.{node.module} import ({names})"))
        elif isinstance(node, ast.Import) and any(_inside(a.name, packages) for a in node.names):
            raise ValueError(f"'import {node.names[0].name}' of a copied package: write 'from ... import ...'")
    for line, col, end_line, end_col, new in sorted(edits, reverse=True):
        first, last = lines[line - 1], lines[end_line - 1]
        lines[line - 1:end_line] = [first[:col] + new + last[end_col:]]
    return "".join(lines)


def _key(packages: Sequence[str], replaced: Mapping[str, str], tag: str) -> str:
    digest = hashlib.sha256(f"{code_stamp()}:{tag}".encode())
    for name in packages:
        digest.update(name.encode())
    for name, text in sorted(replaced.items()):
        digest.update(f"\0{name}\0{text}".encode())
    return digest.hexdigest()[:12]


def variant(packages: Sequence[str], replaced: Mapping[str, str], tag: str) -> str:
    """The prefix of a copy of ``packages`` with ``replaced`` (module name -> source) in place of those
    modules (see the module docstring); built on first use, then found in the cache folder. ``tag``
    names what the copy is for (one tag, one copy: a copy of older sources with the same tag is removed)."""
    unknown = [m for m in replaced if m not in _files(packages)]
    if unknown:
        raise ValueError(f"replaced modules that the copied packages do not hold: {', '.join(unknown)}")
    prefix = f"_{tag}_{_key(packages, replaced, tag)}"
    folder = cache_folder() / "variants"
    if not (folder / prefix / ".complete").is_file():
        try:
            _build(folder, prefix, packages, replaced)
        except OSError:  # no writable cache folder: a copy for this process
            folder = Path(tempfile.mkdtemp(prefix="dungeonology-variants-"))
            _build(folder, prefix, packages, replaced)
    if str(folder) not in sys.path:
        sys.path.append(str(folder))
    return prefix


def _build(folder: Path, prefix: str, packages: Sequence[str], replaced: Mapping[str, str]) -> None:
    """Write the copy into ``folder/.prefix.<pid>`` and rename it into place (a copy someone else
    finished first is kept)."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob(f"{prefix.rsplit('_', 1)[0]}_*"):  # the same tag's copies of older sources
        if old.name != prefix:
            shutil.rmtree(old, ignore_errors=True)
    tmp = folder / f".{prefix}.{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    files = _files(packages)
    for name, (rel, original) in files.items():
        text = replaced[name] if name in replaced else original.read_text(encoding="utf-8")
        path = tmp / prefix / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(rewrite_imports(text, packages, prefix), encoding="utf-8")
    for pkg in [tmp / prefix, *(f for f in (tmp / prefix).rglob("*") if f.is_dir())]:
        init = pkg / "__init__.py"
        if not init.exists():  # a namespace on the way to a copied package (sim/, sim/dungeonology/ ...)
            init.write_text("", encoding="utf-8")
    (tmp / prefix / ".complete").write_text("", encoding="utf-8")
    try:
        os.replace(tmp / prefix, folder / prefix)
    except OSError:  # another process finished the same copy first
        shutil.rmtree(tmp, ignore_errors=True)
        if not (folder / prefix / ".complete").is_file():
            raise
    shutil.rmtree(tmp, ignore_errors=True)
