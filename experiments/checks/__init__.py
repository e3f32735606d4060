"""The modules of experiments/checks/."""
