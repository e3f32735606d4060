"""The Dangerous Zones advanced rule and the Zone Effect Tokens, played through
the real actions.

Rulebook: "Dangerous Zones" (Zone Effects, Example: Zone Effects Activation,
Zone Effect Types), "Placing Zones and Stairs", "Action Phase" (Action Zone
Effect), "Zone Effect Tokens", "Boss" (the Boss Effect is the rightmost).
The printed effects are in sim/dungeonology/data/base/zones.toml (provisional except I-2's
Stairs and II-1, which carries the activation example: Ambush 1, Danger 2,
Boss).
"""

from __future__ import annotations

import pytest
from dangerous_zones_positions import DZ, attach, finish_test, move_to, univ

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.scenario import do


# ------------------------------------------------------------ the example
def test_zone_effects_activation_example(h):
    """Sofia enters II-1 (Ambush 1, Danger 2, Boss): Ambush first (she puts a
    Student in the Reserve instead of the Stun Token), Danger 2 only acts when
    she fails a Stealth Test there (2 Students drawn), the Boss last."""
    sc = h.scenario(rules=("dangerous_zones", "boss"))
    attach(sc, "II-2", "start")
    attach(sc, "II-1", "II-2")
    g = (sc.move("Sofia", "II-2").students("Sofia", 2).cubes("Sofia", militia=1)
         .hand("Sofia", ["Rope and Grapple", "Letter of Introduction"]).hand("Valerio", [])
         .university(students=10, omega=0)
         .turn("Sofia", phase="movement", speed=2).build())
    effects = h.zone(g, "II-1")["effects"]
    assert [(e["effect"], e["n"], e["in_use"]) for e in effects] == [
        ("ambush", 1, True), ("danger", 2, True), ("boss", None, True)]
    reserve = g.to_dict()["reserve"]["students"]
    move_to(g, "II-1")
    # A. Ambush 1: take the Stun Token or sacrifice a Student
    assert g.phase() == "stun" and g.current_player() == 0
    assert set(h.legal_text(g)) == {"Take the Stun Token", "Sacrifice a Student to avoid the Stun Token"}
    do(g, "Sacrifice a Student to avoid the Stun Token")
    sofia = h.player(g, "Sofia")
    assert (sofia["students"], sofia["stun"], sofia["zone"]) == (1, 0, "II-1")
    assert g.to_dict()["reserve"]["students"] == reserve + 1
    # B. Danger 2 did nothing on entry; C. the Boss came last: Laetus was not in
    # the Dungeon, so his Sighting puts him in II-1 (no Encounter: he appeared)
    assert g.to_dict()["boss"]["zone"] == "II-1" and h.player(g, "Sofia")["stun"] == 0
    assert g.phase() == "movement" and g.to_dict()["speed_left"] == 1
    # a failed Study in II-1 draws 2 Students instead of 1
    do(g, "End the Movement Phase", "Study", "Study 1 cube")
    finish_test(g)
    do(g, "Take the Stun Token")
    assert univ(g) == 10 - 2
    assert h.player(g, "Sofia")["stun"] == 1
    assert g.check_invariants() is None


def test_danger_without_the_rule_draws_the_usual_student(h):
    sc = h.scenario()
    attach(sc, "II-2", "start")
    attach(sc, "II-1", "II-2")
    g = (sc.move("Sofia", "II-1").students("Sofia", 0)
         .hand("Sofia", ["Rope and Grapple", "Letter of Introduction"]).hand("Valerio", [])
         .university(students=10, omega=0).turn("Sofia", phase="action").build())
    do(g, "Study", "Study 1 cube")
    finish_test(g)
    assert univ(g) == 10 - int(g.tables[L.T_FAIL_STUDENTS])
    assert [e["in_use"] for e in h.zone(g, "II-1")["effects"]] == [False, False, False]


