"""What a run stamps its records with: the time (:func:`timestamp`) and the code that played it
(:func:`code_version`, shown by :func:`code_text`). The sweep's manifest, a tune's study and tune.json
and ``dungeonology --version`` use them; the report shows the code version of the run it reads."""

from __future__ import annotations

import datetime
import subprocess
from pathlib import Path
from typing import Any


def timestamp() -> str:
    """The time now, UTC, ISO 8601 to the second, as the manifests record their sessions."""
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def code_version() -> dict[str, Any]:
    """The package version and, when git is there, the commit (and whether tracked files changed)."""
    from importlib import metadata

    try:
        version = metadata.version("dungeonology-lab")
    except metadata.PackageNotFoundError:
        version = "unknown"
    root = Path(__file__).resolve().parents[2]
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


def version_text(v: dict[str, Any]) -> str:
    """A :func:`code_version` as its package and commit: '0.1.0 at 1a2b3c4d5e6f', '0.1.0 (no git)'."""
    git = v.get("git")
    return f"{v.get('package', '?')}" + (f" at {git[:12]}" if git else " (no git)")


def code_text(version: Any) -> str:
    """A manifest's code version as text: '0.1.0 at 1a2b3c4d5e6f (modified)' (never a dict)."""
    if not isinstance(version, dict):
        return str(version or "(not recorded)")
    return version_text(version) + (" (modified)" if version.get("dirty") else "")
