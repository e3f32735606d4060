"""Rocca Civetta's new Jinx, Intern and Panic Cards ("New Components"). Each test quotes the rulebook
sentence it checks; card texts not printed are provisional data, and those tests check that each card does
what its data says."""

import pytest
from rc_decks import ALL, ME_RC, RC, box_data

from sim import GameConfig
from sim.dungeonology.config import compile_config
from sim.dungeonology.scenario import do

# ------------------------------------- New Components: Jinx, Intern, Panic
NEW_JINX = ["Hangover", "Frostbite", "Stone Gaze", "Faun's Prank", "Rotten Egg", "Spilled Potion",
            "Omega Informer", "Lost in Bosco Beone"]
NEW_INTERNS = ["Surgeon", "Wikiantir", "Fool", "Spriggan", "Cook", "Brewer", "Bard", "Huntress", "Archivist",
               "Stargazer"]
NEW_PANIC = ["Outside the Dungeon", "Cooking Time", "Rolling Stone", "Egg Hunt", "Mind Twist"]


def test_the_box_adds_8_jinx_10_interns_5_panic_cards_to_every_game():
    """"Intern Cards (10)", "Jinx Cards (8)", "Panic Cards (5)" ("New Components");
    the Campaign names the Panic Cards; the Surgeon, Wikiantir and the Fool (with
    the Fool's Token) are named in "Specialists Cards"."""
    base, rc = box_data(()), box_data(RC)
    assert list(rc.jinx)[len(base.jinx):] == NEW_JINX
    assert list(rc.interns)[len(base.interns):] == NEW_INTERNS
    assert list(rc.panic)[len(base.panic):] == NEW_PANIC
    assert rc.interns["Fool"].token  # the Fool's Token has a rule


def _reveal(h, name, **kw):
    sc = (h.scenario(rules=RC).place_zone("I-3", 0, -1).place_zone("I-4", 0, -2).move("Sofia", "I-3")
          .move("Valerio", "I-3").jinx("Sofia", name, face="down").hand("Sofia", ["Lantern"]).hand("Valerio", [])
          .cubes("Sofia", worship=2).university(students=10, omega=0))
    g = sc.turn("Sofia", phase="action").build()
    do(g, "End the turn")
    while g.phase() in ("stun", "discard", "target"):
        g.apply(g.legal_actions()[0])
    return g


@pytest.mark.parametrize("name", NEW_JINX)
def test_each_new_jinx_does_what_its_data_says(h, name):
    """Each card's provisional text (rocca_civetta/jinx.toml): its passives while
    face up, its reveal steps once, its penalty at Game Scoring."""
    data = box_data(RC).jinx[name]
    up = h.scenario(rules=RC).jinx("Sofia", name, face="up").build()
    plain = h.scenario(rules=RC).build()
    fields = {"speed": "speed", "stamina": "stamina", "hand": "hand_value", "intelligence": "intelligence"}
    for pv, amount in data.passive.items():
        if pv in fields:
            assert h.player(up, "Sofia")[fields[pv]] == h.player(plain, "Sofia")[fields[pv]] + amount
    assert up.result()["seats"][0]["breakdown"]["jinx_penalty"] == data.penalty
    g = _reveal(h, name)
    sofia = h.player(g, "Sofia")
    ops = [st.op for st in data.on_reveal]
    if "stun" in ops:
        assert sofia["stun"] + (3 - sofia["students"]) >= 1  # a token, or a Student instead
    if "lose_random_info" in ops:
        assert sum(sofia["cubes"].values()) == 1
    if "give_random_scholar" in ops:
        assert sum(sofia["cubes"].values()) + sum(h.player(g, "Valerio")["cubes"].values()) == 2
    if "move_random_passage" in ops or "move_random_direction" in ops:
        assert g.check_invariants() is None
    assert g.to_dict()["players"][0]["jinx"] and g.check_invariants() is None


