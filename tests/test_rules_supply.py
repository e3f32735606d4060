"""Students, the Bonfire, Omega Students and the Alert Card, the Trick deck,
and every Auxiliary Effect family ("Students", "Omega Students, Jinx Cards,
Alert Card and the University", "Player Level", "Icon Effects", "Auxiliary
Effects", "Trick Cards")."""

from __future__ import annotations

import pytest

from sim.dungeonology import layout as L
from sim.dungeonology.scenario import do


def _failing_study(h, level="students", omegas=0, players=2):
    """Sofia fails a Study (no Students: no Stun choice); the bag holds one Omega Student only."""
    sc = (h.scenario(players=players, player_level=level).place_zone("I-3", 0, -1).move("Sofia", "I-3")
          .hand("Sofia", ["Secret Map", "Letter of Introduction"]).students("Sofia", 0)
          .alert_omegas(omegas).university(students=0, omega=1).bonfire(3).jinx_top(["Twisted Ankle"]))
    for p in range(1, players):
        sc.hand(p, [])
    g = sc.turn("Sofia", phase="action").build()
    do(g, "Study", "Study 1 cube", "Commit Secret Map", "Declare the Stealth Value")
    return g


def _slot(g, i):
    """Space i (0 = top) of the game's Alert Card, from the data."""
    return g.compiled.loaded.data.alert[g.config.alert].slots[i]


def test_omega_student_drawn(h):
    g = _failing_study(h)
    d = g.to_dict()
    assert h.player(g, "Sofia")["stun"] == 1
    # the top free space of the Alert Card: its Alert Bonus from now on
    assert d["alert"]["omega_placed"] == 1 and d["alert"]["bonus"] == _slot(g, 0).bonus
    # University replenished: the space's grey Students x 2 players, and its Omega Student
    assert d["university"] == {"students": _slot(g, 0).students_per_player * 2, "omega": _slot(g, 0).omega}
    # the Bonfire is emptied into the Reserve
    assert d["bonfire"] == 0
    # a Jinx Card face down, hidden from the others, not yet in effect
    sofia = h.player(g, "Sofia")
    assert sofia["jinx"] == [{"name": "Twisted Ankle", "face": "down"}] and sofia["speed"] == 4
    assert g.observation(1)["players"][0]["jinx"] == [{"name": "hidden", "face": "down"}]
    assert g.observation(0)["players"][0]["jinx"] == [{"name": "hidden", "face": "down"}]
    assert g.check_invariants() is None
    # revealed at the next End of Turn Phase
    do(g, "End the turn")
    sofia = h.player(g, "Sofia")
    assert {"name": "Twisted Ankle", "face": "up"} in sofia["jinx"] and sofia["speed"] == 3


def test_the_alert_bonus_of_the_next_space(h):
    g = _failing_study(h, omegas=1)
    d = g.to_dict()
    assert d["alert"]["omega_placed"] == 2 and d["alert"]["bonus"] == _slot(g, 1).bonus
    assert d["university"] == {"students": _slot(g, 1).students_per_player * 2, "omega": 1}


def test_replenishment_uses_the_player_level(h):
    g = _failing_study(h, level="scholars", players=3)
    assert g.to_dict()["university"] == {"students": _slot(g, 0).students_per_player * (3 - 1), "omega": 1}


def test_replenishment_limited_by_the_reserve(h):
    sc = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").students("Sofia", 0)
          .hand("Sofia", ["Secret Map", "Letter of Introduction"]).hand("Valerio", [])
          .university(students=0, omega=1).turn("Sofia", phase="action"))
    spare = int(sc.state()[L.S_RES_GREY])
    sc.students("Valerio", 4 + spare - 2)  # only 2 grey Students left in the Reserve
    g = sc.build()
    do(g, "Study", "Study 1 cube", "Commit Secret Map", "Declare the Stealth Value")
    # 6 were wanted: all those available went in
    assert g.to_dict()["university"] == {"students": 2, "omega": 1}
    assert g.to_dict()["reserve"]["students"] == 0


def test_full_bonfire_sends_students_to_the_reserve(h):
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").hand("Sofia", ["Secret Map"]).bonfire(6)
         .university(students=5, omega=0).turn("Sofia", phase="movement").build())
    reserve = g.to_dict()["reserve"]["students"]
    do(g, "Play Secret Map: Exploration 3")
    d = g.to_dict()
    assert d["bonfire"] == 6 and d["reserve"]["students"] == reserve + 1 and d["university"]["students"] == 4


def test_university_runs_dry(h):
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").hand("Sofia", ["Secret Map", "Lantern"])
         .university(students=0, omega=0).turn("Sofia", phase="movement").build())
    do(g, "Play Secret Map: Exploration 3")  # draws nothing, still gives the Speed
    assert g.to_dict()["bonfire"] == 0 and g.to_dict()["speed_left"] == 4 + 3


