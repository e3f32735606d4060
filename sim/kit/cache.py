"""Keep numba's on-disk cache honest, and somewhere it can be written.

numba caches each compiled function next to its source and checks only that
function's own file: when a function it calls (in another module) changes,
the stale machine code is reused. On import we hash the modules that hold
numba code (those that use ``njit`` or the decorators of ``sim.kit.jit``)
and drop the cache files when any of them changed since the last run. Costs
a few milliseconds. Code generated outside the packages (the agents' batch
loops, ``agents.batch``) carries the hash in its file name instead.

When the packages' folder is read-only (a user or site install) and
``NUMBA_CACHE_DIR`` is not set, the cache goes to a folder of the user's
cache (``XDG_CACHE_HOME``, else ~/.cache) named by a digest of the install's
path and sources, ``dungeonology/numba/<digest>``: set in the environment
before numba compiles anything, so worker processes share it, and a new
version of the sources starts a new folder. Folders unused for
``PRUNE_DAYS`` are removed.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

PACKAGES = ("sim", "agents", "experiments", "tests")  # tests: example agents compiled against the layout
CURRENT = ""  # sources_digest() of this checkout, set on import (refresh_numba_cache)
LAYOUT_SOURCES = ("sim/dungeonology/modules.py",)  # the registry: the order and rule bits of the manifests
PRUNE_DAYS = 60  # a user cache folder of other sources unused this long is removed


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


def writable(folder: Path) -> bool:
    """Whether a file can be created in ``folder`` (made if missing), as numba's own check does."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
        return True
    except OSError:
        return False


def user_cache_folder(root: Path, sources: str) -> Path:
    """The numba cache of the install at ``root`` with sources digest ``sources`` in the user's cache."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "dungeonology" / "numba"
    return base / hashlib.sha256(f"{root.resolve()}:{sources}".encode()).hexdigest()[:16]


def prune(base: Path, keep: Path, days: float = PRUNE_DAYS) -> list[Path]:
    """Remove the folders of ``base`` other than ``keep`` not used (modified) for ``days``; those removed."""
    cutoff = time.time() - days * 86400
    removed = []
    try:
        for folder in base.iterdir():
            if folder != keep and folder.is_dir() and folder.stat().st_mtime < cutoff:
                shutil.rmtree(folder, ignore_errors=True)
                removed.append(folder)
    except OSError:
        pass
    return removed


def use_user_cache(root: Path, sources: str) -> Path | None:
    """Point numba's cache (``NUMBA_CACHE_DIR``, and numba's config when numba is already imported) at the
    user's cache folder of this install; the folder, or None when that cannot be written either (numba then
    compiles in memory)."""
    folder = user_cache_folder(root, sources)
    if not writable(folder):
        return None
    os.utime(folder)  # in use: not pruned
    prune(folder.parent, folder)
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    config = sys.modules.get("numba.core.config")
    if config is not None:
        config.CACHE_DIR = str(folder)
    return folder


def refresh_numba_cache(root: Path | None = None) -> bool:
    """Delete stale numba cache files of the packages at ``root`` (default: these; when their folder is
    read-only and no ``NUMBA_CACHE_DIR`` is set: use the user's cache folder instead); True when something
    was deleted. ``CURRENT`` is set for these packages only."""
    global CURRENT
    own = root is None
    root = root or Path(__file__).resolve().parents[2]
    dirs = [root / p for p in PACKAGES if (root / p).is_dir()]
    pycache = root / "sim" / "__pycache__"
    stamp = pycache / "numba-sources.sha256"
    current = sources_digest(root)
    if own:
        CURRENT = current
    if not writable(pycache):
        if not os.environ.get("NUMBA_CACHE_DIR"):
            use_user_cache(root, current)
        return False
    try:
        if stamp.is_file() and stamp.read_text() == current:
            return False
        removed = False
        for d in dirs:
            for cached in list(d.rglob("*.nbi")) + list(d.rglob("*.nbc")):
                cached.unlink(missing_ok=True)
                removed = True
        stamp.write_text(current)
        return removed
    except OSError:
        return False
