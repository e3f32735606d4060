"""The scenario builder's fixed draws and the outcome of the last Stealth Test.

Rulebook: "Randomizer Deck" (draw until a card applies; "the first available
Passage clockwise"), Setup D (the first player drawn with the Randomizer),
"The Campus" (Students drawn out of the University bag, an Omega Student
drawn), "Study" / "Espionage" (SUCCESS or FAILURE of a Stealth Test).
"""

from __future__ import annotations

import pytest

from sim.dungeonology import layout as L
from sim.dungeonology.game import replay
from sim.dungeonology.scenario import do
from sim.kit.errors import ConfigError


def _trapdoor(h, card):
    """Sofia in I-3 (I-4 north of it) with a face-down Trapdoor: her turn ends
    at once (no cards), the Jinx is revealed and Randomizes a Passage."""
    return (h.scenario().place_zone("I-3", 0, -1).place_zone("I-4", 0, -2).move("Sofia", "I-3")
            .jinx("Sofia", "Trapdoor", face="down").hand("Sofia", []).hand("Valerio", [])
            .university(students=10, omega=0).randomizer([card]).turn("Sofia", phase="action").build())


@pytest.mark.parametrize(("card", "zone"), [
    ({"passage": "N1"}, "I-4"),  # the arrow: I-3's N1 faces I-4
    ({"passage": "S1"}, "Starting Zone"),  # S1 faces the Starting Zone's N2
    ({"passage": "E1"}, "I-3"),  # no E1: the first Passage clockwise is E2, which leads nowhere
])
def test_randomizer_order_decides_the_passage(h, card, zone):
    assert h.player(_trapdoor(h, card), "Sofia")["zone"] == zone


def test_randomizer_order_decides_the_first_player(h):
    # 2 players (blue seat 0, red seat 1): a yellow card does not apply, the next is drawn
    sc = h.scenario().randomizer([{"color": "yellow"}, {"color": "red"}]).draw_first_player()
    assert int(sc.s[L.S_FIRST]) == 1
    sc = h.scenario().randomizer([{"color": "blue"}]).draw_first_player()
    assert int(sc.s[L.S_FIRST]) == 0


def test_bad_randomizer_cards(h):
    with pytest.raises(ConfigError, match="Randomizer card"):
        h.scenario().randomizer([{"color": "purple"}])
    with pytest.raises(ConfigError, match="Randomizer card"):
        h.scenario().randomizer([99])
    with pytest.raises(ConfigError, match="grey"):
        h.scenario().university_order(["white"])


def _failed_study(h, order):
    """Sofia Studies I-3 (Alert 3) with her only card, a Lantern (Stealth 2),
    and fails: the failure draws 1 Student; with no card left her turn ends and
    the End of Turn Phase draws another."""
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
         .hand("Sofia", ["Lantern"]).hand("Valerio", []).university(students=10, omega=1)
         .university_order(order).turn("Sofia", phase="action").build())
    do(g, "Study", "Study 1 cube")
    while g.current_player() == 0 and g.phase() in ("commit", "test_window", "stun"):
        do(g, h.legal_text(g)[0])  # commit, pass, take the Stun Token
    return g


@pytest.mark.parametrize(("order", "omegas"), [(["grey", "omega"], 1), (["grey", "grey"], 0)])
def test_an_omega_drawn_as_the_second_of_two_students(h, order, omegas):
    g = _failed_study(h, order)
    assert g.to_dict()["alert"]["omega_placed"] == omegas
    if not omegas:
        assert g.to_dict()["university"] == {"students": 8, "omega": 1}  # two grey ones drawn
    assert len(h.player(g, "Sofia")["jinx"]) == omegas  # an Omega drawn gives a face-down Jinx Card


def test_last_test_outcome_in_to_dict_and_the_record(h):
    g = _failed_study(h, ["grey"])
    last = g.to_dict()["last_test"]
    assert last == {"kind": "study", "active": 0, "target": None, "declared_stealth": 2, "stealth_value": 2,
                    "alert_value": 3, "success": False, "turn": last["turn"]}
    assert replay(g.record()).to_dict()["last_test"] == last
    assert h.scenario().build().to_dict()["last_test"] is None
