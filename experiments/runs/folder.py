"""A sweep's run folder: its lock, manifest and Parquet parts, and reading the
rows back (:func:`load_rows`, :func:`iter_parts`). The runner is
experiments/runs/sweep.py; the format is in docs/SWEEPS.md and docs/RESULTS.md.

The manifest is the truth: every part it lists carries its sha256, and a part
is used only when its file (a plain part name inside the folder, never a path)
exists with that checksum, its row count and game range, and its rows hold
exactly the games of that range (:func:`games_problem`). :func:`check_parts`
sorts the listed parts into trusted ones and problems (listed but missing,
duplicated or overlapping, bad checksum, a part file the manifest does not
list); resume plays the games of a problem part again, and reading
(:func:`verify_run`, used by ``report``) refuses the run naming the part.
:func:`completeness` says how much of the run is there ("53,502 of 80,004
games; 2 of 3 cells complete").

Every file the runner writes in a run folder is created through :func:`open_new` (never through a
symbolic link) and renamed into place (:func:`write_new`); the lock is opened without following links.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import io
import json
import os
import re
import shutil
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from experiments.runs.schema import OVERRIDE_PREFIX, columns_of
from sim.kit.documents import path_problem, read_json
from sim.kit.errors import ConfigError, DungeonologyError, format_value

if TYPE_CHECKING:
    from experiments.runs.worker import Chunk

# The manifest and the report folder start with "_" so that pyarrow, pandas and duckdb, which skip names
# starting with "_" or ".", read the run folder as a dataset of its parts: pd.read_parquet(run_dir).
MANIFEST = "_manifest.json"
LEGACY_MANIFEST = "manifest.json"  # the name before: such folders are still read, and a resume renames it
PART_GLOB = "part-*.parquet"
LOCK = ".lock"
REPORT_DIR = "_report"  # `dungeonology report`'s default output folder inside the run folder
LEGACY_REPORT_DIR = "report"
PART_NAME = re.compile(r"part-c(\d{4})-g(\d{9})-(\d{9})\.parquet")  # sweep.Chunk.file
_TEMP_NAME = re.compile(r"\.(part-c\d{4}-g\d{9}-\d{9}\.parquet|_?manifest\.json)\.tmp")
_REPORT_FILE = re.compile(r"[\w.-]+\.(html|htm|png|csv)")


class SweepError(DungeonologyError):
    """The run folder cannot be used (another configuration, another run writing, not a run folder)."""



# -------------------------------------------------------------- run folder
_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def _in_the_way(path: Path) -> SweepError:
    return SweepError(f"{path}: a link or another non-file is in the way (a run folder's files are never written "
                      "through a link, so nothing outside the folder is touched); delete it and run again")


def open_new(path: Path) -> Any:
    """``path`` created and opened for writing (binary), never through a symbolic link: a regular file left
    under that name (a temporary file of a killed run) is deleted first; a link, a folder or anything else
    there is a SweepError naming it. Every file of a run folder is written through this."""
    for _ in range(2):
        try:
            return os.fdopen(os.open(path, _NEW_FILE, 0o644), "wb")
        except FileExistsError:
            if not stat.S_ISREG(os.lstat(path).st_mode):
                raise _in_the_way(path) from None
            path.unlink()
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise _in_the_way(path) from None
            raise
    raise _in_the_way(path)


def refuse_links(folder: Path) -> None:
    """SweepError when a folder of a run folder (its report folder) is a link or holds one: what is written
    there stays in the run folder."""
    for path in (folder, *(folder.iterdir() if folder.is_dir() and not folder.is_symlink() else ())):
        if path.is_symlink():
            raise _in_the_way(path)


def write_new(path: Path, write: Callable[[Any], None]) -> None:
    """Write a run folder's file atomically: ``write(file)`` into a temporary file beside ``path`` (made by
    :func:`open_new`), then renamed to ``path`` (a link there is replaced, never followed): a reader never
    sees half a file and nothing outside the folder is written."""
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        with open_new(tmp) as fh:
            write(fh)
        os.replace(tmp, path)
    except BaseException:
        if tmp.is_file() and not tmp.is_symlink():
            tmp.unlink(missing_ok=True)
        raise


def write_json(path: Path, obj: Any) -> None:
    """Write ``obj`` as JSON to ``path`` atomically (:func:`write_new`), as the run folder writes its manifest."""
    text = (json.dumps(obj, indent=1, default=str) + "\n").encode("utf-8")
    write_new(path, lambda fh: fh.write(text))


def manifest_path(run_dir: str | Path) -> Path:
    """The manifest file of a run folder: ``_manifest.json``, or ``manifest.json`` in a folder written before
    the rename (when only that one is there); SweepError for a path that cannot name a folder."""
    problem = path_problem(run_dir)
    if problem is not None:
        raise SweepError(f"{run_dir}: not a run folder: {problem}")
    run_dir = Path(run_dir)
    new, old = run_dir / MANIFEST, run_dir / LEGACY_MANIFEST
    return old if not new.exists() and old.is_file() else new


def read_manifest(run_dir: Path) -> dict[str, Any]:
    """The manifest of a run folder (SweepError when missing or unreadable)."""
    path = manifest_path(run_dir)
    try:
        manifest = read_json(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SweepError(f"{path}: no manifest (not a sweep run folder)") from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise SweepError(f"{path}: cannot read the manifest: {format_value(str(exc), 80)}") from None
    except ConfigError as exc:
        raise SweepError(f"{path}: cannot read the manifest: {exc}") from None
    if not isinstance(manifest, dict):
        raise SweepError(f"{path}: not a manifest (a JSON object is expected)")
    return manifest


def sha256_of(path: Path) -> str:
    """The sha256 of a file, in hex."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def games_problem(ids: Any, lo: int, hi: int) -> str | None:
    """Why a part's ``game`` column does not hold exactly games ``lo .. hi - 1``, each with as many rows (one
    per seat), or None: a part is bound to the games its name and manifest entry give."""
    import numpy as np

    values, counts = np.unique(np.asarray(ids), return_counts=True)
    if len(values) == hi - lo and len(values) and values[0] == lo and values[-1] == hi - 1 and (
            counts == counts[0]).all():
        return None
    held = f"games {values[0]:,} to {values[-1]:,}" if len(values) else "no games"
    return (f"its rows hold {held} ({len(ids):,} rows), not exactly its own games {lo:,} to {hi - 1:,} (rows "
            "copied from another part?)")


