"""Rocca Civetta's Trick Card types and cards: "Alchemy Cards", "Specialists
Cards", "Spriggan Cards" and "Add 1 or More Types of Trick Cards to the Deck" (the
box's new Jinx, Intern and Panic Cards: test_rc_components.py). Each test quotes the
rulebook sentence it checks; card texts not printed are provisional data, and
those tests check that each card does what its data says."""

from __future__ import annotations

import pytest
from rc_decks import ALCHEMY, ALL, ME_RC, RC, SPECIALISTS, SPRIGGAN, box_data

from sim import GameConfig
from sim.dungeonology import modules as M
from sim.dungeonology.config import compile_config
from sim.dungeonology.loader import load_data
from sim.dungeonology.scenario import do
from sim.kit.errors import ConfigError, DataError


def _copies(data, type_):
    return sum(c.copies for c in data.cards.values() if c.type == type_)


def _hand(h, g, who):
    return sorted(h.player(g, who)["hand"])


# ------------------------------------------------------------ the decks
@pytest.mark.parametrize(("modules", "type_", "n"), [(ALCHEMY, "alchemy", 18), (SPECIALISTS, "specialists", 18),
                                                     (SPRIGGAN, "spriggan", 4)])
def test_each_type_adds_its_cards_to_the_deck(modules, type_, n):
    """"Add the 18 Alchemy Trick Cards to the deck" / "the 18 Specialists Trick
    Cards" / "the 4 Spriggan Trick Cards"."""
    base, data = box_data(()), box_data(modules)
    assert _copies(data, type_) == n and _copies(base, type_) == 0
    fate = 0 if type_ == "spriggan" else 3
    assert data.tricks.total == base.tricks.total + n + fate


@pytest.mark.parametrize("modules", [ALCHEMY, SPECIALISTS])
def test_alchemy_and_specialists_add_two_fate_4_and_one_fate_5(modules):
    """"Add 2 Fate Trick Cards with the number 4 ... Add a Fate Trick Card with the
    number 5" (both sections); with both modules, both sets (46 Trick Cards in all)."""
    base, data = box_data(()), box_data(modules)
    assert data.cards["Fate 4"].copies == base.cards["Fate 4"].copies + 2
    assert data.cards["Fate 5"].copies == base.cards["Fate 5"].copies + 1
    # "Fate 4/5": the Fate Auxiliary Effects of the base game
    assert data.cards["Fate 4"].auxiliary == ["Fate 4 Stealth", "Fate 4 Alert"]
    assert data.cards["Fate 5"].auxiliary == ["Fate 5 Stealth", "Fate 5 Alert"]
    every = box_data(ALL)
    assert every.tricks.total == base.tricks.total + 46  # "Trick Cards (46)"
    assert every.cards["Fate 4"].copies == base.cards["Fate 4"].copies + 4


def test_specialists_and_spriggan_require_main_effects():
    """"The Main Effects advanced rule must be used during the game."""
    for mod in ("specialists", "spriggan"):
        with pytest.raises(ConfigError, match=f"{mod} requires main_effects"):
            GameConfig(rules=("rocca_civetta", mod))
            compile_config(GameConfig(rules=("rocca_civetta", mod)))
    compile_config(GameConfig(rules=ALCHEMY))  # Alchemy needs no advanced rule


def test_the_base_game_and_the_box_alone_have_none_of_them():
    for rules in ((), RC, ME_RC):
        kinds = compile_config(GameConfig(rules=rules)).names.kinds
        assert len(kinds) == 17 and not any(k in kinds for k in ("Quicksilver", "Field Surgery", "Spriggan"))


# ------------------------------------------------------------ Alchemy
def _alchemist(h, hand, phase="movement", deck=("Lantern", "Autograph", "Smoke Bomb")):
    return (h.scenario(rules=ALCHEMY).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
            .hand("Sofia", hand).deck_top(list(deck)).turn("Sofia", phase=phase).build())


