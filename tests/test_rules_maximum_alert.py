"""Maximum Alert (advanced rule): Setup I and the Panic deck, the two triggers,
the procedure, every additional rule and the four ways the game ends
("Maximum Alert", "The Game Ends if...")."""

from __future__ import annotations

import shutil

import numpy as np
import pytest

from sim import GameConfig, new_game
from sim.dungeonology import layout as L
from sim.dungeonology.config import compile_config
from sim.dungeonology.core.components.dungeon import begin_placement, put_cubes, zone_placeable
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.core.components.stun import discard_stun
from sim.dungeonology.core.rules.maximum_alert.maximum_alert import unable_to_play
from sim.dungeonology.loader import DATA_DIR, load_data
from sim.dungeonology.scenario import do
from sim.kit.errors import ConfigError, DataError

MA = ("maximum_alert",)


def _sc(h, panic="Darkness", **kw):
    return h.scenario(rules=kw.pop("rules", MA), panic=panic, **kw)


def _finish_turn(g):
    if g.phase() == "movement":
        do(g, "End the Movement Phase")
    if not g.is_terminal() and g.phase() == "action":
        do(g, "End the turn")


def _deck(compiled):
    t = compiled.tables
    return [n for i, n in enumerate(compiled.names.panic) if t[L.T_PANIC_ALLOWED + i]]


# ------------------------------------------------------------------ config
def test_panic_needs_the_rule_and_a_known_card():
    with pytest.raises(ConfigError, match="maximum_alert"):
        compile_config(GameConfig(panic="Darkness"))
    with pytest.raises(ConfigError, match="unknown Panic Card") as e:
        compile_config(GameConfig(rules=MA, panic="Armageddon"))
    assert e.value.key == "panic" and "Darkness" in str(e.value)


def test_a_panic_card_whose_requirement_is_not_met_is_an_error():
    with pytest.raises(ConfigError, match="Boss rule with 'Laetus'") as e:
        compile_config(GameConfig(rules=MA, panic="Angered Laetus"))
    assert "allowed: Darkness, Pandemonium" in str(e.value)
    with pytest.raises(ConfigError, match="Dungeon 'fauns'"):
        compile_config(GameConfig(rules=MA, panic="Pandemonium", overrides={"dungeon": "goblins"}))
    compiled = compile_config(GameConfig(rules=(*MA, "boss"), panic="Angered Laetus"))
    assert compiled.tables[L.T_PANIC_FORCED] == compiled.names.panic.index("Angered Laetus")


# ------------------------------------------------------ Setup I, Panic deck
def test_panic_deck_follows_dungeon_and_boss():
    assert _deck(compile_config(GameConfig(rules=MA))) == ["Darkness", "Pandemonium"]
    assert _deck(compile_config(GameConfig(rules=(*MA, "boss")))) == ["Darkness", "Pandemonium", "Angered Laetus"]
    assert _deck(compile_config(GameConfig(rules=(*MA, "boss"), boss="laetus:drunk")))[-1] == "Angered Laetus"
    # a card for another Boss stays out
    other = {'panic."Angered Laetus".boss': "Gorgon"}
    assert _deck(compile_config(GameConfig(rules=(*MA, "boss"), overrides=other))) == ["Darkness", "Pandemonium"]
    # another Dungeon: the Faun card stays out
    assert _deck(compile_config(GameConfig(rules=MA, overrides={"dungeon": "goblins"}))) == ["Darkness"]
    # "some expansions require you to include only these cards"
    only = compile_config(GameConfig(rules=MA, overrides={"panic.Pandemonium.exclusive": True}))
    assert _deck(only) == ["Pandemonium"]


def test_no_usable_panic_card_is_a_config_error():
    with pytest.raises(ConfigError, match="no Panic Card can go in the Panic deck"):
        compile_config(GameConfig(rules=MA, overrides={"dungeon": "goblins", "panic.Darkness.dungeon": "goblins2"}))


