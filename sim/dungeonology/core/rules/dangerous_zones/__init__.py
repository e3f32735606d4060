"""The Dangerous Zones advanced rule ("Dangerous Zones"): Zone Effects
(``zone_effects``)."""