# --------------------------------------------------------------- Trick deck
def test_the_trick_deck_reshuffles_the_discards(h):
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3")
         .hand("Sofia", ["Faculty Dinner", "Lantern"]).deck(["Smoke Bomb"]).turn("Sofia").build())
    d = g.to_dict()
    assert d["deck"] == ["Smoke Bomb"]
    discarded = sum(d["discard"].values())
    do(g, "Explore", "Play Faculty Dinner: Social 2")  # sacrifice 1, draw 2
    d = g.to_dict()
    assert h.player(g, "Sofia")["hand_size"] == 1 + 2 and "Smoke Bomb" in h.player(g, "Sofia")["hand"]
    assert len(d["deck"]) == discarded - 1  # the discards became the deck
    assert d["discard"] == {"Faculty Dinner": 1}  # the card just played (it was on the table)
    assert g.check_invariants() is None


# --------------------------------------------------------- Auxiliary Effects
def _mover(h, hand, bonfire=0):
    return (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").hand("Sofia", hand).bonfire(bonfire)
            .university(students=10, omega=0).turn("Sofia", phase="movement").build())


@pytest.mark.parametrize(("card", "effect", "speed", "drawn"), [
    ("Lantern", "Exploration 1", 1, 0), ("Rope and Grapple", "Exploration 2", 2, 0),
    ("Secret Map", "Exploration 3", 3, 1),
])
def test_exploration(h, card, effect, speed, drawn):
    g = _mover(h, [card, "Smoke Bomb"])
    do(g, f"Play {card}: {effect}")
    assert g.to_dict()["speed_left"] == 4 + speed and g.to_dict()["bonfire"] == drawn
    # also in the Action Phase
    g = _mover(h, [card, "Smoke Bomb"])
    do(g, "End the Movement Phase", f"Play {card}: {effect}")
    assert g.to_dict()["speed_left"] == speed and g.phase() == "action"


@pytest.mark.parametrize(("card", "effect", "gain", "bonfire", "drawn"), [
    ("Autograph", "Notoriety 1", 1, 2, 0), ("Public Lecture", "Notoriety 2", 2, 3, 0),
    ("Public Lecture", "Notoriety 2", 1, 1, 0),  # "if available"
    ("Honorary Degree", "Notoriety 3", 3, 3, 1), ("Honorary Degree", "Notoriety 3", 1, 0, 1),
])
def test_notoriety_takes_from_the_bonfire_if_available(h, card, effect, gain, bonfire, drawn):
    g = _mover(h, [card, "Smoke Bomb"], bonfire=bonfire)
    students = h.player(g, "Sofia")["students"]
    do(g, f"Play {card}: {effect}")
    assert h.player(g, "Sofia")["students"] == students + gain
    assert g.to_dict()["bonfire"] == bonfire + drawn - gain
    assert g.to_dict()["university"]["students"] == 10 - drawn


def test_notoriety_is_not_instant(h):
    g = _stealth(h, valerio=["Autograph", "Smoke Bomb"])
    assert not any(t.startswith("Play Autograph") for t in h.legal_text(g))


def test_social(h):
    g = _mover(h, ["Letter of Introduction", "Faculty Dinner", "Blackmail"])
    do(g, "Play Letter of Introduction: Social 1")
    assert h.player(g, "Sofia")["hand_size"] == 2 + 1
    do(g, "Play Faculty Dinner: Social 2")
    assert h.player(g, "Sofia")["hand_size"] == 2 + 2 and h.player(g, "Sofia")["students"] == 2
    do(g, "Play Blackmail: Social 3 (draw)")
    assert h.player(g, "Sofia")["hand_size"] == 3 + 2 and h.player(g, "Sofia")["students"] == 1


def test_social_costs_a_student(h):
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").students("Sofia", 0)
         .hand("Sofia", ["Faculty Dinner", "Blackmail", "Lantern"]).turn("Sofia", phase="movement").build())
    assert not any("Faculty Dinner" in t or "Blackmail" in t for t in h.legal_text(g))


def test_social_3_during_an_opponents_test(h):
    g = _stealth(h, valerio=["Blackmail"])
    do(g, "Play Blackmail: Social 3 (make discard)")  # the only target with cards: Sofia (forced)
    assert g.phase() == "discard" and g.current_player() == 0  # the target chooses the card
    do(g, "Discard Smoke Bomb")
    assert "Smoke Bomb" not in h.player(g, "Sofia")["hand"]


