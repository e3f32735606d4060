"""How many worker processes a command may start: ``--jobs`` from 1 to the CPUs this process may run
on (more only queue for the same cores), and never more processes than there are chunks of work."""

from __future__ import annotations

import os
from typing import Any

from sim.kit.errors import ConfigError


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity; else the machine's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def check_jobs(jobs: Any) -> None:
    """ConfigError naming --jobs unless it is a whole number from 1 to :func:`usable_cpus`."""
    top = usable_cpus()
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= top:
        raise ConfigError(f"use at least 1 and at most {top} worker processes (the CPUs this process may run on)",
                          key="--jobs", value=jobs)


def processes(jobs: int, tasks: int) -> int:
    """The worker processes to start for ``tasks`` chunks with ``jobs`` allowed: no idle process."""
    return max(1, min(jobs, tasks))
