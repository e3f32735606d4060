"""Helpers shared by the input- and run-trust tests: the command line in this process, its one-line
errors, and the worker processes of a parent (read from /proc)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from experiments.cli import app

runner = CliRunner()


def cli(*args: object):
    """The ``dungeonology`` command with these arguments (each made a string), in this process."""
    return runner.invoke(app, [str(a) for a in args])


def one_error_line(result, *words: str) -> str:
    """The one error line of a refused command (exit 2, no traceback), holding each of ``words``."""
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in result.output, result.output
    for w in words:
        assert w in lines[0], (w, lines[0])
    return lines[0]


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(entry.name))
            except (OSError, ValueError, IndexError):
                pass
    return out


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie does not)."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
