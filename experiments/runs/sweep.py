"""The sweep runner: play every cell of a sweep file of any game in chunks, in parallel,
streaming each finished chunk to ``results/<name>/`` as a Parquet part.

* Game: the file's ``game`` (default dungeonology); its bundle's ``sweep`` module reads its axes
  into cells and gives the run's categories, what a worker gets of a cell's configuration
  (``lean``) and the manifest's data entries (``manifest_data``); its ``results`` module makes
  the rows' columns (experiments/runs/schema.py).

* Work: each cell's games are split into chunks (``chunk_size`` games, never
  across cells) played by :func:`agents.batch.play_batch`; in this process
  (``jobs=1``), in joblib (loky) worker processes, or on a dask.distributed
  cluster (``backend="dask"``: a ``scheduler`` address, or a LocalCluster of
  ``jobs`` worker processes).
* Seeds: game ``g`` (its index in the run, cell-major: cell ``c`` holds games
  ``c * games_per_cell ... (c + 1) * games_per_cell - 1``) uses the seed
  ``master * 10**12 + g`` (:func:`experiments.runs.config.game_seed`). With
  different agents at the seats (and ``rotate_agents``), game ``i`` of a cell
  seats entry ``(p + i) mod players`` of the seat list at seat ``p``. Nothing
  depends on the chunking, the number of jobs or the backend, so the rows are
  identical for any of them.
* Output: ``part-c<cell>-g<first>-<end>.parquet`` (one row per (game, seat),
  the columns of the game's results module plus ``set:<key>`` per swept data
  override), each written to a temporary name and renamed when complete, and
  ``_manifest.json`` (configuration, data hash and provisional flag, code
  version, seeds, cells, counts, parts, timings) rewritten atomically after
  every part. The parent process holds one chunk at a time: memory stays flat.
* Resume: running the same sweep again into the same folder plays only the
  games of no trusted part (a part is trusted when the manifest lists it once
  and its file exists with the recorded size, sha256 and row count:
  :func:`experiments.runs.folder.check_parts`); other part files are deleted
  and replayed. A different configuration (or data) in an existing run
  folder is an error unless ``fresh=True``, which deletes what the run wrote
  and refuses a folder that holds anything else.

Read the results back with :func:`load_rows` (or :func:`iter_parts`, one part at
a time); the run folder (lock, manifest, parts, reading) is experiments/runs/folder.py,
whose names are re-exported here. See docs/SWEEPS.md and docs/RESULTS.md.
"""

from __future__ import annotations

import dataclasses
import os
import re
import resource
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from agents.spec import PYTHON_KIND
from experiments.runs.config import SEED_STRIDE, Cell, SweepPlan, load_sweep
from experiments.runs.config.plan import override_dtypes
from experiments.runs.executors import connect, play_chunks
from experiments.runs.folder import (
    MANIFEST,
    PART_GLOB,
    PART_NAME,
    Completeness,
    RunFolder,
    SweepError,
    check_parts,
    completeness,
    iter_parts,
    load_rows,
    manifest_path,
    part_files,
    read_manifest,
    schema_markdown,
)
from experiments.runs.jobs import check_jobs
from experiments.runs.rows import part_frame, worker_columns
from experiments.runs.schema import (
    OVERRIDE_PREFIX,
    TRACE_COLUMNS,
    VARIANT,
    columns_of,
    override_value,
)
from experiments.runs.stamps import code_version, timestamp, version_text
from experiments.runs.worker import CellTask, Chunk
from sim.kit.bundle import DEFAULT_GAME, get_game
from sim.kit.errors import ConfigError, format_value

MANIFEST_FORMAT = 2  # 2: every part carries its sha256
BACKENDS = ("loky", "dask")
SCHEDULER = re.compile(r"((tcp|tls|ucx|ws|wss)://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):\d{1,5}/?|inproc://[\w./:-]+")
__all__ = ["BACKENDS", "MANIFEST", "MANIFEST_FORMAT", "PART_GLOB", "CellTask", "Chunk", "Completeness", "RunFolder",
           "SweepError", "SweepResult", "code_version", "completeness", "iter_parts", "load_rows", "part_files",
           "plan_chunks", "read_manifest", "run_sweep", "schema_markdown"]


