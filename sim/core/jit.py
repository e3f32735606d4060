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
"""

from __future__ import annotations

from numba import njit

kernel = njit(cache=True, _nrt=False)
allocating = njit(cache=True, _nrt=True)
