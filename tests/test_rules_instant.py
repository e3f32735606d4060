"""Opponents' Instant plays during an Exploration (basic game), Reactions to
Reactions, and "Bomf!" before the Movement Phase.

Rulebook: "Exploration" ("During this Activity, except in the End of Turn
Phase, you can play your Trick Cards. Your opponents can do it too, but they
can only use the Effects indicated by the Instant timing icon"); "Main
Effects", Timing B ("It is possible to use a Reaction in response to another
Reaction"); the example card "Bomf!" ("Play this card before your Movement
Phase").
"""

from __future__ import annotations

import pytest

from sim import GameConfig
from sim.dungeonology import layout as L
from sim.dungeonology.config import compile_config
from sim.dungeonology.scenario import do
from sim.kit.errors import DataError

ME = ("main_effects",)


def _i3(h, players=2, rules=(), **hands):
    """Everybody in I-3 (north of the Starting Zone); hands by Scholar name."""
    sc = h.scenario(players=players, rules=rules).place_zone("I-3", x=0, y=-1).place_zone("I-1", x=1, y=-1)
    for p in range(players):
        sc.move(p, "I-3").hand(p, [])
    for name, cards in hands.items():
        sc.hand(name, cards)
    return sc.university(students=10, omega=0)


# ---------------------------------------------------- rule 1: Instant windows
def test_opponent_plays_an_instant_effect_in_the_movement_phase(h):
    """Social 3 ("also in an opponent's turn") after Sofia's move."""
    g = (_i3(h, Sofia=["Lantern"], Valerio=["Blackmail"]).students("Valerio", 2).deck_top(["Autograph", "Autograph"])
         .turn("Sofia", "movement").build())
    assert g.phase() == "movement"  # nobody may play before the current player acts
    do(g, "Move S to Starting Zone")
    assert (g.phase(), g.current_player()) == ("priority", 1)
    assert h.legal_text(g) == ["Play Blackmail: Social 3 (draw)", "Play Blackmail: Social 3 (make discard)", "Pass"]
    do(g, "Play Blackmail: Social 3 (draw)")
    valerio = h.player(g, "Valerio")
    assert (valerio["hand_size"], valerio["students"]) == (2, 1)
    assert (g.phase(), g.current_player()) == ("movement", 0)


def test_window_after_each_action_and_at_each_phase_end(h):
    g = (_i3(h, Sofia=["Autograph", "Lantern"], Valerio=["Blackmail"]).students("Valerio", 2)
         .turn("Sofia", "movement").build())
    do(g, "End the Movement Phase")
    assert (g.phase(), g.current_player()) == ("priority", 1)
    do(g, "Pass")
    assert (g.phase(), g.current_player()) == ("action", 0)
    do(g, "Play Autograph: Notoriety 1")
    assert (g.phase(), g.current_player()) == ("priority", 1)
    do(g, "Pass")
    do(g, "End the turn")
    assert (g.phase(), g.current_player()) == ("priority", 1)  # before the End of Turn Phase
    do(g, "Pass")
    assert g.phase() != "priority"


def test_no_window_without_an_instant_effect(h):
    """An opponent who holds no Instant effect it can use is not asked; Notoriety
    is not Instant."""
    g = _i3(h, Sofia=["Lantern"], Valerio=["Autograph", "Lantern"]).turn("Sofia", "action").build()
    do(g, "End the turn")
    assert g.phase() != "priority"
    # Social 3 costs a Student: without one it cannot be used
    g = _i3(h, Sofia=["Lantern"], Valerio=["Blackmail"]).students("Valerio", 0).turn("Sofia", "action").build()
    do(g, "End the turn")
    assert g.phase() != "priority"


def test_turn_order_from_the_current_players_left(h):
    g = (_i3(h, players=3, Sofia=["Lantern"], Valerio=["Blackmail"], Rebecca=["Blackmail"]).students("Valerio", 2)
         .students("Rebecca", 2).turn("Sofia", "action").build())
    do(g, "End the turn")
    assert (g.phase(), g.current_player()) == ("priority", 1)
    do(g, "Pass")
    assert (g.phase(), g.current_player()) == ("priority", 2)
    do(g, "Pass")
    assert g.phase() != "priority"


def test_no_window_for_an_opponent_in_the_starting_zone(h):
    """A Scholar in the Starting Zone plays no cards, even in another's turn."""
    g = (h.scenario().place_zone("I-3", x=0, y=-1).move("Sofia", "I-3").hand("Sofia", ["Lantern"])
         .hand("Valerio", ["Blackmail"]).students("Valerio", 2).turn("Sofia", "action").build())
    do(g, "End the turn")
    assert g.phase() != "priority"


# ------------------------------------------ rule 2: Reactions to Reactions

def test_reactions_to_reactions_have_no_depth_limit(h):
    """Six links (the old engine stopped at four); the chain ends when nobody
    can react, then resolves from the top: each Reaction cancels the one below."""
    g = (_i3(h, rules=ME, Sofia=["Faculty Dinner", "Disguise", "Disguise", "Lantern"],
             Valerio=["Smoke Bomb", "Smoke Bomb", "Smoke Bomb"])
         .students("Sofia", 3).university(students=10, omega=0).bonfire(0).turn("Sofia", "action").build())
    do(g, "Main Effect: Gala Dinner", "Main Effect: Vanish", "Main Effect: Double Bluff", "Main Effect: Vanish",
       "Main Effect: Double Bluff")
    assert len(g.to_dict()["main_effects"]["declared"]) == 5
    assert (g.phase(), g.current_player()) == ("main_reaction", 1)
    do(g, "Main Effect: Vanish")  # Sofia holds no Reaction any more: the chain ends
    assert g.to_dict()["main_effects"]["declared"] == []
    # Vanish 3 cancels Double Bluff 2, Vanish 2 cancels Double Bluff 1 (both
    # unpaid), Vanish 1 cancels Gala Dinner (unpaid); each Vanish drew a Student
    assert h.player(g, "Sofia")["students"] == 3 and h.player(g, "Sofia")["hand"] == ["Lantern"]
    assert g.to_dict()["bonfire"] == 3
    assert g.check_invariants() is None


def test_the_chain_is_sized_by_the_reaction_cards_of_the_data():
    t = compile_config(GameConfig(players=2, rules=ME)).tables
    assert int(t[L.T_ME_CHAIN_CAP]) == 1 + 8 + 7 + 5  # Smoke Bomb, Disguise, Astral Mirror
    with pytest.raises(DataError, match="Reaction chain"):
        compile_config(GameConfig(players=2, rules=ME, overrides={'cards."Smoke Bomb".copies': 40,
                                                                   "tricks.total": 137}))


# ------------------------------------------ rule 3: "before your Movement Phase"
def _bomf(h, g):
    return [t for t in h.legal_text(g) if t.startswith("Main Effect: Bomf!")]


def test_bomf_not_after_a_card_in_the_movement_phase(h):
    """"Play this card before your Movement Phase": once Exploration 1 has been
    played in the phase, Bomf! is no longer playable (no Speed spent)."""
    g = _i3(h, rules=ME, Sofia=["Lantern", "Lantern"]).students("Sofia", 2).turn("Sofia", "movement").build()
    assert _bomf(h, g)
    do(g, "Play Lantern: Exploration 1")
    assert g.current_player() == 0 and g.phase() == "movement"
    assert not _bomf(h, g)
