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

Both are ``njit(cache=True)`` otherwise, with two more changes, both for
the time a cold start spends compiling:

* One machine version of a function per argument *types*. Plain numba also
  makes one per constant *value* a caller passes (``push(s, K_PROG, ...)``
  and ``push(s, K_RESUME, ...)`` would be two versions, each with all it
  calls). That compiled 301 versions of 244 functions; the specialised
  versions ran 1-3% faster, and one version per type saves 14 s.
* The whole engine goes through LLVM's optimiser once per function that
  Python calls, not once per function. numba links into each compiled
  function the code of everything it calls and optimises the lot again, so
  the engine's bottom layers were optimised ten times over (the sum over
  functions of the code each one carries is 10x the engine). Here each
  function has a second dispatcher, :attr:`_Dispatcher.callee`, which
  compiled code calls: its library gets only the per-function passes, and
  the function that Python calls (``random_games``, ``step``, ...) optimises
  everything it links in one module-level pass, inlining as before.
"""

from __future__ import annotations

from collections.abc import Callable

from numba import config
from numba.core import types
from numba.core.caching import CompileResultCacheImpl, FunctionCache
from numba.core.codegen import JITCodeLibrary
from numba.core.compiler import Compiler
from numba.core.registry import CPUDispatcher


class _CalleeLibrary(JITCodeLibrary):
    """The code of a function compiled for calls from compiled code: its
    functions get the per-function passes when they are added; the module
    (with the callees linked in) is not optimised again here, but once by
    the function that Python calls."""

    def _optimize_final_module(self) -> None:
        pass


class _CalleeCompiler(Compiler):
    """numba's pipeline, building a _CalleeLibrary."""

    def compile_extra(self, func):
        if self.state.library is None:
            library = _CalleeLibrary(self.state.targetctx.codegen(), func.__qualname__)
            library.enable_object_caching()  # as numba does for the libraries it creates
            self.state.library = library
        return super().compile_extra(func)


class _CalleeCacheImpl(CompileResultCacheImpl):
    """Cache files of the callee versions, next to (not over) the others."""

    def get_filename_base(self, fullname: str, abiflags: str) -> str:
        return super().get_filename_base(fullname + "-callee", abiflags)


class _CalleeCache(FunctionCache):
    _impl_class = _CalleeCacheImpl


class _Dispatcher(CPUDispatcher):
    """numba's CPU dispatcher, typing calls from compiled code with the
    arguments' types (``int64``) instead of their constant values, and (for
    the dispatcher Python calls) sending those calls to its ``callee``."""

    callee: _Dispatcher | None = None

    @property
    def _numba_type_(self):
        return types.Dispatcher(self.callee or self)

    def get_call_template(self, args, kws):
        return super().get_call_template(tuple(types.unliteral(a) for a in args),
                                         {k: types.unliteral(v) for k, v in kws.items()})


def _compiler(nrt: bool) -> Callable:
    """The decorator: a cached _Dispatcher with numba's runtime on or off
    (the plain function under NUMBA_DISABLE_JIT, as njit does)."""

    def compile_lazily(func):
        if config.DISABLE_JIT:
            return func
        options = {"nopython": True, "_nrt": nrt}
        dispatcher = _Dispatcher(py_func=func, locals={}, targetoptions=dict(options))
        dispatcher.enable_caching()
        callee = _Dispatcher(py_func=func, locals={}, targetoptions=dict(options), pipeline_class=_CalleeCompiler)
        callee._cache = _CalleeCache(func)
        dispatcher.callee = callee
        return dispatcher

    return compile_lazily


def called_from_compiled_code(dispatcher):
    """The dispatcher whose versions compiled code calls (``dispatcher.callee``)."""
    return dispatcher.callee or dispatcher


kernel = _compiler(False)
allocating = _compiler(True)
