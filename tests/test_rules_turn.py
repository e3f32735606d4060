"""The Game Turn: "Choose an Activity!", "Rest", "Submit the Thesis",
"1. Movement Phase" (Speed, Doors, Walls), "Starting Zone", "End of Turn Phase"."""

from __future__ import annotations

from sim.dungeonology.scenario import do


# ------------------------------------------------------------ Activities
def test_activity_choice_without_stars_has_no_thesis(h):
    g = h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").turn("Sofia").build()
    assert g.phase() == "activity" and g.current_player() == 0
    assert h.legal_text(g) == ["Rest", "Explore"]


def test_thesis_needs_two_stars(h):
    one = (h.scenario().place_zone("I-3", 0, -1).move("Valerio", "I-3")
           .cubes("Valerio", riches=2).turn("Valerio").build())
    assert h.player(one, "Valerio")["stars"] == 1
    assert "Submit the Thesis" not in h.legal_text(one)
    two = (h.scenario().place_zone("I-3", 0, -1).move("Valerio", "I-3")
           .cubes("Valerio", riches=2, caste=2).turn("Valerio").build())
    assert h.player(two, "Valerio")["stars"] == 2
    assert "Submit the Thesis" in h.legal_text(two)


def test_explore_is_forced_from_the_starting_zone(h):
    g = h.scenario().cubes("Valerio", riches=2, caste=2).turn("Valerio").build()
    assert g.phase() == "movement" and g.current_player() == 1  # no Activity asked
    assert g.to_dict()["speed_left"] == 3


def test_rest_is_forced_when_stun_equals_stamina(h):
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3")
         .cubes("Sofia", riches=2, caste=2)  # could submit, but must Rest
         .stun("Sofia", 3).hand("Sofia", ["Lantern"]).turn("Sofia").build())
    # Rest ran up to its optional discards: no Activity was offered
    assert g.phase() == "discard" and g.current_player() == 0
    sofia = h.player(g, "Sofia")
    assert sofia["zone"] == "Starting Zone" and sofia["stun"] == 0


def test_stun_below_stamina_leaves_the_choice(h):
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").stun("Sofia", 2)
         .turn("Sofia").build())
    assert g.phase() == "activity"


# ----------------------------------------------------------------- Rest
def test_rest_steps(h):
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3")
         .stun("Sofia", 2).students("Sofia", 1).jinx("Sofia", "Twisted Ankle", face="up")
         .hand("Sofia", ["Lantern", "Smoke Bomb"]).bonfire(2)
         .turn("Sofia", phase="activity").build())
    before = g.to_dict()
    assert h.player(g, "Sofia")["speed"] == 3  # Twisted Ankle: Speed -1
    do(g, "Rest")
    sofia = h.player(g, "Sofia")
    assert sofia["zone"] == "Starting Zone"
    assert sofia["stun"] == 0 and g.to_dict()["reserve"]["stun"] == before["reserve"]["stun"] + 2
    assert sofia["jinx"] == [] and sofia["speed"] == 4  # the Jinx Card is discarded
    assert sofia["students"] == 3  # back to the Initial Students, from the Reserve
    # optional discards, then draw up to the Hand Value (4)
    assert g.phase() == "discard"
    do(g, "Discard Smoke Bomb", "Pass")
    sofia = h.player(g, "Sofia")
    assert sofia["hand_size"] == 4 and g.to_dict()["discard"] == {"Smoke Bomb": 1}
    d = g.to_dict()
    # the turn ends: no End of Turn Phase (no Student drawn)
    assert d["university"] == before["university"] and d["bonfire"] == 2
    assert d["turn_of"] == 1


def test_rest_with_two_jinx_cards_discards_the_chosen_one(h):
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3")
         .jinx("Sofia", "Twisted Ankle").jinx("Sofia", "Clumsy", face="down")
         .hand("Sofia", []).turn("Sofia", phase="activity").build())
    do(g, "Rest")
    assert g.phase() == "jinx_discard"
    do(g, "Discard a face-down Jinx Card")
    assert h.player(g, "Sofia")["jinx"] == [{"name": "Twisted Ankle", "face": "up"}]