def part_problem(run_dir: Path, part: Any) -> str | None:
    """Why a manifest entry cannot be trusted, or None: the file must be a part name in the folder
    (no path), exist with the recorded size, sha256 and row count, and its games must match its name."""
    import pyarrow.parquet as pq

    if not isinstance(part, dict):
        return "not a part entry (a JSON object is expected)"
    name = part.get("file")
    match = PART_NAME.fullmatch(name) if isinstance(name, str) else None
    if match is None:
        return "not a part file name of this folder (part-cCCCC-gFIRST-END.parquet; no path, no ../)"
    games = part.get("games")
    if not (isinstance(games, list) and len(games) == 2 and all(map(_int, games)) and _int(part.get("cell"))
            and _int(part.get("rows")) and _int(part.get("bytes"))):
        return "a malformed entry (cell, games [first, end], rows and bytes are whole numbers)"
    if (part["cell"], *games) != tuple(int(g) for g in match.groups()) or games[0] >= games[1]:
        return "its cell and games differ from its file name"
    if not isinstance(part.get("sha256"), str):
        return "no checksum recorded (sha256)"
    path = run_dir / name
    try:
        if not path.is_file() or path.is_symlink():
            return "listed in the manifest but missing"
        if path.stat().st_size != part["bytes"] or sha256_of(path) != part["sha256"]:
            return "its checksum differs from the manifest (the file changed)"
        if pq.read_metadata(path).num_rows != part["rows"]:
            return "its row count differs from the manifest"
        held = games_problem(pq.read_table(path, columns=["game"]).column("game").to_numpy(), *games)
        if held is not None:
            return held
    except Exception as exc:  # an unreadable file of any kind
        return f"cannot be read ({type(exc).__name__})"
    return None


