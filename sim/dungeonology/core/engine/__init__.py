"""The engine: how compiled code is built (``jit``), chance (``rng``), the
continuation stack (``kstack``), applying actions and resolving rules
(``step``), legal actions (``legal``), and the numba entry loops (``play``,
``batch``)."""
