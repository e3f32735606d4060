"""Stealth Tests: "Study - Stealth Test", "Espionage - Stealth Test", "Stun
Tokens", and the Rocca Civetta cube keywords (Collect, Steal, Give)."""

from __future__ import annotations

import pytest

from sim.dungeonology import layout as L
from sim.dungeonology.scenario import do


def _study(h, *, sofia=("Lantern",), valerio=(), extra=None, **cubes):
    """Sofia (seat 0) in I-3 in her Action Phase; Valerio (seat 1) in I-3 too."""
    sc = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
          .hand("Sofia", list(sofia)).hand("Valerio", list(valerio)).university(students=12, omega=0))
    if cubes:
        sc.cubes("Sofia", **cubes)
    if extra:
        extra(sc)
    return sc.turn("Sofia", phase="action").build()


# ------------------------------------------------------------------- Study
def test_cubes_indicated_raise_the_alert_value():
    from sim import GameConfig
    from sim.dungeonology.scenario import Scenario
    cfg = GameConfig(players=2, scholars=["Valerio", "Sofia"], clan="Blood Worshipers",
                     overrides={"scholars.Valerio.intelligence": 5, 'zones."I-4".cubes': ["civilization"] * 5})
    g = (Scenario(cfg, seed=1).place_zone("I-4", 0, -1).move("Valerio", "I-4").hand("Valerio", ["Lantern"])
         .turn("Valerio", phase="action").build())
    do(g, "Study")
    alerts = []
    for n in range(1, 6):
        c = g.clone()
        do(c, f"Study {n} cube")
        alerts.append(c.to_dict()["test"]["alert_value"])
    assert alerts == [4 + x for x in (0, 1, 3, 6, 10)]  # I-4: Alert 4 (transcribed)


def test_alert_bonus_of_the_lowest_omega(h):
    for k, bonus in enumerate([0, 1, 2, 3, 4]):  # medium card
        g = _study(h, extra=lambda sc, k=k: sc.alert_omegas(k))
        do(g, "Study", "Study 1 cube")
        assert h.test_of(g)["alert_value"] == 3 + bonus


def test_at_least_one_card_and_the_study_bonus(h):
    g = _study(h, sofia=("Lantern", "Smoke Bomb"), civilization=3)  # an arrow at 3 cubes
    assert h.player(g, "Sofia")["study_bonus"] == 1
    do(g, "Study", "Study 1 cube")
    assert "Declare the Stealth Value" not in h.legal_text(g)  # at least one card
    do(g, "Commit Lantern")
    assert h.test_of(g)["stealth_value"] == 2
    do(g, "Declare the Stealth Value")
    assert h.test_of(g)["stealth_value"] == 3  # + Study Bonus
    # once declared, no more Bonus Values: only Auxiliary Effects
    assert not any(t.startswith("Commit") for t in h.legal_text(g))


def test_no_study_without_cards(h):
    g = _study(h, sofia=("Lantern",))
    do(g, "Play Lantern: Exploration 1")  # the hand is empty now
    assert "Study" not in h.legal_text(g)


def test_collect_skips_a_cube_whose_column_is_full(h):
    g = _study(h, sofia=("Fate 5", "Lantern"), civilization=8)
    do(g, "Study", "Study 1 cube", "Commit Fate 5", "Declare the Stealth Value")
    while h.test_of(g) is not None:
        do(g, "Pass")
    sofia = h.player(g, "Sofia")
    assert sofia["cubes"]["civilization"] == 8 and sofia["cubes"]["militia"] == 1
    assert h.zone(g, "I-3")["cubes"] == ["civilization", None, "worship"]


def test_collect_from_the_left(h):
    g = _study(h, sofia=("Fate 5", "Lantern"), extra=lambda sc: sc.zone_cubes("I-3", [None, "worship", "riches"]))
    do(g, "Study", "Study 2 cubes", "Commit Fate 5", "Declare the Stealth Value")
    while h.test_of(g) is not None:
        do(g, "Pass")
    assert h.player(g, "Sofia")["cubes"]["worship"] == 1 and h.player(g, "Sofia")["cubes"]["riches"] == 1
    assert h.zone(g, "I-3")["cubes"] == [None, None, None]