def check_parts(run_dir: Path, manifest: dict[str, Any]) -> tuple[list[dict[str, Any]], list[tuple[str, str]]]:
    """(the trusted parts, [(part, problem)]) of a manifest: each entry checked by :func:`part_problem`,
    then duplicated or overlapping game ranges, then part files on disk that the manifest does not list."""
    run_dir = Path(run_dir)
    listed = manifest.get("parts")
    if not isinstance(listed, list):
        return [], [(MANIFEST, "its parts are not a list")]
    trusted: list[dict[str, Any]] = []
    problems: list[tuple[str, str]] = []
    spans: dict[int, list[tuple[int, int, str]]] = {}
    for part in listed:
        name = str(part.get("file")) if isinstance(part, dict) else format_value(part, 40)
        why = part_problem(run_dir, part)
        if why is None:
            lo, hi = part["games"]
            clash = next((f for a, b, f in spans.get(part["cell"], []) if lo < b and a < hi), None)
            if clash is not None:
                why = "listed twice" if clash == name else f"its games overlap those of {clash}"
        if why is None:
            spans.setdefault(part["cell"], []).append((*part["games"], name))
            trusted.append(part)
        else:
            problems.append((name, why))
    names = {str(p.get("file")) for p in listed if isinstance(p, dict)}
    for extra in sorted(p.name for p in run_dir.glob(PART_GLOB) if p.name not in names):
        problems.append((extra, "a part file that the manifest does not list"))
    return trusted, problems


@dataclass(frozen=True)
class Completeness:
    """How much of a run its trusted parts hold."""

    games_done: int
    games_total: int
    complete_cells: tuple[int, ...]
    cells: int

    @property
    def complete(self) -> bool:
        return self.games_done == self.games_total and len(self.complete_cells) == self.cells

    def text(self) -> str:
        return (f"{self.games_done:,} of {self.games_total:,} games; {len(self.complete_cells):,} of "
                f"{self.cells:,} cells complete")


def completeness(manifest: dict[str, Any], parts: list[dict[str, Any]]) -> Completeness:
    """The games and the complete cells of ``parts`` (trusted, see :func:`check_parts`) in a run."""
    config = manifest.get("config") if isinstance(manifest.get("config"), dict) else {}
    per_cell = config.get("games_per_cell")
    cells = manifest.get("cells")
    if not _int(per_cell) or not isinstance(cells, list):
        raise SweepError(f"{MANIFEST}: config.games_per_cell or cells missing (not a sweep manifest)")
    done: dict[int, int] = {}
    for p in parts:
        done[p["cell"]] = done.get(p["cell"], 0) + p["games"][1] - p["games"][0]
    full = tuple(c for c in range(len(cells)) if done.get(c, 0) == per_cell)
    return Completeness(sum(done.values()), per_cell * len(cells), full, len(cells))


def running(run_dir: Path) -> bool:
    """Whether a sweep holds the folder's lock now (still running)."""
    path = Path(run_dir) / LOCK
    try:
        fh = open(path)  # noqa: SIM115 - closed below; never created here
    except OSError:
        return False
    try:
        fcntl.flock(fh, fcntl.LOCK_SH | fcntl.LOCK_NB)
        return False
    except OSError:
        return True
    finally:
        fh.close()


def require_parts(run_dir: str | Path, manifest: dict[str, Any], unverified: bool) -> bool:
    """Whether a manifest lists its parts (each with its checksum) so the run can be verified; a manifest
    without "parts" (not written by the sweep runner) is a SweepError naming it unless ``unverified``
    allows reading such a folder as it is (then False)."""
    if "parts" in manifest:
        return True
    if not unverified:
        raise SweepError(f"{manifest_path(run_dir)}: lists no parts (no per-part checksums: not written by the "
                         "sweep runner), so its rows cannot be verified; report --unverified reads them anyway")
    return False


