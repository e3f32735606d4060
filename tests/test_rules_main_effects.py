"""The Main Effects advanced rule, played through the real actions.

Rulebook: "Main Effects" (Play a Main Effect; the 5 steps: ACTION, Timing,
Declare, Pay the Cost with "/" choices, Resolve; Priority), the example card
"Bomf!", "End of Turn Phase" (no Student drawn with this rule). Main Effect
texts other than "Bomf!" are provisional data (sim/dungeonology/data/base/tricks.toml).
"""

from __future__ import annotations

import numpy as np
import pytest

from sim import GameConfig
from sim.dungeonology import layout as L
from sim.dungeonology.config import compile_config
from sim.dungeonology.scenario import do
from sim.kit.errors import DataError

ME = ("main_effects",)


def dungeon(h, players=2, **kw):
    """Floor I: I-3 north of the Starting Zone, I-1 east of I-3 (not Linked
    to it), everybody in I-3 with an empty hand."""
    sc = (h.scenario(players=players, rules=ME, **kw)
          .place_zone("I-3", x=0, y=-1)
          .place_zone("I-1", x=1, y=-1))
    for p in range(players):
        sc.move(p, "I-3").hand(p, [])
    return sc


def study(g, h, card=None):
    """Study 1 cube committing one card (the first of the hand by default)."""
    do(g, "Study")
    if g.phase() == "study_size":
        do(g, "Study 1 cube")
    card = card or h.player(g, g.current_player())["hand"][0]
    do(g, f"Commit {card}")
    if g.phase() == "commit":
        do(g, "Declare")


def mains(h, g):
    return [t for t in h.legal_text(g) if t.startswith("Main Effect")]


def discard(g, name):
    return g.to_dict()["discard"].get(name, 0) + g.to_dict()["on_table"].get(name, 0)


# ------------------------------------------------------------------ Bomf!
def test_bomf_sacrifice_skips_movement_and_moves_anywhere_in_the_area(h):
    g = dungeon(h).hand("Sofia", ["Lantern", "Autograph"]).students("Sofia", 3).turn("Sofia", "movement").build()
    assert "Main Effect: Bomf! (Lantern; pay: Sacrifice 1 Student / Draw 1 Student to the Bonfire)" in h.legal_text(g)
    reserve = g.to_dict()["reserve"]["students"]
    do(g, "Main Effect: Bomf!")
    assert g.phase() == "main_cost"
    assert h.legal_text(g) == ["Pay Sacrifice 1 Student for Bomf!", "Pay Draw 1 Student to the Bonfire for Bomf!"]
    do(g, "Pay Sacrifice 1 Student")
    # I-1 is not Linked to I-3 but is in the same Area: the only destination
    # (the Starting Zone and her own Zone are not), so the move is automatic
    assert h.player(g, "Sofia")["zone"] == "I-1"
    assert h.player(g, "Sofia")["students"] == 2
    assert g.to_dict()["reserve"]["students"] == reserve + 1
    # "Then, place the Teleport Token in your starting Zone": the Zone she left
    assert h.zone(g, "I-3")["tokens"]["teleport"] and not h.zone(g, "I-1")["tokens"]["teleport"]
    assert g.to_dict()["reserve"]["teleport_tokens"] == 2
    # the Movement Phase is skipped: Action Phase, no Speed left
    assert g.phase() == "action" and g.to_dict()["speed_left"] == 0
    assert h.player(g, "Sofia")["hand"] == ["Autograph"]
    assert discard(g, "Lantern") == 1  # used once, then discarded
    assert g.check_invariants() is None


def test_bomf_draw_cost_and_the_choice_of_zone(h):
    g = (dungeon(h).place_zone("I-2", x=-1, y=-1)
         .hand("Sofia", ["Lantern", "Autograph"]).students("Sofia", 0).university(students=10, omega=0)
         .turn("Sofia", "movement").build())
    bonfire = g.to_dict()["bonfire"]
    # no Student to sacrifice: only the draw can pay, so it is paid at once
    do(g, "Main Effect: Bomf!")
    assert g.to_dict()["bonfire"] == bonfire + 1
    assert g.to_dict()["university"]["students"] == 9
    assert g.phase() == "main_zone"
    assert sorted(h.legal_text(g)) == ["Move to I-1", "Move to I-2"]
    do(g, "Move to I-1")
    assert h.player(g, "Sofia")["zone"] == "I-1" and g.phase() == "action"


