"""The game-agnostic kit: how numba code is compiled (``jit``), the random
generator kept in a state (``rng``), the errors every part of the toolkit
raises (``errors``) and the numba cache's upkeep (``cache``)."""
