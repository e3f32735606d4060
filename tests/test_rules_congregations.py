"""Student Congregations, the Rocca Civetta advanced rule ("Student
Congregations"): each test quotes the sentence it checks."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sim.dungeonology import layout as L
from sim.dungeonology.config import GameConfig
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.core.components.university import take_bonfire
from sim.dungeonology.scenario import Scenario, do
from sim.kit.errors import ConfigError, DataError

CG = ("rocca_civetta", "congregations")
NAMES = str(Path(__file__).parent / "data" / "rc_names")  # Caterina, Claudio; the Bosses Freddo, Jukas
IOTA, ZETA, PHI, LAMBDA = range(4)


def _sc(h, scholars=("Sofia", "Valerio"), modules=CG, data=None, **kw):
    kw.setdefault("overrides", {"rules.failure_students": 1})
    data = [h.config().data] + ([data] if data else [])
    return Scenario(GameConfig(players=len(scholars), scholars=list(scholars), clan="Blood Worshipers",
                               modules=modules, data=data, **kw), seed=1)


def _univ(g):
    s = g.state
    return int(s[L.S_UNIV_GREY]), [int(s[L.S_UNIV_CONGREGATION + c]) for c in range(4)]


def _held(g, seat):
    return [int(g.state[pf(seat, L.PF_CONGREGATION) + c]) for c in range(4)]


def _res(g):
    return [int(g.state[L.S_RES_CONGREGATION + c]) for c in range(4)]


def _bonfire(g):
    s = g.state
    return [L.STUDENT_KINDS[int(s[L.S_BONFIRE_KINDS + i])] for i in range(int(s[L.S_BONFIRE]))]


def _failing_study(sc, sofia_students=0, order=("iota",)):
    """Sofia fails a Study in I-3 (one Trick Card, the Zone alerted), then draws from the University.
    sofia_students: her standard Students (None: as the scenario set them)."""
    if sofia_students is not None:
        sc = sc.students("Sofia", sofia_students)
    sc = (sc.place_zone("I-3", 0, -1).move("Sofia", "I-3").hand("Sofia", ["Secret Map", "Letter of Introduction"])
          .hand("Valerio", []).university_order(list(order)))
    g = sc.turn("Sofia", phase="action").build()
    held = g.state[pf(0, L.PF_STUDENTS)] > 0
    do(g, "Study", "Study 1 cube", "Commit Secret Map", "Declare the Stealth Value")
    if held:
        do(g, "Take the Stun Token")
    return g


# ------------------------------------------------------------------ setup
def test_three_students_each_in_reserve_and_one_each_enters_the_university(h):
    """"Put 3 Students per Congregation in Reserve"; "During Game Setup, enter a Student for
    each Congregation among those in the Reserve at the University; these replace an
    equivalent number of standard Students"."""
    base = _sc(h, modules=()).build()
    g = _sc(h).build()
    grey, cong = _univ(g)
    assert cong == [1, 1, 1, 1] and _res(g) == [2, 2, 2, 2]
    assert grey == _univ(base)[0] - 4
    assert int(g.state[L.S_UNIV_OMEGA]) == int(base.state[L.S_UNIV_OMEGA])
    assert g.check_invariants() is None


def test_which_congregations_are_used_is_a_setting(h):
    """"Select the Congregations to be used from those available": GameConfig.congregations, or
    congregations.<Name>.used in the data."""
    g = _sc(h, overrides={"congregations.Iota.used": False, "congregations.Phi.used": False}).build()
    assert _univ(g)[1] == [0, 1, 0, 1] and _res(g) == [0, 2, 0, 2]
    assert g.check_invariants() is None
    with pytest.raises(DataError, match="Omicron.*allowed: Iota, Zeta, Phi, Lambda"):
        _sc(h, overrides={"congregations.Omicron.used": False})
    g = _sc(h, congregations=["Zeta", "lambda"]).build()  # the GameConfig setting
    assert _univ(g)[1] == [0, 1, 0, 1] and g.config.to_dict()["congregations"] == ["Zeta", "lambda"]
    assert GameConfig.from_dict(g.config.to_dict()) == g.config
    with pytest.raises(ConfigError, match=r"congregations\[1\].*allowed: Iota, Zeta, Phi, Lambda"):
        _sc(h, congregations=["Zeta", "Omicron"])
    with pytest.raises(ConfigError, match="only used with the 'congregations' module"):
        _sc(h, modules=(), congregations=["Zeta"])


