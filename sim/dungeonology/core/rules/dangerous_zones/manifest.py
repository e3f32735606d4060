"""The Dangerous Zones advanced rule's manifest ("Dangerous Zones"; sim.dungeonology.manifest):
the Teleport phase, the Zone Effect loop's continuations, the Teleport colour, the zone_effect verb."""

from __future__ import annotations

from sim.dungeonology.layout.limits import MAX_ZEFF
from sim.dungeonology.manifest import Field, Hook, Manifest, Verb

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
    verbs=(Verb("zone_effect", "A_ZONE_EFFECT", MAX_ZEFF + 1, "text:zone_effect_text"),),
    # Zone Effects: the Stairs, the Zone Effect Tokens and Secret Passages count in every game, the
    # printed ones with the rule (zone_effects.counts): these hooks are made in every game
    hooks=(
        Hook("enter_zone", "zone_effects:enter_zone(s, t, seat, z)", always=True),
        Hook("movement_actions", "zone_effects:secret_passage_actions(s, t, me, z, out, n)", always=True),
        Hook("action_phase_actions", "zone_effects:action_zone_effects(s, t, me, z, out, n)", always=True),
        Hook("own_turn_action", "zone_effects:own_turn_zone_effect(s, t, me, a)", always=True),
        Hook("stealth_declared", "zone_effects:stealth_luck(s, t)", order=20, always=True),  # after the Intern
        Hook("failure_students", "zone_effects:fail_students(s, t, seat, z)", always=True),  # Danger N
    ),
    heuristic={"PH_TELEPORT": "agents.dungeonology.heuristic.movement:teleport_decision"},  # where a Teleport leads
    texts={("PH_TELEPORT", "zone"): "text:teleport_text"},
    compile=(("end", "tables:compile_zone_effects"),),  # its table compiler (sim.dungeonology.tables.STAGES)
)
