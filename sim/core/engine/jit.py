"""How the engine and the agents are compiled: two numba decorators.

numba counts the references to every array a compiled function is given
(``NRT_incref`` / ``NRT_decref``, an atomic operation around most calls). In
this engine almost every function takes the state and the tables and
allocates nothing, and that counting took a quarter of a game's time.

* :func:`kernel` - the rule: a function that creates no array or list and gets
  none back from a call. It is compiled without numba's runtime
  (``_nrt=False``): the caller keeps its arrays alive, nothing is counted. A
  kernel that tries to allocate fails to compile ("NRT required but not
  enabled").
* :func:`allocating` - a function that creates arrays or lists (``np.zeros``,
  ``s.copy()``, ``[0] * n``), receives one from a call, or reads a list
  argument. Compiled with the runtime, as plain ``njit`` would.

The flag is set on every function on purpose: left unset, numba lets a
callee inherit its caller's setting. ``tests/test_jit.py`` checks the
choice for every function and that games free every array they allocate.

Both are ``njit(cache=True)`` otherwise, with one more change: they compile
one machine version of a function per argument *types*. Plain numba also
makes one per constant *value* a caller passes (``push(s, K_PROG, ...)`` and
``push(s, K_RESUME, ...)`` would be two versions, each with all it calls).
That compiled 301 versions of 244 functions; the specialised versions ran
1-3% faster, and one version per type saves 14 s of every cold start.

LLVM's optimisation level is ``OPT_LEVEL``, set here (``NUMBA_OPT``, for this
process and its children) before anything compiles, unless ``NUMBA_OPT`` is
already set. Most of a cold start is LLVM optimising, so the level was measured
(README, "Benchmark"): level 1 compiled no faster than numba's default 3 and
played random games x0.79 as fast, so it is 3.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from numba import config
from numba.core import types
from numba.core.registry import CPUDispatcher

OPT_LEVEL = 3
if "NUMBA_OPT" not in os.environ:  # in the environment too: numba re-reads it when any NUMBA_* variable changes
    os.environ["NUMBA_OPT"] = str(OPT_LEVEL)
    config.OPT = config._OptLevel(OPT_LEVEL)


class _Dispatcher(CPUDispatcher):
    """numba's CPU dispatcher, typing calls from compiled code with the
    arguments' types (``int64``) instead of their constant values."""

    def get_call_template(self, args, kws):
        return super().get_call_template(tuple(types.unliteral(a) for a in args),
                                         {k: types.unliteral(v) for k, v in kws.items()})


def _compiler(nrt: bool) -> Callable:
    """The decorator: a cached _Dispatcher with numba's runtime on or off
    (the plain function under NUMBA_DISABLE_JIT, as njit does)."""

    def compile_lazily(func):
        if config.DISABLE_JIT:
            return func
        dispatcher = _Dispatcher(py_func=func, locals={}, targetoptions={"nopython": True, "_nrt": nrt})
        dispatcher.enable_caching()
        return dispatcher

    return compile_lazily


kernel = _compiler(False)
allocating = _compiler(True)
