"""Positions and moves the Dangerous Zones tests share (test_rules_dangerous_zones*.py)."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.dungeon import place_tile, placement_links, placement_position
from sim.dungeonology.scenario import do

DZ = ("dangerous_zones",)


def attach(sc, zone, anchor, entered=False):
    """Place `zone` Adjacent and Linked to `anchor` (joined by Stairs across Floors)."""
    s, t = sc.s, sc.t
    z, a = sc._zone(zone), sc._zone(anchor)
    for side in range(4):
        for rot in range(4):
            if placement_links(s, t, z, a, side, 0, rot) == 0:
                continue
            x, y = placement_position(s, a, side, 0)
            stair = a if t[L.T_Z_FLOOR + z] != t[L.T_Z_FLOOR + a] else -1
            trial = s.copy()
            place_tile(trial, t, z, x, y, rot, stair)
            if any(trial[L.S_LINK + a * 8 + p] and trial[L.S_NB + a * 8 + p] == z for p in range(8)):
                return sc.place_zone(zone, x / 2, y / 2, rot, stair_to=anchor if stair >= 0 else None,
                                     entered=entered)
    raise AssertionError(f"no linked spot for {zone} beside {anchor}")


def move_to(g, zone):
    """Apply the legal Move action leading into `zone`."""
    texts = [g.action_to_string(a) for a in g.legal_actions()]
    match = [x for x in texts if x.startswith("Move ") and x.endswith(f" to {zone}")]
    assert match, texts
    return do(g, match[0])


def finish_test(g, card="Rope and Grapple"):
    """Commit `card` alone, declare, pass every window until the Stealth Test
    is resolved (or a Stun Token is asked)."""
    while g.phase() in ("commit", "test_window"):
        texts = [g.action_to_string(a) for a in g.legal_actions()]
        if "Declare the Stealth Value" in texts:
            do(g, "Declare the Stealth Value")
        elif g.phase() == "commit":
            do(g, f"Commit {card}")
        else:
            do(g, "Pass")
    return g


def univ(g):
    return g.to_dict()["university"]["students"]
