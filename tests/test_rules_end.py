"""End Game (the three triggers) and Game Scoring (eligibility, tie-breaks)."""

from __future__ import annotations

from sim.dungeonology.scenario import do


def _finish_turn(g):
    """End the current turn from wherever it is in the Movement / Action Phase."""
    if g.phase() == "movement":
        do(g, "End the Movement Phase")
    if not g.is_terminal() and g.phase() == "action":
        do(g, "End the turn")


# ---------------------------------------------------- Alert Card full
def test_omega_without_a_free_space_ends_at_the_players_next_turn(h):
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
         .alert_omegas(4).university(students=0, omega=1).bonfire(2)
         .hand("Sofia", ["Lantern"]).hand("Valerio", ["Lantern"]).jinx_top(["Curse of the Owl"])
         .turn("Sofia", phase="action").build())
    do(g, "End the turn")  # the End of Turn Phase draws the Omega Student
    d = g.to_dict()
    assert d["alert"]["omega_placed"] == 4 and d["reserve"]["omega"] == 1
    assert d["bonfire"] == 0  # the Bonfire still empties, the Jinx Card is still drawn
    assert {"name": "Curse of the Owl", "face": "up"} in h.player(g, "Sofia")["jinx"]
    assert not g.is_terminal() and d["turn_of"] == 1  # Valerio still plays his turn
    do(g, "Explore")
    _finish_turn(g)
    assert g.is_terminal() and g.result()["end_reason"] == "alert_full"
    assert g.to_dict()["turn_of"] == 0  # at the beginning of Sofia's next turn
    assert g.check_invariants() is None


def test_omega_drawn_by_an_opponent_ends_at_the_current_players_turn(h):
    """Valerio's Disguise draws the Omega Student during Sofia's Study: he takes
    the Jinx Card, and the game ends when Sofia's next turn would begin."""
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
         .alert_omegas(4).university(students=0, omega=1)
         .hand("Sofia", ["Fate 5", "Lantern"]).hand("Valerio", ["Disguise", "Lantern"])
         .jinx_top(["Curse of the Owl"]).turn("Sofia", phase="action").build())
    do(g, "Study", "Study 1 cube", "Commit Fate 5", "Declare the Stealth Value",
       "Play Disguise: Subterfuge 2 (Alert)")
    assert h.player(g, "Valerio")["jinx"] == [{"name": "Curse of the Owl", "face": "down"}]
    while g.phase() == "test_window":
        do(g, "Pass")
    do(g, "Take the Stun Token")  # Alert 3 + 4 (the last space) + 2 beat her 5
    _finish_turn(g)
    assert not g.is_terminal() and g.to_dict()["turn_of"] == 1
    do(g, "Rest")
    if g.phase() == "discard":
        do(g, "Pass")
    assert g.is_terminal() and g.result()["end_reason"] == "alert_full"


# --------------------------------------------------------- Thesis clock
def _submit(h, omegas=0, university_omega=0):
    sc = (h.scenario().place_zone("I-3", 0, -1).move("Valerio", "I-3").move("Sofia", "I-3")
          .cubes("Valerio", caste=2, riches=2, worship=1).alert_omegas(omegas)
          .university(students=10, omega=university_omega)
          .hand("Sofia", ["Lantern"]).hand("Valerio", []).turn("Valerio", phase="activity"))
    g = sc.build()
    do(g, "Submit the Thesis")
    assert h.player(g, "Valerio")["thesis"] == 1
    return g


def _rest(g):
    do(g, "Rest")
    if g.phase() == "discard":
        do(g, "Pass")


def test_first_thesis_starts_the_omega_clock(h):
    g = _submit(h)
    reserve = g.to_dict()["reserve"]["omega"]
    assert g.to_dict()["turn_of"] == 0
    _rest(g)
    # Valerio's turn: an Omega Student from the Reserve onto the Alert Card; his turn is skipped
    d = g.to_dict()
    assert d["turn_of"] == 0 and d["alert"]["omega_placed"] == 1 and d["alert"]["bonus"] == 1
    # the space's replenishment: its grey Students x 2 players and an Omega Student (also from the Reserve)
    per = g.compiled.loaded.data.alert[g.config.alert].slots[0].students_per_player
    assert d["university"] == {"students": 10 + per * 2, "omega": 1}
    assert d["reserve"]["omega"] == reserve - 2
    assert not g.is_terminal()
    _finish_turn(g)  # (she Rested: in the Starting Zone she must Explore)
    assert g.to_dict()["alert"]["omega_placed"] >= 2  # every turn of his


