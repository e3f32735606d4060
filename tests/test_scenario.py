"""The scenario builder (sim/dungeonology/scenario/): operations, conservation, errors,
and the Game it builds (record / replay, clone, observations)."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from sim import GameConfig, new_game, replay
from sim.dungeonology import layout as L
from sim.dungeonology.scenario import Scenario, do, pick
from sim.kit.errors import ConfigError

CFG = GameConfig(players=2, scholars=["Sofia", "Valerio"], clan="Blood Worshipers")


def brief_example() -> Scenario:
    return (Scenario(CFG, seed=1)
            .place_zone("I-3", x=0, y=-1, rotation=0)
            .move("Sofia", "I-3")
            .cubes("Valerio", militia=2, civilization=1)
            .hand("Sofia", ["Lantern", "Smoke Bomb"])
            .deck_top(["Fate 5", "Crystal Ball"])
            .students("Sofia", 2).stun("Valerio", 1).alert_omegas(1)
            .jinx("Sofia", "Twisted Ankle", face="up")
            .turn("Sofia", phase="action"))


def test_the_documented_example_builds():
    g = brief_example().build()
    assert g.check_invariants() is None
    d = g.to_dict()
    sofia, valerio = d["players"]
    assert sofia["zone"] == "I-3" and sofia["hand"] == ["Lantern", "Smoke Bomb"] and sofia["students"] == 2
    assert sofia["jinx"] == [{"name": "Twisted Ankle", "face": "up"}] and sofia["speed"] == 3
    assert valerio["cubes"]["militia"] == 2 and valerio["stun"] == 1
    assert valerio["knowledge"]  # his Knowledge Combo (Militia 2, Civilization 1), derived
    assert valerio["study_bonus"] == 1  # the Militia arrow at 2, derived
    assert d["deck"][-2:] == ["Crystal Ball", "Fate 5"]  # Fate 5 on top
    assert d["alert"]["omega_placed"] == 1 and d["alert"]["bonus"] == 1
    assert g.phase() == "action" and g.current_player() == 0
    assert "initial_state" in g.record()


def test_without_changes_it_is_new_game():
    for seed in (0, 5):
        cfg = GameConfig(players=3)
        a, b = Scenario(cfg, seed=seed).build(), new_game(cfg, seed=seed)
        assert np.array_equal(a.state, b.state) and a.legal_actions() == b.legal_actions()


def test_seats_by_index_or_name():
    sc = Scenario(CFG, seed=2)
    assert sc.seat(0) == 0 and sc.seat("Valerio") == 1
    assert sc.students(1, 1).students("Valerio", 1).state()[L.P_BASE + L.PSZ + L.PF_STUDENTS] == 1


def test_draws_follow_deck_top_and_hand_keeps_it():
    sc = Scenario(CFG, seed=3).deck_top(["Fate 5", "Fate 4"]).hand("Sofia", ["Fate 5", "Fate 5"])
    g = sc.build()
    assert g.to_dict()["deck"][-2:] == ["Fate 4", "Fate 5"]
    with pytest.raises(ConfigError, match="no such Trick Card left"):
        Scenario(CFG, seed=3).hand("Sofia", ["Fate 5"] * 4)  # 3 copies in the box
    # the old hand goes back into the deck
    sc = Scenario(CFG, seed=3)
    before = int(sc.state()[L.S_DECK_N])
    held = int(sc.state()[L.P_BASE + L.PF_HAND_N])
    g = sc.hand("Sofia", []).build()
    assert len(g.to_dict()["deck"]) == before + held


def test_deck_sets_the_whole_deck():
    g = Scenario(CFG, seed=3).deck(["Lantern", "Fate 5"]).build()
    d = g.to_dict()
    assert d["deck"] == ["Fate 5", "Lantern"]  # Lantern drawn first
    assert sum(d["discard"].values()) + 2 + sum(p["hand_size"] for p in d["players"]) == 105


def test_stack_top_and_place_zone():
    sc = Scenario(CFG, seed=4).stack_top("II", ["II-3", "II-1"]).stack_top(1, ["I-6"])
    g = sc.build()
    assert g.to_dict()["stacks"]["II"][-2:] == ["II-1", "II-3"] and g.to_dict()["stacks"]["I"][-1] == "I-6"
    g = Scenario(CFG, seed=4).place_zone("I-1", 0, 1, rotation=2).build()
    z = next(z for z in g.to_dict()["zones"] if z["name"] == "I-1")
    assert (z["x"], z["y"], z["rotation"], z["entered"]) == (0, 1, 2, False)
    assert "I-1" not in g.to_dict()["stacks"]["I"]
    assert z["cubes"] == ["civilization", "worship"]  # zones.toml (transcribed)


def test_stairs_between_floors_by_the_builder():
    g = (Scenario(CFG, seed=4).place_zone("I-2", 1, 0).place_zone("II-2", 1, -1, rotation=1, stair_to="I-2")
         .build())
    z = {x["name"]: x for x in g.to_dict()["zones"]}
    assert z["II-2"]["stairs"] == ["S1"] and z["I-2"]["stairs"] == ["N2"]
    assert g.to_dict()["reserve"]["stair_tokens"] == 8


def test_zone_cubes():
    g = Scenario(CFG, seed=4).place_zone("I-3", 0, -1).zone_cubes("I-3", [None, "Caste"]).build()
    z = next(z for z in g.to_dict()["zones"] if z["name"] == "I-3")
    assert z["cubes"] == [None, "caste", None]
    assert g.to_dict()["reserve"]["cubes"]["caste"] == 5


def test_exalted_is_derived_from_the_stars():
    sc = Scenario(GameConfig(players=3, scholars=["Sofia", "Valerio", "Rebecca"]), seed=1)
    sc.cubes("Valerio", riches=2)
    assert [bool(sc.state()[L.P_BASE + p * L.PSZ + L.PF_EXALTED]) for p in range(3)] == [True, False, True]
    sc.cubes("Sofia", caste=2)
    assert [bool(sc.state()[L.P_BASE + p * L.PSZ + L.PF_EXALTED]) for p in range(3)] == [False, False, True]
    sc.cubes("Valerio", riches=0).cubes("Sofia", caste=0)
    assert not any(sc.state()[L.P_BASE + p * L.PSZ + L.PF_EXALTED] for p in range(3))
    assert not hasattr(sc, "exalted")


def test_submitted_and_first_player_and_ages():
    g = (Scenario(CFG, seed=1).cubes("Sofia", caste=2, riches=2, worship=1).submitted("Sofia")
         .first_player("Valerio").ages(["Sofia", "Valerio"]).build())
    d = g.to_dict()
    assert d["players"][0]["thesis"] == 1 and not d["players"][0]["in_game"] and d["clan_public"]
    assert d["first_player"] == 1 and d["turn_of"] == 1
    assert int(g.state[L.S_FIRST_SUBMITTER]) == 0


@pytest.mark.parametrize(("build", "message"), [
    (lambda sc: sc.move("Nobody", "I-3"), "no such Scholar"),
    (lambda sc: sc.move(5, "I-3"), "no seat 5"),
    (lambda sc: sc.place_zone("I-9", 0, -1), "unknown Zone"),
    (lambda sc: sc.place_zone("I-3", 0, 0), "overlaps Starting Zone"),
    (lambda sc: sc.place_zone("I-3", 0, -1).place_zone("I-3", 0, 1), "already placed"),
    (lambda sc: sc.place_zone("I-3", 5, 5), "touches no placed Zone"),
    (lambda sc: sc.place_zone("I-3", 0, -1, rotation=4), "rotation"),
    (lambda sc: sc.place_zone("I-2", 1, 0).place_zone("I-3", 1, -1, stair_to="I-2"), "different Floors"),
    (lambda sc: sc.move("Sofia", "I-3"), "not placed"),
    (lambda sc: sc.cubes("Sofia", purple=1), "unknown Information Cube colour"),
    (lambda sc: sc.cubes("Sofia", caste=4), "holds 3 cubes"),
    (lambda sc: sc.cubes("Sofia", caste=3).cubes("Valerio", caste=3).place_zone("III-4", 1, 0), None),
    (lambda sc: sc.cubes("Sofia", riches=4).cubes("Valerio", riches=4).place_zone("I-3", 0, -1)
     .zone_cubes("I-3", ["riches", "riches", "riches"]), "not enough riches cubes"),
    (lambda sc: sc.hand("Sofia", ["Joker"]), "unknown Trick Card"),
    (lambda sc: sc.stun("Sofia", 4), "Stamina 3"),
    (lambda sc: sc.students("Sofia", 100), "not enough grey Students"),
    (lambda sc: sc.bonfire(7), "6 spaces"),
    (lambda sc: sc.alert_omegas(5), "4 spaces"),
    (lambda sc: sc.jinx("Sofia", "Clumsy").jinx("Valerio", "Clumsy"), "already held by Sofia"),
    (lambda sc: sc.jinx("Sofia", "Clumsy", face="sideways"), "face is"),
    (lambda sc: sc.turn("Sofia", phase="activity").build(), "must Explore"),
    (lambda sc: sc.turn("Sofia", phase="dance"), "unknown phase"),
    (lambda sc: sc.submitted("Sofia"), "fewer than 2 Stars"),
    (lambda sc: sc.cubes("Sofia", riches=2, caste=2).submitted("Sofia"), "below the Thesis Target"),
    (lambda sc: sc.stack_top("IV", []), "a Floor is"),
    (lambda sc: sc.stack_top("I", ["II-1"]), "not in the Floor I stack"),
    (lambda sc: sc.ages(["Sofia"]), "every seat once"),
    (lambda sc: sc.stun("Valerio", 4).cubes("Sofia", riches=2).cubes("Sofia", riches=0), None),
])
def test_impossible_requests_raise_config_error(build, message):
    sc = Scenario(CFG, seed=1)
    if message is None:  # possible after all: builds and conserves
        assert build(sc).build().check_invariants() is None
        return
    with pytest.raises(ConfigError, match=message):
        build(sc)


def test_a_refused_operation_changes_nothing():
    sc = Scenario(CFG, seed=1).place_zone("I-3", 0, -1)
    before = sc.state()
    with pytest.raises(ConfigError):
        sc.cubes("Sofia", militia=2, caste=9)  # militia possible, caste not: neither happens
    with pytest.raises(ConfigError):
        sc.hand("Sofia", ["Fate 5", "Fate 5", "Fate 5", "Fate 5"])
    with pytest.raises(ConfigError):
        sc.cubes("Valerio", riches=4).cubes("Sofia", riches=4).zone_cubes("I-3", ["riches", "riches", "riches"])
    sc.cubes("Valerio", riches=0).cubes("Sofia", riches=0)
    assert np.array_equal(sc.state(), before)
    with pytest.raises(ConfigError, match="more Stun Tokens than Stamina"):
        sc.stun("Sofia", 3).jinx("Sofia", "Insomnia")
    assert sc.build().check_invariants() is None


def test_stun_above_a_changed_stamina_is_refused():
    sc = Scenario(CFG, seed=1).cubes("Sofia", riches=2).stun("Valerio", 5)  # Exalted Valerio: Stamina 5
    with pytest.raises(ConfigError, match="exceed Stamina"):
        sc.cubes("Valerio", riches=2)  # now as many Stars as Sofia: front side, Stamina 4


def test_record_replay_and_clone_round_trip():
    g = brief_example().university(students=10, omega=0).build()
    rng = random.Random(4)
    for _ in range(60):
        if g.is_terminal():
            break
        g.apply(rng.choice(g.legal_actions()))
    rec = g.record()
    assert rec["actions"] == g.history and len(rec["initial_state"]) == L.STATE_SIZE
    for again in (replay(rec), replay(json.dumps(rec))):
        assert np.array_equal(again.state, g.state) and again.legal_actions() == g.legal_actions()
    c = g.clone()
    if not c.is_terminal():
        c.apply(c.legal_actions()[0])
        assert not np.array_equal(c.state, g.state) or c.history != g.history
        assert len(g.history) == len(rec["actions"])


def test_observation_hides_what_a_seat_cannot_know():
    g = (brief_example().jinx("Valerio", "Clumsy", face="down").place_zone("I-4", 0, -2)
         .turn("Sofia", phase="action").build())
    obs = g.observation(1)
    sofia, valerio = obs["players"]
    assert sofia["hand"] is None and sofia["hand_size"] == 2
    assert valerio["hand"] is not None
    assert valerio["jinx"] == [{"name": "hidden", "face": "down"}]  # even her own face-down card
    assert sofia["jinx"] == [{"name": "Twisted Ankle", "face": "up"}]
    assert obs["deck"] == len(g.to_dict()["deck"]) and obs["jinx_deck"] == 13
    assert obs["stacks"] == {"I": 4, "II": 6, "III": 6}
    # Valerio holds the Knowledge Token (his combo); Sofia does not
    assert obs["clan"] == "Blood Worshipers" and g.observation(0)["clan"] == "hidden"
    assert g.observation(0)["board_points"] == [None, None]
    assert g.to_dict()["players"][1]["jinx"] == [{"name": "Clumsy", "face": "down"}]


def test_random_play_from_scenarios_keeps_the_invariants():
    """A small fuzz: odd built positions played on at random."""
    for seed in range(8):
        sc = (Scenario(GameConfig(players=3, clan="Moss Elders"), seed=seed)
              .place_zone("I-3", 0, -1).place_zone("II-4", 1, 0).place_zone("I-2", -1, 0)
              .move(0, "I-3").move(1, "II-4").move(2, "I-2")
              .cubes(0, civilization=4, caste=1).cubes(1, militia=3, worship=2).cubes(2, riches=1)
              .alert_omegas(2).bonfire(5).stun(2, 1).jinx(1, "Wrong Turn", face="down")
              .jinx(2, "Trapdoor", face="down").jinx(0, "Soaked Pages", face="down")
              .turn(seed % 3, phase=("start", "movement", "action")[seed % 3]))
        g = sc.build()
        rng = random.Random(seed)
        for _ in range(400):
            if g.is_terminal():
                break
            g.apply(rng.choice(g.legal_actions()))
            assert g.check_invariants() is None, (seed, g.history)


def test_pick_reports_the_legal_actions():
    g = brief_example().build()
    assert g.action_to_string(pick(g, "Study")) == "Study"
    with pytest.raises(ConfigError, match="legal: .*Play Lantern"):
        pick(g, "Rest")
    do(g, "Play Lantern: Exploration 1")
    assert g.to_dict()["speed_left"] == 1