def verify_run(run_dir: str | Path) -> tuple[dict[str, Any], list[dict[str, Any]], Completeness]:
    """The manifest, its parts (every one checked) and the completeness of a run folder; SweepError naming
    the first part that is missing, duplicated, extra or changed (resume plays such a part again)."""
    run_dir = Path(run_dir)
    manifest = read_manifest(run_dir)
    parts, problems = check_parts(run_dir, manifest)
    if problems:
        name, why = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise SweepError(f"{run_dir / name}: {why}{more}; run the sweep again into this folder to play those "
                         "games again")
    parts.sort(key=lambda p: (p["cell"], p["games"][0]))
    return manifest, parts, completeness(manifest, parts)


class RunFolder:
    """The run folder: lock, manifest, parts."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._lock: Any = None
        self._made = False  # the folder did not exist before lock()

    def lock(self) -> None:
        """Hold the folder's lock (SweepError when another sweep holds it); release() removes it again."""
        self._made = not self.path.exists()
        self.path.mkdir(parents=True, exist_ok=True)
        path = self.path / LOCK
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0),
                         0o644)
        except OSError as exc:
            if exc.errno == errno.ELOOP or (path.exists() and not path.is_file()):
                raise _in_the_way(path) from None
            raise
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise _in_the_way(path)
        fh = os.fdopen(fd, "r+b")
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if os.fstat(fh.fileno()).st_ino != os.stat(path).st_ino:  # released and removed meanwhile
                raise OSError
        except OSError:
            fh.close()
            raise SweepError(f"{self.path}: another sweep is writing to this folder (wait for it, or use "
                             "another --out)") from None
        self._lock = fh

    def release(self) -> None:
        """Drop the lock and its file (and the folder, when lock() made it and nothing was written)."""
        if self._lock is None:
            return
        try:
            (self.path / LOCK).unlink(missing_ok=True)
            if self._made and not any(self.path.iterdir()):
                self.path.rmdir()
        except OSError:
            pass
        finally:
            self._lock.close()
            self._lock = None

    def foreign(self) -> list[str]:
        """What the folder holds that a sweep did not write (a report/ folder of report files is ours)."""
        out = []
        for entry in self.path.iterdir():
            name = entry.name
            if entry.is_symlink():
                out.append(name)
            elif entry.is_file() and (name in (MANIFEST, LEGACY_MANIFEST, LOCK) or PART_NAME.fullmatch(name)
                                      or _TEMP_NAME.fullmatch(name)):
                continue
            elif name in (REPORT_DIR, LEGACY_REPORT_DIR) and entry.is_dir() and all(
                    f.is_file() and not f.is_symlink() and _REPORT_FILE.fullmatch(f.name) for f in entry.iterdir()):
                continue
            else:
                out.append(name + ("/" if entry.is_dir() else ""))
        return sorted(out)

    def clear(self) -> None:
        """Delete what the run wrote (``--fresh``): refused, deleting nothing, when the folder holds anything
        else."""
        foreign = self.foreign()
        if foreign:
            raise SweepError(f"{self.path}: --fresh deletes only a run's own files, and this folder also holds "
                             f"{', '.join(foreign[:3])}{', ...' if len(foreign) > 3 else ''}; move them away or "
                             "choose another --out")
        for entry in self.path.iterdir():
            if entry.name == LOCK:
                continue
            if entry.is_dir():
                shutil.rmtree(entry)
            else:
                entry.unlink()

    def write_manifest(self, manifest: dict[str, Any]) -> None:
        """Write ``_manifest.json`` (atomically) and drop the ``manifest.json`` of a folder written before the
        rename, so that the folder reads as a dataset of its parts."""
        write_json(self.path / MANIFEST, manifest)
        (self.path / LEGACY_MANIFEST).unlink(missing_ok=True)

    def remove_strays(self, keep: set[str]) -> set[str]:
        """Delete temporary files and the part files the manifest does not list; the parts deleted."""
        parts = set()
        for entry in self.path.iterdir():
            name = entry.name
            is_part = PART_NAME.fullmatch(name) is not None
            if entry.is_file() and not entry.is_symlink() and (_TEMP_NAME.fullmatch(name)
                                                               or (is_part and name not in keep)):
                entry.unlink()
                if is_part:
                    parts.add(name)
        return parts

    def write_part(self, chunk: Chunk, df: pd.DataFrame) -> dict[str, Any]:
        """Write a chunk's rows (temporary name, then renamed) and return its manifest entry."""
        path = self.path / chunk.file
        buffer = io.BytesIO()
        df.to_parquet(buffer, index=False, engine="pyarrow", compression="zstd")
        data = buffer.getvalue()
        write_new(path, lambda fh: fh.write(data))
        checksum = hashlib.sha256(data).hexdigest()
        games = df.drop_duplicates("game")
        return {"file": chunk.file, "cell": chunk.cell, "games": [chunk.lo, chunk.hi], "rows": len(df),
                "bytes": len(data), "sha256": checksum, "errors": int((games["error"] != 0).sum())}