# ----------------------------------------------------------------- Ambush
def test_ambush_without_students_gains_the_stun_token(h):
    sc = h.scenario(rules=DZ)
    attach(sc, "II-2", "start")
    attach(sc, "II-1", "II-2")
    g = sc.move("Sofia", "II-2").students("Sofia", 0).turn("Sofia", phase="movement", speed=2).build()
    move_to(g, "II-1")
    assert h.player(g, "Sofia")["stun"] == 1 and g.phase() == "movement"
    # every entry activates it again
    move_to(g, "II-2")
    assert h.player(g, "Sofia")["stun"] == 1  # II-2: Stairs (already entered) and Toll (no cubes)
    assert g.check_invariants() is None


def test_ambush_at_stamina_gives_nothing(h):
    sc = h.scenario(rules=DZ)
    attach(sc, "II-2", "start")
    attach(sc, "II-1", "II-2")
    sc.move("Sofia", "II-2").students("Sofia", 2)
    stamina = int(h.player(sc.build(), "Sofia")["stamina"])
    g = sc.stun("Sofia", stamina).turn("Sofia", phase="movement", speed=2).build()
    move_to(g, "II-1")
    sofia = h.player(g, "Sofia")
    assert (sofia["stun"], sofia["students"]) == (stamina, 2) and g.phase() == "movement"


def test_effects_off_without_the_rule_but_stairs_on(h):
    sc = h.scenario()
    attach(sc, "II-2", "start")
    attach(sc, "II-1", "II-2")
    g = sc.move("Sofia", "II-2").students("Sofia", 2).turn("Sofia", phase="movement", speed=2).build()
    move_to(g, "II-1")
    assert (h.player(g, "Sofia")["students"], h.player(g, "Sofia")["stun"]) == (2, 0)
    assert g.phase() == "movement"
    # Stairs still counts: entering II-2 for the first time (no Toll without the rule)
    sc = h.scenario()
    attach(sc, "II-2", "start")
    g = sc.cubes("Sofia", militia=1, worship=1).turn("Sofia", phase="movement", speed=2).build()
    move_to(g, "II-2")
    assert g.phase() == "stairs_pile"
    do(g, "Stairs: draw from the Floor III stack")
    while g.phase() == "place_zone":
        do(g, h.legal_text(g)[0])
    assert g.phase() == "movement"
    assert h.player(g, "Sofia")["cubes"] == {**h.player(g, "Sofia")["cubes"], "militia": 1, "worship": 1}


# ------------------------------------------------------------------- Toll
def _toll_game(h, rules=DZ, **extra):
    sc = h.scenario(rules=rules)
    attach(sc, "II-2", "start")
    sc.zone_cubes("II-2", [None, "worship", "riches", "civilization"])
    return sc.cubes("Sofia", militia=1, worship=1).turn("Sofia", phase="movement", speed=2)


def test_stairs_then_toll_in_order(h):
    """II-2 shows Stairs then Toll 1: the Stairs pile and placement first, then
    the cube dropped (Sofia's choice) into the leftmost empty space, whatever
    the colour printed there."""
    g = _toll_game(h).build()
    move_to(g, "II-2")
    assert g.phase() == "stairs_pile"
    do(g, "Stairs: draw from the Floor III stack")
    while g.phase() == "place_zone":
        do(g, h.legal_text(g)[0])
    assert g.phase() == "choose_color"
    assert sorted(h.legal_text(g)) == ["Drop a militia cube", "Drop a worship cube"]
    do(g, "Drop a militia cube")
    assert h.zone(g, "II-2")["cubes"][0] == "militia"
    assert h.player(g, "Sofia")["cubes"]["militia"] == 0
    assert g.phase() == "movement"
    assert g.check_invariants() is None