def test_bomf_only_before_moving(h):
    g = (dungeon(h).place_zone("I-2", x=-1, y=-1).hand("Sofia", ["Lantern"])
         .turn("Sofia", "movement").build())
    assert mains(h, g)
    do(g, "Draw a Zone")
    while g.phase() == "place_zone":
        g.apply(g.legal_actions()[0])
    assert not mains(h, g)


# ---------------------------------------------------------------- timings
def test_standard_is_own_turn_only_and_instant_also_in_opponents_turns(h):
    # Valerio holds a Standard (Networking), an Instant (Blackmail) and a
    # Reaction (Vanish); after Sofia's play he has Priority
    g = (dungeon(h).hand("Sofia", ["Autograph", "Autograph"])
         .hand("Valerio", ["Letter of Introduction", "Blackmail", "Smoke Bomb"]).students("Valerio", 3)
         .bonfire(2).turn("Sofia", "movement").build())
    assert "Main Effect: Vanish" not in " ".join(mains(h, g))  # a Reaction needs an effect to answer
    do(g, "Play Autograph: Notoriety 1")
    assert g.phase() == "priority" and g.current_player() == 1
    legal = h.legal_text(g)
    assert any(t.startswith("Main Effect: Blackmail (Blackmail, Instant;") for t in legal)
    assert not any("Networking" in t or "Vanish" in t for t in legal)
    assert "Play Blackmail: Social 3 (draw)" in legal  # an Instant Auxiliary Effect too
    do(g, "Pass")
    assert g.phase() == "movement" and g.current_player() == 0
    # in his own turn Valerio may play the Standard one
    g2 = (dungeon(h).hand("Valerio", ["Letter of Introduction", "Lantern"]).turn("Valerio", "action").build())
    assert any("Networking" in t for t in mains(h, g2))


def test_instant_main_effect_in_a_stealth_test_window(h):
    g = (dungeon(h).hand("Sofia", ["Lantern", "Lantern"]).hand("Valerio", ["Crystal Ball"])
         .university(students=10, omega=0).deck_top(["Fate 5", "Lantern"]).turn("Sofia", "action").build())
    study(g, h)
    assert g.phase() == "test_window" and g.current_player() == 1
    alert = h.test_of(g)["alert_value"]
    do(g, "Main Effect: Scrying")  # Divination 2 for his side: the Alert Value
    assert h.test_of(g)["alert_value"] == alert + 5
    assert g.check_invariants() is None


def test_test_only_instant_is_not_played_outside_a_test(h):
    g = (dungeon(h).hand("Sofia", ["Crystal Ball", "Autograph"]).hand("Valerio", ["Crystal Ball", "Blackmail"])
         .students("Valerio", 2).bonfire(1).turn("Sofia", "action").build())
    assert not any("Scrying" in t for t in mains(h, g))
    do(g, "Play Autograph")
    assert g.phase() == "priority"
    assert not any("Scrying" in t for t in h.legal_text(g))


# ----------------------------------------------------------------- ACTION
def test_action_main_effect_replaces_study_and_only_one_per_turn(h):
    g = (dungeon(h).hand("Sofia", ["Faculty Dinner", "Honorary Degree", "Lantern"]).students("Sofia", 3)
         .turn("Sofia", "movement").build())
    assert not any("ACTION" in t for t in mains(h, g))  # not in the Movement Phase
    do(g, "End the Movement Phase")
    assert "Study" in h.legal_text(g)
    assert sum("ACTION" in t for t in mains(h, g)) == 2
    hand = h.player(g, "Sofia")["hand_size"]
    do(g, "Main Effect: Gala Dinner")
    assert h.player(g, "Sofia")["students"] == 2
    assert h.player(g, "Sofia")["hand_size"] == hand - 1 + 3
    assert g.phase() == "action"
    legal = h.legal_text(g)
    assert "Study" not in legal and not any(t.startswith("Espionage") for t in legal)
    assert not any("ACTION" in t for t in mains(h, g))  # only one ACTION per turn
    assert g.to_dict()["main_effects"]["actions_this_turn"] == 1


