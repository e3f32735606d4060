"""Where a sweep's chunks are played: in this process (one job), in joblib (loky) worker processes, or
on a dask.distributed cluster (a scheduler's address, or a LocalCluster of ``jobs`` worker processes).
Each yields (chunk, played chunk) as the chunks finish, in any order; the rows do not depend on which.
The runner (:mod:`experiments.runs.sweep`) writes each as a part.

Worker processes on this machine load numba's cache, they do not compile: before they start, the parent
plays the first chunk of each distinct compiled loop (:func:`loop_key`: the game and its engine, the agent
kinds, the traced loop) itself, which compiles and caches it once."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from experiments.runs.jobs import processes
from experiments.runs.orphans import watch_workers
from experiments.runs.worker import CellTask, Chunk, PlayedChunk, play_task
from sim.kit.errors import ConfigError

CONNECT_S = 20  # seconds to reach a dask scheduler


def play_chunks(tasks: dict[int, CellTask], chunks: list[Chunk], jobs: int, backend: str,
                client: Any = None) -> Iterator[tuple[Chunk, PlayedChunk]]:
    """The played ``chunks`` (``tasks``: each cell's task), with ``backend`` "loky" (here when ``jobs`` is
    1) or "dask" (``client``: of a cluster, from :func:`connect`; else a local cluster)."""
    if not chunks:
        return iter(())
    if backend == "dask" and client is not None:  # a cluster's machines keep caches of their own
        return _dask(tasks, chunks, jobs, client)
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

    parallel = Parallel(n_jobs=processes(jobs, len(chunks)), backend="loky", return_as="generator_unordered",
                        pre_dispatch="2*n_jobs", batch_size=1, **watch_workers())
    results = parallel(delayed(play_task)(tasks[c.cell], c) for c in chunks)
    try:
        yield from results
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise ConfigError("the dask backend needs dask.distributed: pip install 'dask[distributed]'",
                          key="--backend", value="dask") from None
    return distributed


def _probe(scheduler: str) -> None:
    """A TCP scheduler that refuses connections is said so at once (the client would retry for its timeout)."""
    import socket
    from urllib.parse import urlsplit

    if "://" in scheduler and not scheduler.startswith("tcp://"):
        return
    where = urlsplit(scheduler if "://" in scheduler else f"tcp://{scheduler}")
    try:
        with socket.create_connection((where.hostname, where.port), timeout=CONNECT_S):
            pass
    except (OSError, ValueError) as exc:
        raise ConfigError(f"cannot reach the dask scheduler: {exc.strerror or exc}",
                          key="--scheduler", value=scheduler) from None


def connect(scheduler: str) -> Any:
    """A dask.distributed client of the scheduler at ``scheduler``; ConfigError naming --scheduler when it
    cannot be reached (a sweep connects before it creates its run folder)."""
    distributed = _distributed()
    _probe(scheduler)
    try:
        return distributed.Client(scheduler, timeout=f"{CONNECT_S}s")
    except (OSError, TimeoutError) as exc:
        raise ConfigError(f"cannot reach the dask scheduler: {exc}", key="--scheduler",
                          value=scheduler) from None


def _dask(tasks: dict[int, CellTask], chunks: list[Chunk], jobs: int,
          client: Any) -> Iterator[tuple[Chunk, PlayedChunk]]:
    """The chunks played on ``client``'s cluster (closed by its owner), or on a local cluster of ``jobs``
    workers (None: made and closed here)."""
    if not chunks:
        return
    distributed = _distributed()
    as_completed = distributed.as_completed
    cluster = None
    if client is None:
        cluster = distributed.LocalCluster(n_workers=processes(jobs, len(chunks)), threads_per_worker=1,
                                           processes=True, dashboard_address=None)
        client = distributed.Client(cluster)
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
        if cluster is not None:
            client.close()
            cluster.close()
