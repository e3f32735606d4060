"""The modules of experiments/bench/."""