def test_no_action_main_effect_after_a_study(h):
    g = (dungeon(h).hand("Sofia", ["Fate 5", "Faculty Dinner", "Lantern"]).students("Sofia", 3)
         .university(students=10, omega=0).turn("Sofia", "action").build())
    study(g, h, "Fate 5")
    while g.phase() != "action":
        do(g, "Pass")
    assert sorted(h.player(g, "Sofia")["hand"]) == ["Faculty Dinner", "Lantern"]
    assert not any("Gala Dinner" in t for t in mains(h, g))


def test_action_limit_is_data(h):
    g = (dungeon(h, overrides={"tricks.main_actions_per_turn": 2})
         .hand("Sofia", ["Faculty Dinner", "Honorary Degree"]).students("Sofia", 3).turn("Sofia", "action").build())
    do(g, "Main Effect: Gala Dinner")
    assert any("Commencement" in t for t in mains(h, g))


# ------------------------------------------------------ costs and reactions
def test_unpayable_cost_discards_the_card_with_no_effect(h):
    # data: a Reaction that makes the other Scholars sacrifice, so Sofia's
    # last Student is gone when she must pay Gala Dinner
    over = {'cards."Smoke Bomb".main.effect': [{"op": "opponents_sacrifice", "n": 1}]}
    g = (dungeon(h, overrides=over).hand("Sofia", ["Faculty Dinner", "Lantern"]).students("Sofia", 1)
         .hand("Valerio", ["Smoke Bomb"]).university(students=10, omega=0).turn("Sofia", "action").build())
    do(g, "Main Effect: Gala Dinner")
    assert g.phase() == "main_reaction" and g.current_player() == 1
    do(g, "Main Effect: Vanish")
    sofia = h.player(g, "Sofia")
    assert sofia["students"] == 0 and sofia["hand"] == ["Lantern"]  # no cards drawn
    assert discard(g, "Faculty Dinner") == 1
    assert g.to_dict()["main_effects"]["declared"] == []
    assert g.phase() == "action"
    assert "Study" not in h.legal_text(g)  # the ACTION was declared: the Action is spent


def test_reaction_cancels_and_the_cost_is_not_paid(h):
    g = (dungeon(h).hand("Sofia", ["Faculty Dinner", "Lantern"]).students("Sofia", 2)
         .hand("Valerio", ["Smoke Bomb"]).university(students=10, omega=0).turn("Sofia", "action").build())
    bonfire = g.to_dict()["bonfire"]
    do(g, "Main Effect: Gala Dinner")
    assert g.to_dict()["main_effects"]["declared"][0]["effect"] == "Gala Dinner"
    assert h.legal_text(g) == [  # ascending action numbers: Pass comes first
        "Pass", "Main Effect: Vanish (Smoke Bomb, Reaction; pay: Draw 1 Student to the Bonfire)"]
    do(g, "Main Effect: Vanish")
    assert g.to_dict()["bonfire"] == bonfire + 1  # Valerio paid his Reaction
    sofia = h.player(g, "Sofia")
    assert sofia["students"] == 2 and sofia["hand"] == ["Lantern"]  # not paid, not resolved
    assert g.phase() == "action" and "Study" not in h.legal_text(g)
    assert discard(g, "Faculty Dinner") == 1 and discard(g, "Smoke Bomb") == 1


def test_declining_to_react_lets_the_effect_resolve(h):
    g = (dungeon(h).hand("Sofia", ["Faculty Dinner", "Lantern"]).students("Sofia", 2)
         .hand("Valerio", ["Smoke Bomb"]).turn("Sofia", "action").build())
    do(g, "Main Effect: Gala Dinner", "Pass")
    assert h.player(g, "Sofia")["students"] == 1 and h.player(g, "Sofia")["hand_size"] == 1 + 3
    assert h.player(g, "Valerio")["hand"] == ["Smoke Bomb"]


def test_reaction_to_a_reaction(h):
    g = (dungeon(h).hand("Sofia", ["Faculty Dinner", "Disguise", "Lantern"]).students("Sofia", 3)
         .hand("Valerio", ["Smoke Bomb"]).university(students=10, omega=0).turn("Sofia", "action").build())
    bonfire = g.to_dict()["bonfire"]
    do(g, "Main Effect: Gala Dinner", "Main Effect: Vanish")
    # Sofia answers the Reaction with her own
    assert g.phase() == "main_reaction" and g.current_player() == 0
    assert [d["effect"] for d in g.to_dict()["main_effects"]["declared"]] == ["Gala Dinner", "Vanish"]
    do(g, "Main Effect: Double Bluff")
    assert g.phase() == "main_cost"  # Sacrifice 1 Student / Discard 1 Trick Card
    do(g, "Pay Sacrifice 1 Student")
    # Vanish is cancelled (its cost not paid), Gala Dinner resolves
    assert g.to_dict()["bonfire"] == bonfire
    sofia = h.player(g, "Sofia")
    assert sofia["students"] == 3 - 1 - 1  # Double Bluff, then Gala Dinner
    assert sofia["hand_size"] == 1 + 1 + 3  # the Lantern, Double Bluff's draw, Gala Dinner's 3
    assert g.to_dict()["main_effects"]["declared"] == []
    assert g.check_invariants() is None