def test_setup_draws_a_hidden_panic_card_from_the_deck():
    seen = set()
    for seed in range(40):
        g = new_game(GameConfig(rules=MA), seed)
        d = g.to_dict()["max_alert"]
        assert d["panic_deck"] == ["Darkness", "Pandemonium"] and not d["triggered"]
        seen.add(d["panic"])
        assert g.observation(0)["max_alert"]["panic"] == "hidden"
        assert g.check_invariants() is None
    assert seen == {"Darkness", "Pandemonium"}
    assert new_game(GameConfig(rules=MA, panic="Pandemonium"), 3).to_dict()["max_alert"]["panic"] == "Pandemonium"


def test_basic_game_has_no_panic_card_and_setup_i_draws_only_with_the_rule():
    basic = new_game(GameConfig(players=3), 11)
    assert basic.to_dict()["max_alert"] is None and basic.state[L.S_PANIC] == -1
    # a configured Panic Card is not drawn: everything else is the basic setup
    forced = new_game(GameConfig(players=3, rules=MA, panic="Darkness"), 11)
    diff = np.flatnonzero(basic.state != forced.state)
    assert set(diff) == {L.S_PANIC, L.S_PANIC_DECK}


def test_determinize_resamples_the_face_down_panic_card():
    g = new_game(GameConfig(rules=MA), 2)
    cards = {g.determinize(0, k).to_dict()["max_alert"]["panic"] for k in range(30)}
    assert cards == {"Darkness", "Pandemonium"}
    forced = new_game(GameConfig(rules=MA, panic="Darkness"), 2)
    assert {forced.determinize(1, k).to_dict()["max_alert"]["panic"] for k in range(10)} == {"Darkness"}
    # the card a seat cannot see does not change its determinizations
    other = g.clone()
    other.state[L.S_PANIC] = 1 - other.state[L.S_PANIC]
    assert np.array_equal(g.determinize(0, 7).state, other.determinize(0, 7).state)


# ----------------------------------------------------------------- triggers
def test_first_successful_thesis_triggers_maximum_alert(h):
    g = (_sc(h).place_zone("I-3", 0, -1).move("Valerio", "I-3").move("Sofia", "I-3")
         .cubes("Valerio", caste=2, riches=2, worship=1).alert_omegas(2).university(students=10, omega=1)
         .bonfire(2).hand("Sofia", ["Lantern"]).turn("Valerio", phase="activity").build())
    assert g.observation(0)["max_alert"]["panic"] == "hidden"
    do(g, "Submit the Thesis")
    d = g.to_dict()
    assert h.player(g, "Valerio")["thesis"] == 1 and d["max_alert"]["triggered"]
    assert g.observation(0)["max_alert"]["panic"] == "Darkness"  # revealed
    assert d["alert"]["omega_placed"] == 0 and not d["alert"]["in_play"]  # the Alert Card left the game
    # the University emptied, then filled by the card: 2 grey per player, 1 Omega
    assert d["university"] == {"students": 4, "omega": 1}
    assert d["reserve"]["omega"] == 4 and d["bonfire"] == 2
    assert d["alert"]["bonus"] == 1  # the Alert Modifier replaces the Alert Bonus
    assert g.check_invariants() is None


def test_omega_without_a_free_space_triggers_maximum_alert_instead_of_the_end(h):
    g = (_sc(h).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
         .alert_omegas(4).university(students=0, omega=1).bonfire(2)
         .hand("Sofia", ["Lantern"]).hand("Valerio", ["Lantern"]).jinx_top(["Twisted Ankle"])
         .turn("Sofia", phase="action").build())
    do(g, "End the turn")  # the End of Turn Phase draws the Omega Student
    d = g.to_dict()
    assert d["max_alert"]["triggered"] and not g.is_terminal()
    assert d["bonfire"] == 0 and {"name": "Twisted Ankle", "face": "up"} in h.player(g, "Sofia")["jinx"]
    assert d["alert"]["omega_placed"] == 0 and d["university"] == {"students": 4, "omega": 1}
    assert g.state[L.S_END_AT_SEAT] == -1  # no "ends at the next turn": End Game is replaced
    assert d["turn_of"] == 1 and g.phase() == "movement"  # Valerio explores
    assert g.check_invariants() is None