@pytest.mark.parametrize(("scholars", "gone"), [(("Caterina", "Valerio"), ZETA), (("Sofia", "Claudio"), LAMBDA)])
def test_a_scholar_makes_a_congregation_unavailable(h, scholars, gone):
    """"Caterina (Scholar): if she participates in the game, the Zeta Congregation is not
    available." "Claudio (Scholar): ... the Lambda Congregation is not available." """
    g = _sc(h, scholars=scholars, data=NAMES).build()
    want = [0 if c == gone else 1 for c in range(4)]
    assert _univ(g)[1] == want and _res(g) == [2 * w for w in want]
    assert (int(g.state[L.S_CG_USED]) >> gone) & 1 == 0


def test_freddo_makes_iota_unavailable(h):
    """"Freddo (Boss): if he is the Boss of the game, the Iota Congregation is not available." """
    g = _sc(h, modules=("boss", *CG), data=NAMES, boss="freddo").build()
    assert _univ(g)[1] == [0, 1, 1, 1] and _res(g) == [0, 2, 2, 2]
    other = _sc(h, modules=("boss", *CG), data=NAMES, boss="jukas").build()
    assert (int(other.state[L.S_CG_USED]) >> IOTA) & 1 == 1


def test_jukas_keeps_the_phi_students_out_of_setup_only(h):
    """"Jukas (Boss): ... the Phi Congregation is used in the game, but the three Phi Students
    are not entered in the University during Game Setup"; they enter at a replenishment."""
    sc = _sc(h, modules=("boss", *CG), data=NAMES, boss="jukas")
    g = sc.build()
    assert _univ(g)[1] == [1, 1, 0, 1] and _res(g)[PHI] == 3
    g = _failing_study(_sc(h, modules=("boss", *CG), data=NAMES, boss="jukas").university(omega=1),
                       order=("omega",))
    assert _univ(g)[1][PHI] == 1 and _res(g)[PHI] == 2


# ---------------------------------------------------------- replenishment
def test_replenishment_first_inserts_one_per_congregation(h):
    """"Each time the University is replenished with the Students indicated on the Alert Card,
    first insert a Student for each Congregation among those found in Reserve, always replacing
    an equal number of standard Students." """
    sc = _sc(h).university(students=0, omega=1)
    for name in ("iota", "zeta", "phi", "lambda"):
        sc.university_congregation(**{name: 0})
    g = _failing_study(sc, order=("omega",))
    slot = g.compiled.loaded.data.alert[g.config.alert].slots[0]
    grey, cong = _univ(g)
    assert cong == [1, 1, 1, 1] and grey == slot.students_per_player * 2 - 4
    assert g.check_invariants() is None


def test_replenishment_completes_with_standard_students(h):
    """"If for any reason there are not enough ... or are no longer available, complete the
    filling with the standard Students." """
    sc = _sc(h).university(students=0, omega=1)
    for name in ("iota", "zeta", "phi", "lambda"):
        sc.university_congregation(**{name: 0})
    sc.congregation_students("Valerio", iota=3, zeta=3)  # the whole Reserve of two Congregations
    g = _failing_study(sc, order=("omega",))
    slot = g.compiled.loaded.data.alert[g.config.alert].slots[0]
    grey, cong = _univ(g)
    assert cong == [0, 0, 1, 1] and grey == slot.students_per_player * 2 - 2


# -------------------------------------------------------------- the draw
def test_a_drawn_congregation_student_can_be_kept_by_sacrificing_a_standard_one(h):
    """"When a Scholar draws a Student belonging to a Congregation, they can choose to Sacrifice
    a standard Student in their possession to keep it for themselves instead of placing it at
    the Bonfire." """
    g = _failing_study(_sc(h), sofia_students=2)
    texts = h.legal_text(g)
    assert texts == ["Sacrifice a standard Student to keep the Iota Student", "Place the Iota Student at the Bonfire"]
    res = int(g.state[L.S_RES_GREY])
    do(g, "Sacrifice a standard Student to keep the Iota Student")
    assert _held(g, 0) == [1, 0, 0, 0] and h.player(g, "Sofia")["students"] == 2
    assert int(g.state[L.S_RES_GREY]) == res + 1 and _bonfire(g) == []
    g = _failing_study(_sc(h), sofia_students=2)
    do(g, "Place the Iota Student at the Bonfire")
    assert _held(g, 0) == [0, 0, 0, 0] and _bonfire(g) == ["iota"]


def test_without_a_standard_student_the_drawn_one_goes_to_the_bonfire(h):
    g = _failing_study(_sc(h).students("Sofia", 0).congregation_students("Sofia", zeta=1), sofia_students=None)
    assert _bonfire(g) == ["iota"] and _held(g, 0) == [0, 1, 0, 0]
    assert g.check_invariants() is None


