"""Keep numba's on-disk cache honest.

numba caches each compiled function next to its source and checks only that
function's own file: when a function it calls (in another module) changes,
the stale machine code is reused. On import we hash the modules that hold
numba code (those that use ``njit`` or the decorators of ``sim.kit.jit``)
and drop the cache files when any of them changed since the last run. Costs
a few milliseconds; silent when the package folders are read-only. Code
generated outside the packages (the agents' batch loops, ``agents.batch``)
carries the hash in its file name instead.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

PACKAGES = ("sim", "agents", "experiments", "tests")  # tests: example agents compiled against the layout
CURRENT = ""  # sources_digest() of this checkout, set on import (refresh_numba_cache)
LAYOUT_SOURCES = ("sim/dungeonology/modules.py",)  # the registry: the order and rule bits of the manifests


def sources_digest(root: Path | None = None) -> str:
    """The hash of the modules that hold numba code (what a compiled function may depend on)."""
    root = root or Path(__file__).resolve().parents[2]
    dirs = [root / p for p in PACKAGES if (root / p).is_dir()]
    digest = hashlib.sha256()
    for path in sorted(f for d in dirs for f in d.rglob("*.py") if "__pycache__" not in f.parts):
        source = path.read_bytes()
        rel = path.relative_to(root)
        if b"njit" in source or b"sim.kit.jit" in source or path.name in ("jit.py", "manifest.py") \
                or rel.parts[:3] == ("sim", "dungeonology", "layout") or rel.as_posix() in LAYOUT_SOURCES:
            # numba code, its constants (the sim/dungeonology/layout/ package, built from the packages'
            # manifests in the registry's order) and how it is compiled; by path, so that a module moved
            # to another package counts as changed
            digest.update(rel.as_posix().encode())
            digest.update(source)
    return digest.hexdigest()


def refresh_numba_cache(root: Path | None = None) -> bool:
    """Delete stale numba cache files; True when something was deleted."""
    global CURRENT
    root = root or Path(__file__).resolve().parents[2]
    dirs = [root / p for p in PACKAGES if (root / p).is_dir()]
    stamp = root / "sim" / "__pycache__" / "numba-sources.sha256"
    current = CURRENT = sources_digest(root)
    try:
        if stamp.is_file() and stamp.read_text() == current:
            return False
        removed = False
        for d in dirs:
            for cached in list(d.rglob("*.nbi")) + list(d.rglob("*.nbc")):
                cached.unlink(missing_ok=True)
                removed = True
        stamp.parent.mkdir(exist_ok=True)
        stamp.write_text(current)
        return removed
    except OSError:
        return False