def incomplete_note(run_dir: str | Path, done: Completeness, partial: bool) -> str | None:
    """The warning at the top of a report of an incomplete run (None when complete)."""
    if done.complete:
        return None
    state = "still running" if running(Path(run_dir)) else "interrupted, or still running elsewhere"
    rows = ("every table counts the games of the incomplete cells too (--partial)" if partial else
            "every table counts only the complete cells (report --partial counts every game played)")
    return f"Incomplete run ({state}): {done.text()}; {rows}."


def complete_only(df: pd.DataFrame, done: Completeness) -> pd.DataFrame:
    """The rows of the complete cells of ``done`` (the ``cell`` column)."""
    keep = df["cell"].isin(list(done.complete_cells))
    out = df.loc[keep].reset_index(drop=True)
    out.attrs = dict(df.attrs)
    return out


# ------------------------------------------------------------------ reading
def part_files(run_dir: str | Path) -> list[Path]:
    """The finished parts of a run, in game order (those the manifest lists, each verified: SweepError
    naming a missing, extra, duplicated or changed part)."""
    run_dir = Path(run_dir)
    _, parts, _ = verify_run(run_dir)
    return [run_dir / p["file"] for p in parts]


def iter_parts(run_dir: str | Path, columns: list[str] | None = None) -> Iterator[pd.DataFrame]:
    """The rows of a run one part at a time (flat memory)."""
    for path in part_files(run_dir):
        yield pd.read_parquet(path, columns=columns)


def load_rows(run_dir: str | Path, columns: list[str] | None = None) -> pd.DataFrame:
    """Every row of a run (finished parts), sorted by game and seat, with the schema's dtypes."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    files = part_files(run_dir)
    if not files:
        manifest = read_manifest(Path(run_dir))
        empty = {k: pd.Series(dtype=v if v != "category" else "object") for k, v in manifest["columns"].items()}
        return pd.DataFrame(empty)[columns] if columns else pd.DataFrame(empty)
    table = pa.concat_tables([pq.read_table(f, columns=columns) for f in files])
    return table.to_pandas().reset_index(drop=True)


def schema_markdown(game: str | None = None) -> str:
    """The table of a game's columns (None: the default game's, docs/RESULTS.md), from its results module."""
    lines = ["| column | dtype | meaning |", "|---|---|---|"]
    for name, (dtype, meaning) in columns_of(game).items():
        lines.append(f"| `{name}` | {dtype} | {meaning or '(as above)'} |")
    lines.append(f"| `{OVERRIDE_PREFIX}<dotted key>` | Int64, Float64 or string | one per data override swept: the "
                 "value used in the cell (a whole number, a number, else its text) |")
    return "\n".join(lines)
