"""The modules of experiments/report/."""