# -------------------------------------------------------------- Thesis
def _thesis_ready(h, players=2):
    """Valerio (no Knowledge Combo) scores 26 = the Blood Worshipers' Target."""
    return (h.scenario(players=players).place_zone("I-3", 0, -1).move("Valerio", "I-3")
            .cubes("Valerio", caste=2, riches=2, worship=1))


def test_thesis_success(h):
    g = _thesis_ready(h).turn("Valerio", phase="activity").build()
    assert not h.player(g, "Valerio")["knowledge"] and g.observation(1)["clan"] == "hidden"
    do(g, "Submit the Thesis")
    v = h.player(g, "Valerio")
    assert v["thesis"] == 1 and not v["in_game"] and v["zone"] == "Starting Zone"
    assert v["knowledge"]  # the Knowledge Token
    d = g.to_dict()
    assert d["clan_public"] and g.observation(0)["clan"] == "Blood Worshipers"
    assert d["thesis_count"] == 1
    res = g.result()["seats"][1]
    assert res["breakdown"] == {"board": 26, "thesis_bonus": 10, "jinx_penalty": 0, "intern_bonus": 0}
    # the Scholar leaves: the turn passes, and she is skipped from now on
    assert d["turn_of"] == 0 and g.current_player() == 0


def test_thesis_bonuses_by_order(h):
    g = (h.scenario(players=4)
         .cubes("Sofia", civilization=5, militia=4).submitted("Sofia")
         .cubes("Valerio", civilization=5, militia=4).submitted("Valerio")
         .cubes("Rebecca", caste=2, riches=2, worship=1).submitted("Rebecca")
         .place_zone("I-3", 0, -1).move("Vincenzo", "I-3")
         .cubes("Vincenzo", caste=2, riches=2, worship=1)
         .turn("Vincenzo", phase="activity").build())
    do(g, "Submit the Thesis")
    bonus = [s["breakdown"]["thesis_bonus"] for s in g.result()["seats"]]
    assert bonus == [10, 7, 5, 3]
    assert [s["thesis_order"] for s in g.result()["seats"]] == [1, 2, 3, 4]
    assert g.is_terminal() and g.result()["end_reason"] == "all_submitted"


def test_thesis_failure(h):
    """Golden Horns (Target 28, Riches +2, Civilization -1): 5 + 14 + 6 = 25."""
    g = (h.scenario(clan="Golden Horns").place_zone("I-3", 0, -1).move("Valerio", "I-3")
         .cubes("Valerio", civilization=5, riches=2, caste=1)
         .jinx_top(["Twisted Ankle"])
         .turn("Valerio", phase="activity").build())
    assert g.to_dict()["board_points"][1] == 25
    before = g.to_dict()
    do(g, "Submit the Thesis")
    v = h.player(g, "Valerio")
    # the Jinx Card is revealed at once (its Speed -1 is in force)
    assert v["jinx"] == [{"name": "Twisted Ankle", "face": "up"}] and v["speed"] == 2
    # the most valuable cube goes to the Reserve: Caste first
    assert v["cubes"]["caste"] == 0 and v["cubes"]["riches"] == 2
    assert g.to_dict()["reserve"]["cubes"]["caste"] == before["reserve"]["cubes"]["caste"] + 1
    assert v["knowledge"] and v["in_game"] and v["thesis"] is None and v["zone"] == "Starting Zone"
    assert not g.to_dict()["clan_public"]  # the Clan Card goes back face down
    assert g.to_dict()["turn_of"] == 0  # the turn ends


