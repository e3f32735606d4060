"""Main Effects advanced rule, part: Intern Cards, Protected Information Cubes,
the Zone Effect Token supply and placement, Exalted Sofia's two ACTION Main
Effects ("Game Setup" L, "Intern Cards", "Protected Information Cubes", "Zone
Effect Tokens", "Game Scoring"; Rocca Civetta "Lose", "Give", "Protected").

The Main Effect play framework is another part of the rule: here the effect
steps (opcodes gain_intern, place_trap, place_teleport, place_teleport_left,
place_secret_passage) run through an Auxiliary Effect given them by a data
override, with the real actions."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from agents.dungeonology.heuristic import act
from sim import GameConfig
from sim.dungeonology import layout as L
from sim.dungeonology.core.rules.main_effects.chain import action_limit
from sim.dungeonology.core.rules.main_effects.tokens import return_trap_token
from sim.dungeonology.game import new_game
from sim.dungeonology.loader import DATA_DIR, load_data
from sim.dungeonology.scenario import do
from sim.kit.errors import ConfigError, DataError

ME = ("main_effects",)


def _steps(*ops):
    return [[{"op": op} for op in ops] + [{"op": "speed", "n": 2}]]


def _config_with(ops=("gain_intern",)):
    """Rope and Grapple (Climbing Intern) runs `ops` then Speed 2."""
    return {"rules": ME, "overrides": {'auxiliary."Exploration 2".options': _steps(*ops)}}


def _play_rope(g):
    do(g, "Play Rope and Grapple")
    return g


def _mover(h, who="Sofia", ops=("gain_intern",), **build):
    sc = (h.scenario(**_config_with(ops)).place_zone("I-3", 0, -1).place_zone("I-4", 0, -2)
          .move("Sofia", "I-3").move("Valerio", "I-3")
          .hand("Sofia", ["Rope and Grapple"]).hand("Valerio", ["Rope and Grapple"]))
    return sc


# ------------------------------------------------------------------ setup L
def test_setup_puts_every_intern_in_the_deck():
    g = new_game(GameConfig(players=2, rules=ME), seed=4)
    d = g.to_dict()
    assert len(d["intern_deck"]) == 10 and len(set(d["intern_deck"])) == 10
    assert all(p["interns"] == [] for p in d["players"])
    assert d["reserve"]["teleport_tokens"] == 3 and d["reserve"]["secret_passage_markers"] == 6
    assert d["reserve"]["trap_tokens"] == {"ambush": 3, "stop": 3, "toll": 3}
    assert g.observation(0)["reserve"]["trap_tokens"] == 9  # kinds hidden
    assert g.check_invariants() is None


def test_setup_l_draws_no_random_number():
    """The Intern deck is never drawn from (Interns are taken by name): the
    shuffle is not simulated, so the rule changes nothing else at setup."""
    a = new_game(GameConfig(players=3), seed=9)
    b = new_game(GameConfig(players=3, rules=ME), seed=9)
    assert np.array_equal(a.state, b.state)


# --------------------------------------------------------- gain and steal
def test_first_player_of_the_card_takes_the_intern(h):
    g = _mover(h).turn("Sofia", phase="movement").build()
    speed = g.to_dict()["speed_left"]
    _play_rope(g)
    sofia = h.player(g, "Sofia")
    assert sofia["interns"] == ["Climbing Intern"]
    assert "Climbing Intern" not in g.to_dict()["intern_deck"]
    assert g.to_dict()["speed_left"] == speed + 2
    assert sofia["speed"] == 4 + 1  # the Intern's passive, in force at once
    assert g.check_invariants() is None


def test_second_player_of_the_same_card_steals_the_intern(h):
    g = _mover(h).intern("Sofia", "Climbing Intern").turn("Valerio", phase="movement").build()
    assert h.player(g, "Sofia")["speed"] == 5
    _play_rope(g)
    assert h.player(g, "Valerio")["interns"] == ["Climbing Intern"]
    assert h.player(g, "Sofia")["interns"] == [] and h.player(g, "Sofia")["speed"] == 4
    assert g.check_invariants() is None


def test_intern_of_a_scholar_who_left_the_game_stays_his(h):
    """A successful Thesis removes the Scholar from the game and from every
    effect: his final score (with the Intern's points) does not change."""
    g = (_mover(h).intern("Valerio", "Climbing Intern").cubes("Valerio", caste=2, riches=2, worship=1)
         .submitted("Valerio").turn("Sofia", phase="movement").build())
    _play_rope(g)
    assert h.player(g, "Valerio")["interns"] == ["Climbing Intern"] and h.player(g, "Sofia")["interns"] == []
    assert g.result()["seats"][1]["breakdown"]["intern_bonus"] == 1


def test_intern_of_a_scholar_in_the_starting_zone_cannot_be_stolen(h):
    g = (_mover(h).intern("Valerio", "Climbing Intern").move("Valerio", "Starting Zone")
         .turn("Sofia", phase="movement").build())
    _play_rope(g)
    assert h.player(g, "Valerio")["interns"] == ["Climbing Intern"] and h.player(g, "Sofia")["interns"] == []


def test_playing_it_again_keeps_the_intern(h):
    g = _mover(h).intern("Sofia", "Climbing Intern").turn("Sofia", phase="movement").build()
    _play_rope(g)
    assert h.player(g, "Sofia")["interns"] == ["Climbing Intern"]


def test_without_the_rule_no_intern_passive(h):
    with pytest.raises(ConfigError, match="Main Effects rule"):
        h.scenario().intern("Sofia", "Seer Intern")


@pytest.mark.parametrize(("intern", "field", "delta"), [
    ("Seer Intern", "intelligence", 1), ("Steward Intern", "hand_value", 1),
    ("Informant Intern", "stamina", 1), ("Climbing Intern", "speed", 1),
    ("Orator Intern", "study_bonus", 1),
])
def test_intern_passives_while_owned(h, intern, field, delta):
    base = h.player(h.scenario(rules=ME).build(), "Sofia")[field]
    g = h.scenario(rules=ME).intern("Sofia", intern).build()
    assert h.player(g, "Sofia")[field] == base + delta
    assert h.player(g, "Valerio")[field] == h.player(h.scenario(rules=ME).build(), "Valerio")[field]


def test_forger_lowers_the_alert_value_of_the_owners_tests(h):
    g = (h.scenario(rules=ME).place_zone("I-3", 0, -1).move("Sofia", "I-3").intern("Sofia", "Forger Intern")
         .hand("Sofia", ["Lantern", "Smoke Bomb"]).turn("Sofia", phase="action").build())
    do(g, "Study", "Study 1 cube")
    assert h.test_of(g)["alert_value"] == 3 - 1


def test_stolen_stamina_intern_discards_the_extra_stun(h):
    """Blackmail's Intern (Stamina +1) taken from Valerio with 4 Stun Tokens:
    his Stamina is 3 again at once, the extra token goes back."""
    cfg = {"rules": ME, "overrides": {'auxiliary."Social 3".options': _steps("gain_intern")}}
    sc = (h.scenario(**cfg).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
          .hand("Sofia", ["Blackmail"]))
    base = h.player(sc.build(), "Valerio")["stamina"]
    g = sc.intern("Valerio", "Informant Intern").stun("Valerio", base + 1).turn("Sofia", phase="movement").build()
    assert h.player(g, "Valerio")["stamina"] == base + 1
    do(g, "Play Blackmail")
    assert h.player(g, "Sofia")["interns"] == ["Informant Intern"]
    assert h.player(g, "Valerio")["stun"] == base and g.check_invariants() is None


# ------------------------------------------------------- Protected cubes
def _espionage(h, intern):
    """The rulebook's Espionage example, Valerio owning `intern`."""
    sc = (h.scenario(rules=ME).place_zone("I-3", x=0, y=-1).move("Sofia", "I-3").move("Valerio", "I-3")
          .cubes("Sofia", civilization=1).cubes("Valerio", militia=2).students("Valerio", 4)
          .hand("Sofia", ["Rope and Grapple", "Secret Map", "Autograph", "Autograph"])
          .hand("Valerio", ["Smoke Bomb"]).university(students=10, omega=0)
          .deck_top(["Fate 5", "Rope and Grapple"]))
    if intern:
        sc.intern("Valerio", intern)
    g = sc.turn("Sofia", phase="action").build()
    do(g, "Espionage on seat 1 (Valerio): a militia cube", "Commit Rope and Grapple", "Commit Secret Map",
       "Declare the Stealth Value", "Pass", "Skill Rogue", "Skill Rogue", "Pass")
    return g


def test_stolen_protected_cube_may_be_kept(h):
    g = _espionage(h, "Lookout Intern")  # militia shield
    assert g.phase() == "protect_cube" and g.current_player() == 1
    assert h.legal_text(g) == ["Keep the Protected militia cube", "Lose the Protected militia cube"]
    do(g, "Keep the Protected militia cube")
    assert (h.player(g, "Sofia")["cubes"]["militia"], h.player(g, "Valerio")["cubes"]["militia"]) == (0, 2)
    # the test is over (a SUCCESS that took nothing); Sofia's empty hand ends her turn
    assert h.test_of(g) is None and g.to_dict()["turn_of"] == 1 and g.check_invariants() is None


def test_stolen_protected_cube_may_be_given_up(h):
    g = _espionage(h, "Lookout Intern")
    do(g, "Lose the Protected militia cube")
    assert (h.player(g, "Sofia")["cubes"]["militia"], h.player(g, "Valerio")["cubes"]["militia"]) == (1, 1)


def test_unprotected_colour_is_stolen_without_asking(h):
    g = _espionage(h, "Acolyte Intern")  # worship shield only
    assert g.phase() != "protect_cube"
    assert h.player(g, "Sofia")["cubes"]["militia"] == 1


def _reveal(h, jinx, intern, cubes):
    sc = (h.scenario(rules=ME).place_zone("I-3", 0, -1).place_zone("I-4", 0, -2).move("Sofia", "I-3")
          .move("Valerio", "I-3").jinx("Sofia", jinx, face="down").hand("Sofia", []).hand("Valerio", [])
          .university(students=10, omega=0).cubes("Sofia", **cubes))
    if intern:
        sc.intern("Sofia", intern)
    return sc.turn("Sofia", phase="action").build()  # nothing to do: the turn ends, the card is revealed


def test_lose_effect_on_a_protected_cube_asks_the_owner(h):
    g = _reveal(h, "Lost Notes", "Acolyte Intern", {"worship": 2})
    assert g.phase() == "protect_cube" and g.current_player() == 0
    do(g, "Keep the Protected worship cube")
    assert h.player(g, "Sofia")["cubes"]["worship"] == 2 and g.check_invariants() is None
    g = _reveal(h, "Lost Notes", "Acolyte Intern", {"worship": 2})
    do(g, "Lose the Protected worship cube")
    assert h.player(g, "Sofia")["cubes"]["worship"] == 1 and g.check_invariants() is None


def test_give_is_not_protected(h):
    g = _reveal(h, "Gossip", "Acolyte Intern", {"worship": 2})
    assert g.phase() != "protect_cube"
    assert h.player(g, "Sofia")["cubes"]["worship"] == 1
    assert h.player(g, "Valerio")["cubes"]["worship"] == 1


def _thesis_fail(h, intern):
    """Golden Horns (Target 28): Valerio's 25 fails; Caste is lost first."""
    sc = (h.scenario(clan="Golden Horns", rules=ME).place_zone("I-3", 0, -1).move("Valerio", "I-3")
          .cubes("Valerio", civilization=5, riches=2, caste=1).jinx_top(["Twisted Ankle"]))
    if intern:
        sc.intern("Valerio", intern)
    g = sc.turn("Valerio", phase="activity").build()
    do(g, "Submit the Thesis")
    return g


def test_thesis_failure_loss_is_a_lose(h):
    g = _thesis_fail(h, "Laureate Intern")  # caste shield, 3 PT
    assert g.phase() == "protect_cube"
    do(g, "Keep the Protected caste cube")
    v = h.player(g, "Valerio")
    assert v["cubes"]["caste"] == 1 and v["cubes"]["riches"] == 2  # no other cube is lost instead
    assert g.to_dict()["turn_of"] == 0 and g.check_invariants() is None


def test_thesis_failure_without_protection(h):
    g = _thesis_fail(h, "Cartographer Intern")
    assert h.player(g, "Valerio")["cubes"]["caste"] == 0 and g.to_dict()["turn_of"] == 0


def test_drop_protected_only_when_nothing_else_is_held(h):
    cfg = {"rules": ME, "overrides": {'auxiliary."Exploration 2".options': [[{"op": "drop"}]]}}
    base = (h.scenario(**cfg).place_zone("I-3", 0, -1).move("Sofia", "I-3")
            .hand("Sofia", ["Rope and Grapple"]).intern("Sofia", "Acolyte Intern"))
    g = base.cubes("Sofia", worship=1, civilization=1).turn("Sofia", phase="movement").build()
    do(g, "Play Rope and Grapple", "Drop a worship cube")  # an unprotected cube was at hand
    assert h.player(g, "Sofia")["cubes"]["worship"] == 0
    g = (h.scenario(**cfg).place_zone("I-3", 0, -1).move("Sofia", "I-3").hand("Sofia", ["Rope and Grapple"])
         .intern("Sofia", "Acolyte Intern").cubes("Sofia", worship=1).turn("Sofia", phase="movement").build())
    do(g, "Play Rope and Grapple")
    assert g.phase() == "protect_cube"  # the only colour held: the shield may refuse the Drop
    do(g, "Keep the Protected worship cube")
    assert h.player(g, "Sofia")["cubes"]["worship"] == 1 and g.phase() == "movement"


def test_heuristic_keeps_protected_cubes(h):
    g = _espionage(h, "Lookout Intern")
    buf = np.zeros(L.MAX_LEGAL, np.int64)
    legal = g.legal_actions()
    buf[: len(legal)] = legal
    a = act(g.state, g.tables, buf, len(legal), np.array([0.5, 0.4, 0.4, 0.67, 0.5, 0.5, 0.6, 0.0]),
            np.zeros(L.STATE_SIZE, np.int64))
    assert g.action_to_string(int(a)) == "Keep the Protected militia cube"


# ----------------------------------------------------------------- scoring
def test_intern_points_at_game_scoring_not_in_the_thesis(h):
    """Golden Horns Target 28: 25 on the Note Board plus a 3 PT Intern still
    fails; the points count in the final score."""
    g = _thesis_fail(h, "Laureate Intern")
    assert g.to_dict()["board_points"][1] == 25
    do(g, "Lose the Protected caste cube")
    assert h.player(g, "Valerio")["thesis"] is None
    res = g.result()["seats"][1]
    assert res["breakdown"]["intern_bonus"] == 3
    assert res["score"] == res["breakdown"]["board"] + 3 - res["breakdown"]["jinx_penalty"]


def test_intern_bonus_counts_in_the_ranking(h):
    sc = (h.scenario(rules=ME).cubes("Sofia", civilization=1).cubes("Valerio", civilization=1)
          .students("Sofia", 3).students("Valerio", 3).ages(["Sofia", "Valerio"]))
    assert sc.build().result()["seats"][0]["winner"]  # tie: the youngest
    g = sc.intern("Valerio", "Cartographer Intern").build()
    assert g.result()["seats"][1]["winner"] and g.result()["seats"][1]["score"] == 2 + 2


# ------------------------------------------------------ Zone Effect Tokens
def test_place_trap_draws_a_random_face_down_token(h):
    g = _mover(h, ops=("place_trap",)).turn("Sofia", phase="movement").build()
    _play_rope(g)
    full = h.zone(g, "I-3")["tokens"]
    kind = full["trap"]["effect"]
    assert kind in L.TRAP_KINDS and full["trap"]["n"] == {"ambush": 1, "stop": 0, "toll": 1}[kind]
    supply = g.to_dict()["reserve"]["trap_tokens"]
    assert supply[kind] == 2 and sum(supply.values()) == 8
    seen = next(z for z in g.observation(1)["zones"] if z["name"] == "I-3")["tokens"]
    assert seen == {"teleport": False, "secret_passage": None, "trap": "hidden"}
    assert g.check_invariants() is None


def test_place_trap_kinds_follow_the_supply(h):
    kinds = set()
    for seed in range(12):
        g = _mover(h, ops=("place_trap",)).turn("Sofia", phase="movement").build()
        g.state[L.S_RNG0] += seed  # a different draw
        _play_rope(g)
        kinds.add(h.zone(g, "I-3")["tokens"]["trap"]["effect"])
    assert kinds == set(L.TRAP_KINDS)


def test_trap_supply_runs_out(h):
    sc = (h.scenario(**_config_with(("place_trap",))).place_zone("I-3", 0, -1).move("Sofia", "I-3")
          .hand("Sofia", ["Rope and Grapple"]))
    for y, f in enumerate(("I-1", "I-2", "I-4", "I-5", "I-6", "II-1", "II-2", "II-3", "II-4")):
        sc.place_zone(f, 0, -2 - y)
    kinds = ["ambush", "stop", "toll"] * 3
    for f, k in zip(("I-1", "I-2", "I-4", "I-5", "I-6", "II-1", "II-2", "II-3", "II-4"), kinds, strict=True):
        sc.trap(f, k)
    g = sc.turn("Sofia", phase="movement").build()
    assert sum(g.to_dict()["reserve"]["trap_tokens"].values()) == 0
    _play_rope(g)
    assert h.zone(g, "I-3")["tokens"]["trap"] is None and g.check_invariants() is None


def test_return_trap_token_refills_the_supply(h):
    g = h.scenario(rules=ME).place_zone("I-3", 0, -1).trap("I-3", "toll").build()
    assert g.to_dict()["reserve"]["trap_tokens"]["toll"] == 2
    z = g.names.zones.index("I-3")
    g.state[L.S_ZTRAP_KIND + z] = 0  # flipped by the first Scholar who entered
    g.state[L.S_ZTRAP_N + z] = 0
    return_trap_token(g.state, g.tables, L.ZK_TOLL, 1)
    assert g.to_dict()["reserve"]["trap_tokens"]["toll"] == 3 and g.check_invariants() is None


def test_place_teleport_and_secret_passage(h):
    g = _mover(h, ops=("place_teleport", "place_secret_passage")).turn("Sofia", phase="movement").build()
    _play_rope(g)
    assert h.zone(g, "I-3")["tokens"] == {"teleport": True, "secret_passage": "X", "trap": None}
    r = g.to_dict()["reserve"]
    assert (r["teleport_tokens"], r["secret_passage_markers"]) == (2, 5)
    assert g.check_invariants() is None


def test_teleport_supply_runs_out(h):
    sc = (_mover(h, ops=("place_teleport",)).place_zone("I-1", 0, -3).place_zone("I-2", 0, -4)
          .place_zone("I-5", 0, -5).teleport("I-1").teleport("I-2").teleport("I-5"))
    g = sc.turn("Sofia", phase="movement").build()
    _play_rope(g)
    assert not h.zone(g, "I-3")["tokens"]["teleport"] and g.check_invariants() is None


def test_one_token_of_a_kind_per_zone(h):
    g = _mover(h, ops=("place_teleport",)).teleport("I-3").turn("Sofia", phase="movement").build()
    _play_rope(g)
    assert g.to_dict()["reserve"]["teleport_tokens"] == 2


def test_place_teleport_left_marks_the_zone_the_scholar_came_from(h):
    """"Bomf!": the Teleport Token goes to the Zone the Scholar started from."""
    g = (_mover(h, ops=("place_teleport_left",)).turn("Sofia", phase="movement").build())
    do(g, "Move N to I-4")
    _play_rope(g)
    assert h.zone(g, "I-3")["tokens"]["teleport"] and not h.zone(g, "I-4")["tokens"]["teleport"]


def test_no_token_on_the_starting_zone(h):
    g = (h.scenario(**_config_with(("place_teleport_left",))).place_zone("I-3", 0, -1)
         .hand("Sofia", ["Rope and Grapple"]).turn("Sofia", phase="movement").build())
    do(g, "Move N to I-3")  # left the Starting Zone
    _play_rope(g)
    assert g.to_dict()["reserve"]["teleport_tokens"] == 3 and g.check_invariants() is None


def test_determinize_resamples_trap_kinds_consistently(h):
    g = (h.scenario(rules=ME).place_zone("I-3", 0, -1).place_zone("I-4", 0, -2)
         .trap("I-3", "toll").trap("I-4", "toll").build())
    seen = set()
    for seed in range(20):
        d = g.determinize(0, seed)
        assert d.check_invariants() is None
        kinds = tuple(h.zone(d, z)["tokens"]["trap"]["effect"] for z in ("I-3", "I-4"))
        seen.add(kinds)
        sup = d.to_dict()["reserve"]["trap_tokens"]
        for k in L.TRAP_KINDS:
            assert sup[k] + kinds.count(k) == 3
    assert len(seen) > 1
    # what the seat cannot see does not change the determinization
    other = h.scenario(rules=ME).place_zone("I-3", 0, -1).place_zone("I-4", 0, -2)
    other = other.trap("I-3", "ambush").trap("I-4", "stop").build()
    assert np.array_equal(g.determinize(0, 5).state, other.determinize(0, 5).state)


# ------------------------------------------------------------- Exalted Sofia
def test_exalted_sofia_may_play_two_action_main_effects(h):
    sc = h.scenario(players=3, scholars=["Sofia", "Valerio", "Rebecca"], rules=ME)
    g = sc.build()
    assert [action_limit(g.state, g.tables, p) for p in range(3)] == [1, 1, 1]
    g = sc.cubes("Valerio", worship=3).build()  # a Star: the others turn Exalted
    assert h.player(g, "Sofia")["exalted"] and h.player(g, "Rebecca")["exalted"]
    assert [action_limit(g.state, g.tables, p) for p in range(3)] == [2, 1, 1]



def test_exalted_sofias_second_action_stays_legal_after_she_flips_back(h):
    # Sofia played two ACTION Main Effects while Exalted, then took the lead in
    # Stars and flipped back (the Stars changed mid-turn): the invariant allows
    # what either side of her card allowed, and no more
    sc = (h.scenario(players=3, scholars=["Sofia", "Valerio", "Rebecca"], rules=ME).place_zone("I-3", 0, -1)
          .move("Sofia", "I-3").move("Valerio", "I-3").hand("Sofia", ["Autograph", "Lantern"])
          .hand("Valerio", ["Autograph", "Lantern"]))
    g = sc.turn("Sofia", phase="action").build()
    assert not h.player(g, "Sofia")["exalted"] and g.to_dict()["turn_of"] == 0
    g.state[L.S_ME_ACTIONS] = 2
    assert g.check_invariants() is None
    g.state[L.S_ME_ACTIONS] = 3
    assert "more ACTION Main Effects" in (g.check_invariants() or "")
    g = sc.turn("Valerio", phase="action").build()  # neither side of Valerio's card has one more
    assert g.to_dict()["turn_of"] == 1
    g.state[L.S_ME_ACTIONS] = 2
    assert "more ACTION Main Effects" in (g.check_invariants() or "")

# --------------------------------------------------------------- bad data
def _folder(tmp_path: Path, edit, replace: tuple[str, ...] = ()) -> Path:
    """An edited copy of the base data, used as a data layer; ``replace``: the
    keys the layer replaces whole (so that a key it leaves out is removed)."""
    target = tmp_path / "data"
    target.mkdir(parents=True)
    for f in DATA_DIR.glob("*.toml"):
        text = f.read_text()
        (target / f.name).write_text(edit(f.name, text))
    if replace:
        keys = ", ".join(f"'{k}'" for k in replace)
        (target / "manifest.toml").write_text(f"[layer]\nreplace = [{keys}]\n")
    return target


@pytest.mark.parametrize(("key", "value", "message"), [
    ('cards."Lantern".intern', "Nobody", "unknown Intern Card"),
    ('cards."Lantern".intern', "Seer Intern", "already linked"),
    ('interns."Seer Intern".protected', ["gold"], "unknown Protected cube colour"),
    ('interns."Seer Intern".passive', {"flying": 1}, "unknown passive"),
    ("tokens.trap.stop.n", 2, "stop has no N"),
    ("tokens.trap.toll.n", 0, "toll tokens need their N"),
    ('auxiliary."Exploration 1".options', [[{"op": "gain_intern"}]], "has gain_intern but the card has no intern"),
    ('jinx."Lost Notes".on_reveal', [{"op": "place_trap"}, {"op": "gain_intern"}], "gain_intern belongs to"),
    ('auxiliary."Exploration 2".options', [[{"op": "place_trap", "n": 2}]], "place_trap takes no n"),
])
def test_bad_intern_and_token_data(key, value, message):
    with pytest.raises(DataError, match=message):
        load_data(overrides={key: value})


def test_unlinked_intern_and_missing_trap_kind(tmp_path):
    unlinked = 'intern = "Seer Intern"\nprovisional = ["copies", "intern"]'
    tarot = 'effect = [{ op = "opponents_give", n = 1 }, { op = "gain_intern" }]'  # Tarot Deck's Main Effect

    def unlink(name, text):
        if name != "tricks.toml":
            return text
        assert unlinked in text and tarot in text
        text = text.replace(unlinked, 'provisional = ["copies"]')
        return text.replace(tarot, 'effect = [{ op = "opponents_give", n = 1 }]')

    folder = _folder(tmp_path, unlink, replace=('cards."Tarot Deck"',))
    with pytest.raises(DataError, match="no Trick Card kind is linked") as err:
        load_data(folder)
    assert "interns.toml" in str(err.value)
    folder2 = _folder(tmp_path / "b", lambda name, text: text.replace("stop = { count = 3 }\n", "")
                      if name == "box.toml" else text, replace=("tokens.trap",))
    with pytest.raises(DataError, match="Trap kinds"):
        load_data(folder2)


def test_gain_intern_in_a_main_effect_needs_an_intern(tmp_path):
    folder = _folder(tmp_path, lambda name, text: text.replace(
        'effect = [{ op = "draw_cards", n = 2 }]', 'effect = [{ op = "draw_cards", n = 2 }, { op = "gain_intern" }]')
        if name == "tricks.toml" else text)
    with pytest.raises(DataError, match="this Main Effect has gain_intern but the card has no intern") as err:
        load_data(folder)
    assert 'cards."Letter of Introduction".main.effect.1.op' in str(err.value)
