"""Dungeonology's part of experiments/: what the generic machinery reads of this game through its bundle
(sim/dungeonology/bundle.py), and what only this game has.

- ``results``: the columns of its result rows and how a sweep's worker makes them;
- ``sweep/``: its sweep axes (modules, Boss, Panic Card, Alert, Player Level, Clan Card, Scholars) and
  their cells.
"""