# ------------------------------------------------------- additional rules
def test_exploration_only_even_with_stun_tokens_equal_to_stamina(h):
    g = (_sc(h).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3").stun("Sofia", 3)
         .hand("Sofia", ["Lantern"]).max_alert().university(students=5, omega=0).turn("Sofia").build())
    assert g.phase() == "movement" and g.current_player() == 0  # no Rest, no Activity choice
    assert h.player(g, "Sofia")["stun"] == 3
    assert all(not g.action_to_string(a).startswith(("Rest", "Submit")) for a in g.legal_actions())


def test_stun_tokens_are_never_discarded(h):
    sc = _sc(h).place_zone("I-3", 0, -1).move("Sofia", "I-3").stun("Sofia", 2).max_alert()
    s, t = sc.s, sc.t
    discard_stun(s, 0, 2)
    assert s[pf(0, L.PF_STUN)] == 2 and s[L.S_RES_STUN] == t[L.T_STUN_TOKENS] - 2


def test_no_new_zones_and_no_cubes_from_the_reserve(h):
    sc = (_sc(h).place_zone("I-2", 0, -1).move("Sofia", "I-2").hand("Sofia", ["Lantern"])
          .max_alert().university(students=5, omega=0))
    s, t = sc.s, sc.t
    assert not zone_placeable(s, t)
    assert not begin_placement(s, t, 0, 0, 1, 0)
    z = sc.names.zones.index("I-3")
    before = s.copy()
    put_cubes(s, t, z)
    assert np.array_equal(before, s)
    g = sc.turn("Sofia").build()
    texts = [g.action_to_string(a) for a in g.legal_actions()]
    assert not any(x.startswith("Draw a Zone") for x in texts)


def test_stairs_place_no_zone_under_maximum_alert(h):
    g = (_sc(h).place_zone("I-2", 0, -1).place_zone("I-4", 1, -1).move("Sofia", "I-4")
         .hand("Sofia", ["Lantern"]).max_alert().university(students=5, omega=0).turn("Sofia").build())
    stacks = {f: len(v) for f, v in g.to_dict()["stacks"].items()}
    do(g, "Move W to I-2")  # I-2 shows the Stairs Effect, entered for the first time
    assert g.phase() == "movement" and h.player(g, "Sofia")["zone"] == "I-2"  # no Stairs pile choice
    assert {f: len(v) for f, v in g.to_dict()["stacks"].items()} == stacks


def test_omega_infinity_jinx_then_back_in_the_bag(h):
    sc = (_sc(h).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
          .hand("Sofia", ["Lantern"]).hand("Valerio", ["Lantern"]).max_alert()
          .university(students=1, omega=1).bonfire(1).jinx_top(["Twisted Ankle"])
          .turn("Sofia", phase="action"))
    outcomes = set()
    for seed in range(1, 40):  # the End of Turn draw: the grey Student or the Omega
        g = sc.build()
        g.state[L.S_RNG0] = seed
        do(g, "End the turn")
        d = g.to_dict()
        assert g.check_invariants() is None
        if d["university"] == {"students": 1, "omega": 1}:
            # the Omega was drawn: Jinx Card to the drawer, the Omega back in the bag
            assert {"name": "Twisted Ankle", "face": "up"} in h.player(g, "Sofia")["jinx"]
            assert d["bonfire"] == 1  # no Alert Card: the Bonfire is not emptied
            outcomes.add("omega")
        else:
            assert d["university"] == {"students": 0, "omega": 1} and d["bonfire"] == 2
            outcomes.add("grey")
    assert outcomes == {"omega", "grey"}