def test_omega_clock_takes_from_the_university_without_reserve(h):
    g = _submit(h, omegas=0, university_omega=5)
    assert g.to_dict()["reserve"]["omega"] == 0
    _rest(g)
    d = g.to_dict()
    # (the replenishment's Omega Student would come from the Reserve, which is empty)
    assert d["alert"]["omega_placed"] == 1 and d["university"]["omega"] == 5 - 1


def test_full_alert_card_after_the_first_thesis_means_a_last_round(h):
    g = _submit(h, omegas=4)
    _rest(g)  # Sofia's turn; then Valerio's clock finds no space: the last round begins
    assert not g.is_terminal() and g.to_dict()["turn_of"] == 0
    _finish_turn(g)  # Sofia's last turn
    assert g.is_terminal() and g.result()["end_reason"] == "thesis_clock"
    res = g.result()
    assert res["winner"] == 1 and res["seats"][0]["eligible"] is False


# ------------------------------------------------------ Dungeon exhausted
def test_no_cubes_and_no_zones_ends_at_once(h):
    sc = h.scenario()
    names = [z for z in sc.names.zones if z != "Starting Zone"]
    for i, z in enumerate(names):  # every tile in a row east of the Starting Zone
        sc.place_zone(z, i + 1, 0)
    for z in names:
        sc.zone_cubes(z, [])
    sc.zone_cubes("I-3", ["worship"])
    g = (sc.move("Sofia", "I-3").hand("Sofia", ["Fate 5", "Lantern"]).hand("Valerio", [])
         .university(students=10, omega=0).turn("Sofia", phase="action").build())
    d = g.to_dict()
    assert all(len(v) == 0 for v in d["stacks"].values())
    do(g, "Study", "Commit Fate 5", "Declare the Stealth Value")
    while not g.is_terminal() and g.phase() == "test_window":
        do(g, "Pass")
    assert g.is_terminal() and g.result()["end_reason"] == "dungeon_exhausted"
    assert g.to_dict()["bonfire"] == 0  # immediately: no End of Turn Phase
    assert g.check_invariants() is None


def test_no_zones_left_but_cubes_the_game_goes_on(h):
    sc = h.scenario()
    for i, z in enumerate(z for z in sc.names.zones if z != "Starting Zone"):
        sc.place_zone(z, i + 1, 0)
    g = sc.move("Sofia", "I-3").hand("Sofia", ["Lantern"]).turn("Sofia", phase="action").build()
    assert not g.is_terminal() and g.phase() == "action"
    do(g, "End the turn")
    assert not g.is_terminal()


# ------------------------------------------------------------ Scoring
def _two_theses(h, players=2):
    return (h.scenario(players=players)
            .cubes("Sofia", caste=2, riches=2, civilization=2).submitted("Sofia")  # 26 + 10
            .cubes("Valerio", caste=2, riches=2, civilization=1, militia=1).submitted("Valerio"))  # 29 + 7


def test_tie_broken_by_thesis_order(h):
    res = _two_theses(h).build().result()
    assert [s["score"] for s in res["seats"]] == [36, 36]
    assert res["winner"] == 0 and [s["rank"] for s in res["seats"]] == [1, 2]


def test_only_submitters_compete(h):
    g = _two_theses(h, players=3).cubes("Rebecca", worship=5, riches=4, caste=2).build()
    res = g.result()
    assert res["seats"][2]["score"] > 36 and not res["seats"][2]["eligible"]
    assert res["winner"] == 0 and res["seats"][2]["rank"] == 3


def test_without_theses_everybody_competes(h):
    res = h.scenario().cubes("Valerio", militia=1).build().result()
    assert all(s["eligible"] for s in res["seats"]) and res["winner"] == 1


def test_tie_broken_by_students_then_age(h):
    g = h.scenario(players=3).cubes("Sofia", militia=1).cubes("Valerio", militia=1).cubes("Rebecca", militia=1)
    res = g.students("Sofia", 2).students("Valerio", 3).students("Rebecca", 3).ages(["Rebecca", "Valerio", "Sofia"])
    res = res.build().result()
    assert res["winner"] == 2 and [s["rank"] for s in res["seats"]] == [3, 2, 1]
    res = g.ages(["Sofia", "Valerio", "Rebecca"]).build().result()
    assert res["winner"] == 1


def test_jinx_penalties_are_subtracted(h):
    g = h.scenario().cubes("Sofia", militia=2).jinx("Sofia", "Curse of the Owl").jinx("Sofia", "Clumsy", "down")
    res = g.build().result()["seats"][0]
    assert res["breakdown"] == {"board": 10, "thesis_bonus": 0, "jinx_penalty": 4 + 2, "intern_bonus": 0}
    assert res["score"] == 4