@pytest.mark.parametrize("name", NEW_INTERNS)
def test_each_new_intern_does_what_its_data_says(h, name):
    """Each Intern's provisional effect (rocca_civetta/interns.toml): passives and
    shields while owned, End of Game Bonus Points at Game Scoring."""
    data = box_data(RC).interns[name]
    plain = h.scenario(rules=ME_RC).build()
    g = h.scenario(rules=ME_RC).intern("Sofia", name).build()
    fields = {"speed": "speed", "stamina": "stamina", "hand": "hand_value", "intelligence": "intelligence",
              "study_bonus": "study_bonus"}
    for pv, amount in data.passive.items():
        if pv in fields:
            assert h.player(g, "Sofia")[fields[pv]] == h.player(plain, "Sofia")[fields[pv]] + amount
    assert g.result()["seats"][0]["breakdown"]["intern_bonus"] == data.points
    assert h.player(g, "Sofia")["interns"] == [name] and g.check_invariants() is None


def test_new_interns_enter_play_only_through_the_cards_that_call_them():
    """Our reading (RULES_COVERAGE "New Components"): every game with the box has
    the 10 Interns in the Intern deck; only the Specialists / Spriggan Cards call
    them."""
    data = box_data(ME_RC)
    linked = {c.intern for c in data.cards.values() if c.intern}
    assert not linked & set(NEW_INTERNS)
    every = box_data(ALL)
    assert {c.intern for c in every.cards.values() if c.intern} >= set(NEW_INTERNS)


def _deck(compiled):
    from sim.dungeonology import layout as L
    return [n for i, n in enumerate(compiled.names.panic) if compiled.tables[L.T_PANIC_ALLOWED + i]]


def test_new_panic_cards_follow_dungeon_and_boss_requirements(tmp_path):
    """"Panic Cards that show the same icon as the Dungeon ... If you use the Advanced
    Boss rule, Panic Cards that show the name of the Boss in use": Outside the
    Dungeon has no requirement, Cooking Time the Faun Dungeon's, the other three
    their Campaign Boss (not in the data yet: out of the deck)."""
    ma = ("maximum_alert", "rocca_civetta")
    assert _deck(compile_config(GameConfig(rules=ma)))[-2:] == ["Outside the Dungeon", "Cooking Time"]
    assert "Mind Twist" not in _deck(compile_config(GameConfig(rules=(*ma, "boss"))))
    (tmp_path / "boss.toml").write_text(
        '[boss.jukas]\nname = "Jukas"\n[boss.jukas.profiles.a]\nalert_modifier = 1\n'
        'sighting = [{ op = "boss_appear" }]\nactivation = [{ op = "boss_move", n = 1 }]\n')
    deck = _deck(compile_config(GameConfig(rules=(*ma, "boss"), boss="jukas:a", data=str(tmp_path))))
    assert "Mind Twist" in deck and "Egg Hunt" not in deck and "Angered Laetus" not in deck


@pytest.mark.parametrize("name", ["Outside the Dungeon", "Cooking Time"])
def test_each_new_panic_card_does_what_its_data_says(h, name):
    """Maximum Alert with the card revealed: its Alert Modifier on every Zone, its
    passives on every Scholar, its turn-start steps (each_player, each_scholar)."""
    data = box_data(RC).panic[name]
    g = (h.scenario(rules=("maximum_alert", "rocca_civetta"), panic=name).place_zone("I-3", 0, -1)
         .move("Sofia", "I-3").move("Valerio", "I-3").hand("Sofia", ["Lantern"]).max_alert()
         .university(students=6, omega=0).turn("Sofia").build())
    sofia = h.player(g, "Sofia")
    assert g.to_dict()["max_alert"]["panic"] == name
    if "speed" in data.passive:
        assert sofia["speed"] == 4 + data.passive["speed"]
    if any(st.op == "sacrifice" for st in data.each_scholar):
        assert sofia["students"] == 3 - 1
    assert g.to_dict()["bonfire"] >= sum(st.n for st in data.each_player if st.op == "draw_students")
    while g.phase() == "movement":
        do(g, "End the Movement Phase")
    do(g, "Study", "Study 1 cube")
    assert h.test_of(g)["alert_value"] == 3 + data.alert_modifier
