"""Dungeonology's part of experiments/: what the generic machinery reads of this game through its bundle
(sim/dungeonology/bundle.py), and what only this game has.

- ``results``: the columns of its result rows and how a sweep's worker makes them;
- ``sweep/``: its sweep axes (modules, Boss, Panic Card, Alert, Player Level, Clan Card, Scholars) and
  their cells;
- ``analysis/``: its analysis defaults and groupings (by Scholar, Clan Card, Alert, Player Level, Boss,
  module), its own tables, the what-ifs, the adjusted effects, comparisons of variants and the
  designer metrics;
- ``report/``: its report sections, headlines, plots and statistics notes, and the report's memory
  benchmark;
- ``cli/``: its game options, how one of its games is printed, its bench, and its own commands (replay,
  data, modules, main, report-memory, compare, tune-heuristic, tune); ``narrate``: a game told turn by
  turn (``dungeonology play``);
- ``tune/``: its data values and its heuristic's parameters tuned to targets; ``bench/``: its benches
  (engine, baseline, compile, expansion, profile, startup, adapters); ``mutation_fuzz``: random edits of
  its records, sweep files and data files fed to the command line, which must answer, never crash.
"""