def test_alchemy_1_discards_one_then_draws_two(h):
    """"Alchemy 1: during your Movement Phase or Action Phase, discard 1 Trick
    Card from your Hand, then, Draw 2 Trick Cards from the Deck."""
    g = _alchemist(h, ["Quicksilver", "Crystal Ball", "Tarot Deck"])
    do(g, "Play Quicksilver: Alchemy 1")
    assert g.phase() == "discard"
    do(g, "Discard Crystal Ball")
    assert _hand(h, g, "Sofia") == ["Autograph", "Lantern", "Tarot Deck"]
    assert g.check_invariants() is None
    g = _alchemist(h, ["Quicksilver", "Crystal Ball"])
    do(g, "Play Quicksilver: Alchemy 1")  # the one other card: discarded without a choice
    assert _hand(h, g, "Sofia") == ["Autograph", "Lantern"]


def test_alchemy_1_needs_a_card_to_discard(h):
    g = _alchemist(h, ["Quicksilver"])
    assert not any(t.startswith("Play Quicksilver") for t in h.legal_text(g))


def test_alchemy_2_discards_two_then_draws_three(h):
    """"Alchemy 2: ... discard 2 Trick Cards from your Hand, then, Draw 3."""
    g = _alchemist(h, ["Athanor", "Crystal Ball", "Tarot Deck"], phase="action")
    do(g, "Play Athanor: Alchemy 2", "Discard Crystal Ball")  # then the Tarot Deck, the last one
    assert _hand(h, g, "Sofia") == ["Autograph", "Lantern", "Smoke Bomb"]
    assert not any(t.startswith("Play Athanor") for t in h.legal_text(
        _alchemist(h, ["Athanor", "Crystal Ball"])))  # two other cards needed


def test_alchemy_3_draws_two(h):
    """"Alchemy 3: during your Movement Phase or Action Phase, Draw 2 Trick Cards."""
    g = _alchemist(h, ["Philosopher's Stone"])
    do(g, "Play Philosopher's Stone: Alchemy 3")
    assert _hand(h, g, "Sofia") == ["Autograph", "Lantern"]  # the two on top of the deck


def test_alchemy_is_not_played_in_a_stealth_test(h):
    g = _alchemist(h, ["Philosopher's Stone", "Lantern"], phase="action")
    do(g, "Study", "Study 1 cube", "Commit Lantern", "Declare the Stealth Value")
    while g.current_player() != 0:
        do(g, "Pass")
    assert not any(t.startswith("Play Philosopher") for t in h.legal_text(g))


# ------------------------------------------------------------ Specialists
def _specialist(h, interns, hand=("Field Surgery", "Lantern", "Tarot Deck"), valerio=()):
    sc = (h.scenario(rules=SPECIALISTS).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
          .hand("Sofia", list(hand)).hand("Valerio", list(valerio)).university(students=10, omega=0))
    for name in interns:
        sc.intern("Sofia", name)
    return sc.turn("Sofia", phase="action").build()


@pytest.mark.parametrize("interns", [[], ["Surgeon"], ["Surgeon", "Cook", "Seer Intern"]])
def test_specialists_add_the_number_of_interns_in_your_own_test(h, interns):
    """"Specialists: play during your own Stealth Test. Add a bonus equal to the
    number of Interns you have to your Stealth Value."""
    g = _specialist(h, interns)
    do(g, "Study", "Study 1 cube", "Commit Lantern", "Declare the Stealth Value")  # Valerio: nothing to play
    before = h.test_of(g)["stealth_value"]
    do(g, "Play Field Surgery: Specialists")
    assert h.test_of(g)["stealth_value"] == before + len(interns)


def test_specialists_are_not_played_in_an_opponents_test(h):
    g = _specialist(h, [], hand=("Lantern",), valerio=("Field Surgery", "Smoke Bomb"))
    do(g, "Study", "Study 1 cube")  # the one card is committed and declared without a choice
    assert g.current_player() == 1 and "Pass" in h.legal_text(g)
    assert not any("Field Surgery" in a for a in h.legal_text(g))


def test_specialists_main_effect_calls_its_intern(h):
    """"The Specialists Trick Cards allow you to call upon the best Interns of
    Rocca Civetta, such as the Surgeon, the sentient stone Wikiantir ..."."""
    g = _specialist(h, [], hand=("Speaking Stone", "Lantern"))
    intel = h.player(g, "Sofia")["intelligence"]
    do(g, "Main Effect: Call the Wikiantir")
    if g.phase() == "discard":
        do(g, "Discard Lantern")
    assert h.player(g, "Sofia")["interns"] == ["Wikiantir"]
    assert h.player(g, "Sofia")["intelligence"] == intel + 1 and g.check_invariants() is None