# ------------------------------------------------------------------ chunks
def plan_chunks(plan: SweepPlan, done: Iterable[tuple[int, int, int]] = ()) -> list[Chunk]:
    """Chunks of ``plan.chunk_size`` games covering every game not in ``done`` ((cell, lo, hi) ranges)."""
    covered: dict[int, list[tuple[int, int]]] = {}
    for cell, lo, hi in done:
        covered.setdefault(cell, []).append((lo, hi))
    out: list[Chunk] = []
    for cell in range(len(plan.cells)):
        clo, chi = plan.cell_games(cell)
        pos = clo
        for lo, hi in sorted(covered.get(cell, [])) + [(chi, chi)]:
            while pos < lo:
                end = min(lo, pos + plan.chunk_size)
                out.append(Chunk(cell, pos, end))
                pos = end
            pos = max(pos, hi)
    return out


def run_categories(plan: SweepPlan, compiled: Any) -> dict[str, list[str]]:
    """The categories of every categorical column, the same in every part of the run: the game's (its sweep
    module's ``categories`` of the plan and ``compiled``, the run's data), then the agents'."""
    return {**get_game(plan.game).needs("sweep", "a sweep").categories(plan, compiled),
            "agent": list(dict.fromkeys(a for c in plan.cells for a in c.agents)),
            "agents": list(dict.fromkeys(",".join(c.agents) for c in plan.cells))}


def cell_task(plan: SweepPlan, cell: Cell, categories: dict[str, list[str]]) -> CellTask:
    """What a worker needs for ``cell``: its compiled tables without the loaded data (the game's ``lean``:
    names only for a Python agent, who observes them), the agents, and how its rows' columns are made
    (experiments.runs.rows.worker_columns)."""
    from agents.spec import as_specs, distinct

    game = get_game(plan.game)
    compiled = game.compile_config(cell.config)
    seats = as_specs(cell.agents, game.name)
    slots = distinct(seats)
    python = any(s.kind == PYTHON_KIND for s in slots)
    lean = game.module("sweep").lean(compiled, python)
    texts = [s.text for s in slots]
    slot_of_entry = np.array([texts.index(s.text) for s in seats], dtype=np.int64)
    constants: dict[str, Any] = {**cell.columns(), "agents": ",".join(cell.agents)}
    dtypes = override_dtypes(plan)
    for key, value in cell.overrides:
        constants[OVERRIDE_PREFIX + key] = override_value(value, dtypes[OVERRIDE_PREFIX + key])
    if cell.variant:
        constants[VARIANT] = cell.variant
    first_game = plan.cell_games(cell.index)[0]
    seed_first = plan.seed_index(cell.index)
    seed_offset = plan.seed * SEED_STRIDE + (first_game if seed_first < 0 else seed_first) - first_game
    return CellTask(plan.name, cell.index, first_game, seed_offset, lean, tuple(slots), slot_of_entry, cell.rotate,
                    worker_columns(compiled.names, texts, constants, categories, game.name), constants, categories,
                    plan.trace, dtypes, plan.seating(cell), game.name)


def result_columns(plan: SweepPlan) -> dict[str, str]:
    """Column name -> pandas dtype of the rows of ``plan``."""
    cols = {name: dtype for name, (dtype, _) in columns_of(plan.game).items()}
    cols.update(override_dtypes(plan))
    if plan.variants:
        cols[VARIANT] = "string"
    if plan.trace:
        cols.update(dict.fromkeys(TRACE_COLUMNS, "int64"))
    return cols


