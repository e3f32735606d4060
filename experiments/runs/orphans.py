"""No orphan workers: a worker process (joblib/loky) exits when the process that
started the run is gone, even after ``kill -9`` of that process.

Each task carries the parent's pid; the first task a worker runs starts a
daemon thread that checks once a second that the worker's parent is still that
pid (a worker of a killed parent is re-parented to init or a subreaper), and
ends the worker with ``os._exit`` when it is not. In the parent itself
(``jobs=1``) nothing is started.
"""

from __future__ import annotations

import os
import threading
import time

POLL_S = 1.0
_watching: list[int] = []  # the parent pid watched by this process, once started


def watch_parent(parent: int) -> None:
    """In a worker started by ``parent``: exit as soon as ``parent`` is no longer this process's parent."""
    if parent == os.getpid() or _watching:
        return
    _watching.append(parent)

    def watch() -> None:
        while True:
            if os.getppid() != parent:
                os._exit(3)
            time.sleep(POLL_S)

    threading.Thread(target=watch, name="dungeonology-parent-watch", daemon=True).start()
