"""The installable package: the wheel carries every file the code reads, and an install of it works from a
read-only folder, away from the checkout (docs/INSTALL.md).

The wheel is built from the tracked files alone (a copy of ``git ls-files``, as a fresh clone), installed
without its dependencies into a fresh virtual environment that borrows them from this one (a ``.pth``
line: nothing is downloaded but the build backend), and its folder made read-only: ``chmod`` and, for
root (whom modes do not stop), a read-only bind mount in a mount namespace of its own (``unshare``).
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("sim", "agents", "experiments", "adapters")
pytestmark = pytest.mark.slow


def _tracked() -> list[str]:
    done = subprocess.run(["git", "ls-files", "-z", *PACKAGES], cwd=ROOT, capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"needs a git checkout: {done.stderr.decode().strip()}")
    return [p for p in done.stdout.decode().split("\0") if p]


def _build_wheel(work: Path) -> Path:
    """The wheel of the tracked files (pip's isolated build, as ``pip install .``; without isolation, from
    this environment's setuptools, when the build backend cannot be fetched)."""
    src = work / "src"
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.decode()
    for rel in filter(None, files.split("\0")):
        if (ROOT / rel).is_file():
            (src / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, src / rel)
    errors = []
    for isolation in ([], ["--no-build-isolation"]):
        done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", *isolation,
                               "-w", str(work / "dist"), str(src)], capture_output=True, text=True, check=False)
        if done.returncode == 0:
            return next((work / "dist").glob("dungeonology_lab-*.whl"))
        errors.append(done.stderr.strip()[-800:])
    raise AssertionError("the wheel does not build:\n" + "\n---\n".join(errors))


def _site_packages(venv: Path) -> Path:
    return next((venv / "lib").glob("python3*/site-packages"))


def _read_only(folder: Path) -> None:
    for path in [folder, *folder.rglob("*")]:
        if not path.is_symlink():
            path.chmod(path.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def _runner(site: Path, env: dict[str, str], cwd: Path) -> list[str]:
    """The command prefix that runs with ``site`` read-only: nothing for a user modes stop; for root, a
    read-only bind mount of it in a mount namespace of the command's own (skip when neither works)."""
    probe = [sys.executable, "-c", f"open({str(site / 'sim' / 'probe')!r}, 'w')"]
    if os.geteuid() != 0:
        prefixes = [[]]
    else:
        mount = f"mount --bind '{site}' '{site}' && mount -o remount,bind,ro '{site}' '{site}' && exec \"$@\""
        prefixes = [[*ns, "sh", "-c", mount, "sh"] for ns in (["unshare", "-m"], ["unshare", "-r", "-m"])]
    for prefix in prefixes:
        try:
            done = subprocess.run([*prefix, *probe], capture_output=True, text=True, env=env, cwd=cwd, check=False)
        except FileNotFoundError:
            continue
        if done.returncode != 0 and ("Read-only" in done.stderr or "Permission denied" in done.stderr):
            return prefix
    pytest.skip("cannot make the installed package read-only here (root without unshare)")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict:
    work = tmp_path_factory.mktemp("wheel")
    wheel = _build_wheel(work)
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    site = _site_packages(venv)
    deps = {sysconfig.get_paths()[k] for k in ("purelib", "platlib")}  # numpy, numba...: borrowed
    (site / "_borrowed_dependencies.pth").write_text("".join(f"{p}\n" for p in sorted(deps)))
    subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "--no-deps",
                    "--no-index", "-q", str(wheel)], check=True, capture_output=True)
    _read_only(site)
    home = work / "home"
    home.mkdir()
    away = work / "elsewhere"  # not the checkout: the source tree cannot be imported from here
    away.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(HOME=str(home), XDG_CACHE_HOME=str(home / ".cache"), PATH=f"{venv / 'bin'}:{env.get('PATH', '')}",
               COLUMNS="250")
    prefix = _runner(site, env, away)

    def run(*args: str, **extra: str) -> subprocess.CompletedProcess:
        done = subprocess.run([*prefix, *args], capture_output=True, text=True, cwd=away, env={**env, **extra},
                              timeout=600, check=False)
        assert done.returncode == 0, f"{' '.join(args)}: {done.stderr[-2000:]}"
        return done

    return {"wheel": wheel, "site": site, "home": home, "run": run, "python": str(venv / "bin" / "python")}


