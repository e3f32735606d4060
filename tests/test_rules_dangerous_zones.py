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

import numpy as np
import pytest

from sim import GameConfig
from sim.dungeonology import layout as L
from sim.dungeonology.core.components.dungeon import place_tile, placement_links, placement_position
from sim.dungeonology.core.components.scholars import pf
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


# --------------------------------------------------------- Secret Passage
def _secret_game(h, rules=DZ):
    sc = h.scenario(rules=rules)
    attach(sc, "I-4", "start")  # Secret Passage A
    attach(sc, "II-3", "start")  # Secret Passage A, Good Luck 2
    return sc.move("Sofia", "I-4")


def test_secret_passage_costs_one_speed_in_the_movement_phase(h):
    g = _secret_game(h).turn("Sofia", phase="movement", speed=2).build()
    assert "Secret Passage to II-3" in h.legal_text(g)
    do(g, "Secret Passage to II-3")
    assert h.player(g, "Sofia")["zone"] == "II-3" and g.to_dict()["speed_left"] == 1
    assert "Secret Passage to I-4" in h.legal_text(g)
    # not in the Action Phase, even with Speed
    g = _secret_game(h).turn("Sofia", phase="action", speed=2).build()
    assert not [x for x in h.legal_text(g) if x.startswith("Secret Passage")]
    # not without the rule, nor without Speed
    g = _secret_game(h, rules=()).turn("Sofia", phase="movement", speed=2).build()
    assert not [x for x in h.legal_text(g) if x.startswith("Secret Passage")]
    g = _secret_game(h).turn("Sofia", phase="movement", speed=0).build()
    assert not [x for x in h.legal_text(g) if x.startswith("Secret Passage")]


def test_secret_passage_marker_works_without_the_rule(h):
    sc = h.scenario()
    attach(sc, "I-1", "start")
    attach(sc, "I-3", "start")
    g = (sc.secret_passage("I-1").secret_passage("I-3")
         .move("Sofia", "I-1").turn("Sofia", phase="movement", speed=1).build())
    assert h.zone(g, "I-1")["tokens"]["secret_passage"] == "X"
    do(g, "Secret Passage to I-3")
    assert h.player(g, "Sofia")["zone"] == "I-3" and g.to_dict()["speed_left"] == 0


# --------------------------------------------------------------- Teleport
def _teleport_game(h, rules=()):
    sc = h.scenario(rules=rules)
    attach(sc, "I-1", "start")
    attach(sc, "II-2", "start")
    attach(sc, "II-1", "II-2")
    return (sc.teleport("I-1").move("Sofia", "I-1").students("Sofia", 0)
            .hand("Sofia", ["Lantern"]).turn("Sofia", phase="action"))


def test_teleport_needs_a_worship_cube_and_is_the_action(h):
    g = _teleport_game(h).build()
    assert "Teleport" not in h.legal_text(g)
    g = _teleport_game(h).cubes("Sofia", worship=1).build()
    assert "Teleport" in h.legal_text(g)
    do(g, "Teleport")
    assert g.phase() == "teleport"
    assert sorted(h.legal_text(g)) == ["Teleport to II-1", "Teleport to II-2"]
    do(g, "Teleport to II-1")  # no Ambush without the Dangerous Zones rule
    sofia = h.player(g, "Sofia")
    assert (sofia["zone"], sofia["stun"]) == ("II-1", 0)
    assert g.phase() == "action" and "Study" not in h.legal_text(g)
    assert g.check_invariants() is None


def test_teleport_entry_resolves_the_incoming_effects(h):
    g = _teleport_game(h, rules=DZ).cubes("Sofia", worship=1).build()
    do(g, "Teleport", "Teleport to II-1")
    assert h.player(g, "Sofia")["stun"] == 1  # Ambush 1, no Student to sacrifice


# ------------------------------------------------------------------ Traps
def test_trap_first_entrant_suffers_it_and_returns_it(h):
    sc = h.scenario()  # tokens count without the Dangerous Zones rule
    attach(sc, "I-1", "start")
    g = (sc.trap("I-1", "ambush").students("Sofia", 0).students("Valerio", 0)
         .turn("Sofia", phase="movement", speed=2).build())
    assert h.zone(g, "I-1")["tokens"]["trap"] == {"effect": "ambush", "n": 1}
    assert g.observation(0)["zones"][1]["tokens"]["trap"] == "hidden"
    assert g.observation(1)["zones"][1]["tokens"]["trap"] == "hidden"
    move_to(g, "I-1")
    assert h.player(g, "Sofia")["stun"] == 1
    assert h.zone(g, "I-1")["tokens"]["trap"] is None
    move_to(g, "Starting Zone")
    move_to(g, "I-1")
    assert h.player(g, "Sofia")["stun"] == 1  # gone after the first entry
    assert g.check_invariants() is None


def test_trap_is_the_first_effect(h):
    """A Toll Trap on II-1 (Ambush 1 printed): the Trap's Drop comes first,
    then the Ambush; the Trap counts on a Zone entered before."""
    sc = h.scenario(rules=DZ)
    attach(sc, "II-2", "start")
    attach(sc, "II-1", "II-2", entered=True)
    sc.zone_cubes("II-1", ["civilization", None, "worship", "civilization"])
    g = (sc.move("Sofia", "II-2").trap("II-1", "toll").cubes("Sofia", militia=1, riches=1)
         .students("Sofia", 1).turn("Sofia", phase="movement", speed=2).build())
    move_to(g, "II-1")
    assert g.phase() == "choose_color"
    do(g, "Drop a riches cube")
    assert h.zone(g, "II-1")["cubes"][1] == "riches"
    assert g.phase() == "stun"
    do(g, "Take the Stun Token")
    assert g.phase() == "movement"