def _stealth(h, sofia=("Lantern", "Smoke Bomb", "Crystal Ball"), valerio=(), top=()):
    """Sofia's Study in I-3 (Alert 3), declared with a Lantern (2); Valerio's window open."""
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
         .hand("Sofia", list(sofia)).hand("Valerio", list(valerio)).university(students=10, omega=0)
         .deck_top(list(top)).turn("Sofia", phase="action").build())
    do(g, "Study", "Study 1 cube", "Commit Lantern", "Declare the Stealth Value")
    return g


@pytest.mark.parametrize(("card", "effect", "n", "drawn"), [
    ("Smoke Bomb", "Subterfuge 1", 1, 0), ("Disguise", "Subterfuge 2", 2, 1), ("False Trail", "Subterfuge 3", 3, 1),
])
def test_subterfuge(h, card, effect, n, drawn):
    g = _stealth(h, valerio=[card, "Lantern"])
    do(g, f"Play {card}: {effect} (Alert)")
    t = h.test_of(g)
    assert (t["alert_value"], t["stealth_value"]) == (3 + n, 2) and g.to_dict()["bonfire"] == drawn
    g = _stealth(h, valerio=[card, "Lantern"])
    do(g, f"Play {card}: {effect} (Stealth)")  # an opponent may help
    assert h.test_of(g)["stealth_value"] == 2 + n


@pytest.mark.parametrize(("card", "effect", "top", "best", "drawn"), [
    ("Crystal Ball", "Spell 1", ["Fate 4", "Fate 5"], 4, 0),  # only the first card counts
    ("Tarot Deck", "Spell 2", ["Lantern", "Fate 4", "Fate 5"], 4, 1),
    ("Astral Mirror", "Spell 3", ["Lantern", "Autograph", "Fate 5", "Fate 4"], 5, 2),
])
def test_spell_divination(h, card, effect, top, best, drawn):
    g = _stealth(h, valerio=[card, "Lantern"], top=top)
    do(g, f"Play {card}: {effect} (Alert)")
    t = h.test_of(g)
    assert t["alert_value"] == 3 + best and g.to_dict()["bonfire"] == drawn
    n = int(effect[-1])  # n cards revealed: the next one is on top now
    assert g.to_dict()["deck"][-1] == top[n]
    g = _stealth(h, sofia=("Lantern", card, "Smoke Bomb"), top=top)  # her own last say
    do(g, f"Play {card}: {effect} (Stealth)")
    assert h.test_of(g)["stealth_value"] == 2 + best


@pytest.mark.parametrize(("card", "n"), [("Fate 4", 4), ("Fate 5", 5)])
def test_fate(h, card, n):
    g = _stealth(h, valerio=[card, "Lantern"])
    do(g, f"Play {card}: {card} Alert")
    assert h.test_of(g)["alert_value"] == 3 + n and g.to_dict()["bonfire"] == 2
    g = _stealth(h, sofia=("Lantern", card, "Smoke Bomb"))
    do(g, f"Play {card}: {card} Stealth")
    assert h.test_of(g)["stealth_value"] == 2 + n and g.to_dict()["bonfire"] == 1


def test_test_effects_are_not_played_outside_a_test(h):
    g = _mover(h, ["Smoke Bomb", "Crystal Ball", "Fate 5", "Lantern"])
    plays = {t.split(":")[0] for t in h.legal_text(g) if t.startswith("Play")}
    assert plays == {"Play Lantern"}


def test_students_are_drawn_at_once_then_omegas_resolved(h):
    """'Draw the indicated number of Students ... Place all the gray Students drawn
    into the free spaces of the Bonfire ... If an Omega Student was drawn, follow
    the rules': Spell 3 draws 2 from a bag of 1 grey + 1 Omega. Whatever the
    order, the grey one reaches the Bonfire and the Omega empties it; the
    replenishment comes after the draw."""
    for seed in range(8):
        g = (h.scenario(seed=seed).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
             .hand("Sofia", ["Lantern", "Smoke Bomb"]).hand("Valerio", ["Astral Mirror", "Lantern"])
             .university(students=1, omega=1).jinx_top(["Curse of the Owl"])
             .turn("Sofia", phase="action").build())
        reserve = g.to_dict()["reserve"]["students"]
        do(g, "Study", "Study 1 cube", "Commit Lantern", "Declare the Stealth Value",
           "Play Astral Mirror: Spell 3 (Alert)")
        d = g.to_dict()
        assert d["bonfire"] == 0 and d["alert"]["omega_placed"] == 1
        per = g.compiled.loaded.data.alert[g.config.alert].slots[0].students_per_player
        refill = min(per * 2, reserve + 1)  # the grey one came back from the Bonfire first
        assert d["university"] == {"students": refill, "omega": 1}
        assert d["reserve"]["students"] == reserve + 1 - refill
        assert h.player(g, "Valerio")["jinx"] == [{"name": "Curse of the Owl", "face": "down"}]