def test_toll_full_zone_goes_to_a_linked_zone_then_the_reserve(h):
    sc = h.scenario(rules=DZ)
    attach(sc, "II-2", "start", entered=True)  # entered before: no Stairs this time
    g = sc.cubes("Sofia", militia=1).turn("Sofia", phase="movement", speed=2).build()
    res = g.to_dict()["reserve"]["cubes"]["militia"]
    move_to(g, "II-2")  # full, only the Starting Zone (no spaces) Linked: the Reserve
    assert g.to_dict()["reserve"]["cubes"]["militia"] == res + 1
    assert h.player(g, "Sofia")["cubes"]["militia"] == 0
    # full II-2, II-1 Linked with an empty space: the cube goes there
    sc = h.scenario(rules=DZ)
    attach(sc, "II-2", "start", entered=True)
    attach(sc, "II-1", "II-2")
    sc.zone_cubes("II-1", ["civilization", None, "worship", "civilization"])
    g = sc.cubes("Sofia", caste=1).turn("Sofia", phase="movement", speed=2).build()
    move_to(g, "II-2")
    assert h.zone(g, "II-1")["cubes"] == ["civilization", "caste", "worship", "civilization"]
    assert g.check_invariants() is None


def test_toll_two_cubes_one_choice_each(h):
    sc = h.scenario(rules=DZ)
    attach(sc, "III-3", "start")  # Toll 2, Good Luck 2
    sc.zone_cubes("III-3", [None, None, "riches", "civilization"])
    g = sc.cubes("Sofia", militia=1, worship=1).turn("Sofia", phase="movement", speed=2).build()
    move_to(g, "III-3")
    assert g.phase() == "choose_color"
    do(g, "Drop a worship cube")  # the militia cube follows (forced)
    assert h.zone(g, "III-3")["cubes"] == ["worship", "militia", "riches", "civilization"]
    assert sum(h.player(g, "Sofia")["cubes"].values()) == 0
    assert g.phase() == "movement"


def test_toll_without_cubes_does_nothing(h):
    g = _toll_game(h).cubes("Sofia", militia=0, worship=0).build()
    move_to(g, "II-2")
    do(g, "Stairs: draw from the Floor I stack")
    while g.phase() == "place_zone":
        do(g, h.legal_text(g)[0])
    assert g.phase() == "movement"


# ------------------------------------------------------------------- Stop
def test_stop_loses_the_speed_but_exploration_gives_more(h):
    sc = h.scenario(rules=DZ)
    attach(sc, "I-5", "start")  # Stop, Bad Luck 1
    g = (sc.cubes("Sofia", militia=1).hand("Sofia", ["Lantern"])
         .turn("Sofia", phase="movement", speed=3).build())
    move_to(g, "I-5")
    assert g.to_dict()["speed_left"] == 0 and g.phase() == "movement"
    assert not [x for x in h.legal_text(g) if x.startswith("Move ")]
    do(g, "Play Lantern: Exploration 1 (Speed)")
    assert g.to_dict()["speed_left"] == 1
    assert [x for x in h.legal_text(g) if x.startswith("Move ")]
    # without the rule the Speed stays
    sc = h.scenario()
    attach(sc, "I-5", "start")
    g = sc.cubes("Sofia", militia=1).turn("Sofia", phase="movement", speed=3).build()
    move_to(g, "I-5")
    assert g.to_dict()["speed_left"] == 2


# --------------------------------------------------------- Good / Bad Luck
@pytest.mark.parametrize("rules", [DZ, ()])
def test_good_luck_adds_the_best_revealed_bonus_to_the_stealth_value(h, rules):
    sc = h.scenario(rules=rules)
    attach(sc, "I-1", "start")  # Good Luck 1
    g = (sc.move("Sofia", "I-1").hand("Sofia", ["Rope and Grapple", "Crystal Ball"]).hand("Valerio", [])
         .deck_top(["Fate 5"]).turn("Sofia", phase="action").build())
    do(g, "Study", "Study 1 cube", "Commit Rope and Grapple", "Declare the Stealth Value")
    assert g.phase() == "test_window" and g.current_player() == 0  # her last say is open
    t = h.test_of(g) or {}
    if rules:
        assert t["stealth_value"] == 1 + 5
        assert g.to_dict()["on_table"].get("Fate 5") == 1  # revealed, on the table until the test ends
    else:
        assert t["stealth_value"] == 1


