"""The rulebook's worked examples, played through the real actions.

Rulebook: "Example: Study", "Example: Espionage", "Example: Stairs",
"Example: Placing a New Zone" (and the box "Placing Zones and Stairs"), and
the Clan Card box (Blood Worshipers, Militia +2).
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.scenario import do


def test_study_example(h):
    """Sofia in I-3 (Alert 3) with Alert Bonus +1 needs 4; 3 cards declare 4; an
    opponent's Subterfuge raises the Alert Value to 6; her Divination 1 draws a
    2: Stealth 6, SUCCESS, the leftmost Civilization cube, a column worth 2."""
    g = (h.scenario()
         .place_zone("I-3", x=0, y=-1, rotation=0)
         .move("Sofia", "I-3").move("Valerio", "I-3")
         # 3 cards worth 2+1+1, a Spell 1 for the last say, a Subterfuge kept
         # to keep her window open, a Social card to keep her Action Phase open
         .hand("Sofia", ["Lantern", "Rope and Grapple", "Secret Map", "Crystal Ball", "Smoke Bomb",
                         "Letter of Introduction"])
         .hand("Valerio", ["Disguise"])  # Subterfuge 2: +2 to the Alert Value
         .alert_omegas(1)  # medium card, first space: Alert Bonus +1
         .university(students=10, omega=0)  # no Omega Student can come out
         .deck_top(["Lantern"])  # the Divination reveals a Bonus Value of 2
         .turn("Sofia", phase="action")
         .build())
    assert g.to_dict()["alert"]["bonus"] == 1
    assert g.to_dict()["zones"][1]["alert"] == 3
    do(g, "Study")
    # Intelligence 2: she could indicate two cubes (Alert Value +1 -> 5)
    assert [t for t in h.legal_text(g) if t.startswith("Study ")] == ["Study 1 cube", "Study 2 cubes"]
    brave = g.clone()
    do(brave, "Study 2 cubes")
    assert h.test_of(brave)["alert_value"] == 5
    do(g, "Study 1 cube")
    t = h.test_of(g)
    assert (t["kind"], t["alert_value"], t["stealth_value"], t["declared"]) == ("study", 4, 0, False)
    # 1. three Trick Cards, Bonus Values 2 + 1 + 1 (Study Bonus 0): declares 4
    do(g, "Commit Lantern", "Commit Rope and Grapple", "Commit Secret Map")
    assert h.test_of(g)["stealth_value"] == 4 and not h.test_of(g)["declared"]
    do(g, "Declare the Stealth Value")
    assert h.test_of(g)["stealth_value"] == 4 and h.test_of(g)["declared"]
    # 2. the other Scholar (on her left) plays a Subterfuge: Alert Value 4 -> 6
    assert g.current_player() == 1 and g.phase() == "test_window"
    do(g, "Play Disguise: Subterfuge 2 (Alert)")
    assert h.test_of(g)["alert_value"] == 6
    # 3. nobody else plays; Sofia's last say: Divination draws a 2 -> 6
    assert g.current_player() == 0 and g.phase() == "test_window"
    do(g, "Play Crystal Ball: Spell 1 (Stealth)")
    t = h.test_of(g)
    assert (t["alert_value"], t["stealth_value"]) == (6, 6)
    assert g.to_dict()["on_table"]["Lantern"] == 2  # the committed one and the revealed one
    do(g, "Pass")
    # 4. SUCCESS: the first cube from the left, Civilization, worth 2 on her board
    assert h.test_of(g) is None
    sofia = h.player(g, "Sofia")
    assert sofia["cubes"]["civilization"] == 1 and sum(sofia["cubes"].values()) == 1
    assert h.column_points(g, "Sofia")["civilization"] == 2
    assert g.to_dict()["board_points"][0] == 2
    assert h.zone(g, "I-3")["cubes"] == [None, "militia", "worship"]
    assert sofia["stun"] == 0
    assert g.phase() == "action" and g.current_player() == 0  # the Action is spent
    assert "Study" not in h.legal_text(g)
    assert g.check_invariants() is None


def test_espionage_example(h):
    """Sofia steals a Militia cube from Valerio: Alert Value 3 (Rogue ignores
    his Students); 2 cards declare 2; Rogue's Divination 1 twice draws a Fate 5
    and a 1: 8; Valerio does not respond; SUCCESS; Militia 3 + Civilization 2."""
    g = (h.scenario()
         .place_zone("I-3", x=0, y=-1)
         .move("Sofia", "I-3").move("Valerio", "I-3")
         .cubes("Sofia", civilization=1)
         .cubes("Valerio", militia=2)
         .students("Valerio", 4)
         .hand("Sofia", ["Rope and Grapple", "Secret Map", "Autograph", "Autograph"])
         .hand("Valerio", ["Smoke Bomb"])
         .university(students=10, omega=0)
         .deck_top(["Fate 5", "Rope and Grapple"])
         .turn("Sofia", phase="action")
         .build())
    students = h.player(g, "Sofia")["students"]
    do(g, "Espionage on seat 1 (Valerio): a militia cube")
    assert h.player(g, "Sofia")["students"] == students - 1  # a Student sacrificed first
    t = h.test_of(g)
    assert (t["kind"], t["target"], t["color"], t["alert_value"]) == ("espionage", 1, "militia", 3)
    # 1. two Trick Cards: Stealth Value 2 (no Study Bonus in Espionage)
    do(g, "Commit Rope and Grapple", "Commit Secret Map", "Declare the Stealth Value")
    assert h.test_of(g)["stealth_value"] == 2
    # the target answers first; Valerio has nothing to answer yet
    assert g.current_player() == 1
    do(g, "Pass")
    # 2. Rogue: Divination 1 twice (each discards a card): 5 then 1 -> 8
    assert g.current_player() == 0
    do(g, "Skill Rogue")
    assert h.test_of(g)["stealth_value"] == 7
    do(g, "Skill Rogue")
    assert h.test_of(g)["stealth_value"] == 8
    # her hand is empty now: her window closes; 3. Valerio decides not to respond
    assert g.current_player() == 1 and g.phase() == "test_window"
    do(g, "Pass")
    assert h.test_of(g) is None
    sofia, valerio = h.player(g, "Sofia"), h.player(g, "Valerio")
    assert (sofia["cubes"]["militia"], valerio["cubes"]["militia"]) == (1, 1)
    cols = h.column_points(g, "Sofia")
    assert (cols["militia"], cols["civilization"], sum(cols.values())) == (3, 2, 5)
    assert g.check_invariants() is None


def test_espionage_without_rogue_counts_the_target_students(h):
    g = (h.scenario(scholars=["Valerio", "Sofia"])
         .place_zone("I-3", x=0, y=-1).move("Valerio", "I-3").move("Sofia", "I-3")
         .cubes("Sofia", militia=2).students("Sofia", 3)
         .hand("Valerio", ["Lantern"]).turn("Valerio", phase="action").build())
    do(g, "Espionage on seat 1 (Sofia): a militia cube")
    assert h.test_of(g)["alert_value"] == 3 + 3


def _stairs_game(h):
    """Rebecca in I-3 (north of the Starting Zone); I-2 and II-2 on top of their stacks."""
    return (h.scenario(scholars=["Rebecca", "Sofia"])
            .place_zone("I-3", x=0, y=-1, rotation=0)
            .move("Rebecca", "I-3")
            .stack_top("I", ["I-2"]).stack_top("II", ["II-2"])
            .turn("Rebecca", phase="movement")
            .build())


def _facing_pairs(g, a: str, b: str):
    """(Passage of a, linked?) for every facing pair of Passages between Zones a and b."""
    za, zb = g.names.zones.index(a), g.names.zones.index(b)
    return [(p, int(g.state[L.S_LINK + za * 8 + p])) for p in range(8) if g.state[L.S_NB + za * 8 + p] == zb]


def test_stairs_example(h):
    """Rebecca in I-3 spends a Speed point, draws and places I-2 and moves in;
    its Stairs Effect draws II-2 from the Floor II stack (the only pile beside
    Floor I, so no choice is asked) and she connects it "as she prefers": a
    Stair Token marks the Floor Passage to I-2 and a Wall Token blocks the
    Passage to the previously placed I-3 (II-2 sits half a tile over, touching
    both, as in the rulebook's picture)."""
    g = _stairs_game(h)
    speed = g.to_dict()["speed_left"]
    do(g, "Draw a Zone from the Floor I stack")
    assert g.to_dict()["speed_left"] == speed - 1
    do(g, "Place I-2 west of I-3, rotated 0 degrees")
    assert h.player(g, "Rebecca")["zone"] == "I-2"
    assert g.phase() == "place_zone"
    assert all(t.startswith("Place II-2") for t in h.legal_text(g))
    # the placements that touch I-3 as well: Stair link to I-2, Wall against I-3
    both = []
    for a in g.legal_actions():
        trial = g.clone()
        text = trial.action_to_string(a)
        trial.apply(a)
        if _facing_pairs(trial, "II-2", "I-3"):
            both.append((text, trial))
    assert both, "II-2 can be placed touching both I-2 and I-3"
    text, g = both[0]
    assert "shifted half a tile" in text  # touching two side-by-side Zones needs the half shift
    d = g.to_dict()
    assert d["reserve"]["stair_tokens"] == 9 - 1  # "She places the Stair Token"
    assert d["reserve"]["wall_tokens"] == 18 - 1  # "She must place a Wall Token ... to I-3"
    assert [linked for _, linked in _facing_pairs(g, "II-2", "I-3")] == [0]
    assert [linked for _, linked in _facing_pairs(g, "II-2", "I-2")] == [1]
    z = {x["name"]: x for x in d["zones"]}
    assert len(z["II-2"]["stairs"]) == 1 and len(z["I-2"]["stairs"]) == 1
    assert z["II-2"]["entered"] is False and z["I-2"]["entered"] is True
    assert h.player(g, "Rebecca")["zone"] == "I-2"
    assert g.phase() == "movement" and d["speed_left"] == speed - 1
    assert any(t.endswith("to II-2") for t in h.legal_text(g))  # the Stairs can be walked
    assert g.check_invariants() is None


def _both_passages(g, a: str, b: str) -> int:
    """Facing Passage pairs between Zones a and b where both tiles show a Passage."""
    from sim.dungeonology.core.components.dungeon import zone_passages

    za, zb = g.names.zones.index(a), g.names.zones.index(b)
    n = 0
    for p in range(8):
        if g.state[L.S_NB + za * 8 + p] == zb:
            q = int(g.state[L.S_NBQ + za * 8 + p])
            n += (zone_passages(g.state, g.tables, za) >> p) & 1 and (zone_passages(g.state, g.tables, zb) >> q) & 1
    return n


def test_stairs_link_only_to_the_stairs_zone(h):
    """For every placement the Stairs allow: the facing Passages to I-2 are
    Stair links (one Stair Token each), every facing Passage pair to another
    Floor I Zone gets a Wall Token and stays closed."""
    g = _stairs_game(h)
    do(g, "Draw a Zone from the Floor I stack", "Place I-2 west of I-3, rotated 0 degrees")
    assert len(g.legal_actions()) > 1
    for a in g.legal_actions():
        trial = g.clone()
        trial.apply(a)
        d = trial.to_dict()
        stairs = _both_passages(trial, "II-2", "I-2")
        walls = _both_passages(trial, "II-2", "I-3") + _both_passages(trial, "II-2", "Starting Zone")
        assert stairs >= 1
        assert [linked for _, linked in _facing_pairs(trial, "II-2", "I-2")].count(1) == stairs
        assert 9 - d["reserve"]["stair_tokens"] == stairs
        assert 18 - d["reserve"]["wall_tokens"] == walls
        for other in ("I-3", "Starting Zone"):
            assert all(linked == 0 for _, linked in _facing_pairs(trial, "II-2", other))
        assert trial.check_invariants() is None


def test_new_zone_that_cannot_be_linked_goes_to_the_bottom(h):
    """'If the Zones cannot be Linked, place the Zone you just drew to the bottom
    of the stack and draw another.' Only the east side of the Starting Zone is
    free, and tiles beside it leave no room for a half-tile shift, so a tile
    must show an even Passage position (E1, W1, ...) to face the Start's E2:
    I-1, given the single Passage N2, cannot; I-4 (eight Passages) can."""
    g = (h.scenario(overrides={'zones."I-1".passages': ["N2"]})
         .place_zone("I-3", 0, -1).place_zone("I-6", 0, 1).place_zone("I-2", -1, 0)
         .place_zone("I-5", 1, -1).place_zone("II-1", 1, 1)
         .stack_top("I", ["I-1", "I-4"])
         .turn("Sofia", phase="movement").build())
    before = g.to_dict()["stacks"]["I"]
    assert before[-2:] == ["I-4", "I-1"]
    do(g, "Draw a Zone from the Floor I stack")
    assert g.phase() == "place_zone"
    assert h.legal_text(g) and all(t.startswith("Place I-4 east of Starting Zone") for t in h.legal_text(g))
    after = g.to_dict()["stacks"]["I"]
    assert after == ["I-1"]  # I-1 went under; I-4 was drawn
    do(g, h.legal_text(g)[0])
    assert h.player(g, "Sofia")["zone"] == "I-4"


def test_no_zone_can_be_linked_speed_spent_and_no_move(h):
    """Every side of the Starting Zone is taken: no tile can be Linked; the Speed
    point is spent and the Scholar stays."""
    g = (h.scenario()
         .place_zone("I-1", 0, -1).place_zone("I-4", 1, 0).place_zone("I-5", 0, 1).place_zone("I-6", -1, 0)
         .turn("Sofia", phase="movement").build())
    before = g.to_dict()
    assert len(before["stacks"]["I"]) == 2
    do(g, "Draw a Zone from the Floor I stack")
    after = g.to_dict()
    assert after["speed_left"] == before["speed_left"] - 1
    assert h.player(g, "Sofia")["zone"] == "Starting Zone"
    assert after["stacks"]["I"] == before["stacks"]["I"]  # each went under, in turn
    assert len(after["zones"]) == len(before["zones"])
    assert g.phase() == "movement"


def test_blood_worshipers_example(h):
    """4 Militia cubes (3 points each) with the Blood Worshipers (Militia +2)
    score 20 instead of 12."""
    g = h.scenario().cubes("Sofia", militia=4).build()
    assert h.column_points(g, "Sofia")["militia"] == 12
    assert g.result()["seats"][0]["breakdown"]["board"] == 20
    g2 = h.scenario(clan="Golden Horns").cubes("Sofia", militia=4).build()
    assert g2.result()["seats"][0]["breakdown"]["board"] == 12
