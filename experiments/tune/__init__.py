"""The modules of experiments/tune/."""