def test_phi_drawn_is_taken_without_sacrifice(h):
    """Phi: "When you draw a Phi Student from the University: take the Phi Student for yourself
    without sacrificing a standard Student." """
    g = _failing_study(_sc(h), order=("phi",))
    assert _held(g, 0) == [0, 0, 1, 0] and h.player(g, "Sofia")["students"] == 1 and _bonfire(g) == []


def test_the_current_player_orders_the_bonfire_and_the_last_is_taken_first(h):
    """"When more than one Student must be placed at the Campus Bonfire, the current player
    chooses the order"; "they must take them starting from the last one available (the one
    furthest from the slot with the arrow)"."""
    g = _failing_study(_sc(h, overrides={"rules.failure_students": 3}), order=("grey", "zeta", "grey"))
    assert g.phase() == "bonfire_order" and g.current_player() == 0
    assert h.legal_text(g) == ["Place a grey Student at the Bonfire", "Place a zeta Student at the Bonfire"]
    do(g, "Place a grey Student at the Bonfire", "Place a zeta Student at the Bonfire")
    assert _bonfire(g) == ["grey", "zeta", "grey"]
    s = g.state.copy()
    take_bonfire(s, 1, 2)  # Valerio gains two Students from the Bonfire: the last two
    assert [int(s[pf(1, L.PF_CONGREGATION) + c]) for c in range(4)] == [0, 1, 0, 0]
    assert int(s[L.S_BONFIRE]) == 1 and int(s[L.S_BONFIRE_KINDS]) == L.STUDENT_KINDS.index("grey")


def test_an_omega_student_in_the_draw_clears_the_bonfire_without_an_order(h):
    """The Omega Student drawn "Remove[s] all the Students present at the Campus Bonfire and
    put[s] them in the Reserve": the order cannot matter, it is not asked."""
    g = _failing_study(_sc(h, overrides={"rules.failure_students": 3}).university(omega=1),
                       order=("grey", "zeta", "omega"))
    assert _bonfire(g) == [] and int(g.state[L.S_ALERT_FILLED]) == 1
    assert g.check_invariants() is None


# -------------------------------------------------------- working as Students
# (a Sacrifice, which Student: tests/test_rules_sacrifice.py)


# ------------------------------------------------------------------ effects
def _action(h, sc, who="Sofia"):
    return sc.place_zone("I-3", 0, -1).move(who, "I-3").turn(who, phase="action").build()


def test_zeta_discards_two_stun_tokens(h):
    """Zeta: "Sacrifice a Zeta Student: discard two Stun Tokens." """
    g = _action(h, _sc(h).congregation_students("Sofia", zeta=1).stun("Sofia", 2))
    do(g, "Sacrifice 1 Zeta Student: discard 2 Stun Tokens")
    assert h.player(g, "Sofia")["stun"] == 0 and _held(g, 0) == [0, 0, 0, 0] and _res(g)[ZETA] == 2


def test_two_zeta_discard_a_jinx_card(h):
    """Zeta: "Sacrifice two Zeta Students: discard a Jinx Card." """
    sc = _sc(h).congregation_students("Sofia", zeta=2).jinx("Sofia", "Twisted Ankle", face="up")
    g = _action(h, sc)
    assert "Sacrifice 1 Zeta Student: discard 2 Stun Tokens" not in h.legal_text(g)
    do(g, "Sacrifice 2 Zeta Student: discard 1 Jinx Card")
    assert h.player(g, "Sofia")["jinx"] == [] and _held(g, 0) == [0, 0, 0, 0]
    g = _action(h, _sc(h).congregation_students("Sofia", zeta=1).jinx("Sofia", "Twisted Ankle", face="up"))
    assert not any(t.startswith("Sacrifice 2 Zeta") for t in h.legal_text(g))


def test_iota_guards_the_zone_until_the_owners_next_turn(h):
    """Iota: "place the Student in your Zone instead of the Reserve. As long as the Iota Student
    is in this Zone, the Information Cubes inside it cannot be collected except by you. Remove
    the Iota Student from the Zone at the start of your next turn, and put it in Reserve." """
    sc = _sc(h).congregation_students("Sofia", iota=1).hand("Valerio", ["Secret Map"])
    g = _action(h, sc)
    do(g, "Sacrifice 1 Iota Student: place it in your Zone")
    z = g.names.zones.index("I-3")
    assert int(g.state[L.S_ZIOTA + z]) == 1 and _res(g)[IOTA] == 1  # in the Zone, not the Reserve
    assert "Study" in h.legal_text(g)  # except by you
    sc2 = (_sc(h).hand("Valerio", ["Secret Map"]).hand("Sofia", []).university_order(["grey"])
           .place_zone("I-3", 0, -1).move("Valerio", "I-3"))
    g2 = sc2.zone_student("I-3", "Sofia").turn("Valerio", phase="action").build()
    assert "Study" not in h.legal_text(g2)
    assert _res(g2)[IOTA] == 1
    do(g2, "End the turn")
    assert int(g2.state[L.S_ZIOTA + z]) == 0 and _res(g2)[IOTA] == 2  # Sofia's turn began
    assert g2.check_invariants() is None


