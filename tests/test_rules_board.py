"""The Note Board: Stars, Study Bonus arrows, "Exalted Scholars", the
Knowledge Combo and Token, and the Clan Card revealed to all."""

from __future__ import annotations

from sim.dungeonology.scenario import do


def _win_test(g):
    """Pass every open window until the Stealth Test is over."""
    while g.to_dict()["test"] is not None and g.phase() == "test_window":
        do(g, "Pass")


def test_exalted_flip_and_flip_back(h):
    g = (h.scenario().place_zone("I-3", 0, -1).place_zone("I-4", 0, -2)
         .move("Sofia", "I-3").move("Valerio", "I-4")
         .zone_cubes("I-3", ["civilization"]).zone_cubes("I-4", ["riches"])
         .cubes("Sofia", civilization=4).cubes("Valerio", riches=1)
         .hand("Sofia", ["Fate 5", "Lantern"]).hand("Valerio", ["Fate 5", "Letter of Introduction"])
         .deck_top(["Lantern", "Lantern", "Autograph"])  # Sofia's draws: nothing to play in his test
         .university(students=10, omega=0).turn("Sofia", phase="action").build())
    valerio = h.player(g, "Valerio")
    assert not valerio["exalted"] and (valerio["hand_value"], valerio["stamina"]) == (3, 4)
    do(g, "Study", "Commit Fate 5", "Declare the Stealth Value")
    _win_test(g)
    # Sofia reached a Star: Valerio, with fewer, is Exalted (the other side's values)
    assert h.player(g, "Sofia")["stars"] == 1
    valerio = h.player(g, "Valerio")
    assert valerio["exalted"] and (valerio["hand_value"], valerio["stamina"]) == (4, 5)
    assert not h.player(g, "Sofia")["exalted"]
    do(g, "End the turn", "Explore", "End the Movement Phase", "Study")
    do(g, "Commit Fate 5", "Declare the Stealth Value")
    _win_test(g)
    # now one of the Scholars with the most Stars: back to the front side
    valerio = h.player(g, "Valerio")
    assert valerio["stars"] == 1 and not valerio["exalted"] and valerio["hand_value"] == 3
    assert g.check_invariants() is None


def test_exalted_stays_until_among_the_most_stars(h):
    g = h.scenario(players=3).cubes("Sofia", riches=2, caste=2).cubes("Valerio", riches=2).build()
    assert [p["exalted"] for p in g.to_dict()["players"]] == [False, True, True]
    assert [p["stars"] for p in g.to_dict()["players"]] == [2, 1, 0]


def test_a_lost_cube_loses_its_star_and_arrow(h):
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
         .cubes("Valerio", civilization=5).students("Valerio", 0)
         .hand("Sofia", ["Fate 5", "Letter of Introduction"]).hand("Valerio", [])
         .university(students=10, omega=0).turn("Sofia", phase="action").build())
    v = h.player(g, "Valerio")
    assert (v["stars"], v["study_bonus"]) == (1, 1) and h.player(g, "Sofia")["exalted"]
    do(g, "Espionage on seat 1 (Valerio): a civilization cube", "Commit Fate 5", "Declare the Stealth Value")
    _win_test(g)
    v = h.player(g, "Valerio")
    assert v["cubes"]["civilization"] == 4 and v["stars"] == 0 and v["study_bonus"] == 1
    # nobody has a Star now: Sofia is among those with the most and flips back
    assert not h.player(g, "Sofia")["exalted"]


def test_study_bonus_arrows(h):
    g = h.scenario().cubes("Sofia", civilization=3, militia=2, worship=2).build()
    assert h.player(g, "Sofia")["study_bonus"] == 3
    assert h.player(g, "Sofia")["stars"] == 0


def test_knowledge_combo(h):
    """Sofia's combo: Riches 1 + Caste 1; the Knowledge Token the moment she holds it."""
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").zone_cubes("I-3", ["riches"])
         .cubes("Sofia", caste=1).hand("Sofia", ["Fate 5", "Letter of Introduction"]).hand("Valerio", [])
         .university(students=10, omega=0).turn("Sofia", phase="action").build())
    assert not h.player(g, "Sofia")["knowledge"] and g.observation(0)["clan"] == "hidden"
    knowledge = g.to_dict()["reserve"]["knowledge"]
    do(g, "Study", "Commit Fate 5", "Declare the Stealth Value")
    _win_test(g)
    assert h.player(g, "Sofia")["knowledge"] and g.to_dict()["reserve"]["knowledge"] == knowledge - 1
    # she may examine the Clan Card; the others may not
    assert g.observation(0)["clan"] == "Blood Worshipers" and g.observation(1)["clan"] == "hidden"
    assert not g.to_dict()["clan_public"]


def test_knowledge_is_never_lost(h):
    """Valerio's combo (Militia 2, Civilization 1) held for a moment: the Token stays."""
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
         .cubes("Valerio", militia=2, civilization=1).students("Valerio", 0)
         .hand("Sofia", ["Fate 5", "Letter of Introduction"]).hand("Valerio", [])
         .university(students=10, omega=0).turn("Sofia", phase="action").build())
    assert h.player(g, "Valerio")["knowledge"]
    do(g, "Espionage on seat 1 (Valerio): a militia cube", "Commit Fate 5", "Declare the Stealth Value")
    _win_test(g)
    assert h.player(g, "Valerio")["cubes"]["militia"] == 1 and h.player(g, "Valerio")["knowledge"]


def test_clan_revealed_when_everyone_has_knowledge(h):
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").zone_cubes("I-3", ["riches"])
         .cubes("Sofia", caste=1).knowledge("Valerio")
         .hand("Sofia", ["Fate 5", "Letter of Introduction"]).hand("Valerio", [])
         .university(students=10, omega=0).turn("Sofia", phase="action").build())
    assert not g.to_dict()["clan_public"] and g.observation(1)["clan"] == "Blood Worshipers"
    do(g, "Study", "Commit Fate 5", "Declare the Stealth Value")
    _win_test(g)
    assert g.to_dict()["clan_public"]
    assert g.observation(0)["clan"] == g.observation(1)["clan"] == "Blood Worshipers"
