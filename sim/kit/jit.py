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

* :func:`inline_kernel` - a kernel that numba copies into every compiled
  caller (``inline="always"``: its code is typed and lowered as part of the
  caller's, and it is not compiled on its own unless Python calls it). numba
  compiles each function into an LLVM module of its own, links in the modules
  of all it calls and optimises the whole again
  (``numba/core/codegen.py``, ``CPUCodeLibrary.finalize``), so every thin
  layer over the whole engine cost one more optimisation of all of it: the
  engine's entry layers (``step``), its phase and continuation dispatchers, the
  generated hook dispatchers and the thin hook providers each of them calls
  once are inline kernels. Copying every small kernel the same way (the ~160 of at
  most 40 bytecode instructions) was measured and dropped: LLVM's share fell
  from 100 to 77 s, but typing the copies took as long (docs/BENCHMARKS.md).

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
(docs/BENCHMARKS.md): level 1 saved a little compile time and played random
games clearly slower than numba's default 3, so it is 3.

Scratch space without the runtime: :func:`scratch_int` / :func:`scratch_float`
give a kernel a zeroed array of a constant size on its own stack (freed when
it returns, never counted: the agents' work arrays). A kernel may pass one
down to the functions it calls, never return it.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import numpy as np
from numba import config
from numba.core import cgutils, types
from numba.core.errors import TypingError
from numba.core.registry import CPUDispatcher
from numba.extending import intrinsic
from numba.np.arrayobj import make_array, populate_array

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


def _compiler(nrt: bool, inline: bool = False) -> Callable:
    """The decorator: a cached _Dispatcher with numba's runtime on or off
    (the plain function under NUMBA_DISABLE_JIT, as njit does); with `inline`,
    numba copies its code into every compiled caller (``inline="always"``)."""
    options = {"nopython": True, "_nrt": nrt} | ({"inline": "always"} if inline else {})

    def compile_lazily(func):
        if config.DISABLE_JIT:
            return func
        dispatcher = _Dispatcher(py_func=func, locals={}, targetoptions=dict(options))
        dispatcher.enable_caching()
        return dispatcher

    return compile_lazily


kernel = _compiler(False)
inline_kernel = _compiler(False, inline=True)
allocating = _compiler(True)



def _stack_codegen(dtype: types.Type, size: types.Type) -> tuple:
    """The signature and code of a scratch intrinsic: a zeroed 1-d C array of ``size`` (a constant)
    ``dtype`` items on the stack of the compiled function that calls it (``alloca`` in its entry block,
    no meminfo: nothing to count or free)."""
    if not isinstance(size, types.IntegerLiteral) or size.literal_value < 0:
        raise TypingError(f"scratch arrays need a constant size >= 0, not {size}: a name imported into the "
                          "module ('from sim.dungeonology.layout import MAX_ZONES'; numba reads L.MAX_ZONES as an "
                          "int64)")
    n = size.literal_value
    aty = types.Array(dtype, 1, "C")

    def codegen(context, builder, signature, args):
        item = context.get_value_type(dtype)
        count = context.get_constant(types.intp, n)
        ptr = cgutils.alloca_once(builder, item, size=count)
        itemsize = context.get_constant(types.intp, context.get_abi_sizeof(item))
        cgutils.memset(builder, ptr, builder.mul(count, itemsize), 0)
        ary = make_array(aty)(context, builder)
        populate_array(ary, data=ptr, shape=[count], strides=[itemsize], itemsize=itemsize, meminfo=None)
        return ary._getvalue()

    return aty(size), codegen


if config.DISABLE_JIT:  # plain Python: new numpy arrays
    def scratch_int(n: int) -> np.ndarray:
        """N zeroed int64 (numpy, as the compiled version's stack array)."""
        return np.zeros(n, np.int64)

    def scratch_float(n: int) -> np.ndarray:
        """N zeroed float64 (numpy, as the compiled version's stack array)."""
        return np.zeros(n, np.float64)
else:
    @intrinsic
    def scratch_int(typingctx, size):
        """``scratch_int(N)``: N zeroed int64 on the calling kernel's stack (N a constant)."""
        return _stack_codegen(types.int64, size)

    @intrinsic
    def scratch_float(typingctx, size):
        """``scratch_float(N)``: N zeroed float64 on the calling kernel's stack (N a constant)."""
        return _stack_codegen(types.float64, size)
