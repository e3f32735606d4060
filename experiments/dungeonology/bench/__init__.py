"""Benchmarks (``dungeonology bench``, docs/CLI.md): ``engine`` (random play throughput, memory, cold and
warm start, the JIT speed-up), ``baseline`` (an older commit side by side, ``--baseline``), ``profile``
(time by decision phase, ``--profile``), ``expansion`` (the expansion beside the base game,
``--expansion``), ``adapters`` (random play through each adapter, ``--adapters``), and two tools run
with ``python -m``: ``compile`` (where a cold start's compile time goes) and ``startup`` (a sweep
worker's start-up by step)."""
