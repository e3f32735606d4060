"""Where a sweep's chunks are played: in this process (one job), in joblib (loky) worker processes, or
on a dask.distributed cluster (a scheduler's address, or a LocalCluster of ``jobs`` worker processes).
Each yields (chunk, played chunk) as the chunks finish, in any order; the rows do not depend on which.
The runner (:mod:`experiments.runs.sweep`) writes each as a part.

Worker processes on this machine load numba's cache, they do not compile: before they start, the parent
plays the first chunk of each distinct compiled loop (:func:`loop_key`: the game and its engine, the agent
kinds, the traced loop) itself, which compiles and caches it once."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator

from experiments.runs.worker import CellTask, Chunk, PlayedChunk, play_task
from sim.kit.errors import ConfigError


def play_chunks(tasks: dict[int, CellTask], chunks: list[Chunk], jobs: int, backend: str,
                scheduler: str | None) -> Iterator[tuple[Chunk, PlayedChunk]]:
    """The played ``chunks`` (``tasks``: each cell's task), with ``backend`` "loky" (here when ``jobs`` is
    1) or "dask" (``scheduler``: a cluster's address, else a local cluster)."""
    if not chunks:
        return iter(())
    if backend == "dask" and scheduler:  # a cluster's machines keep caches of their own
        return _dask(tasks, chunks, jobs, scheduler)
    if jobs == 1 and backend != "dask":
        return _here(tasks, chunks)
    first, rest = compile_first(tasks, chunks)
    pool = _dask(tasks, rest, jobs, None) if backend == "dask" else _loky(tasks, rest, jobs)
    return itertools.chain(_here(tasks, first), pool)


def loop_key(task: CellTask) -> tuple:
    """What decides the compiled code a task plays: its game and the engine that plays its configuration
    (``GameBundle.engine_for``), its slots' agent kinds, the traced loop."""
    from sim.kit.bundle import get_game

    engine = get_game(task.game).engine_for(task.compiled).prefix
    return task.game, engine, tuple(sorted({slot.kind for slot in task.slots})), task.trace


def compile_first(tasks: dict[int, CellTask], chunks: list[Chunk]) -> tuple[list[Chunk], list[Chunk]]:
    """``chunks`` split into the first chunk of each distinct :func:`loop_key` (played here, before the
    workers start, so that they load what it compiled) and the rest, in order."""
    seen: set[tuple] = set()
    first: list[Chunk] = []
    rest: list[Chunk] = []
    for chunk in chunks:
        key = loop_key(tasks[chunk.cell])
        (rest if key in seen else first).append(chunk)
        seen.add(key)
    return first, rest


def _here(tasks: dict[int, CellTask], chunks: list[Chunk]) -> Iterator[tuple[Chunk, PlayedChunk]]:
    for chunk in chunks:
        yield play_task(tasks[chunk.cell], chunk)


def _loky(tasks: dict[int, CellTask], chunks: list[Chunk], jobs: int) -> Iterator[tuple[Chunk, PlayedChunk]]:
    if not chunks:
        return
    from joblib import Parallel, delayed

    parallel = Parallel(n_jobs=jobs, backend="loky", return_as="generator_unordered", pre_dispatch="2*n_jobs",
                        batch_size=1)
    parent = os.getpid()
    results = parallel(delayed(play_task)(tasks[c.cell], c, parent) for c in chunks)
    try:
        yield from results
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()


def _dask(tasks: dict[int, CellTask], chunks: list[Chunk], jobs: int,
          scheduler: str | None) -> Iterator[tuple[Chunk, PlayedChunk]]:
    if not chunks:
        return
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise ConfigError("the dask backend needs dask.distributed: pip install 'dask[distributed]'",
                          key="--backend", value="dask") from None
    cluster = None
    try:
        if scheduler:
            client = Client(scheduler, timeout="20s")
        else:
            cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None)
            client = Client(cluster)
    except (OSError, TimeoutError) as exc:
        if cluster is not None:
            cluster.close()
        raise ConfigError(f"cannot reach the dask scheduler: {exc}", key="--scheduler", value=scheduler) from None
    try:
        shared = {cell: client.scatter(task, broadcast=True) for cell, task in tasks.items()}
        window = max(2, 2 * sum(client.nthreads().values()))
        todo = iter(chunks)
        running = as_completed()
        for chunk in todo:
            running.add(client.submit(play_task, shared[chunk.cell], chunk, pure=False))
            if running.count() >= window:
                break
        for future in running:
            result = future.result()
            future.release()
            nxt = next(todo, None)
            if nxt is not None:
                running.add(client.submit(play_task, shared[nxt.cell], nxt, pure=False))
            yield result
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