def test_in_an_espionage_only_the_two_scholars_react(h):
    g = (dungeon(h, players=3).cubes("Valerio", militia=1).students("Sofia", 3)
         .hand("Sofia", ["Fate 4", "Smoke Bomb"]).hand("Valerio", ["Crystal Ball"])
         .hand("Rebecca", ["Smoke Bomb"]).university(students=10, omega=0)
         .turn("Sofia", "action").build())
    do(g, "Espionage on seat 1", "Commit Fate 4")
    if g.phase() == "commit":
        do(g, "Declare")
    assert (g.phase(), g.current_player()) == ("test_window", 1)
    do(g, "Main Effect: Scrying")
    assert (g.phase(), g.current_player()) == ("main_reaction", 0)  # Sofia; never Rebecca
    do(g, "Pass")
    assert g.phase() != "main_reaction"


# --------------------------------------------------------------- Priority
def test_priority_in_turn_order_one_play_each(h):
    g = (dungeon(h, players=3).hand("Sofia", ["Autograph", "Lantern"]).bonfire(2)
         .hand("Valerio", ["Blackmail"]).students("Valerio", 2)
         .hand("Rebecca", ["Blackmail", "Blackmail"]).students("Rebecca", 2)
         .turn("Sofia", "action").build())
    do(g, "Play Autograph")
    assert (g.phase(), g.current_player()) == ("priority", 1)
    do(g, "Pass")
    assert (g.phase(), g.current_player()) == ("priority", 2)
    do(g, "Play Blackmail: Social 3 (draw)")  # one play, then the round moves on
    assert (g.phase(), g.current_player()) == ("action", 0)
    assert h.player(g, "Rebecca")["hand_size"] == 1 + 2
    # ending the phase opens a new round
    do(g, "End the turn")
    assert (g.phase(), g.current_player()) == ("priority", 1)


def test_no_priority_without_instant_plays_and_no_main_effects_without_the_rule(h):
    g = (dungeon(h).hand("Sofia", ["Autograph", "Lantern"]).hand("Valerio", ["Lantern"]).bonfire(1)
         .turn("Sofia", "action").build())
    do(g, "Play Autograph")
    assert (g.phase(), g.current_player()) == ("action", 0)
    # the basic game opens the same round for Instant Auxiliary Effects (Social 3),
    # but offers no Main Effect in it
    g = (h.scenario().place_zone("I-3", x=0, y=-1).move(0, "I-3").move(1, "I-3")
         .hand("Sofia", ["Autograph", "Lantern"]).hand("Valerio", ["Blackmail"]).students("Valerio", 2).bonfire(1)
         .turn("Sofia", "action").build())
    do(g, "Play Autograph")
    assert (g.phase(), g.current_player()) == ("priority", 1)
    assert not any(t.startswith("Main Effect") for t in h.legal_text(g))


# ------------------------------------------------------------ End of Turn
@pytest.mark.parametrize("rules,drawn", [(ME, 0), ((), 1)])
def test_end_of_turn_student_only_without_the_rule(h, rules, drawn):
    g = (h.scenario(rules=rules).place_zone("I-3", x=0, y=-1).move(0, "I-3").move(1, "I-3")
         .hand("Sofia", ["Lantern"]).university(students=10, omega=0).turn("Sofia", "action").build())
    do(g, "End the turn")
    assert g.to_dict()["university"]["students"] == 10 - drawn


# ------------------------------------------------------------------- data
def test_every_card_but_fate_has_a_main_effect(h):
    g = dungeon(h).turn("Sofia", "action").build()
    for k, name in enumerate(g.names.kinds):
        fate = g.names.types[int(g.tables[L.T_KIND_TYPE + k])] == "fate"
        assert bool(g.names.mains[k]) != fate, name
    assert g.names.mains[g.names.kinds.index("Lantern")] == "Bomf!"


