"""Jinx Cards ("Jinx Cards", "Randomizer Deck"): penalties while face up, the
effects run once when revealed, and the Randomizer uses (Information,
direction, Passage, target Scholar). The card texts are provisional data; these
tests pin the mechanisms."""

from __future__ import annotations

import pytest

from sim.dungeonology.scenario import do


def _reveal(h, name, cubes=None):
    """Sofia in I-3 holds `name` face down and has nothing to do: her turn ends
    and the End of Turn Phase reveals it."""
    sc = (h.scenario().place_zone("I-3", 0, -1).place_zone("I-4", 0, -2).move("Sofia", "I-3")
          .move("Valerio", "I-3").jinx("Sofia", name, face="down").hand("Sofia", []).hand("Valerio", [])
          .university(students=10, omega=0))
    if cubes:
        sc.cubes("Sofia", **cubes)
    return sc.turn("Sofia", phase="action").build()


@pytest.mark.parametrize(("name", "field", "front"), [
    ("Twisted Ankle", "speed", 4), ("Insomnia", "stamina", 3), ("Butterfingers", "hand_value", 4),
    ("Distracted", "intelligence", 2),
])
def test_passive_penalties_while_face_up(h, name, field, front):
    down = h.scenario().jinx("Sofia", name, face="down").build()
    assert h.player(down, "Sofia")[field] == front  # face down: not yet in force
    up = h.scenario().jinx("Sofia", name, face="up").build()
    assert h.player(up, "Sofia")[field] == front - 1


def test_clumsy_raises_the_alert_value(h):
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").jinx("Sofia", "Clumsy")
         .hand("Sofia", ["Lantern"]).turn("Sofia", phase="action").build())
    do(g, "Study", "Study 1 cube")
    assert h.test_of(g)["alert_value"] == 3 + 1


def test_rivals_grudge_forbids_espionage(h):
    sc = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
          .cubes("Valerio", militia=1).hand("Sofia", ["Lantern"]))
    assert any(t.startswith("Espionage") for t in h.legal_text(sc.turn("Sofia", phase="action").build()))
    g = sc.jinx("Sofia", "Rival's Grudge").turn("Sofia", phase="action").build()
    assert not any(t.startswith("Espionage") for t in h.legal_text(g))


def test_reveal_effects_run_once(h):
    g = _reveal(h, "Deserters")
    assert h.player(g, "Sofia")["students"] == 3 - 2
    g = _reveal(h, "Bad Omen")
    assert g.to_dict()["bonfire"] == 2  # the End of Turn Student and the Jinx's
    g = _reveal(h, "Lost Notes", cubes={"worship": 2})
    assert h.player(g, "Sofia")["cubes"]["worship"] == 1
    g = _reveal(h, "Curse of the Owl")
    assert g.result()["seats"][0]["breakdown"]["jinx_penalty"] == 4


def test_black_eye_stun_may_be_avoided(h):
    g = _reveal(h, "Black Eye")
    assert g.phase() == "stun" and g.current_player() == 0
    do(g, "Take the Stun Token")
    assert h.player(g, "Sofia")["stun"] == 1


def test_soaked_pages_discards_from_her_hand(h):
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
         .jinx("Valerio", "Soaked Pages", face="down").hand("Sofia", [])
         .hand("Valerio", ["Lantern", "Smoke Bomb", "Fate 5"]).university(students=10, omega=0)
         .turn("Sofia", phase="action").build())
    # revealed in Sofia's End of Turn Phase: Valerio chooses two cards
    assert g.phase() == "discard" and g.current_player() == 1
    do(g, "Discard Smoke Bomb", "Discard Lantern")
    assert h.player(g, "Valerio")["hand"] == ["Fate 5"]


def test_wrong_turn_moves_in_a_randomized_direction(h):
    for seed in range(4):
        g = (h.scenario(seed=seed).place_zone("I-3", 0, -1).place_zone("I-4", 0, -2).move("Sofia", "I-3")
             .jinx("Sofia", "Wrong Turn", face="down").hand("Sofia", []).hand("Valerio", [])
             .university(students=10, omega=0).turn("Sofia", phase="action").build())
        # from I-3 the only open ways are north (I-4) and south (the Starting Zone)
        assert h.player(g, "Sofia")["zone"] in ("I-4", "Starting Zone")


def test_trapdoor_moves_through_a_randomized_passage(h):
    zones = set()
    for seed in range(12):
        g = (h.scenario(seed=seed).place_zone("I-3", 0, -1).place_zone("I-4", 0, -2).move("Sofia", "I-3")
             .jinx("Sofia", "Trapdoor", face="down").hand("Sofia", []).hand("Valerio", [])
             .university(students=10, omega=0).turn("Sofia", phase="action").build())
        zones.add(h.player(g, "Sofia")["zone"])
        assert g.check_invariants() is None
    # a Passage that leads nowhere leaves her where she is
    assert zones <= {"I-3", "I-4", "Starting Zone"} and len(zones) >= 2
