"""No orphan workers: a worker process (joblib/loky) exits when the process that
started the run is gone, even after ``kill -9`` of that process, within a second.

Each worker starts (:func:`watch_workers`: the pool's initializer, before any
task) with :func:`parent_token` of the parent: its pid and a pipe that only the
parent holds open (made once per process). The worker (:func:`watch_parent`)
opens that pipe's read end through ``/proc`` and asks for SIGIO on it: when the
parent dies, the kernel closes the pipe's last writer and sends SIGIO, whose
default action ends the worker at once, even while compiled code holds the GIL
for a whole chunk. A daemon thread also checks once a second that the worker's
parent is still that pid (where ``/proc`` or SIGIO is missing), ending the
worker with ``os._exit`` when it is not. In the parent itself (``jobs=1``) nothing is started.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

POLL_S = 1.0
_watching: list[int] = []  # the parent pid watched by this process, once started
_pipe: list[int] = []  # this process's pipe (read end, write end) that its workers watch


def parent_token() -> tuple[int, int | None]:
    """What a task carries so that its worker exits with this process: (pid, read end of its pipe)."""
    if not _pipe:
        try:
            _pipe.extend(os.pipe())  # never written; closed by the kernel when this process ends
        except OSError:
            return os.getpid(), None
    return os.getpid(), _pipe[0]


def _arm_sigio(pid: int, fd: int) -> bool:
    """SIGIO (default action: end the process) when ``pid``'s pipe loses its last writer; whether armed."""
    import fcntl
    import signal
    import stat

    try:
        own = os.open(f"/proc/{pid}/fd/{fd}", os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except (OSError, AttributeError):
        return False
    try:
        if not stat.S_ISFIFO(os.fstat(own).st_mode):
            os.close(own)
            return False
        signal.signal(signal.SIGIO, signal.SIG_DFL)
        fcntl.fcntl(own, fcntl.F_SETOWN, os.getpid())
        fcntl.fcntl(own, fcntl.F_SETFL, fcntl.fcntl(own, fcntl.F_GETFL) | os.O_ASYNC)
    except (OSError, ValueError, AttributeError):  # not the main thread, or no O_ASYNC here
        os.close(own)
        return False
    return True  # ``own`` stays open for the life of the worker


def watch_parent(parent: int | tuple[int, int | None]) -> None:
    """In a worker started by ``parent`` (:func:`parent_token`, or a bare pid): exit as soon as that
    process is no longer this process's parent."""
    pid, fd = parent if isinstance(parent, tuple) else (parent, None)
    if pid == os.getpid() or _watching:
        return
    _watching.append(pid)
    if fd is not None:
        _arm_sigio(pid, fd)
    if os.getppid() != pid:  # gone before the watch began
        os._exit(3)

    def watch() -> None:
        while True:
            if os.getppid() != pid:
                os._exit(3)
            time.sleep(POLL_S)

    threading.Thread(target=watch, name="dungeonology-parent-watch", daemon=True).start()



def watch_workers() -> dict[str, Any]:
    """The keyword arguments of a joblib ``Parallel`` (loky) whose workers exit with this process: each
    worker starts :func:`watch_parent` when it starts, before it takes a task (unpickling a task imports
    the engine, which takes seconds)."""
    return {"initializer": watch_parent, "initargs": (parent_token(),)}