def test_the_fool_gives_the_fools_token_to_a_rival(h):
    """The Fool's Token (provisional rule): the Fool's new owner gives it to
    another Scholar, whose Stealth Tests' Alert Value is +1 while she holds it;
    a new owner of the Fool moves it."""
    g = _specialist(h, [], hand=("Jester's Cap", "Lantern"), valerio=("Jester's Cap", "Lantern"))
    do(g, "Main Effect: Call the Fool")  # one other Scholar: the token goes to him without a choice
    assert h.player(g, "Sofia")["interns"] == ["Fool"] and h.player(g, "Valerio")["tokens"] == ["Fool"]
    assert g.check_invariants() is None
    # Valerio's Study: the Alert Value carries the token's +1
    g2 = (h.scenario(rules=SPECIALISTS).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
          .hand("Valerio", ["Lantern"]).intern("Sofia", "Fool").turn("Valerio", phase="action").build())
    g2.state[_holder(g2, "Fool")] = 2  # Valerio (seat 1) holds the token
    _refresh(g2)
    do(g2, "Study", "Study 1 cube")
    assert h.test_of(g2)["alert_value"] == 3 + 1


def _holder(g, name):
    from sim.dungeonology import layout as L
    return L.S_RC_TOKEN_HOLDER + g.names.interns.index(name)


def _refresh(g):
    from sim.dungeonology.core.components.scholars import refresh_passives
    refresh_passives(g.state, g.tables)


def test_a_new_owner_of_the_fool_moves_the_token(h):
    sc = (h.scenario(players=3, rules=SPECIALISTS).place_zone("I-3", 0, -1).move("Sofia", "I-3")
          .move("Valerio", "I-3").move("Rebecca", "I-3").hand("Valerio", ["Jester's Cap"]).hand("Sofia", [])
          .hand("Rebecca", [])
          .intern("Sofia", "Fool").turn("Valerio", phase="action"))
    g = sc.build()
    g.state[_holder(g, "Fool")] = 2  # Valerio holds the token
    _refresh(g)
    do(g, "Main Effect: Call the Fool")
    assert sorted(h.legal_text(g)) == ["Give the Fool's token to seat 0 (Sofia)",
                                       "Give the Fool's token to seat 2 (Rebecca)"]
    do(g, "Give the Fool's token to seat 0 (Sofia)")
    assert h.player(g, "Valerio")["interns"] == ["Fool"] and h.player(g, "Sofia")["tokens"] == ["Fool"]
    assert h.player(g, "Valerio")["tokens"] == [] and g.check_invariants() is None


# ------------------------------------------------------------ Spriggan
def _spriggan(h, owner=None):
    sc = (h.scenario(rules=SPRIGGAN).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
          .hand("Sofia", ["Spriggan", "Lantern"]).university(students=10, omega=0))
    if owner:
        sc.intern(owner, "Spriggan")
    return sc.turn("Sofia", phase="action").build()


@pytest.mark.parametrize("owner", [None, "Valerio"])
def test_spriggan_bonus_8_declares_and_takes_the_spriggan_intern(h, owner):
    """"a Bonus Value of 8 that you can use to declare your Stealth Value. The
    Scholar who uses it takes the Spriggan Intern Card from the Intern deck or
    from the Scholar who currently owns it."""
    g = _spriggan(h, owner)
    assert "Commit Spriggan (Bonus Value 8)" in h.legal_text(_after_study(g))
    do(g, "Commit Spriggan (Bonus Value 8)")
    assert h.player(g, "Sofia")["interns"] == []  # taken when the Stealth Value is declared
    do(g, "Declare the Stealth Value")
    assert h.test_of(g)["stealth_value"] == 8
    assert h.player(g, "Sofia")["interns"] == ["Spriggan"] and h.player(g, "Valerio")["interns"] == []
    assert "Spriggan" not in g.to_dict()["intern_deck"] and g.check_invariants() is None


def _after_study(g):
    do(g, "Study", "Study 1 cube")
    return g