def test_thesis_failure_loses_riches_without_caste(h):
    g = (h.scenario(clan="Golden Horns").place_zone("I-3", 0, -1).move("Valerio", "I-3")
         .cubes("Valerio", civilization=5, riches=2, worship=1).jinx_top(["Curse of the Owl"])
         .turn("Valerio", phase="activity").build())
    do(g, "Submit the Thesis")
    v = h.player(g, "Valerio")
    assert v["cubes"] == {"civilization": 5, "militia": 0, "worship": 1, "riches": 1, "caste": 0}
    assert v["stars"] == 1  # the Riches Star went with the cube


def test_jinx_revealed_by_a_failed_thesis_runs_its_effect_at_once(h):
    g = (h.scenario(clan="Golden Horns").place_zone("I-3", 0, -1).move("Valerio", "I-3")
         .cubes("Valerio", civilization=5, riches=2).jinx_top(["Bad Omen"])
         .university(students=5, omega=0).turn("Valerio", phase="activity").build())
    do(g, "Submit the Thesis")
    assert g.to_dict()["bonfire"] == 1 and g.to_dict()["university"]["students"] == 4


# ------------------------------------------------------------- Movement
def test_speed_points_move_and_run_out(h):
    g = (h.scenario().place_zone("I-3", 0, -1).place_zone("I-4", 0, -2)
         .hand("Sofia", ["Letter of Introduction"]).turn("Sofia").build())
    assert g.to_dict()["speed_left"] == 4
    do(g, "Move N to I-3")
    assert g.to_dict()["speed_left"] == 3 and h.player(g, "Sofia")["zone"] == "I-3"
    do(g, "Move S to Starting Zone", "Move N to I-3", "Move N to I-4")
    assert g.to_dict()["speed_left"] == 0
    # no Speed left: neither moving nor drawing; only the end of the Movement Phase
    assert h.legal_text(g) == ["End the Movement Phase", "Play Letter of Introduction: Social 1 (draw)"]


def test_a_one_colour_door(h):
    # I-5 turned a quarter: its Door (E1, Militia) faces the Starting Zone's N2
    base = h.scenario().place_zone("I-5", 0, -1, rotation=1).turn("Sofia")
    g = base.build()
    assert "Move N to I-5" not in h.legal_text(g)
    g = h.scenario().place_zone("I-5", 0, -1, rotation=1).cubes("Sofia", militia=1).turn("Sofia").build()
    assert "Move N to I-5" in h.legal_text(g)


def test_a_two_colour_door(h):
    # II-4 beside the Start (Walled off), II-5 north of it with its Door (N1:
    # Militia and Worship) turned to face II-4
    def game(**cubes):
        sc = (h.scenario().place_zone("II-4", 0, -1).place_zone("II-5", 0, -2, rotation=2)
              .move("Sofia", "II-4"))
        if cubes:
            sc.cubes("Sofia", **cubes)
        return sc.turn("Sofia", phase="movement").build()

    assert "Move N to II-5" not in h.legal_text(game())
    assert "Move N to II-5" not in h.legal_text(game(militia=1))
    assert "Move N to II-5" not in h.legal_text(game(worship=1))
    assert "Move N to II-5" in h.legal_text(game(militia=1, worship=1))
    # the Door bars its Passage both ways: from II-5 back to II-4 it is the same Passage
    g = (h.scenario().place_zone("II-4", 0, -1).place_zone("II-5", 0, -2, rotation=2)
         .move("Sofia", "II-5").turn("Sofia", phase="movement").build())
    assert "Move S to II-4" not in h.legal_text(g)


def test_walls_between_floors(h):
    g = h.scenario().place_zone("II-4", 0, -1).turn("Sofia").build()
    assert g.to_dict()["reserve"]["wall_tokens"] == 18 - 1
    assert not any(t.startswith("Move") for t in h.legal_text(g))


def test_draw_from_the_floor_you_are_in(h):
    g = (h.scenario().place_zone("II-4", 0, -1).move("Sofia", "II-4").stack_top("II", ["II-1"])
         .turn("Sofia", phase="movement").build())
    assert "Draw a Zone from the Floor II stack" in h.legal_text(g)
    do(g, "Draw a Zone from the Floor II stack")
    assert g.phase() == "place_zone" and all(t.startswith("Place II-1") for t in h.legal_text(g))
    assert len(g.to_dict()["stacks"]["II"]) == 4 and len(g.to_dict()["stacks"]["I"]) == 6


