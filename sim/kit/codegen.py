"""Generated source files: checked in, rewritten only by an explicit command.

A game's generated modules (dispatch chains numba can compile and cache) are
text computed from its declarations. :func:`stale` lists the files whose text on
disk differs; :func:`write` rewrites them; a test calls :func:`stale` so that a
declaration changed without regenerating fails. Nothing here runs on import.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path


def stale(texts: Mapping[Path, str]) -> dict[Path, str]:
    """The files of ``texts`` (path -> wanted text) that are missing or differ."""
    return {path: text for path, text in texts.items() if not path.is_file() or path.read_text() != text}


def write(texts: Mapping[Path, str]) -> list[Path]:
    """Write the stale files of ``texts`` (each through a temporary file, so a reader never sees half
    of one); returns the paths written."""
    todo = stale(texts)
    for path, text in todo.items():
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(text)
        tmp.replace(path)
    return list(todo)