def test_stop_trap(h):
    sc = h.scenario()
    attach(sc, "I-1", "start")
    g = sc.trap("I-1", "stop").turn("Sofia", phase="movement", speed=3).build()
    move_to(g, "I-1")
    assert g.to_dict()["speed_left"] == 0


def test_determinize_deals_the_trap_effects_again(h):
    sc = h.scenario()
    attach(sc, "I-1", "start")
    attach(sc, "I-3", "start")
    base = sc.trap("I-1", "ambush").trap("I-3", "stop")
    g = base.build()
    seen = set()
    for seed in range(30):
        d = g.determinize(0, seed)
        traps = {z["name"]: z["tokens"]["trap"]["effect"] for z in d.to_dict()["zones"] if z["tokens"]["trap"]}
        assert sorted(traps) == ["I-1", "I-3"] and set(traps.values()) <= set(L.TRAP_KINDS)
        seen.add(traps["I-1"])
        assert d.check_invariants() is None
    # the Traps on the table are dealt again with those of the supply (all face down)
    assert seen == set(L.TRAP_KINDS)
    # what the seat cannot see does not change a determinization
    other = sc.trap("I-1", "stop").trap("I-3", "ambush").build()
    assert np.array_equal(g.determinize(0, 5).state, other.determinize(0, 5).state)


def test_zone_tokens_in_invariants(h):
    sc = h.scenario()
    attach(sc, "I-1", "start")
    g = sc.build()
    g.state[L.S_ZTRAP_KIND + g.names.zones.index("I-1")] = L.ZK_BOSS
    assert "Zone Effect Token" in g.check_invariants()
    g = sc.build()
    g.state[L.S_ZTELEPORT + g.names.zones.index("I-2")] = 1  # not placed
    assert "Zone Effect Token" in g.check_invariants()


# ------------------------------------------------ every way of entering
def test_a_randomized_move_springs_a_trap(h):
    """Wrong Turn (a Jinx revealed at the End of Turn) moves Sofia through a
    randomized Passage: entering I-4 that way resolves its Trap."""
    reached = 0
    for seed in range(6):
        g = (h.scenario(seed=seed).place_zone("I-3", 0, -1).place_zone("I-4", 0, -2).move("Sofia", "I-3")
             .trap("I-4", "ambush").students("Sofia", 0)
             .jinx("Sofia", "Wrong Turn", face="down").hand("Sofia", []).hand("Valerio", [])
             .university(students=10, omega=0).turn("Sofia", phase="action").build())
        sofia = h.player(g, "Sofia")
        sprung = h.zone(g, "I-4")["tokens"]["trap"] is None
        assert sprung == (sofia["zone"] == "I-4")
        assert sofia["stun"] == (1 if sprung else 0)
        reached += sprung
        assert g.check_invariants() is None
    assert reached >= 1


@pytest.mark.parametrize("rules", [DZ, ()])
def test_random_games_with_zone_effect_tokens(rules):
    """Random play while Zone Effect Tokens appear on placed Zones (as cards
    would put them): every invariant holds after every action, determinize
    keeps them valid."""
    from sim import new_game

    rng = np.random.default_rng(5)
    kinds = (L.ZK_AMBUSH, L.ZK_STOP, L.ZK_TOLL)
    for seed in range(12):
        g = new_game(GameConfig(players=3, rules=rules), seed=seed)
        steps = 0
        while not g.is_terminal() and steps < 3000:
            if steps % 7 == 0:
                placed = [z for z in range(1, len(g.names.zones)) if g.state[L.S_ZPLACED + z]]
                if placed:
                    z = int(rng.choice(placed))
                    r = int(rng.integers(3))
                    st = g.state  # tokens come from the supply, as the cards take them
                    k = int(rng.integers(3))
                    if r == 0 and st[L.S_ZTRAP_KIND + z] == 0 and st[L.S_TRAP_SUPPLY + k] > 0:
                        st[L.S_TRAP_SUPPLY + k] -= 1
                        st[L.S_ZTRAP_KIND + z] = kinds[k]
                        st[L.S_ZTRAP_N + z] = g.tables[L.T_TRAP_N + k]
                    elif r == 1 and st[L.S_ZTELEPORT + z] == 0 and st[L.S_TELEPORT_SUPPLY] > 0:
                        st[L.S_TELEPORT_SUPPLY] -= 1
                        st[L.S_ZTELEPORT + z] = 1
                    elif r == 2 and st[L.S_ZSECRET + z] == 0 and st[L.S_SECRET_SUPPLY] > 0:
                        st[L.S_SECRET_SUPPLY] -= 1
                        st[L.S_ZSECRET + z] = 1
            legal = g.legal_actions()
            assert len(legal) > 0
            g.apply(int(rng.choice(legal)))
            assert g.check_invariants() is None, (seed, steps, g.check_invariants())
            if steps % 50 == 0 and not g.is_terminal():
                assert g.determinize(int(g.current_player()), steps).check_invariants() is None
            steps += 1
        assert g.is_terminal()


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