def test_lambda_places_a_trap_token_of_your_choice_in_any_zone(h):
    """Lambda: "Sacrifice a Lambda Student: place a Trap Token of your choice in any Dungeon Zone." """
    sc = _sc(h).congregation_students("Sofia", **{"lambda": 1}).place_zone("I-2", 1, 0)
    g = _action(h, sc)
    do(g, "Sacrifice 1 Lambda Student: place 1 Trap Token")
    assert h.legal_text(g) == ["Trap Token: ambush", "Trap Token: stop", "Trap Token: toll"]
    do(g, "Trap Token: toll")
    assert sorted(h.legal_text(g)) == ["Place the Trap Token on I-2", "Place the Trap Token on I-3"]
    do(g, "Place the Trap Token on I-2")
    z = g.names.zones.index("I-2")
    assert int(g.state[L.S_ZTRAP_KIND + z]) == L.ZK_AMBUSH + L.TRAP_KINDS.index("toll")
    assert g.check_invariants() is None


def test_gold_effects_in_an_opponents_turn_under_priority(h):
    """"Student Effects can be activated by a Scholar on their turn or, if the gold symbol ...
    is present, even during their opponents' turns, following the Priority rules" (Zeta's Stun
    effect carries it in our data; the Lambda's does not)."""
    sc = (_sc(h).congregation_students("Valerio", zeta=1, **{"lambda": 1}).stun("Valerio", 2).hand("Valerio", [])
          .place_zone("I-3", 0, -1).move("Valerio", "I-3").move("Sofia", "I-3").turn("Sofia", phase="action"))
    g = sc.build()
    do(g, "End the turn")
    assert g.current_player() == 1 and g.phase() == "priority"
    assert h.legal_text(g) == ["Pass", "Sacrifice 1 Zeta Student: discard 2 Stun Tokens"]
    do(g, "Sacrifice 1 Zeta Student: discard 2 Stun Tokens")
    assert h.player(g, "Valerio")["stun"] == 0


def test_base_games_see_no_congregation_state(h):
    g = _sc(h, modules=()).build()
    s = g.state
    assert not s[L.S_UNIV_CONGREGATION:L.S_UNIV_CONGREGATION + 4].any() and int(s[L.S_CG_USED]) == 0
    assert np.all(g.tables[L.T_CG_STUDENTS:L.T_CG_STUDENTS + 4] == 0)


# ---------------------------------------------------------------- play
ALL = ("boss", "dangerous_zones", "maximum_alert", "main_effects", *CG)


@pytest.mark.parametrize("modules", [CG, ALL], ids=["congregations", "all_four+congregations"])
def test_random_games_keep_every_invariant(modules):
    """Random play with the invariants checked after every action (Student conservation per
    kind: invariants 2, 3 and 120-122)."""
    from agents.batch import play_random
    from sim.dungeonology.config import compile_config
    from sim.dungeonology.core.checks.invariants import INVARIANTS

    for players in (2, 4):
        compiled = compile_config(GameConfig(players=players, modules=modules))
        _, err, _ = play_random(compiled, [7000 + i for i in range(150)], checks=True)
        bad = {int(e): INVARIANTS.get(int(e)) for e in err if e}
        assert not bad, (modules, players, bad)


def test_the_heuristic_plays_every_congregation_decision():
    """No decision goes to the heuristic's random fallback; the games keep, order and use
    Congregation Students."""
    from agents.dungeonology.heuristic import P_FALLBACKS
    from agents.python_agents import NumbaAgent
    from sim.dungeonology.game import new_game

    decided: set[int] = set()
    used = 0
    for i, (modules, players) in enumerate([(CG, 2), (CG, 4), (ALL, 2), (ALL, 4)] * 3):
        g = new_game(GameConfig(players=players, modules=modules), seed=300 + i)
        seats = [NumbaAgent("heuristic", seed=i * 10 + p) for p in range(players)]
        while not g.is_terminal():
            if len(g.legal_actions()) > 1:
                decided.add(int(g.state[L.S_PHASE]))
            a = seats[g.current_player()].act(g)
            used += L.A_CONGREGATION <= a < L.A_STUDENT_KIND
            g.apply(a)
        assert [x._params[P_FALLBACKS] for x in seats] == [0.0] * players
    assert L.PH_CG_CHOICE in decided and used > 0
