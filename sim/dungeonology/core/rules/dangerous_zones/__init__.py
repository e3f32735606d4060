"""The Dangerous Zones advanced rule ("Dangerous Zones"): Zone Effects
(``zone_effects``)."""

from sim.dungeonology import layout as L
from sim.dungeonology.core.engine.registry import Registration

REGISTRATION = Registration(
    module="dangerous_zones",
    ranges=L.ranges_of("dangerous_zones"),
    phases={"PH_TELEPORT": ("zone_effects:teleport_to(s, t, me, a)", "zone_effects:teleport_actions(s, t, me, out)")},
    continuations={
        "K_ZONE_EFFECTS": "zone_effects:zone_effect_loop(s, t, a, b, c // 2, c % 2)",
        "K_ZE_TOLL": "zone_effects:toll_step(s, t, a, b)",
        "K_BIVOUAC": "sim.dungeonology.core.procedures.turn:bivouac(s, t, a)",  # the recovery of Rest
    },
)
