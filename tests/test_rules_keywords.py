"""Information Cube keywords (Rocca Civetta): Drop. Collect, Steal, Give and
Eliminate are covered in test_rules_board.py and test_rules_tests.py.

No base card Drops a cube, so a Jinx Card is given a Drop effect by override
(the data format allows it: op "drop")."""

from sim.dungeonology.scenario import do

DROP = {'jinx."Curse of the Owl".on_reveal': [{"op": "drop", "n": 1}]}


def _game(h, i3_cubes, i4_cubes=None):
    sc = (h.scenario(overrides=DROP).place_zone("I-3", 0, -1).place_zone("I-4", 0, -2)
          .move("Sofia", "I-3").cubes("Sofia", militia=2, civilization=1)
          .jinx("Sofia", "Curse of the Owl", face="down").zone_cubes("I-3", i3_cubes)
          .hand("Sofia", []).university(students=12, omega=0))
    if i4_cubes is not None:
        sc.zone_cubes("I-4", i4_cubes)
    # with no card in hand, ending the turn is forced: the End of Turn Phase
    # reveals the Jinx and its Drop asks which cube
    g = sc.turn("Sofia", phase="action").build()
    assert g.phase() == "choose_color" and g.current_player() == 0
    return g


def test_drop_goes_to_the_first_free_space_of_the_zone(h):
    g = _game(h, ["civilization", None, None])
    do(g, "Drop a militia cube")
    assert h.zone(g, "I-3")["cubes"] == ["civilization", "militia", None]
    assert h.player(g, "Sofia")["cubes"]["militia"] == 1
    assert g.check_invariants() is None


def test_drop_into_a_linked_zone_when_the_zone_is_full(h):
    g = _game(h, ["civilization", "militia", "worship"], [None, "civilization"])
    do(g, "Drop a civilization cube")
    assert h.zone(g, "I-4")["cubes"] == ["civilization", "civilization"]
    assert h.player(g, "Sofia")["cubes"]["civilization"] == 0


def test_drop_with_no_free_space_eliminates_the_cube(h):
    g = _game(h, ["civilization", "militia", "worship"], ["civilization", "civilization"])
    reserve = g.to_dict()["reserve"]["cubes"]["militia"]
    do(g, "Drop a militia cube")
    assert g.to_dict()["reserve"]["cubes"]["militia"] == reserve + 1
    assert g.check_invariants() is None
