"""Leduc poker's part of experiments/ (the reference game, sim/leduc/): what the generic machinery reads
of it through its bundle (sim/leduc/bundle.py).

- ``results``: the columns of its result rows (a seat's return in chips, its card, the pot...);
- ``sweep``: its sweep axes (players, agents) over its rule values (data, overrides, variants).
"""
