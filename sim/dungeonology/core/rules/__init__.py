"""One package per module (optional rule) of the rulebooks ("Advanced
Rules"): ``boss``, ``dangerous_zones``, ``maximum_alert``, ``main_effects``."""
