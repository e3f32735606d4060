"""The engine checked at scale: ``fuzz`` (random games in the numba batch, every invariant after every
action, failures rebuilt as replayable records) and ``mutation_fuzz`` (random edits of records, sweep
files and data files fed to the command line, which must answer, never crash)."""
