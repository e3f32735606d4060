"""`bench --baseline REF` (experiments/dungeonology/bench/baseline.py): the refusals, the
temporary worktree of the old engine and its clean-up. The timing itself
is run by `dungeonology bench --baseline` (minutes: it compiles both engines)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

import experiments.dungeonology.bench.baseline as bb
from experiments.cli import app
from sim.dungeonology.config import GameConfig
from sim.kit.errors import ConfigError


def _has_baseline() -> bool:
    """A full git clone holds the baseline commit (a shallow clone or a tarball does not)."""
    try:
        bb.resolve_ref(bb.BASELINE_REF)
    except ConfigError:
        return False
    return True


pytestmark = pytest.mark.skipif(not _has_baseline(), reason=f"needs a git clone holding {bb.BASELINE_REF}")


def _worktrees() -> str:
    return subprocess.run(["git", "worktree", "list"], cwd=bb.ROOT, capture_output=True, text=True).stdout


def test_a_missing_ref_is_refused() -> None:
    with pytest.raises(ConfigError, match="no such commit, tag or branch"):
        bb.resolve_ref("no-such-ref-anywhere")


def test_without_git_or_outside_a_checkout_it_is_refused(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="is not a git checkout"):
        bb.resolve_ref("HEAD", tmp_path)
    monkeypatch.setattr(bb.shutil, "which", lambda _name: None)
    with pytest.raises(ConfigError, match="git is not installed"):
        bb.resolve_ref(bb.BASELINE_REF)


def test_the_default_baseline_is_a_commit_of_this_checkout() -> None:
    assert bb.resolve_ref(bb.BASELINE_REF).startswith(bb.BASELINE_REF)


def test_the_worktree_is_removed_even_after_an_error() -> None:
    commit = bb.resolve_ref("HEAD")
    with pytest.raises(RuntimeError, match="boom"), bb.checkout(commit) as tree:
        assert (tree / "sim" / "__init__.py").is_file()
        assert str(tree) in _worktrees()
        raise RuntimeError("boom")
    assert not tree.exists()
    assert str(tree) not in _worktrees()


def test_the_configuration_goes_in_keys_both_engines_read() -> None:
    text = bb.config_json(GameConfig(players=3, rules=("boss",)))
    assert text == '{"players": 3, "alert": "medium", "player_level": "students", "rules": ["boss"]}'


def test_bench_refuses_a_missing_ref_in_one_line() -> None:
    r = CliRunner().invoke(app, ["bench", "--quick", "--no-cold", "--baseline", "no-such-ref-anywhere"])
    assert r.exit_code == 2
    assert "no such commit" in r.stderr and "Traceback" not in r.output


def test_the_paired_ratio_is_the_median_of_the_rounds() -> None:
    from experiments.dungeonology.bench.baseline import SideBySide, lines

    sbs = SideBySide("x", "0" * 40, 5, {"heuristic": 10}, decisions={"old": {"heuristic": 7}, "new": {"heuristic": 7}},
                     best={"old": {"heuristic": 100.0}, "new": {"heuristic": 150.0}},
                     paired={"heuristic": [1.3, 0.9, 1.1, 1.2, 1.0]})
    assert sbs.paired_ratio("heuristic") == (1.1, 1.0, 1.2)
    assert "paired rounds: new/old median x1.100 (quartiles x1.000-x1.200)" in lines(sbs)[-1]
    assert "x1.500  same games: yes" in lines(sbs)[1]