def test_forced_thesis_success_removes_the_scholar(h):
    g = (_sc(h).place_zone("I-3", 0, -1).move("Valerio", "I-3").move("Sofia", "I-3")
         .cubes("Valerio", caste=2, riches=2, worship=1).hand("Valerio", ["Lantern"]).hand("Sofia", ["Lantern"])
         .max_alert().university(students=6, omega=0).turn("Valerio").build())
    do(g, "Move S to Starting Zone")
    _finish_turn(g)
    v = h.player(g, "Valerio")
    assert v["thesis"] == 1 and not v["in_game"] and v["knowledge"]
    assert g.to_dict()["max_alert"]["removed"] == []
    assert g.check_invariants() is None


def test_forced_thesis_failure_removes_the_scholar_who_then_cannot_win(h):
    g = (_sc(h).place_zone("I-3", 0, -1).move("Valerio", "I-3").move("Sofia", "I-3")
         .cubes("Valerio", caste=1, militia=1).cubes("Sofia", caste=2, riches=2, worship=1)
         .hand("Valerio", ["Lantern"]).hand("Sofia", ["Lantern"]).jinx_top(["Twisted Ankle"])
         .max_alert().university(students=6, omega=0).turn("Valerio").build())
    do(g, "Move S to Starting Zone")
    _finish_turn(g)
    v = h.player(g, "Valerio")
    assert not v["in_game"] and v["thesis"] is None and v["cubes"]["caste"] == 0  # most valuable cube lost
    assert {"name": "Twisted Ankle", "face": "up"} in v["jinx"]  # revealed at once
    assert g.to_dict()["max_alert"]["removed"] == [1]
    assert g.to_dict()["turn_of"] == 0 and not g.is_terminal()
    # Sofia's forced Thesis succeeds: she alone competes
    do(g, "Move S to Starting Zone")
    _finish_turn(g)
    assert g.is_terminal() and g.result()["end_reason"] == "max_alert_all_submitted"
    r = g.result()
    assert r["winner"] == 0 and not r["seats"][1]["eligible"]
    assert g.check_invariants() is None


def test_each_player_effects_also_for_players_who_submitted(h):
    g = (_sc(h).place_zone("I-3", 0, -1).move("Valerio", "I-3").move("Sofia", "I-3")
         .cubes("Valerio", caste=2, riches=2, worship=1).submitted("Valerio")
         .hand("Sofia", ["Lantern"]).university(students=6, omega=0).turn("Sofia", phase="action").build())
    assert g.to_dict()["max_alert"]["triggered"]  # the first Thesis triggered it
    do(g, "End the turn")
    d = g.to_dict()
    # one Student at Sofia's End of Turn, one at Valerio's turn start (Darkness
    # reaches him although he has submitted), one at Sofia's turn start
    assert d["turn_of"] == 0 and d["university"]["students"] == 3 and d["bonfire"] == 3
    assert g.phase() == "movement"
    # Darkness: Speed -1 (4 -> 3)
    assert h.player(g, "Sofia")["speed"] == 3 and d["speed_left"] == 3


def test_alert_modifier_applies_to_every_zone(h):
    g = (_sc(h, panic="Pandemonium").place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
         .hand("Sofia", ["Lantern"]).max_alert().university(students=6, omega=0)
         .turn("Sofia", phase="action").build())
    do(g, "Study", "Study 1 cube")
    assert g.to_dict()["test"]["alert_value"] == 3 + 2  # I-3 Alert Value + Pandemonium's modifier


# ---------------------------------------------------------------- the ends
def test_game_ends_when_no_cube_is_left_in_the_dungeon(h):
    g = (_sc(h).place_zone("I-3", 0, -1).zone_cubes("I-3", ["civilization", None, None])
         .move("Sofia", "I-3").move("Valerio", "I-3").hand("Sofia", ["Fate 5", "Fate 5"])
         .hand("Valerio", []).max_alert().university(students=6, omega=0)
         .turn("Sofia", phase="action").build())
    do(g, "Study", "Declare the Stealth Value")  # one Fate 5 committed on its own: 5 >= 3 + 1
    while g.phase() == "test_window":
        do(g, "Pass")
    assert g.is_terminal() and g.result()["end_reason"] == "max_alert_no_cubes"
    assert h.player(g, "Sofia")["cubes"]["civilization"] == 1