def test_bad_luck_adds_to_the_alert_value_and_colour_free(h):
    def alert(rules):
        sc = h.scenario(rules=rules)
        attach(sc, "I-5", "start")  # Stop, Bad Luck 1
        g = (sc.move("Sofia", "I-5").hand("Sofia", ["Rope and Grapple", "Crystal Ball"]).hand("Valerio", [])
             .deck_top(["Fate 4"]).turn("Sofia", phase="action").build())
        do(g, "Study", "Study 1 cube")
        before = h.test_of(g)["alert_value"]
        do(g, "Commit Rope and Grapple", "Declare the Stealth Value")
        t = h.test_of(g) or {}
        return before, t.get("alert_value"), t.get("stealth_value")
    b1, a1, s1 = alert(DZ)
    b0, a0, s0 = alert(())
    assert b1 == b0 and a1 == b1 + 4 and a0 == b0 and s1 == s0 == 1


# ------------------------------------------------------ Colour / Bivouac
def test_bivouac_colour_condition(h):
    sc = h.scenario(rules=DZ)
    attach(sc, "I-4", "start")  # Secret Passage A, Bivouac (civilization)
    base = sc.move("Sofia", "I-4").stun("Sofia", 1).hand("Sofia", ["Lantern"]).turn("Sofia", phase="action")
    g = base.build()
    assert "Bivouac" not in h.legal_text(g)
    assert h.zone(g, "I-4")["effects"][1]["color"] == "civilization"
    g = base.cubes("Sofia", civilization=1).build()
    assert "Bivouac" in h.legal_text(g)


def test_bivouac_recovers_like_rest_in_place(h):
    sc = h.scenario(rules=DZ)
    attach(sc, "I-4", "start")
    g = (sc.move("Sofia", "I-4").cubes("Sofia", civilization=1).stun("Sofia", 2).students("Sofia", 1)
         .jinx("Sofia", "Twisted Ankle", face="up").jinx("Sofia", "Lost Notes", face="down")
         .hand("Sofia", ["Lantern", "Crystal Ball"]).turn("Sofia", phase="action").build())
    initial = 3
    do(g, "Bivouac")
    assert h.player(g, "Sofia")["stun"] == 0
    assert g.phase() == "jinx_discard"  # two Jinx Cards: her choice
    do(g, "Discard Twisted Ankle")
    assert [j["name"] for j in h.player(g, "Sofia")["jinx"]] == ["Lost Notes"]
    assert h.player(g, "Sofia")["students"] == initial
    assert g.phase() == "discard"  # optional discards
    do(g, "Discard Lantern", "Pass")
    sofia = h.player(g, "Sofia")
    assert sofia["hand_size"] == sofia["hand_value"]
    assert sofia["zone"] == "I-4"  # unlike Rest, no return to the Starting Zone
    assert g.phase() == "action"  # the Action is spent, the turn goes on
    assert "Study" not in h.legal_text(g) and "Bivouac" not in h.legal_text(g)
    assert g.check_invariants() is None


def test_bivouac_not_without_the_rule(h):
    sc = h.scenario()
    attach(sc, "I-4", "start")
    g = sc.move("Sofia", "I-4").cubes("Sofia", civilization=1).stun("Sofia", 1).turn("Sofia", phase="action").build()
    assert "Bivouac" not in h.legal_text(g)



def test_moved_away_mid_loop_skips_the_rest_of_the_old_zone(h):
    """No printed effect of the base game moves a Scholar, so the move is made
    by hand while the Stairs choice is open (as a moving effect would): once
    the loop resumes, II-2's Toll is not applied since she is no longer there."""
    g = _toll_game(h).build()
    move_to(g, "II-2")
    assert g.phase() == "stairs_pile"
    g.state[pf(0, L.PF_ZONE)] = 0  # Sofia is taken back to the Starting Zone
    do(g, "Stairs: draw from the Floor III stack")
    while g.phase() == "place_zone":
        do(g, h.legal_text(g)[0])
    assert g.phase() == "movement"  # no Toll choice
    sofia = h.player(g, "Sofia")
    assert (sofia["zone"], sofia["cubes"]["militia"], sofia["cubes"]["worship"]) == ("Starting Zone", 1, 1)
    assert h.zone(g, "II-2")["cubes"][0] is None