def test_placing_puts_cubes_and_moves_in(h):
    g = h.scenario().stack_top("I", ["I-1"]).turn("Sofia").build()
    reserve = g.to_dict()["reserve"]["cubes"]
    do(g, "Draw a Zone from the Floor I stack", "Place I-1 north of Starting Zone, rotated 0 degrees")
    assert h.zone(g, "I-1")["cubes"] == ["civilization", "civilization", "militia"]
    after = g.to_dict()["reserve"]["cubes"]
    assert (reserve["civilization"] - after["civilization"], reserve["militia"] - after["militia"]) == (2, 1)
    assert h.player(g, "Sofia")["zone"] == "I-1" and h.zone(g, "I-1")["entered"]


def test_placing_behind_a_door_does_not_move_in(h):
    # I-5 placed with its Militia Door facing the Start: placed, not entered
    g = h.scenario().stack_top("I", ["I-5"]).turn("Sofia").build()
    do(g, "Draw a Zone from the Floor I stack", "Place I-5 north of Starting Zone, rotated 90 degrees")
    assert h.zone(g, "I-5") is not None and not h.zone(g, "I-5")["entered"]
    assert h.player(g, "Sofia")["zone"] == "Starting Zone"
    assert g.to_dict()["speed_left"] == 3


def test_exploration_speed_after_the_movement_phase(h):
    g = (h.scenario().place_zone("I-3", 0, -1).place_zone("I-4", 0, -2).move("Sofia", "I-3")
         .hand("Sofia", ["Lantern", "Smoke Bomb"]).turn("Sofia", phase="movement").build())
    do(g, "End the Movement Phase")
    assert g.phase() == "action" and g.to_dict()["speed_left"] == 0
    assert not any(t.startswith("Move") for t in h.legal_text(g))
    do(g, "Play Lantern: Exploration 1")
    assert g.to_dict()["speed_left"] == 1 and "Move N to I-4" in h.legal_text(g)


def test_card_speed_outlives_the_movement_phase(h):
    """The Scholar card's Speed ends with the Movement Phase; Speed from an
    Exploration card does not (it is spent after the card's own points)."""
    g = (h.scenario().place_zone("I-3", 0, -1).place_zone("I-4", 0, -2).move("Sofia", "I-3")
         .hand("Sofia", ["Rope and Grapple", "Smoke Bomb"]).turn("Sofia", phase="movement").build())
    speed = g.to_dict()["speed_left"]
    do(g, "Play Rope and Grapple: Exploration 2")
    assert g.to_dict()["speed_left"] == speed + 2
    do(g, "Move N to I-4")  # paid with the Scholar card's Speed
    do(g, "End the Movement Phase")
    assert g.phase() == "action" and g.to_dict()["speed_left"] == 2
    assert "Move S to I-3" in h.legal_text(g)


# -------------------------------------------------------- Starting Zone
def test_starting_zone_scholar_cannot_be_spied_on(h):
    sc = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").cubes("Valerio", militia=1)
          .hand("Sofia", ["Lantern", "Smoke Bomb"]))
    g = sc.turn("Sofia", phase="action").build()
    assert not any(t.startswith("Espionage") for t in h.legal_text(g))
    g = sc.move("Valerio", "I-3").turn("Sofia", phase="action").build()
    assert any(t.startswith("Espionage on seat 1") for t in h.legal_text(g))


def test_starting_zone_scholar_cannot_play_cards(h):
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3")
         .hand("Sofia", ["Lantern", "Smoke Bomb"]).hand("Valerio", ["Smoke Bomb", "Fate 5"])
         .turn("Sofia", phase="action").build())
    do(g, "Study", "Study 1 cube", "Commit Lantern", "Declare the Stealth Value")
    # Valerio (Starting Zone) gets no window: straight to Sofia's last say
    assert g.phase() == "test_window" and g.current_player() == 0
    assert h.player(g, "Valerio")["hand_size"] == 2


