"""Where a sweep's chunks are played: in this process, in joblib (loky) worker
processes, or on a dask.distributed cluster (a ``scheduler`` address, or a
LocalCluster of ``jobs`` worker processes). Each executor takes a ``play``
function ``play(task, chunk) -> (chunk, rows, info)`` and yields its results
as chunks finish, in any order (the runner does not depend on the order).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from sim.errors import ConfigError

BACKENDS = ("loky", "dask")
Play = Callable[[Any, Any], tuple[Any, Any, dict]]


def local(play: Play, tasks: dict[int, Any], chunks: list[Any]) -> Iterator[tuple[Any, Any, dict]]:
    """Play the chunks one after the other in this process."""
    for chunk in chunks:
        yield play(tasks[chunk.cell], chunk)


def loky(play: Play, tasks: dict[int, Any], chunks: list[Any], jobs: int) -> Iterator[tuple[Any, Any, dict]]:
    """Play the chunks in ``jobs`` joblib (loky) worker processes."""
    from joblib import Parallel, delayed

    parallel = Parallel(n_jobs=jobs, backend="loky", return_as="generator_unordered", pre_dispatch="2*n_jobs",
                        batch_size=1)
    results = parallel(delayed(play)(tasks[c.cell], c) for c in chunks)
    try:
        yield from results
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()


def dask(play: Play, tasks: dict[int, Any], chunks: list[Any], jobs: int,
         scheduler: str | None) -> Iterator[tuple[Any, Any, dict]]:
    """Play the chunks on a dask.distributed cluster (its address, or a local one of ``jobs`` workers)."""
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
            running.add(client.submit(play, shared[chunk.cell], chunk, pure=False))
            if running.count() >= window:
                break
        for future in running:
            result = future.result()
            future.release()
            nxt = next(todo, None)
            if nxt is not None:
                running.add(client.submit(play, shared[nxt.cell], nxt, pure=False))
            yield result
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