def test_study_windows_in_turn_order_with_instant_effects_only(h):
    g = (h.scenario(players=3).place_zone("I-3", 0, -1)
         .move("Sofia", "I-3").move("Valerio", "I-3").move("Rebecca", "I-3")
         .hand("Sofia", ["Lantern", "Smoke Bomb"])
         .hand("Valerio", ["Lantern", "Letter of Introduction", "Smoke Bomb", "Blackmail", "Autograph"])
         .hand("Rebecca", ["Crystal Ball"])
         .university(students=12, omega=0).turn("Sofia", phase="action").build())
    do(g, "Study", "Study 1 cube", "Commit Lantern", "Declare the Stealth Value")
    assert g.current_player() == 1  # the player on her left first
    plays = [t for t in h.legal_text(g) if t.startswith("Play")]
    # Subterfuge (Stealth Test timing) and Social 3 (Instant) only
    assert sorted({t.split(":")[0] for t in plays}) == ["Play Blackmail", "Play Smoke Bomb"]
    do(g, "Play Smoke Bomb: Subterfuge 1 (Alert)")
    assert g.current_player() == 1  # one card at a time, then her turn again
    assert h.test_of(g)["alert_value"] == 4
    do(g, "Pass")
    assert g.current_player() == 2
    do(g, "Play Crystal Ball: Spell 1 (Alert)")  # her only card: her window closes
    assert g.current_player() == 0 and g.phase() == "test_window"  # the last say


def test_study_failure_stun_and_student(h):
    g = _study(h, sofia=("Secret Map", "Smoke Bomb", "Letter of Introduction"))
    before = g.to_dict()
    do(g, "Study", "Study 1 cube", "Commit Secret Map", "Declare the Stealth Value", "Pass")
    # FAILURE: a Stun Token, which a Student may avoid
    assert g.phase() == "stun" and g.current_player() == 0
    do(g, "Take the Stun Token")
    d = g.to_dict()
    assert h.player(g, "Sofia")["stun"] == 1 and d["reserve"]["stun"] == before["reserve"]["stun"] - 1
    assert d["bonfire"] == before["bonfire"] + 1  # and a Student drawn to the Bonfire
    assert sum(h.player(g, "Sofia")["cubes"].values()) == 0


def test_stun_avoided_by_sacrificing_a_student(h):
    g = _study(h, sofia=("Secret Map", "Smoke Bomb"))
    do(g, "Study", "Study 1 cube", "Commit Secret Map", "Declare the Stealth Value", "Pass",
       "Sacrifice a Student to avoid the Stun Token")
    sofia = h.player(g, "Sofia")
    assert sofia["stun"] == 0 and sofia["students"] == 2


def test_no_students_no_choice(h):
    g = _study(h, sofia=("Secret Map", "Smoke Bomb", "Letter of Introduction"),
               extra=lambda sc: sc.students("Sofia", 0))
    do(g, "Study", "Study 1 cube", "Commit Secret Map", "Declare the Stealth Value", "Pass")
    assert h.player(g, "Sofia")["stun"] == 1 and g.phase() == "action"


# ------------------------------------------------------------- Stun cap
def test_stun_never_above_stamina(h):
    g = _study(h, sofia=("Secret Map", "Smoke Bomb", "Lantern"),
               extra=lambda sc: sc.stun("Sofia", 3).students("Sofia", 2))
    reserve = g.to_dict()["reserve"]["stun"]
    do(g, "Study", "Study 1 cube", "Commit Secret Map", "Declare the Stealth Value", "Pass")
    # no Stun Token can be gained: no sacrifice asked, nothing changes; play goes on
    assert h.player(g, "Sofia")["stun"] == 3 and h.player(g, "Sofia")["students"] == 2
    assert g.to_dict()["reserve"]["stun"] == reserve
    assert g.phase() == "action" and g.current_player() == 0


def test_headbutt_needs_room_for_a_stun_token(h):
    def game(stun):
        return (h.scenario(scholars=["Valerio", "Sofia"]).place_zone("I-3", 0, -1).move("Valerio", "I-3")
                .hand("Valerio", ["Secret Map", "Smoke Bomb"]).students("Valerio", 0).stun("Valerio", stun)
                .university(students=12, omega=0).turn("Valerio", phase="action").build())

    g = game(4)  # Stamina 4
    do(g, "Study", "Study 1 cube", "Commit Secret Map", "Declare the Stealth Value")
    assert g.current_player() == 0 and not any(t.startswith("Skill Headbutt") for t in h.legal_text(g))
    g = game(3)
    do(g, "Study", "Study 1 cube", "Commit Secret Map", "Declare the Stealth Value", "Skill Headbutt")
    assert h.player(g, "Valerio")["stun"] == 4 and h.test_of(g)["stealth_value"] == 1 + 2
    assert not any(t.startswith("Skill Headbutt") for t in h.legal_text(g))


