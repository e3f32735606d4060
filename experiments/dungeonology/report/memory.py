"""The report's memory on a large run: ``dungeonology report-memory`` (docs/CLI.md, docs/BENCHMARKS.md).

:func:`synthetic_run` writes a run folder of ``rows`` synthetic seat rows (4 players; every column of
:mod:`experiments.runs.schema` with plausible values, the Scholars and Clan Cards of the built-in data, 4
Alert difficulties x 3 Player Levels x a what-if with two values = 24 cells) with a manifest whose
parts carry their sha256, as the sweep runner writes them, so the report verifies it like any run.
:func:`measure` builds the report of a run folder in a fresh process and returns that process's
peak resident memory (its VmHWM) and wall time: the figure docs/BENCHMARKS.md quotes for 10 million rows.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from experiments.dungeonology.results import COLUMNS
from experiments.runs.folder import RunFolder
from experiments.runs.schema import OVERRIDE_PREFIX

PLAYERS = 4
ALERTS = ("introductory", "easy", "medium", "hard")
LEVELS = ("students", "scholars", "professors")
WHAT_IF = "scholars.Sofia.speed"
WHAT_IF_VALUES = (3, 5)
PART_GAMES = 50_000


def _cells() -> list[dict[str, Any]]:
    return [{"alert": a, "player_level": lv, WHAT_IF: v} for a in ALERTS for lv in LEVELS for v in WHAT_IF_VALUES]


def _part(rng: np.random.Generator, cell: int, values: dict[str, Any], lo: int, hi: int,
          names: dict[str, list[str]]) -> pd.DataFrame:
    """The rows of games [lo, hi) of a cell: one row per (game, seat), the schema's columns and dtypes."""
    n = hi - lo
    rows = n * PLAYERS
    game = np.repeat(np.arange(lo, hi, dtype=np.int64), PLAYERS)
    seat = np.tile(np.arange(PLAYERS, dtype=np.int64), n)
    first = np.repeat(rng.integers(0, PLAYERS, n), PLAYERS)
    score = rng.integers(10, 70, rows)
    order = np.argsort(np.argsort(-(score.reshape(n, PLAYERS) + rng.random((n, PLAYERS))), axis=1), axis=1)
    rank = order.reshape(-1) + 1
    scholars = np.argsort(rng.random((n, PLAYERS)), axis=1).reshape(-1) % len(names["scholar"])
    thesis = rng.random(rows) < 0.2
    turns = np.repeat(rng.integers(20, 60, n), PLAYERS)

    def cat(column: str, codes: Any) -> pd.Categorical:
        return pd.Categorical.from_codes(np.broadcast_to(np.asarray(codes, dtype=np.int16), rows),
                                         categories=names[column])

    data: dict[str, Any] = {}
    for column, (dtype, _) in COLUMNS.items():
        if dtype == "category":
            data[column] = cat(column, 0)
        elif dtype == "bool":
            data[column] = np.zeros(rows, dtype=bool)
        elif dtype == "string":
            data[column] = pd.array(["synthetic"] * rows, dtype="string")
        else:
            data[column] = rng.integers(0, 5, rows)
    data.update({
        "cell": np.full(rows, cell), "game": game, "seed": game, "seat": seat,
        "turn_position": (seat - first) % PLAYERS,
        "players": np.full(rows, PLAYERS), "score": score, "rank": rank, "won": rank == 1, "thesis_submitted": thesis,
        "thesis_order": np.where(thesis, 1, 0), "thesis_bonus": np.where(thesis, 10, 0), "first_player": first,
        "turns": turns, "rounds": turns // PLAYERS, "error": np.zeros(rows, dtype=np.int64),
        "alert": cat("alert", names["alert"].index(values["alert"])),
        "player_level": cat("player_level", names["player_level"].index(values["player_level"])),
        "scholar": cat("scholar", scholars), "clan": cat("clan", np.repeat(rng.integers(0, len(names["clan"]), n),
                                                                          PLAYERS)),
        "end_reason": cat("end_reason", np.repeat(rng.integers(0, len(names["end_reason"]), n), PLAYERS)),
    })
    frame = pd.DataFrame({c: data[c] for c in COLUMNS})
    for column, (dtype, _) in COLUMNS.items():
        if dtype not in ("category", "string"):
            frame[column] = frame[column].astype(dtype)
    frame[OVERRIDE_PREFIX + WHAT_IF] = pd.array([values[WHAT_IF]] * rows, dtype="Int64")
    return frame