# -------------------------------------------------------------------- run
@dataclass
class SweepResult:
    run_dir: Path
    manifest: dict[str, Any]
    plan: SweepPlan
    games_total: int
    games_played: int  # in this call
    games_resumed: int  # already there from an earlier call
    wall_s: float
    peak: dict[str, float] = field(default_factory=dict)  # MiB
    replayed_parts: int = 0  # untrusted part files deleted and replayed
    notes: list[str] = field(default_factory=list)

    @property
    def games_per_s(self) -> float:
        return self.games_played / self.wall_s if self.wall_s > 0 else 0.0

    @property
    def errors(self) -> int:
        return sum(p.get("errors", 0) for p in self.manifest["parts"])


def _progress_bar():
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class Rate(ProgressColumn):
        def render(self, task) -> Text:
            speed = task.finished_speed or task.speed
            return Text("-- games/s" if speed is None else f"{speed:,.0f} games/s")

    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                    Rate(), TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
                    console=Console(stderr=True), speed_estimate_period=60)


def _peak(workers: dict[tuple[str, int], float]) -> dict[str, float]:
    me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    local = [v for (host, pid), v in workers.items() if pid != os.getpid()]
    return {"parent_mib": round(me, 1), "workers_max_mib": round(max(local, default=0.0), 1),
            "workers_sum_mib": round(sum(local), 1), "children_mib": round(children, 1),
            "total_mib": round(me + sum(local), 1), "workers": len(local)}


def run_sweep(config: str | Path | SweepPlan, out: str | Path | None = None, *, games: int | None = None,
              chunk_size: int | None = None, jobs: int = 1, backend: str = "loky", scheduler: str | None = None,
              fresh: bool = False, progress: bool = False,
              on_part: Callable[[dict[str, Any]], None] | None = None) -> SweepResult:
    """Play a sweep (a file or a loaded plan) into ``out`` (default ``results/<name>``); see the module docstring.

    ``games`` replaces games_per_cell, ``chunk_size`` the file's chunk size (it does not change the rows).
    Raises ConfigError / SweepError for bad input; KeyboardInterrupt after saving the manifest."""
    check_jobs(jobs)
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend (allowed: {', '.join(BACKENDS)})", key="--backend", value=backend)
    if scheduler and backend != "dask":
        raise ConfigError("a scheduler address needs --backend dask", key="--scheduler", value=scheduler)
    if scheduler is not None and not SCHEDULER.fullmatch(scheduler):
        raise ConfigError("not a scheduler address (allowed: PROTOCOL://HOST:PORT with tcp, tls, ucx, ws, wss or "
                          "inproc, or HOST:PORT)", key="--scheduler", value=scheduler)
    if isinstance(config, SweepPlan):
        plan = config
        if games is not None or chunk_size is not None:
            raise ValueError("games and chunk_size go with a file; build the plan with them instead")
    else:
        plan = load_sweep(config, games=games, chunk_size=chunk_size)
    run_dir = Path(out) if out is not None else Path("results") / plan.name
    folder = RunFolder(run_dir)
    if run_dir.exists() and not run_dir.is_dir():
        raise SweepError(f"{run_dir}: not a folder")
    client = connect(scheduler) if backend == "dask" and scheduler else None  # before the folder is made
    try:
        folder.lock()
        try:
            return _run(plan, folder, jobs, backend, scheduler, fresh, progress, on_part, client)
        finally:
            folder.release()
    finally:
        if client is not None:
            client.close()


