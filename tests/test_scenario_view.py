"""What ``to_dict()`` shows and the Scenario builder sets: the Clan pile, each card's Type, the Star
Token supply and a step of the End of Turn Phase; play from such a position follows the rules."""

from __future__ import annotations

import pytest

from sim.dungeonology import layout as L
from sim.dungeonology.scenario import do
from sim.kit.errors import ConfigError


# ---------------------------------------------------------------- the Clan pile
def test_the_clan_card_drawn_and_the_clan_pile(h):
    """Setup J: "Draw a Clan Card (7) from those available and place it face-down on the Campus":
    the others stay in the pile, which a seat that does not know the Clan sees only as a count."""
    g = h.scenario().clan("Moss Elders").build()
    d = g.to_dict()
    assert d["clan"] == "Moss Elders" and d["clan_pile"] == ["Blood Worshipers", "Golden Horns"]
    assert d["config"]["clan"] == "Moss Elders"
    assert g.observation(0)["clan_pile"] == 2 and g.observation(0)["clan"] == "hidden"
    with pytest.raises(ConfigError, match="unknown Clan Card.*allowed: Blood Worshipers"):
        h.scenario().clan("Owls")


def test_the_clan_set_is_the_one_a_thesis_is_scored_against(h):
    """"SUCCESS! You have a score equal to or greater than the Thesis Target Score (B) indicated in
    the Clan Card": the Clan the builder set is the one used."""
    sc = h.scenario().clan("Golden Horns")
    g = sc.build()
    target = int(g.tables[L.T_CLAN_TARGET + g.names.clans.index("Golden Horns")])
    assert int(g.state[L.S_CLAN]) == g.names.clans.index("Golden Horns") and target > 0
    assert g.check_invariants() is None


# -------------------------------------------------------------- each card's Type
def test_each_cards_type_is_shown_and_can_be_set(h):
    g = h.scenario().build()
    types = g.to_dict()["card_types"]
    assert types["Lantern"] == "exploration" and set(types) == set(g.names.kinds)
    g = h.scenario().card_type("Lantern", "magic").build()
    assert g.to_dict()["card_types"]["Lantern"] == "magic"
    assert g.config.overrides["cards.Lantern.type"] == "magic"  # kept by the record: replay agrees
    with pytest.raises(ConfigError, match="unknown card Type.*allowed: exploration"):
        h.scenario().card_type("Lantern", "arcane")
    with pytest.raises(ConfigError):
        h.scenario().card_type("No Such Card", "magic")


def test_the_type_set_is_in_the_tables_and_the_record(h):
    """The engine reads the Type set (T_KIND_TYPE), and a replay of the game's record agrees."""
    from sim.dungeonology.game import replay

    g = h.scenario().card_type("Lantern", "magic").hand("Sofia", ["Lantern"]).build()
    k = g.names.kinds.index("Lantern")
    assert int(g.tables[L.T_KIND_TYPE + k]) == g.names.types.index("magic")
    assert replay(g.record()).to_dict() == g.to_dict()


# ---------------------------------------------------------- the Star Token supply
def test_the_star_token_supply_is_what_the_note_boards_do_not_hold(h):
    """Rocca Civetta "Star Tokens": "When a Scholar reaches a Star on their Note Board, they take
    the Token that represents that specific Star": the supply holds one per Note Board less those
    taken (set through the cubes that reach the Star: the tokens follow them)."""
    sc = h.scenario(modules=("rocca_civetta",))
    before = sc.build().to_dict()["reserve"]["star_tokens"]
    assert before and all(n == L.MAXP for kinds in before.values() for n in kinds.values())
    g = sc.cubes("Sofia", militia=4).build()
    mine = g.to_dict()["players"][0]["star_tokens"]
    after = g.to_dict()["reserve"]["star_tokens"]
    assert mine == {"militia": ["silver"]}
    assert after["militia"]["silver"] == L.MAXP - 1 and after["worship"] == before["worship"]
    assert g.observation(1)["reserve"]["star_tokens"] == after  # public


# ---------------------------------------------------- a step of the End of Turn Phase
def test_the_end_of_turn_phase_from_its_start_draws_the_student(h):
    """End of Turn Phase: "Draw a Student from the University" first, then the face-down Jinx Cards,
    then draw up to the Hand Value; ``to_dict()["end_of_turn"]`` names the step in progress."""
    sc = h.scenario().hand("Sofia", []).university_order(["grey"])
    g = sc.turn("Sofia", phase="end_of_turn").build()
    d = g.to_dict()
    assert d["bonfire"] == 1 and d["turn_of"] == 1  # the Student drawn; Sofia drew her hand; Valerio's turn
    assert len(h.player(g, "Sofia")["hand"]) == h.player(g, "Sofia")["hand_value"]
    assert d["end_of_turn"] is None


def test_the_end_of_turn_phase_from_the_jinx_step(h):
    """From the Jinx step no Student is drawn: a face-down Jinx Card is revealed."""
    sc = h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").hand("Sofia", []).jinx("Sofia", "Twisted Ankle",
                                                                                            face="down")
    g = sc.turn("Sofia", phase="end_of_turn_jinx").build()
    assert g.to_dict()["bonfire"] == 0
    assert h.player(g, "Sofia")["jinx"] == [{"name": "Twisted Ankle", "face": "up"}]


def test_the_end_of_turn_phase_shows_its_step_at_a_decision(h):
    """A decision inside the End of Turn Phase (a Stun Token of a Jinx Card revealed) shows its step."""
    sc = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").hand("Sofia", []).students("Sofia", 2)
          .jinx("Sofia", "Black Eye", face="down"))
    g = sc.turn("Sofia", phase="end_of_turn_jinx").build()
    assert g.phase() == "stun" and g.to_dict()["end_of_turn"] == "jinx"
    do(g, "Take the Stun Token")
    assert g.to_dict()["end_of_turn"] is None and g.to_dict()["turn_of"] == 1


def test_the_end_of_turn_phase_from_the_hand_value_step(h):
    g = h.scenario().hand("Sofia", []).turn("Sofia", phase="end_of_turn_draw").build()
    assert len(h.player(g, "Sofia")["hand"]) == h.player(g, "Sofia")["hand_value"]
    assert g.to_dict()["bonfire"] == 0 and g.to_dict()["turn_of"] == 1
    with pytest.raises(ConfigError, match="unknown phase.*end_of_turn_draw"):
        h.scenario().turn("Sofia", phase="end_of_turn_later")