def test_spriggan_has_only_that_main_effect(h):
    """"The Spriggan Trick Card contains only one Main Effect": no Auxiliary
    Effect, nothing else to play; committing another card takes no Intern."""
    g = _spriggan(h)
    assert not any("Spriggan" in t for t in h.legal_text(g) if not t.startswith("Commit"))
    do(g, "Study", "Study 1 cube", "Commit Lantern", "Declare the Stealth Value")
    assert h.player(g, "Sofia")["interns"] == []
    assert not any("Spriggan" in t for t in h.legal_text(g))


# ---------------------------------------------- Add 1 or More Types
def _rebecca(h, modules, hand):
    return (h.scenario(scholars=["Rebecca", "Valerio"], rules=modules).place_zone("I-3", 0, -1)
            .move("Rebecca", "I-3").hand("Rebecca", hand).turn("Rebecca", phase="movement").build())


def test_with_two_types_added_arcane_quest_also_takes_a_fate_card(h):
    """"If at least two Types of Trick Cards are added to the deck ... the Scholar
    Skills that require you to discard a certain Type of Trick Card to work (like
    Rebecca's "Arcane Quest"), they also work by discarding Fate Trick Cards."""
    g = _rebecca(h, (*ME_RC, "alchemy", "specialists"), ["Fate 4", "Lantern"])
    assert any(t.startswith("Skill Arcane Quest") for t in h.legal_text(g))
    do(g, "Skill Arcane Quest")  # the one card it takes: Fate, not the Lantern (Exploration)
    assert h.player(g, "Rebecca")["hand"] == ["Lantern"]
    g = _rebecca(h, (*ME_RC, "alchemy", "specialists"), ["Fate 4", "Crystal Ball", "Lantern"])
    do(g, "Skill Arcane Quest")
    assert sorted(h.legal_text(g)) == ["Discard Crystal Ball", "Discard Fate 4"]


@pytest.mark.parametrize("modules", [(), ALCHEMY, SPECIALISTS, (*ME_RC, "alchemy", "spriggan")])
def test_with_fewer_than_two_types_fate_does_not_count_as_magic(h, modules):
    """One added Type (the Spriggan Cards are not among the rule's Types): only
    a Magic card pays Arcane Quest."""
    g = _rebecca(h, modules, ["Fate 4", "Lantern"])
    assert not any(t.startswith("Skill Arcane Quest") for t in h.legal_text(g))
    g = _rebecca(h, modules, ["Crystal Ball", "Fate 4"])
    do(g, "Skill Arcane Quest")
    assert h.player(g, "Rebecca")["hand"] == ["Fate 4"]


def test_the_rule_reads_the_data():
    """The rule is data: tricks.wild_type and wild_min_added (a layer may set one added Type)."""
    t = compile_config(GameConfig(rules=ALCHEMY, overrides={"tricks.wild_min_added": 1})).tables
    from sim.dungeonology import layout as L
    names = compile_config(GameConfig(rules=ALCHEMY)).names
    assert t[L.T_RC_WILD_TYPE] == names.types.index("fate") + 1
    assert compile_config(GameConfig(rules=ALCHEMY)).tables[L.T_RC_WILD_TYPE] == 0
    assert compile_config(GameConfig()).tables[L.T_RC_WILD_TYPE] == 0


# ------------------------------------------------------------ layers: add
def test_a_layer_add_sums_numbers_and_appends_lists(tmp_path):
    (tmp_path / "manifest.toml").write_text('[layer]\nadd = ["tricks.total", "tricks.types"]\n')
    (tmp_path / "tricks.toml").write_text('[tricks]\ntotal = 2\ntypes = ["potion"]\n'
                                          '[cards.Vial]\ntype = "potion"\nbonus = 1\nauxiliary = ["Social 1"]\n'
                                          'copies = 2\n')
    data = load_data(str(tmp_path)).data
    assert data.tricks.total == 107 and data.tricks.types[-1] == "potion" and len(data.tricks.types) == 7
    (tmp_path / "manifest.toml").write_text('[layer]\nadd = ["tricks.main_actions_per_turn"]\n')
    with pytest.raises(DataError, match="add names a key"):
        load_data(str(tmp_path))


