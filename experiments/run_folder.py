"""A sweep's run folder: its lock, manifest and Parquet parts, and reading the
rows back (:func:`load_rows`, :func:`iter_parts`). The runner is
experiments/sweep.py; the format is in docs/SWEEPS.md and docs/RESULTS.md.
"""

from __future__ import annotations

import datetime
import fcntl
import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from experiments.schema import COLUMNS, OVERRIDE_PREFIX
from sim.errors import DungeonologyError, format_value

if TYPE_CHECKING:
    from experiments.sweep import Chunk

MANIFEST = "manifest.json"
PART_GLOB = "part-*.parquet"
_OURS = ("part-", ".part-", ".manifest", ".lock", MANIFEST)


class SweepError(DungeonologyError):
    """The run folder cannot be used (another configuration, another run writing, not a run folder)."""



# -------------------------------------------------------------- run folder
def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def code_version() -> dict[str, Any]:
    """The package version and, when git is there, the commit (and whether tracked files changed)."""
    from importlib import metadata

    try:
        version = metadata.version("dungeonology-lab")
    except metadata.PackageNotFoundError:
        version = "unknown"
    root = Path(__file__).resolve().parents[1]
    out: dict[str, Any] = {"package": version, "git": None, "dirty": None}
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, timeout=10)
        if head.returncode == 0:
            out["git"] = head.stdout.strip()
            status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                                    capture_output=True, text=True, timeout=10)
            if status.returncode == 0:
                out["dirty"] = bool(status.stdout.strip())
    except (OSError, subprocess.SubprocessError):
        pass
    return out


def _version_text(v: dict[str, Any]) -> str:
    git = v.get("git")
    return f"{v.get('package', '?')}" + (f" at {git[:12]}" if git else " (no git)")


def _write_json(path: Path, obj: Any) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(obj, indent=1, default=str) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def read_manifest(run_dir: Path) -> dict[str, Any]:
    """The manifest of a run folder (SweepError when missing or unreadable)."""
    path = Path(run_dir) / MANIFEST
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SweepError(f"{path}: no manifest (not a sweep run folder)") from None
    except (OSError, json.JSONDecodeError) as exc:
        raise SweepError(f"{path}: cannot read the manifest: {exc}") from None


def _trusted(run_dir: Path, part: dict[str, Any]) -> bool:
    import pyarrow.parquet as pq

    path = run_dir / part["file"]
    try:
        if path.stat().st_size != part["bytes"]:
            return False
        return pq.read_metadata(path).num_rows == part["rows"]
    except Exception:  # a missing, short or broken file of any kind: replay it
        return False


def _differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    out = []
    for key in sorted(set(old) | set(new)):
        if old.get(key) == new.get(key):
            continue
        if key == "cells":
            oc, nc = old.get("cells") or [], new.get("cells") or []
            if len(oc) != len(nc):
                out.append(f"cells ({len(oc)} -> {len(nc)})")
            elif any(a.get("data_hash") != b.get("data_hash") for a, b in zip(oc, nc, strict=True)) and all(
                    {**a, "data_hash": 0} == {**b, "data_hash": 0} for a, b in zip(oc, nc, strict=True)):
                out.append("the data (its hash changed)")
            else:
                out.append("the cells")
        else:
            out.append(f"{key} ({format_value(old.get(key), 40)} -> {format_value(new.get(key), 40)})")
    return out


class RunFolder:
    """The run folder: lock, manifest, parts."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._lock: Any = None

    def lock(self) -> None:
        self.path.mkdir(parents=True, exist_ok=True)
        fh = open(self.path / ".lock", "w")  # noqa: SIM115 - held until release()
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            fh.close()
            raise SweepError(f"{self.path}: another sweep is writing to this folder (wait for it, or use "
                             "another --out)") from None
        self._lock = fh

    def release(self) -> None:
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def clear(self) -> None:
        """Empty the folder (``--fresh``): only a sweep run folder (or one holding only run files)."""
        for entry in self.path.iterdir():
            if entry.name == ".lock":
                continue
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry)
            else:
                entry.unlink()

    def foreign(self) -> list[str]:
        return sorted(e.name for e in self.path.iterdir() if not e.name.startswith(_OURS))

    def remove_strays(self, keep: set[str]) -> set[str]:
        """Delete temporary files and the part files the manifest does not list; the parts deleted."""
        parts = set()
        for entry in self.path.iterdir():
            name = entry.name
            is_part = name.startswith("part-") and name.endswith(".parquet")
            if entry.is_file() and (name.startswith((".part-", ".manifest")) or (is_part and name not in keep)):
                entry.unlink()
                if is_part:
                    parts.add(name)
        return parts

    def write_part(self, chunk: Chunk, df: pd.DataFrame) -> dict[str, Any]:
        path = self.path / chunk.file
        tmp = self.path / f".{chunk.file}.tmp"
        df.to_parquet(tmp, index=False, engine="pyarrow", compression="zstd")
        os.replace(tmp, path)
        games = df.drop_duplicates("game")
        return {"file": chunk.file, "cell": chunk.cell, "games": [chunk.lo, chunk.hi], "rows": len(df),
                "bytes": path.stat().st_size, "errors": int((games["error"] != 0).sum())}


# ------------------------------------------------------------------ reading
def part_files(run_dir: str | Path) -> list[Path]:
    """The finished parts of a run, in game order (those the manifest lists)."""
    run_dir = Path(run_dir)
    manifest = read_manifest(run_dir)
    parts = sorted(manifest["parts"], key=lambda p: (p["cell"], p["games"][0]))
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


def schema_markdown() -> str:
    """docs/RESULTS.md's table of columns, from experiments.schema."""
    lines = ["| column | dtype | meaning |", "|---|---|---|"]
    for name, (dtype, meaning) in COLUMNS.items():
        lines.append(f"| `{name}` | {dtype} | {meaning or '(as above)'} |")
    lines.append(f"| `{OVERRIDE_PREFIX}<dotted key>` | string | one per data override swept: the value used in "
                 "the cell, as text |")
    return "\n".join(lines)
