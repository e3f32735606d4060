"""Leduc poker, the reference game of the toolkit: small, and checked against OpenSpiel's
``leduc_poker`` (tests/test_leduc.py).

- ``layout``: the state (the kit's header, then Leduc's sections) and the tables, by name;
- ``config``: ``LeducConfig``, the rule values of ``data/leduc.toml`` validated, ``compile_config``;
- ``kernels``: the numba contract of a game (init, step, legal_actions, determinize, evaluate, ...);
- ``observation``: tensors and strings of one seat's view, as OpenSpiel writes them;
- ``game``: ``LeducGame`` / ``new_game``, one game in Python.
"""