def test_starting_zone_scholar_only_explores(h):
    g = h.scenario().hand("Sofia", ["Lantern", "Smoke Bomb"]).turn("Sofia", phase="action").build()
    # no Study, no cards: the only action was ending the turn
    assert g.to_dict()["turn_of"] == 1


def test_starting_zone_scholar_is_not_randomized(h):
    """Gossip (Randomize a target Scholar): Valerio in the Starting Zone cannot be drawn."""
    def game(valerio_zone):
        sc = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").cubes("Sofia", civilization=2)
              .jinx("Sofia", "Gossip", face="down").university(students=10, omega=0).hand("Sofia", []))
        if valerio_zone:
            sc.move("Valerio", valerio_zone)
        return sc.turn("Sofia", phase="action").build()

    g = game(None)  # the only action was the end of the turn: the Jinx is revealed
    assert h.player(g, "Sofia")["jinx"] == [{"name": "Gossip", "face": "up"}]
    assert h.player(g, "Sofia")["cubes"]["civilization"] == 2
    g = game("I-3")
    assert h.player(g, "Sofia")["cubes"]["civilization"] == 1
    assert h.player(g, "Valerio")["cubes"]["civilization"] == 1


def test_starting_zone_scholar_is_not_targeted_by_trick_cards(h):
    """Blackmail (Social 3): make an opponent discard; not one in the Starting Zone."""
    sc = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").university(students=9, omega=0)
          .hand("Sofia", ["Blackmail", "Lantern"]).hand("Valerio", ["Smoke Bomb"]))
    g = sc.turn("Sofia", phase="action").build()
    do(g, "Play Blackmail: Social 3 (make discard)")
    # the only target was herself (forced): she discarded her Lantern
    assert h.player(g, "Valerio")["hand"][:1] == ["Smoke Bomb"]
    assert g.to_dict()["discard"] == {"Blackmail": 1, "Lantern": 1}
    g = sc.move("Valerio", "I-3").turn("Sofia", phase="action").build()
    do(g, "Play Blackmail: Social 3 (make discard)")
    assert "Target seat 1 (Valerio)" in h.legal_text(g)
    do(g, "Target seat 1 (Valerio)")
    assert h.player(g, "Valerio")["hand_size"] == 0
    assert h.player(g, "Sofia")["students"] == 2  # Social 3 costs a Student


# -------------------------------------------------------- End of Turn
def test_end_of_turn_phase(h):
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
         .hand("Sofia", ["Lantern"]).university(students=5, omega=0)
         .jinx("Valerio", "Twisted Ankle", face="down")
         .turn("Sofia", phase="action").build())
    do(g, "End the turn")
    d = g.to_dict()
    assert d["bonfire"] == 1 and d["university"]["students"] == 4  # a Student drawn
    # every player's face-down cards are revealed
    assert h.player(g, "Valerio")["jinx"] == [{"name": "Twisted Ankle", "face": "up"}]
    assert h.player(g, "Sofia")["hand_size"] == 4  # drawn up to the Hand Value
    assert d["turn_of"] == 1


def test_round_and_turn_counting(h):
    g = (h.scenario().first_player("Sofia").hand("Sofia", ["Lantern"]).hand("Valerio", ["Lantern"])
         .university(students=10, omega=0).turn("Sofia").build())
    assert (g.to_dict()["round"], g.to_dict()["turn"]) == (1, 1)
    do(g, "End the Movement Phase")  # in the Starting Zone the turn then ends by itself
    assert (g.to_dict()["round"], g.to_dict()["turn"], g.to_dict()["turn_of"]) == (1, 2, 1)
    do(g, "End the Movement Phase")
    assert (g.to_dict()["round"], g.to_dict()["turn"], g.to_dict()["turn_of"]) == (2, 3, 0)
