"""A Sacrifice with Student Congregations: which Student goes is the Scholar's choice.

The base rulebook ("Stun Tokens", rule 1): "he can Sacrifice one of his Students"; Espionage
step 1: "First, you must Sacrifice a Student!". Rocca Civetta ("Student Congregations"): "Each
Student belonging to a Congregation works exactly like a standard Student", and Phi: "When you
Sacrifice a Phi Student: take a standard Student from the Reserve". So a Scholar holding more
than one kind chooses, one Student at a time (the phase ``sacrifice``); with one kind there is
nothing to choose and nothing is asked.
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.config import GameConfig
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.scenario import Scenario, do

CG = ("rocca_civetta", "congregations")
IOTA, ZETA, PHI, LAMBDA = range(4)
STANDARD, SAC_PHI, SAC_IOTA = "Sacrifice a standard Student", "Sacrifice a Phi Student", "Sacrifice an Iota Student"


def _sc(h, modules=CG):
    return Scenario(GameConfig(players=2, scholars=["Sofia", "Valerio"], clan="Blood Worshipers", modules=modules,
                               data=[h.config().data], overrides={"rules.failure_students": 1}), seed=1)


def _held(g, seat=0):
    return [int(g.state[pf(seat, L.PF_CONGREGATION) + c]) for c in range(4)]


def _spy(h, sc):
    """Sofia in I-3 with Valerio (2 militia cubes), her Action Phase."""
    return (sc.place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3").cubes("Valerio", militia=2)
            .hand("Sofia", ["Secret Map"]).hand("Valerio", []).turn("Sofia", phase="action").build())


def test_espionage_paid_with_a_phi_gets_a_standard_student_back(h):
    """"First, you must Sacrifice a Student!" with a standard and a Phi Student: she chooses; the
    Phi pays and "take[s] a standard Student from the Reserve" (her turn): two standard left."""
    g = _spy(h, _sc(h).students("Sofia", 1).congregation_students("Sofia", phi=1))
    res, phis = int(g.state[L.S_RES_GREY]), int(g.state[L.S_RES_CONGREGATION + PHI])
    do(g, "Espionage on seat 1 (Valerio): a militia cube")
    assert g.phase() == "sacrifice" and g.current_player() == 0
    assert h.legal_text(g) == [STANDARD, SAC_PHI]
    do(g, SAC_PHI)
    assert _held(g) == [0, 0, 0, 0] and h.player(g, "Sofia")["students"] == 2
    assert int(g.state[L.S_RES_GREY]) == res - 1 and int(g.state[L.S_RES_CONGREGATION + PHI]) == phis + 1
    # then the test, as without a choice: Stealth 1 against Alert 3 (the Rogue ignores Students), a failure
    assert h.test_of(g)["kind"] == "espionage" and g.phase() == "stun"
    assert g.check_invariants() is None


def test_espionage_paid_with_a_standard_student_keeps_the_phi(h):
    g = _spy(h, _sc(h).students("Sofia", 1).congregation_students("Sofia", phi=1))
    do(g, "Espionage on seat 1 (Valerio): a militia cube", STANDARD)
    assert _held(g) == [0, 0, 1, 0] and h.player(g, "Sofia")["students"] == 1
    assert h.test_of(g)["kind"] == "espionage" and g.phase() == "stun"


def _failed_study(h, sc):
    """Sofia fails a Study in I-3: the Stun Token (a Student may avoid it) comes first."""
    sc = (sc.place_zone("I-3", 0, -1).move("Sofia", "I-3").hand("Sofia", ["Secret Map", "Letter of Introduction"])
          .hand("Valerio", []).university_order(["grey"]))
    g = sc.turn("Sofia", phase="action").build()
    do(g, "Study", "Study 1 cube", "Commit Secret Map", "Declare the Stealth Value")
    assert g.phase() == "stun"
    return g


def test_a_stun_token_avoided_with_a_standard_student_keeps_the_iota_for_later(h):
    """"The moment a Scholar gets a Stun Token, he can Sacrifice one of his Students to avoid
    getting it": she keeps her Iota Student (its effect) and pays with a standard one."""
    g = _failed_study(h, _sc(h).students("Sofia", 1).congregation_students("Sofia", iota=1))
    bonfire = g.to_dict()["bonfire"]
    do(g, "Sacrifice a Student to avoid the Stun Token")
    assert g.phase() == "sacrifice" and h.legal_text(g) == [STANDARD, SAC_IOTA]
    do(g, STANDARD)
    sofia = h.player(g, "Sofia")
    assert sofia["stun"] == 0 and sofia["students"] == 1 and _held(g) == [1, 0, 0, 0]
    assert g.to_dict()["bonfire"] == bonfire + 1  # the failure's Student drawn after the choice
    assert g.check_invariants() is None