@pytest.mark.parametrize("key,value,words", [
    ('cards."Blackmail".main.timing', "sometimes", "Main Effect timing"),
    ('cards."Faculty Dinner".main.timing', "instant", "ACTION"),
    ('cards."Crystal Ball".main.effect', [{"op": "speed", "n": 1}], "acts on your own turn"),
    ('cards."Lantern".main.effect', [{"op": "cancel"}], "only a Reaction"),
    ('cards."Lantern".main.cost', [[{"op": "sacrifice"}]] * 5, "most 4"),
    ('cards."Lantern".main.when', "test", "Instant"),
])
def test_bad_main_effect_data(key, value, words):
    with pytest.raises(DataError) as err:
        compile_config(GameConfig(rules=ME, overrides={key: value}))
    assert err.value.file.endswith("tricks.toml") and ".main." in err.value.key
    assert words in str(err.value)


# -------------------------------------------------------------- agents
def _choice(g, spec="heuristic", seed=1):
    from agents.python_agents import NumbaAgent
    return g.action_to_string(NumbaAgent(spec, seed).act(g))


def test_heuristic_cancels_a_strong_effect(h):
    g = (dungeon(h).hand("Sofia", ["Faculty Dinner", "Lantern"]).students("Sofia", 2)
         .hand("Valerio", ["Smoke Bomb"]).turn("Sofia", "action").build())
    do(g, "Main Effect: Gala Dinner")
    assert _choice(g).startswith("Main Effect: Vanish")


def test_heuristic_passes_priority_when_nothing_is_worth_it(h):
    g = (dungeon(h).hand("Sofia", ["Autograph", "Lantern"]).bonfire(2)
         .hand("Valerio", ["Blackmail"]).students("Valerio", 1).turn("Sofia", "action").build())
    do(g, "Play Autograph")
    assert g.phase() == "priority"
    assert _choice(g) == "Pass"


def test_heuristic_uses_bomf_to_reach_a_good_zone_out_of_walking_range(h):
    g = (dungeon(h).zone_cubes("I-3", [None, None, None]).hand("Sofia", ["Lantern", "Fate 5", "Fate 4"])
         .students("Sofia", 3).turn("Sofia", "movement").build())
    assert _choice(g).startswith("Main Effect: Bomf!")
    do(g, "Main Effect: Bomf!")
    assert g.phase() == "main_cost"
    assert _choice(g) == "Pay Draw 1 Student to the Bonfire for Bomf!"  # the cheaper option


def test_heuristic_plays_an_action_main_effect_when_there_is_nothing_to_study(h):
    g = (dungeon(h).zone_cubes("I-3", [None, None, None]).hand("Sofia", ["Faculty Dinner", "Lantern"])
         .students("Sofia", 3).turn("Sofia", "action").build())
    assert _choice(g).startswith("Main Effect: Gala Dinner")


def test_ismcts_copes_with_reaction_and_priority_decisions(h):
    g = (dungeon(h).hand("Sofia", ["Faculty Dinner", "Lantern"]).students("Sofia", 2)
         .hand("Valerio", ["Smoke Bomb", "Blackmail"]).students("Valerio", 2).turn("Sofia", "action").build())
    do(g, "Main Effect: Gala Dinner")
    assert g.phase() == "main_reaction"
    assert _choice(g, "ismcts:iterations=40,depth=15") in h.legal_text(g)


def test_heuristic_games_with_main_effects_end():
    """Heuristic self-play with the rule: only legal actions, and no game left
    to the round cap although no Student is drawn at the End of Turn."""
    from agents.batch import play_batch
    from agents.spec import parse_spec
    from sim import GameConfig
    from sim.dungeonology.config import compile_config
    from sim.dungeonology.core.engine.batch import GAME_FIELDS

    c = compile_config(GameConfig(players=4, rules=ME))
    n = 24
    rows, games = play_batch(c, list(range(n)), [parse_spec("heuristic")], np.zeros((n, 4), np.int64))
    assert (games[:, GAME_FIELDS.index("error")] == 0).all()
    assert (games[:, GAME_FIELDS.index("end_reason")] != L.END_ROUND_CAP).all()
    assert games[:, GAME_FIELDS.index("decisions")].sum() > 0