def _fresh_manifest(plan: SweepPlan, base: Any) -> dict[str, Any]:
    return {
        "format": MANIFEST_FORMAT,
        **({"game": plan.game} if plan.game != DEFAULT_GAME else {}),
        "name": plan.name,
        "description": plan.description,
        "complete": False,
        "identity": plan.identity_hash(),
        "data_hash": plan.data_hash,
        "provisional": plan.provisional,
        "config": plan.to_dict(),
        **get_game(plan.game).module("sweep").manifest_data(plan, base),  # data, provisional_values, ...
        "code_version": code_version(),
        "seeds": {"master": plan.seed, "rule": f"game g (global index, cell-major) uses seed "
                  f"master * {SEED_STRIDE} + g; each seat's generator comes from the game's seed and the seat"
                  + ("; with variants, game i of a cell uses the seed of game i of the cell's first variant "
                     "(the cells' seed_first), so every variant plays the same seeds" if plan.variants else ""),
                  "first": plan.game_seed(0), "last": plan.game_seed(plan.games_total - 1)},
        "columns": result_columns(plan),
        "cells": [c.values() for c in plan.cells],
        "skipped_cells": [{k: (list(v) if isinstance(v, tuple) else v) for k, v in s.items()}
                          for s in plan.skipped],
        "counts": {},
        "parts": [],
        "timings": {"started": timestamp(), "finished": None, "wall_s": 0.0, "sessions": []},
    }


def _counts(plan: SweepPlan, parts: list[dict[str, Any]]) -> dict[str, Any]:
    done = sum(p["games"][1] - p["games"][0] for p in parts)
    return {"cells": len(plan.cells), "cells_skipped": len(plan.skipped), "games_per_cell": plan.games_per_cell,
            "games_total": plan.games_total, "games_done": done, "rows": sum(p["rows"] for p in parts),
            "parts": len(parts), "errors": sum(p.get("errors", 0) for p in parts),
            "cells_complete": len(completeness({"config": {"games_per_cell": plan.games_per_cell},
                                                "cells": list(plan.cells)}, parts).complete_cells)}