# ------------------------------------------------- each card's Main Effect
SPECIALIST_KINDS = ["Field Surgery", "Speaking Stone", "Jester's Cap", "Canteen Pass", "Beer Barrel", "Lute",
                    "Hunting Horn", "Card Index", "Star Chart"]


def _resolve(g):
    """Answer the prompts a Main Effect opens (costs, discards, the token) with the first legal action."""
    while g.phase() in ("discard", "main_cost", "stun", "give_token", "target"):
        g.apply(g.legal_actions()[0])


@pytest.mark.parametrize("kind", SPECIALIST_KINDS)
def test_each_specialists_card_calls_its_intern(h, kind):
    """Each Specialists kind's Main Effect (provisional) pays its cost and calls
    its Intern (tricks.toml `intern`)."""
    card = box_data(SPECIALISTS).cards[kind]
    g = _specialist(h, [], hand=(kind, "Lantern", "Crystal Ball"))
    do(g, f"Main Effect: {card.main.name}")
    _resolve(g)
    assert h.player(g, "Sofia")["interns"] == [card.intern] and g.check_invariants() is None
    assert (h.player(g, "Valerio")["tokens"] == ["Fool"]) == (card.intern == "Fool")


ALCHEMY_ME = (*ME_RC, "alchemy")


def test_transmutation_turns_a_card_into_a_student_and_a_card(h):
    g = (h.scenario(rules=ALCHEMY_ME).place_zone("I-3", 0, -1).move("Sofia", "I-3").bonfire(2)
         .hand("Sofia", ["Quicksilver", "Crystal Ball"]).hand("Valerio", []).deck_top(["Lantern"])
         .turn("Sofia", phase="action").build())
    students = h.player(g, "Sofia")["students"]
    do(g, "Main Effect: Transmutation")
    _resolve(g)
    assert h.player(g, "Sofia")["hand"] == ["Lantern"] and h.player(g, "Sofia")["students"] == students + 1


def test_distillation_pushes_your_side_of_the_test(h):
    g = (h.scenario(rules=ALCHEMY_ME).place_zone("I-3", 0, -1).move("Sofia", "I-3")
         .hand("Sofia", ["Athanor", "Crystal Ball", "Lantern", "Autograph", "Tarot Deck"]).hand("Valerio", [])
         .turn("Sofia", phase="action").build())
    do(g, "Study", "Study 1 cube", "Commit Autograph", "Declare the Stealth Value")
    while g.current_player() != 0:
        do(g, "Pass")
    before = h.test_of(g)["stealth_value"]
    do(g, "Main Effect: Distillation")
    _resolve(g)
    assert h.test_of(g)["stealth_value"] == before + 3


def test_great_work_is_an_action_drawing_cards_and_students(h):
    g = (h.scenario(rules=ALCHEMY_ME).place_zone("I-3", 0, -1).move("Sofia", "I-3")
         .hand("Sofia", ["Philosopher's Stone"]).hand("Valerio", []).turn("Sofia", phase="action").build())
    students = h.player(g, "Sofia")["students"]
    do(g, "Main Effect: Great Work")
    _resolve(g)
    assert len(h.player(g, "Sofia")["hand"]) == 2 and h.player(g, "Sofia")["students"] == students - 1 + 2


BOSSES = ('[boss.{key}]\nname = "{name}"\n[boss.{key}.profiles.a]\nalert_modifier = 1\n'
          'sighting = [{{ op = "boss_appear" }}]\nactivation = [{{ op = "boss_move", n = 1 }}]\n')


@pytest.mark.parametrize(("card", "key", "name"), [("Rolling Stone", "enrico", "Enrico Giovanni"),
                                                   ("Egg Hunt", "marconiglio", "Marconiglio"),
                                                   ("Mind Twist", "jukas", "Jukas")])