def test_excess_stun_tokens_are_discarded(h):
    """Insomnia (Stamina -1) revealed while at Stamina: the excess is discarded."""
    g = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").stun("Sofia", 3)
         .jinx("Sofia", "Insomnia", face="down").hand("Sofia", []).university(students=12, omega=0)
         .turn("Sofia", phase="action").build())
    # the turn ended (nothing to do): the Jinx was revealed at the End of Turn Phase
    sofia = h.player(g, "Sofia")
    assert sofia["stamina"] == 2 and sofia["stun"] == 2
    assert g.check_invariants() is None


# --------------------------------------------------------------- Espionage
def _spy(h, players=2, **kw):
    sc = (h.scenario(players=players).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
          .cubes("Valerio", militia=2).university(students=12, omega=0))
    for who, cards in kw.items():
        sc.hand(who.capitalize(), cards)
    return sc


def test_espionage_windows_alternate_until_the_attacker_passes(h):
    g = _spy(h, sofia=["Secret Map", "Smoke Bomb", "Smoke Bomb", "Smoke Bomb"],
             valerio=["Smoke Bomb", "Smoke Bomb", "Smoke Bomb"]).turn("Sofia", phase="action").build()
    do(g, "Espionage on seat 1 (Valerio): a militia cube", "Commit Secret Map", "Declare the Stealth Value")
    t = h.test_of(g)
    assert (t["alert_value"], t["stealth_value"]) == (3, 1)  # Rogue: Students ignored
    seen = []
    for who, text in [(1, "Play Smoke Bomb: Subterfuge 1 (Alert)"), (1, "Pass"),
                      (0, "Play Smoke Bomb: Subterfuge 1 (Stealth)"), (0, "Pass"),
                      (1, "Play Smoke Bomb: Subterfuge 1 (Alert)"), (1, "Pass"),
                      (0, "Play Smoke Bomb: Subterfuge 1 (Stealth)"), (0, "Pass"),
                      (1, "Pass"), (0, "Pass")]:
        seen.append(g.current_player())
        assert g.current_player() == who, (text, seen)
        do(g, text)
    # the target passed, then the attacker passed: resolved, Stealth 3 < Alert 5
    assert (h.test_of(g)["stealth_value"], h.test_of(g)["alert_value"]) == (3, 5)
    assert g.phase() == "stun"  # FAILURE
    assert h.player(g, "Sofia")["cubes"]["militia"] == 0


def test_espionage_only_the_two_scholars_play(h):
    g = (_spy(h, players=3, sofia=["Secret Map", "Smoke Bomb"], valerio=["Smoke Bomb"],
              rebecca=["Smoke Bomb", "Fate 5"]).move("Rebecca", "I-3").turn("Sofia", phase="action").build())
    do(g, "Espionage on seat 1 (Valerio): a militia cube", "Commit Secret Map", "Declare the Stealth Value")
    actors = set()
    while h.test_of(g) is not None and g.phase() == "test_window":
        actors.add(g.current_player())
        do(g, "Pass")
    assert actors <= {0, 1} and 2 not in actors
    assert h.player(g, "Rebecca")["hand_size"] == 2


def test_espionage_failure_stun_and_student(h):
    g = (_spy(h, sofia=["Secret Map", "Smoke Bomb", "Letter of Introduction"], valerio=[]).students("Valerio", 0)
         .turn("Sofia", phase="action").build())
    before = g.to_dict()
    do(g, "Espionage on seat 1 (Valerio): a militia cube")
    assert h.player(g, "Sofia")["students"] == 2  # the sacrifice
    do(g, "Commit Secret Map", "Declare the Stealth Value", "Pass")
    assert g.phase() == "stun"
    do(g, "Sacrifice a Student to avoid the Stun Token")
    assert h.player(g, "Sofia")["students"] == 1 and h.player(g, "Sofia")["stun"] == 0
    assert g.to_dict()["bonfire"] == before["bonfire"] + 1
    assert h.player(g, "Valerio")["cubes"]["militia"] == 2


def test_espionage_needs_a_student(h):
    g = _spy(h, sofia=["Secret Map"]).students("Sofia", 0).turn("Sofia", phase="action").build()
    assert not any(t.startswith("Espionage") for t in h.legal_text(g))