def test_game_ends_when_the_omega_is_drawn_from_an_otherwise_empty_bag(h):
    g = (_sc(h).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
         .hand("Sofia", ["Lantern"]).hand("Valerio", ["Lantern"]).max_alert()
         .university(students=0, omega=1).jinx_top(["Twisted Ankle"]).turn("Sofia", phase="action").build())
    do(g, "End the turn")
    assert g.is_terminal() and g.result()["end_reason"] == "max_alert_bag_empty"
    assert {"name": "Twisted Ankle", "face": "down"} in h.player(g, "Sofia")["jinx"]  # drawn first
    assert g.to_dict()["university"]["omega"] == 1
    assert g.check_invariants() is None


def test_unable_to_play_means_nothing_to_do_but_end_the_turn(h):
    over = {"scholars.Sofia.speed": 1}
    sc = (_sc(h, overrides=over).place_zone("I-3", 0, -1).zone_cubes("I-3", [None, None, None])
          .place_zone("I-1", 1, -1).move("Sofia", "I-3").move("Valerio", "I-1").hand("Sofia", ["Fate 5"])
          .hand("Valerio", ["Lantern"]).cubes("Valerio", civilization=1).students("Sofia", 0)
          .max_alert().university(students=6, omega=0))
    s, t = sc.s, sc.t
    # Sofia: Speed 1 - 1 (Darkness) = 0, no cube in I-3, no Student to spy, Fate 5 has no effect
    assert unable_to_play(s, t, 0)
    assert not unable_to_play(s, t, 1)  # Valerio can move (and Study in I-1)
    s[pf(0, L.PF_ZONE)] = sc.names.zones.index("I-1")
    assert not unable_to_play(s, t, 0)  # cubes to Study in I-1
    s[pf(0, L.PF_ZONE)] = s[pf(1, L.PF_ZONE)] = sc.names.zones.index("I-3")
    assert unable_to_play(s, t, 0)
    sc.students("Sofia", 1)
    assert not unable_to_play(s, t, 0)  # she can spy on Valerio (and his cube) in her Zone
    sc.students("Sofia", 0).zone_cubes("I-3", ["civilization", None, None])
    assert not unable_to_play(s, t, 0)


def test_unable_to_play_ends_the_game_at_a_turn_start(h):
    over = {"scholars.Sofia.speed": 1, "scholars.Valerio.speed": 1}
    g = (_sc(h, overrides=over).place_zone("I-3", 0, -1).zone_cubes("I-3", [None, None, None])
         .place_zone("I-1", 1, -1).zone_cubes("I-1", ["civilization", None, None])
         .move("Sofia", "I-3").move("Valerio", "I-3").hand("Sofia", []).hand("Valerio", [])
         .max_alert().university(students=6, omega=0).turn("Sofia").build())
    # Speed 1 - 1 (Darkness) = 0, no cube in I-3, no Trick Card: nothing to do
    assert g.is_terminal() and g.result()["end_reason"] == "max_alert_unable"


def test_game_ends_when_all_scholars_have_submitted(h):
    g = (_sc(h).place_zone("I-3", 0, -1).move("Valerio", "I-3").move("Sofia", "I-3")
         .cubes("Valerio", caste=2, riches=2, worship=1).cubes("Sofia", civilization=2, militia=2)
         .submitted("Valerio").hand("Sofia", ["Lantern"]).university(students=6, omega=0)
         .turn("Sofia").build())
    do(g, "Move S to Starting Zone")
    _finish_turn(g)
    assert g.is_terminal() and g.result()["end_reason"] == "max_alert_all_submitted"
    r = g.result()
    assert r["seats"][1]["thesis_order"] == 1 and r["seats"][0]["thesis_order"] is None
    assert r["winner"] == 1 and r["panic"] == "Darkness" and r["max_alert"]


