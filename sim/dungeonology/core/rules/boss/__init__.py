"""The Boss advanced rule ("Boss"): see ``boss``."""