def test_each_boss_panic_card_does_what_its_data_says(h, tmp_path, card, key, name):
    """With its Boss in the data (a test layer: the Bosses come with the next
    issue), the card is in the deck and its turn-start steps run."""
    (tmp_path / "boss.toml").write_text(BOSSES.format(key=key, name=name))
    data = box_data(RC).panic[card]
    rules = ("boss", "maximum_alert", "rocca_civetta")
    g = (h.scenario(rules=rules, panic=card, boss=f"{key}:a", data=str(tmp_path)).place_zone("I-3", 0, -1)
         .move("Sofia", "I-3").move("Valerio", "I-3").hand("Sofia", ["Lantern", "Autograph"]).cubes("Sofia", worship=2)
         .students("Sofia", 0).max_alert().university(students=6, omega=0).turn("Sofia").build())
    _resolve(g)
    sofia = h.player(g, "Sofia")
    assert g.to_dict()["max_alert"]["panic"] == card
    ops = {st.op for st in data.each_scholar}
    if "stun" in ops:
        assert sofia["stun"] == 1  # no Student to give instead
    if "lose_random_info" in ops:
        assert sofia["cubes"]["worship"] == 1
    if "discard_own" in ops:
        assert sofia["hand_size"] == 1
    if "intelligence" in data.passive:
        assert sofia["intelligence"] == 2 + data.passive["intelligence"]
    assert g.check_invariants() is None


@pytest.mark.parametrize(("modules", "key", "value", "message"), [
    (SPECIALISTS, 'cards."Field Surgery".main.effect', [{"op": "give_token"}], "give_token moves the token"),
    (ALCHEMY, "tricks.added_types", ["alchemy", "potion"], "unknown Trick type"),
    (ALCHEMY, "tricks.wild_type", "potion", "unknown Trick type"),
    (SPRIGGAN, "cards.Spriggan.declare_intern", False, "needs one or two Auxiliary Effects"),
    (RC, "interns.Surgeon.token", {"sped": 1}, "sped"),
])
def test_bad_card_data_is_one_clear_error(modules, key, value, message):
    with pytest.raises(DataError, match=message) as e:
        load_data(None, {key: value}, M.boxes_in_use(modules))
    assert "\n" not in str(e.value) and e.value.key


def test_spriggan_is_not_taken_from_an_owner_in_the_starting_zone(h):
    """The Starting Zone: its Scholars "cannot be affected by Trick Cards"; the
    Intern stays with its owner there (as any Intern, "Intern Cards")."""
    g = (h.scenario(rules=SPRIGGAN).place_zone("I-3", 0, -1).move("Sofia", "I-3").intern("Valerio", "Spriggan")
         .hand("Sofia", ["Spriggan", "Lantern"]).turn("Sofia", phase="action").build())
    do(g, "Study", "Study 1 cube", "Commit Spriggan (Bonus Value 8)", "Declare the Stealth Value")
    assert h.player(g, "Valerio")["zone"] == "Starting Zone" and h.player(g, "Valerio")["interns"] == ["Spriggan"]


def test_specialists_also_in_your_own_espionage(h):
    """"your own Stealth Test": Study or Espionage."""
    g = (h.scenario(rules=SPECIALISTS).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
         .cubes("Valerio", militia=1).intern("Sofia", "Surgeon").intern("Sofia", "Bard")
         .hand("Sofia", ["Field Surgery", "Lantern", "Tarot Deck"]).hand("Valerio", [])
         .turn("Sofia", phase="action").build())
    do(g, "Espionage on seat 1 (Valerio): a militia cube", "Commit Lantern", "Declare the Stealth Value")
    before = h.test_of(g)["stealth_value"]
    do(g, "Play Field Surgery: Specialists")
    assert h.test_of(g)["stealth_value"] == before + 2


def test_the_heuristic_does_not_cycle_an_alchemy_draw_through_an_empty_deck():
    """A sweep game (rocca_civetta.toml, seed 16000000273575) stopped at the decision limit: a Scholar
    holding the whole deck played "Philosopher's Stone" (Alchemy 3: Draw 2) for ever, drawing it back
    from the reshuffled discards. The heuristic now draws with Alchemy only from a deck of 3 cards or more."""
    from agents.batch import play_batch
    from agents.spec import parse_spec
    from sim.dungeonology.core.engine.batch import GAME_FIELDS

    mods = ("main_effects", "rocca_civetta", "alchemy", "specialists", "spriggan", "research", "congregations")
    compiled = compile_config(GameConfig(players=3, alert="easy", modules=mods))
    _, games = play_batch(compiled, [16000000273575], [parse_spec("heuristic")])
    assert games[0, GAME_FIELDS.index("error")] == 0  # it ends (9,553 decisions), no longer at the limit
