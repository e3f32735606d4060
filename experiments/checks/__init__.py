"""A game's engine checked at scale: ``fuzz`` (random games of any game in the numba batch, its invariants
after every action, failures rebuilt in Python as records). Dungeonology's input mutation fuzz (random
edits of its records, sweep files and data files fed to the command line) is
experiments/dungeonology/mutation_fuzz.py."""