def test_the_wheel_carries_every_tracked_file_of_the_packages(installed):
    names = set(zipfile.ZipFile(installed["wheel"]).namelist())
    missing = [p for p in _tracked() if p not in names]
    assert not missing, missing
    data = [p for p in _tracked() if not p.endswith(".py")]
    assert any(p.startswith("sim/dungeonology/data/rocca_civetta/alchemy/") for p in data)  # a module folder
    assert "agents/dungeonology/heuristic/personas.toml" in data and "experiments/configs/default.toml" in data


def test_the_installed_command_lists_the_modules_and_reads_their_data(installed):
    run, site = installed["run"], installed["site"]
    where = run(installed["python"], "-c", "import sim, experiments; print(sim.__file__, experiments.__file__)")
    assert all(Path(p).is_relative_to(site) for p in where.stdout.split()), where.stdout
    listed = run("dungeonology", "modules").stdout
    implemented = run(installed["python"], "-c", "from sim.dungeonology import modules as M; "
                      "print(','.join(M.names(implemented=True)))").stdout.strip()
    assert implemented and f"{len(implemented.split(','))} implemented ({implemented.replace(',', ', ')})" in listed
    shown = run("dungeonology", "data", "--modules", implemented).stdout
    for folder in ("base", "rocca_civetta", "rocca_civetta/alchemy", "rocca_civetta/congregations"):
        assert f"{site / 'sim' / 'dungeonology' / 'data' / folder}" in shown, folder


def test_a_game_with_every_implemented_module_plays_from_the_install(installed):
    run = installed["run"]
    implemented = run(installed["python"], "-c", "from sim.dungeonology import modules as M; "
                      "print(','.join(M.names(implemented=True)))").stdout.strip()
    played = run("dungeonology", "play", "--quiet", "--seed", "3", "--players", "2", "--modules", implemented,
                 NUMBA_DISABLE_JIT="1")  # the rules as Python: the compiled path is the next test's
    assert "WINNER" in played.stdout, played.stdout


def test_the_engine_of_a_configurations_modules_is_built_in_the_users_cache(installed):
    run, home = installed["run"], installed["home"]
    played = run("dungeonology", "play", "--quiet", "--seed", "3", "--players", "2", NUMBA_DISABLE_JIT="1",
                 DUNGEONOLOGY_ENGINE="modules")  # the base game: an engine without the expansion
    assert "WINNER" in played.stdout, played.stdout
    copies = list((home / ".cache" / "dungeonology").rglob("variants/_dungeonology_*/.complete"))
    assert len(copies) == 1, copies


_COMPILED = """
import os, numpy as np
from sim.kit import rng
s = np.zeros(64, np.int64)
rng.seed_state(s, 1, 2)
rng.randint(s, 6)
print(os.environ["NUMBA_CACHE_DIR"], sum(rng.randint.stats.cache_hits.values()))
"""


def test_the_numba_cache_falls_back_to_the_users_cache_folder(installed):
    run, site, home = installed["run"], installed["site"], installed["home"]
    first = run(installed["python"], "-c", _COMPILED).stdout.split()
    second = run(installed["python"], "-c", _COMPILED).stdout.split()
    folder = Path(first[0])
    assert folder.parent == home / ".cache" / "dungeonology" / "numba" and second[0] == first[0]
    assert list(folder.rglob("*.nbi")) and not list(site.rglob("*.nbi"))
    assert first[1] == "0" and int(second[1]) > 0  # compiled once, then loaded from the fallback folder
