"""Reading what comes from outside: TOML and JSON documents, data files and paths, so that no input ends in a
traceback. Each helper raises the caller's located error (``ConfigError`` or ``DataError``, given as
``error``) naming the file and, where it can, the key:

- :func:`read_toml` / :func:`read_json`: a document nested deeper than :data:`MAX_DEPTH` tables and lists,
  or holding a whole number of more than :data:`MAX_DIGITS` digits, is refused (a syntax error stays the
  parser's own exception, which each caller words);
- :func:`read_regular_file`: the text of a regular file only (no symbolic link, folder, FIFO or device),
  opened without following a link or blocking, and at most :data:`MAX_FILE_BYTES` long;
- :func:`path_problem`: why a path cannot name a file at all (a name or path too long, a NUL character).
"""

from __future__ import annotations

import json
import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from sim.kit.errors import ConfigError, DataError, format_key

MAX_DEPTH = 64  # tables and lists nested in one another (the built-in data nests 9 deep)
MAX_DIGITS = 100  # digits of one whole number
MAX_FILE_BYTES = 4 * 1024 * 1024  # one data file (the largest built-in one is about 11 kB)
NAME_MAX = 255  # bytes of one file name
PATH_MAX = 4096  # bytes of a whole path

Located = type[ConfigError] | type[DataError]
_BIG = 10**MAX_DIGITS
_TOO_DEEP = f"nested too deeply (allowed: at most {MAX_DEPTH} levels of tables and lists)"
_TOO_LONG = f"a whole number too long (allowed: at most {MAX_DIGITS} digits)"
_KEY_CHARS = 120


class _LongInt(str):
    """A JSON whole number too long to convert, kept as its text until the walk names its key."""


def _json_int(text: str) -> int | _LongInt:
    return int(text) if len(text) <= MAX_DIGITS + 1 else _LongInt(text)


def read_toml(text: str, file: str | None = None, error: Located = ConfigError) -> dict[str, Any]:
    """``tomllib.loads(text)``, refusing a document too deep or a number too long (see the module docstring);
    a syntax error is raised as ``tomllib.TOMLDecodeError``."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise
    except RecursionError:
        raise error(_TOO_DEEP, file=file) from None
    except ValueError as exc:  # a whole number past Python's conversion limit
        raise error(_TOO_LONG if "digits" in str(exc) else f"cannot read a value ({exc})", file=file) from None
    check_document(doc, file, error)
    return doc


def read_json(text: str, file: str | None = None, error: Located = ConfigError) -> Any:
    """``json.loads(text)``, refusing a document too deep or a number too long, naming its key; a syntax error
    is raised as ``json.JSONDecodeError``."""
    try:
        doc = json.loads(text, parse_int=_json_int)
    except RecursionError:
        raise error(_TOO_DEEP, file=file) from None
    check_document(doc, file, error)
    return doc


def check_document(doc: Any, file: str | None = None, error: Located = ConfigError) -> None:
    """Refuse a parsed document nested deeper than :data:`MAX_DEPTH` or holding a whole number of more than
    :data:`MAX_DIGITS` digits, naming the key (walked without recursion)."""
    todo: list[tuple[tuple[str | int, ...], Any]] = [((), doc)]
    while todo:
        parts, node = todo.pop()
        if isinstance(node, dict):
            children: Any = node.items()
        elif isinstance(node, list):
            children = enumerate(node)
        else:
            if isinstance(node, _LongInt) or (type(node) is int and abs(node) >= _BIG):
                raise error(_TOO_LONG, file=file, key=_key(parts))
            continue
        if len(parts) >= MAX_DEPTH:
            raise error(_TOO_DEEP, file=file, key=_key(parts))
        todo.extend(((*parts, k), v) for k, v in children)


def _key(parts: tuple[str | int, ...]) -> str | None:
    text = format_key(parts)
    return None if not text else text if len(text) <= _KEY_CHARS else text[: _KEY_CHARS - 3] + "..."


def read_regular_file(path: Path, file: str | None = None, error: Located = DataError,
                      limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of ``path``, which must be a regular file, not a symbolic link, of at most ``limit``
    bytes; it is opened without following a link and without blocking (a FIFO swapped in after the check).
    OSError and UnicodeDecodeError are raised as reading raises them."""
    shown = file or str(path)
    mode = os.lstat(path).st_mode
    if stat.S_ISLNK(mode):
        raise error("a symbolic link (allowed: a regular file inside the folder; copy the file instead of linking "
                    "it)", file=shown)
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags) if stat.S_ISREG(mode) else -1
    try:
        mode = os.fstat(fd).st_mode if fd >= 0 else mode
        if not stat.S_ISREG(mode):
            raise error(f"not a regular file ({_kind(mode)}; allowed: a regular file)", file=shown)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        if fd >= 0:
            os.close(fd)
    if size > limit:
        raise error(f"a file over {limit:,} bytes (allowed: at most {limit:,})", file=shown)
    return b"".join(chunks).decode("utf-8")


def _kind(mode: int) -> str:
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"),
             (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))
    return next((word for test, word in kinds if test(mode)), "a special file")


def path_problem(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` cannot name a file on this machine (a NUL character, a name over :data:`NAME_MAX` bytes, a
    path of :data:`PATH_MAX` bytes or more), or None."""
    text = os.fspath(path)
    if "\x00" in text:
        return "a path cannot hold a NUL character"
    try:
        raw = os.fsencode(text)
    except UnicodeError:
        return "not a file name this system can write"
    if len(raw) >= PATH_MAX:
        return f"a path of {len(raw):,} bytes (allowed: fewer than {PATH_MAX:,})"
    longest = max(len(part) for part in raw.split(b"/"))
    if longest > NAME_MAX:
        return f"a file name of {longest:,} bytes (allowed: at most {NAME_MAX} bytes per name)"
    return None