def test_espionage_reaches_adjacent_linked_zones_only(h):
    sc = (h.scenario().place_zone("I-3", 0, -1).place_zone("II-4", 1, 0).hand("Sofia", ["Secret Map", "Lantern"])
          .cubes("Valerio", militia=1).move("Sofia", "I-3"))
    g = sc.move("Valerio", "Starting Zone").turn("Sofia", phase="action").build()
    assert not any(t.startswith("Espionage") for t in h.legal_text(g))  # Starting Zone: safe
    g = sc.move("Valerio", "II-4").turn("Sofia", phase="action").build()
    assert not any(t.startswith("Espionage") for t in h.legal_text(g))  # not adjacent
    g = sc.move("Sofia", "Starting Zone").turn("Sofia", phase="action").build()
    assert g.to_dict()["turn_of"] == 1  # from the Starting Zone: no Action at all
    # adjacent and linked
    g = (h.scenario().place_zone("I-3", 0, -1).place_zone("I-4", 0, -2).hand("Sofia", ["Secret Map", "Lantern"])
         .cubes("Valerio", militia=1).move("Sofia", "I-3").move("Valerio", "I-4")
         .turn("Sofia", phase="action").build())
    assert "Espionage on seat 1 (Valerio): a militia cube" in h.legal_text(g)
    # adjacent but Walled (another Floor)
    g = sc.move("Sofia", "Starting Zone").move("Valerio", "II-4").turn("Sofia", phase="action").build()
    assert g.to_dict()["turn_of"] == 1


def test_espionage_needs_a_passage_the_spy_can_use(h):
    """A Door the spy cannot open leaves the Passage Blocked for him: the Zone
    behind it is not Adjacent and Linked for his Espionage."""
    def game(**cubes):
        sc = (h.scenario().place_zone("II-4", 0, -1).place_zone("II-5", 0, -2, rotation=2)
              .move("Sofia", "II-4").move("Valerio", "II-5").cubes("Valerio", civilization=1)
              .hand("Sofia", ["Secret Map", "Lantern"]))
        if cubes:
            sc.cubes("Sofia", **cubes)
        return sc.turn("Sofia", phase="action").build()

    assert not any(t.startswith("Espionage") for t in h.legal_text(game()))
    assert any(t.startswith("Espionage on seat 1") for t in h.legal_text(game(militia=1, worship=1)))


# --------------------------------------------------------- Steal and Give
def test_steal_into_a_full_column_goes_to_the_reserve(h):
    g = (_spy(h, sofia=["Fate 5", "Lantern"]).cubes("Sofia", militia=6)
         .turn("Sofia", phase="action").build())
    reserve = g.to_dict()["reserve"]["cubes"]["militia"]
    do(g, "Espionage on seat 1 (Valerio): a militia cube", "Commit Fate 5", "Declare the Stealth Value")
    while h.test_of(g) is not None:
        do(g, "Pass")
    assert h.player(g, "Valerio")["cubes"]["militia"] == 1
    assert h.player(g, "Sofia")["cubes"]["militia"] == 6
    assert g.to_dict()["reserve"]["cubes"]["militia"] == reserve + 1


@pytest.mark.parametrize(("valerio_civ", "to_reserve"), [(0, False), (8, True)])
def test_give_moves_the_top_cube_or_to_the_reserve(h, valerio_civ, to_reserve):
    """Gossip: Give a Randomized Information to a Randomized Scholar."""
    sc = (h.scenario().place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
          .cubes("Sofia", civilization=2).jinx("Sofia", "Gossip", face="down")
          .university(students=10, omega=0).hand("Sofia", []))
    if valerio_civ:
        sc.cubes("Valerio", civilization=valerio_civ)
    reserve = int(sc.state()[L.S_RES_CUBES + 0])  # civilization, before the game goes on
    g = sc.turn("Sofia", phase="action").build()
    # the only action was the end of the turn: Gossip was revealed
    assert h.player(g, "Sofia")["cubes"]["civilization"] == 1
    assert h.player(g, "Valerio")["cubes"]["civilization"] == (8 if to_reserve else 1)
    assert g.to_dict()["reserve"]["cubes"]["civilization"] == reserve + (1 if to_reserve else 0)


def test_a_stun_token_paid_as_a_cost_cannot_be_avoided(h):
    """Headbutt's Stun Token is the price of the skill: it is taken even with
    Students to spare (no sacrifice is offered), so the skill stops at Stamina."""
    g = (h.scenario(scholars=["Valerio", "Sofia"]).place_zone("I-3", 0, -1).move("Valerio", "I-3")
         .hand("Valerio", ["Secret Map", "Smoke Bomb"]).students("Valerio", 4).stun("Valerio", 2)
         .university(students=12, omega=0).turn("Valerio", phase="action").build())
    do(g, "Study", "Study 1 cube", "Commit Secret Map", "Declare the Stealth Value", "Skill Headbutt")
    assert g.phase() == "test_window"  # no stun decision was asked
    assert h.player(g, "Valerio")["stun"] == 3 and h.player(g, "Valerio")["students"] == 4
    do(g, "Skill Headbutt")
    assert h.player(g, "Valerio")["stun"] == 4 and h.test_of(g)["stealth_value"] == 1 + 2 + 2
    assert not any(t.startswith("Skill Headbutt") for t in h.legal_text(g))