def test_a_stun_token_avoided_with_the_iota(h):
    g = _failed_study(h, _sc(h).students("Sofia", 1).congregation_students("Sofia", iota=1))
    iotas = int(g.state[L.S_RES_CONGREGATION + IOTA])
    do(g, "Sacrifice a Student to avoid the Stun Token", SAC_IOTA)
    assert _held(g) == [0, 0, 0, 0] and h.player(g, "Sofia")["students"] == 1
    assert int(g.state[L.S_RES_CONGREGATION + IOTA]) == iotas + 1 and h.player(g, "Sofia")["stun"] == 0


def test_one_kind_of_student_is_not_a_choice(h):
    """Nothing to choose, nothing asked: only Zeta Students, or only standard ones."""
    g = _failed_study(h, _sc(h).students("Sofia", 0).congregation_students("Sofia", zeta=2))
    do(g, "Sacrifice a Student to avoid the Stun Token")
    assert g.phase() != "sacrifice" and _held(g) == [0, 1, 0, 0] and h.player(g, "Sofia")["students"] == 1
    g = _failed_study(h, _sc(h).students("Sofia", 2))
    do(g, "Sacrifice a Student to avoid the Stun Token")
    assert g.phase() != "sacrifice" and h.player(g, "Sofia")["students"] == 1


def test_a_sacrifice_of_two_asks_for_each_student_while_there_is_a_choice(h):
    """Love Potion's cost, "sacrifice 2 Students", with a standard, a Phi and an Iota Student:
    the Phi first (a standard Student back), then the standard one; the Iota is kept."""
    sc = (_sc(h, modules=("main_effects", *CG)).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
          .hand("Sofia", ["Tarot Deck", "Autograph"]).hand("Valerio", []).students("Sofia", 1)
          .congregation_students("Sofia", phi=1, iota=1).cubes("Valerio", militia=1))
    g = sc.turn("Sofia", phase="action").build()
    do(g, "Main Effect: Love Potion")
    assert g.phase() == "sacrifice" and h.legal_text(g) == [STANDARD, SAC_IOTA, SAC_PHI]
    do(g, SAC_PHI)
    assert h.legal_text(g) == [STANDARD, SAC_IOTA]  # two standard Students now, and the Iota
    do(g, STANDARD)
    assert _held(g) == [1, 0, 0, 0] and h.player(g, "Sofia")["students"] == 2
    assert h.player(g, "Sofia")["cubes"]["militia"] == 1  # then the effect: Valerio Gave his cube
    assert g.check_invariants() is None


def test_the_rest_goes_at_once_when_one_kind_is_left(h):
    """Two to Sacrifice from a standard and a Zeta Student: after the first choice one kind is
    left, and the second Student goes without a question."""
    sc = (_sc(h, modules=("main_effects", *CG)).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
          .hand("Sofia", ["Tarot Deck", "Autograph"]).hand("Valerio", []).students("Sofia", 1)
          .congregation_students("Sofia", zeta=1))
    g = sc.turn("Sofia", phase="action").build()
    do(g, "Main Effect: Love Potion", "Sacrifice a Zeta Student")
    assert g.phase() != "sacrifice" and h.player(g, "Sofia")["students"] == 0 and _held(g) == [0, 0, 0, 0]
    assert g.check_invariants() is None


def test_the_heuristic_pays_with_the_phi_and_keeps_the_others():
    """The heuristic's choice: a Phi that gives a standard Student back costs nothing; else a
    standard Student; a Congregation Student last."""
    import numpy as np

    from agents.dungeonology.heuristic.rc_congregations import sacrifice_decision
    from sim.dungeonology.game import new_game

    g = new_game(GameConfig(players=2, modules=CG), seed=3)
    s, t = g.state.copy(), g.tables
    me = int(s[L.S_CUR])
    params, rng = np.zeros(64), np.zeros(4, np.uint64)
    kinds = np.array([L.A_STUDENT_KIND, L.A_STUDENT_KIND + 2 + IOTA, L.A_STUDENT_KIND + 2 + PHI], np.int64)
    assert sacrifice_decision(s, t, me, kinds, 3, params, rng) == L.A_STUDENT_KIND + 2 + PHI
    s[L.S_RES_GREY] = 0  # no standard Student to take back: the Phi is worth no more than a standard one
    assert sacrifice_decision(s, t, me, kinds, 3, params, rng) == L.A_STUDENT_KIND
    assert sacrifice_decision(s, t, me, kinds[1:], 2, params, rng) == L.A_STUDENT_KIND + 2 + IOTA