# ----------------------------------------------------------- scenario API
def test_scenario_panic_and_max_alert_need_the_rule(h):
    with pytest.raises(ConfigError, match="maximum_alert"):
        h.scenario().panic("Darkness")
    with pytest.raises(ConfigError, match="Panic deck"):
        _sc(h, panic=None).panic("Angered Laetus")
    sc = _sc(h, panic=None).panic("Pandemonium").max_alert()
    assert sc.s[L.S_PANIC] == sc.names.panic.index("Pandemonium") and sc.s[L.S_MAX_ALERT] == 1
    with pytest.raises(ConfigError, match="Alert Card has left"):
        sc.alert_omegas(1)


# ------------------------------------------------------------ panic.toml
def _panic_error(tmp_path, old, new):
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    path = target / "panic.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_data(target)
    err = info.value
    assert err.file is not None and err.file.endswith("panic.toml") and "allowed" in err.message
    return err


@pytest.mark.parametrize("old,new,key", [
    ('each_player = [{ op = "draw_students", n = 1 }]\npassive', 'each_player = [{ op = "panic", n = 1 }]\npassive',
     "panic.Darkness.each_player.0.op"),
    ("passive = { speed = -1 }", "passive = { sped = -1 }", "panic.Darkness.passive.sped"),
    ('each_scholar = [{ op = "stun", n = 1 }]', 'each_scholar = [{ op = "stun", n = 1, cost = true }]',
     'panic."Angered Laetus".each_scholar.0.cost'),
    ('boss = "Laetus"', 'boss = " "', 'panic."Angered Laetus".boss'),
    ("university = { students_per_player = 2, omega = 1 }\neach_player",
     "university = { students_per_player = -2, omega = 1 }\neach_player",
     "panic.Darkness.university.students_per_player"),
    ("alert_modifier = 1\n", "alert_modifier = 1\nnoise = 3\n", "panic.Darkness.noise"),
])
def test_bad_panic_data_is_a_data_error(tmp_path, old, new, key):
    assert _panic_error(tmp_path, old, new).key == key


def test_a_data_folder_without_panic_cards_cannot_use_the_rule(tmp_path):
    """A layer removes the Panic Cards by replacing the key with nothing (its manifest's replace)."""
    target = tmp_path / "data"
    target.mkdir()
    (target / "manifest.toml").write_text('[layer]\nreplace = ["panic"]\n', encoding="utf-8")
    compile_config(GameConfig(data=str(target)))  # the basic game needs no Panic Card
    with pytest.raises(ConfigError, match="no Panic Card"):
        compile_config(GameConfig(data=str(target), rules=MA))


def test_angered_laetus_activates_the_boss_at_each_turn_start(h):
    """Angered Laetus (provisional text): each player activates Laetus at the
    start of her turn (the Boss rule's Activation, her choices), then her
    Scholar takes a Stun Token."""
    g = (_sc(h, panic="Angered Laetus", rules=(*MA, "boss"), boss="laetus:quarrelsome")
         .place_zone("I-3", 0, -1).place_zone("I-4", 1, -1).place_zone("I-1", 2, -1)
         .boss_at("I-1").move("Sofia", "I-3").move("Valerio", "I-3").students("Sofia", 0).students("Valerio", 0)
         .max_alert().university(students=6, omega=0).turn("Sofia").build())
    assert g.to_dict()["max_alert"]["panic"] == "Angered Laetus"
    assert g.to_dict()["boss"]["zone"] != "I-1"  # Laetus moved at once (as many Encounters as possible)
    assert h.player(g, "Valerio")["stun"] >= 1  # encountered in I-3 (Sofia's own Stun comes with the card)
    assert g.check_invariants() is None
