"""The Dangerous Zones advanced rule's manifest ("Dangerous Zones"; sim.dungeonology.manifest):
the Teleport phase, the Zone Effect loop's continuations, the Teleport colour, the zone_effect verb."""

from __future__ import annotations

from sim.dungeonology.layout.limits import MAX_ZEFF
from sim.dungeonology.manifest import Field, Manifest, Verb

MANIFEST = Manifest(
    module="dangerous_zones",
    ranges={"dangerous_zones": ((14, 19), (12, 19), (19, 29))},  # and the Zone Effect Tokens
    codes={
        "PH_TELEPORT": 14,  # choose the destination of a Teleport (A_ZONE + zone)
        "K_ZONE_EFFECTS": 12,  # resume the Zone Effect loop: a=seat, b=zone, c=2*next index + first entry
        "K_ZE_TOLL": 13,  # Toll: a=seat, b=cubes still to drop
        "K_BIVOUAC": 14,  # Bivouac (Action Zone Effect), a = stage
    },
    phase_names={14: "teleport"},
    phases={"PH_TELEPORT": ("zone_effects:teleport_to(s, t, me, a)", "zone_effects:teleport_actions(s, t, me, out)")},
    continuations={
        "K_ZONE_EFFECTS": "zone_effects:zone_effect_loop(s, t, a, b, c // 2, c % 2)",
        "K_ZE_TOLL": "zone_effects:toll_step(s, t, a, b)",
        "K_BIVOUAC": "sim.dungeonology.core.procedures.turn:bivouac(s, t, a)",  # the recovery of Rest
    },
    tables=(
        Field("T_TELEPORT_COLOR", meaning="cube colour a Scholar needs to Teleport (Worship)", after="T_RULES"),
    ),
    # + effect slot: use an Action Zone Effect (slot MAX_ZEFF = a token)
    verbs=(Verb("zone_effect", "A_ZONE_EFFECT", MAX_ZEFF + 1),),
)
