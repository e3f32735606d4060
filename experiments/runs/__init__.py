"""The modules of experiments/runs/."""
