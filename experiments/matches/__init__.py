"""The modules of experiments/matches/."""
