"""Where numba's cache goes (sim.kit.cache): next to the sources when their folder can be written, else a
folder of the user's cache per install and sources, old ones pruned. tests/test_wheel.py does the same
with a real read-only install."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from sim.kit import cache


def _install(root: Path, read_only: bool, source: str = "from numba import njit\n") -> Path:
    """A package tree at ``root``; read-only for everyone, root too: its __pycache__ is a file."""
    (root / "sim").mkdir(parents=True)
    (root / "sim" / "rules.py").write_text(source)
    if read_only:
        (root / "sim" / "__pycache__").write_text("")
    return root


@pytest.fixture
def fresh_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No NUMBA_CACHE_DIR (restored after), the user's cache in tmp_path/cache, numba's config restored."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", "")
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    import numba.core.config as config

    monkeypatch.setattr(config, "CACHE_DIR", config.CACHE_DIR)
    monkeypatch.setattr(cache, "CURRENT", cache.CURRENT)
    return tmp_path / "cache" / "dungeonology" / "numba"


def test_a_read_only_install_uses_a_folder_of_the_users_cache(fresh_env: Path, tmp_path: Path):
    import numba.core.config as config

    root = _install(tmp_path / "site", read_only=True)
    assert cache.refresh_numba_cache(root) is False
    folder = Path(os.environ["NUMBA_CACHE_DIR"])
    assert folder.parent == fresh_env and folder.is_dir() and config.CACHE_DIR == str(folder)
    assert folder == cache.user_cache_folder(root, cache.sources_digest(root))


def test_other_sources_or_another_install_get_another_folder(tmp_path: Path):
    one = _install(tmp_path / "one", read_only=True)
    two = _install(tmp_path / "two", read_only=True)
    digest = cache.sources_digest(one)
    assert digest == cache.sources_digest(two)
    assert cache.user_cache_folder(one, digest) != cache.user_cache_folder(two, digest)
    (one / "sim" / "rules.py").write_text("from numba import njit  # changed\n")
    assert cache.sources_digest(one) != digest


def test_a_writable_tree_or_a_chosen_cache_keeps_numbas_setting(fresh_env: Path, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch):
    cache.refresh_numba_cache(_install(tmp_path / "writable", read_only=False))
    assert "NUMBA_CACHE_DIR" not in os.environ and not fresh_env.exists()
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    cache.refresh_numba_cache(_install(tmp_path / "site", read_only=True))
    assert os.environ["NUMBA_CACHE_DIR"] == str(tmp_path / "mine") and not fresh_env.exists()


def test_folders_unused_for_long_are_pruned(fresh_env: Path, tmp_path: Path):
    old, recent = fresh_env / ("0" * 16), fresh_env / ("1" * 16)
    for folder in (old, recent):
        (folder / "x").mkdir(parents=True)
    past = time.time() - (cache.PRUNE_DAYS + 1) * 86400
    os.utime(old, (past, past))
    root = _install(tmp_path / "site", read_only=True)
    mine = cache.user_cache_folder(root, cache.sources_digest(root))
    mine.mkdir(parents=True)
    os.utime(mine, (past, past))  # in use again now: kept
    cache.refresh_numba_cache(root)
    assert not old.exists() and recent.is_dir() and mine.is_dir()


def test_refreshing_another_tree_leaves_this_processs_sources_digest(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch):
    """The generated loops' file names carry cache.CURRENT: another tree's digest would rename them
    (and recompile them) for the rest of the process."""
    monkeypatch.setattr(cache, "CURRENT", cache.CURRENT)
    before = cache.CURRENT
    assert before == cache.sources_digest()
    cache.refresh_numba_cache(_install(tmp_path / "other", read_only=False))
    assert cache.CURRENT == before


def test_numba_is_not_imported_before_the_cache_folder_is_chosen():
    """sim/__init__ chooses the folder first: NUMBA_CACHE_DIR is read when a cached function is defined."""
    import subprocess

    code = ("import sys, sim.kit.cache; assert 'numba' not in sys.modules, 'numba before the cache folder'")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False,
                          cwd=Path(__file__).resolve().parents[1])
    assert done.returncode == 0, done.stderr