def synthetic_run(out: Path, rows: int = 10_000_000, seed: int = 1) -> Path:
    """Write a run folder of about ``rows`` seat rows (whole games, the same number in every cell) to
    ``out`` (which must not exist yet) and return it."""
    from sim.dungeonology import layout as L
    from sim.dungeonology.loader import load_data

    out = Path(out)
    if out.exists():
        raise FileExistsError(f"{out}: already exists (give a new folder)")
    data = load_data().data
    names = {"scholar": list(data.scholars), "clan": list(data.clans), "alert": list(ALERTS),
             "player_level": list(LEVELS), "end_reason": list(L.END_REASONS[1:]), "run": ["synthetic"],
             "agent": ["heuristic"], "agents": [",".join(["heuristic"] * PLAYERS)], "rules": [""], "modules": [""],
             "box": ["base"], "boss": [""],
             "panic": [""]}
    cells = _cells()
    per_cell = -(-rows // (PLAYERS * len(cells)))
    folder = RunFolder(out)
    out.mkdir(parents=True)
    rng = np.random.default_rng(seed)
    parts = []
    from experiments.runs.worker import Chunk

    for index, values in enumerate(cells):
        first = index * per_cell
        for lo in range(first, first + per_cell, PART_GAMES):
            chunk = Chunk(index, lo, min(lo + PART_GAMES, first + per_cell))
            parts.append(folder.write_part(chunk, _part(rng, index, values, chunk.lo, chunk.hi, names)))
    columns = {c: d for c, (d, _) in COLUMNS.items()} | {OVERRIDE_PREFIX + WHAT_IF: "Int64"}
    manifest = {"format": 2, "name": "synthetic", "complete": True, "provisional": False,
                "description": f"Synthetic rows for the report's memory benchmark ({per_cell * len(cells):,} games)",
                "config": {"name": "synthetic", "games_per_cell": per_cell, "seed": seed},
                "columns": columns, "cells": cells, "parts": parts,
                "counts": {"cells": len(cells), "games_total": per_cell * len(cells),
                           "rows": per_cell * len(cells) * PLAYERS, "parts": len(parts)},
                "timings": {"sessions": []}}
    folder.write_manifest(manifest)
    return out


# The child's peak: VmHWM of its own memory map (Linux). ru_maxrss is not used where VmHWM exists: the kernel
# carries the parent's high-water mark over fork and exec into it, so a child of a large process (pytest
# after the suite's games) would report the parent's size.
_CHILD = """
import json, resource, sys, time
start = time.perf_counter()
from experiments.report.build import build_report
path = build_report(sys.argv[1], sys.argv[2])
try:
    with open("/proc/self/status") as f:
        peak = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:")) / 1024
except (OSError, StopIteration):
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"peak_mib": peak, "seconds": time.perf_counter() - start, "report": str(path)}))
"""


def measure(run_dir: Path, out: Path) -> dict[str, Any]:
    """Build the report of ``run_dir`` into ``out`` in a fresh Python process: its peak resident memory
    (MiB, the process's VmHWM: imports included), wall time (seconds) and the report's path."""
    env_path = str(Path(__file__).resolve().parents[3])
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _CHILD, str(run_dir), str(out)], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": env_path}, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the report failed: {done.stderr.strip().splitlines()[-1] if done.stderr else '?'}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    result["wall_s"] = time.perf_counter() - start
    result["children_peak_mib"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return result