def _run(plan: SweepPlan, folder: RunFolder, jobs: int, backend: str, scheduler: str | None, fresh: bool,
         progress: bool, on_part: Callable[[dict[str, Any]], None] | None, client: Any) -> SweepResult:
    run_dir = folder.path
    cfg = plan.cells[0].config
    data = plan.data_path if plan.variants else cfg.data  # a variant's layer is not the run's data
    game = get_game(plan.game)
    base = game.compile_config(game.part("config")(players=cfg.players, data=data, overrides=plan.fixed["overrides"]))
    notes: list[str] = []
    has_manifest = manifest_path(run_dir).exists()
    foreign = folder.foreign()
    if foreign and not has_manifest:
        raise SweepError(f"{run_dir}: not a sweep run folder (no {MANIFEST}) and not empty ({', '.join(foreign[:3])}"
                         f"{', ...' if len(foreign) > 3 else ''}); delete its files or choose another --out")
    if fresh:
        folder.clear()  # refuses a folder holding anything a run did not write
        has_manifest = False
    manifest = None
    if has_manifest:
        manifest = read_manifest(run_dir)
        if not isinstance(manifest.get("parts"), list) or not isinstance(manifest.get("timings"), dict):
            raise SweepError(f"{manifest_path(run_dir)}: not a manifest of this engine (no parts or timings); rerun "
                             "with --fresh to start again")
        if manifest.get("identity") != plan.identity_hash():
            old = {"name": manifest.get("name"), **_identity_of(manifest)}
            diffs = _differences(old, plan.identity())
            raise SweepError(f"{manifest_path(run_dir)}: this folder holds a run of another configuration (differs in: "
                             f"{', '.join(diffs) or 'the configuration'}); rerun with --fresh to delete it and start "
                             "again, or choose another --out")
        before, now = manifest.get("code_version") or {}, code_version()
        if (before.get("package"), before.get("git")) != (now["package"], now["git"]):
            notes.append(f"the code version changed since this run started ({version_text(before)} -> "
                         f"{version_text(now)}); rerun with --fresh to replay every game with this version")
    if manifest is None:
        manifest = _fresh_manifest(plan, base)
    parts, problems = check_parts(run_dir, manifest)  # checksums verified; a problem part is played again
    for name, why in problems[:3]:
        notes.append(f"{name}: {why}; its games are played again")
    if len(problems) > 3:
        notes.append(f"and {len(problems) - 3} more parts: their games are played again")
    dropped = {name for name, _ in problems if PART_NAME.fullmatch(name)}
    replayed = len(dropped | folder.remove_strays({p["file"] for p in parts}))
    manifest["parts"] = parts
    manifest["config"]["chunk_size"] = plan.chunk_size
    manifest["counts"] = _counts(plan, parts)
    manifest["complete"] = manifest["counts"]["games_done"] == plan.games_total
    folder.write_manifest(manifest)

    chunks = plan_chunks(plan, [(p["cell"], *p["games"]) for p in parts])
    resumed = plan.games_total - sum(c.games for c in chunks)
    categories = run_categories(plan, base)
    tasks = {cell: cell_task(plan, plan.cells[cell], categories) for cell in sorted({c.cell for c in chunks})}
    shared = get_game(plan.game).shared_engine([t.compiled for t in tasks.values()])  # one compile for all cells
    tasks = {cell: dataclasses.replace(task, compiled=c) for (cell, task), c in zip(tasks.items(), shared, strict=True)}
    session: dict[str, Any] = {"started": timestamp(), "jobs": jobs, "backend": backend, "scheduler": scheduler,
                               "games_resumed": resumed, "games_played": 0, "parts_replayed": replayed,
                               "interrupted": False}
    manifest["timings"]["sessions"].append(session)
    workers: dict[tuple[str, int], float] = {}
    start = time.perf_counter()
    played = 0
    bar = _progress_bar() if progress and chunks else None
    task_id = None
    if bar is not None:
        bar.start()
        task_id = bar.add_task(plan.name, total=plan.games_total, completed=resumed)

    first: list[float] = []  # (seconds, games) when the first part arrived: workers started and compiled

    def record() -> None:
        wall = time.perf_counter() - start
        session.update({"wall_s": round(wall, 3), "games_played": played,
                        "games_per_s": round(played / wall, 1) if wall > 0 else None, "finished": timestamp(),
                        "peak_memory": _peak(workers)})
        if first and played > first[1] and wall > first[0]:
            session["first_part_s"] = round(first[0], 3)
            session["games_per_s_after_first_part"] = round((played - first[1]) / (wall - first[0]), 1)
        manifest["parts"].sort(key=lambda p: (p["cell"], p["games"][0]))
        manifest["counts"] = _counts(plan, manifest["parts"])
        manifest["complete"] = manifest["counts"]["games_done"] == plan.games_total
        timings = manifest["timings"]
        timings["wall_s"] = round(sum(s.get("wall_s", 0.0) for s in timings["sessions"]), 3)
        if manifest["complete"] and not timings.get("finished"):
            timings["finished"] = timestamp()
        folder.write_manifest(manifest)

    try:
        for chunk, done in play_chunks(tasks, chunks, jobs, backend, client):
            info = done.info
            part = folder.write_part(chunk, part_frame(tasks[chunk.cell], done))
            del done
            manifest["parts"].append(part)
            played += chunk.games
            if not first:
                first[:] = [time.perf_counter() - start, played]
            key = (info["host"], info["pid"])
            workers[key] = max(workers.get(key, 0.0), info["maxrss_mib"])
            record()
            if bar is not None:
                bar.advance(task_id, chunk.games)
            if on_part is not None:
                on_part(part)
    except BaseException:
        session["interrupted"] = True
        record()
        raise
    finally:
        if bar is not None:
            bar.stop()
    record()
    wall = time.perf_counter() - start
    return SweepResult(run_dir, manifest, plan, plan.games_total, played, resumed, wall, _peak(workers), replayed,
                       notes)


def _identity_of(manifest: dict[str, Any]) -> dict[str, Any]:
    cfg = manifest.get("config", {})
    return {"games_per_cell": cfg.get("games_per_cell"), "seed": cfg.get("seed"),
            "seed_stride": SEED_STRIDE, "override_keys": cfg.get("override_keys"), "cells": manifest.get("cells"),
            **({"trace": True} if cfg.get("trace") else {})}


def _differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """What differs between the identity a run folder's manifest records and a plan's, in words."""
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
