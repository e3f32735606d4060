"""Research Cards, an advanced rule of Rocca Civetta (module research;
rulebook "Research Cards"). Each test follows a sentence of the section:

- "Setup: during Game Setup, draw three Research Cards and place them face up
  near the Campus for all to see."
- "Complete a Quest: at any time during their turn, but only once per turn, a
  Scholar can designate a single Quest Card they meet the requirements for and
  take the card for themselves."
- "New Research: each time a Research is completed and its card is taken by a
  Scholar, a new Research Card is drawn from the deck to replace it, becoming
  available to all."
- "End of Game: during Scoring, all completed Research Cards grant the owner
  bonus victory points equal to those indicated."

The Quests themselves are provisional (research.toml); the tests name them.
"""

from __future__ import annotations

import numpy as np
import pytest

from agents.dungeonology.heuristic import DEFAULTS, P_NOISE, act
from sim import GameConfig
from sim.dungeonology import layout as L
from sim.dungeonology.core.procedures.scoring import score_parts
from sim.dungeonology.game import new_game
from sim.dungeonology.scenario import do
from sim.kit.errors import ConfigError, DataError

RC = ("rocca_civetta", "research")
CLAIM = "Complete the Research"


def _sc(h, **kw):
    return h.scenario(modules=RC, **kw)


def _claims(h, g):
    return [s for s in h.legal_text(g) if s.startswith(CLAIM)]


def _to_next_turn_of(g, seat):
    """Play the first legal action until `seat` decides in her next turn (the one under way if it
    is not hers yet)."""
    turn = int(g.state[L.S_TURN]) if int(g.state[L.S_CUR]) == seat else -1
    while not (g.current_player() == seat and int(g.state[L.S_CUR]) == seat and int(g.state[L.S_TURN]) > turn):
        g.apply(g.engine_legal_actions()[0])


def _village(h, phase="activity"):
    """Sofia (seat 0) in I-3 with 4 Civilization cubes, Village Life face up."""
    return (_sc(h).place_zone("I-3", 0, -1).move("Sofia", "I-3").cubes("Sofia", civilization=4)
            .research_face_up(["Village Life", "Militia Drills", "Deep Survey"]))


# ------------------------------------------------------------------- Setup
def test_setup_draws_three_research_cards_face_up():
    g = new_game(GameConfig(players=3, modules=RC), seed=5)
    r = g.to_dict()["research"]
    assert len(r["face_up"]) == 3 and None not in r["face_up"] and len(set(r["face_up"])) == 3
    assert len(r["deck"]) == 12 - 3 and not set(r["deck"]) & set(r["face_up"])
    assert r["completed"] == {0: [], 1: [], 2: []}
    assert g.observation(1)["research"]["face_up"] == r["face_up"]  # "for all to see"
    assert g.observation(1)["research"]["deck"] == 9  # the deck's order is not seen
    assert g.check_invariants() is None


def test_without_the_module_there_are_no_research_cards():
    g = new_game(GameConfig(players=2), seed=5)
    assert "research" not in g.to_dict()
    assert not g.state[L.S_RESEARCH_UP: L.S_RESEARCH_UP + L.RESEARCH_UP].any()
    assert g.state[L.S_RESEARCH_N] == 0


def test_research_requires_the_box_module():
    with pytest.raises(ConfigError, match="research requires rocca_civetta"):
        new_game(GameConfig(players=2, modules=("research",)), seed=1)


# ---------------------------------------------------------- Complete a Quest
def test_a_quest_whose_requirements_are_met_can_be_completed(h):
    g = _village(h).turn("Sofia", "activity").build()
    assert _claims(h, g) == ["Complete the Research Village Life (2 points)"]


def test_requirements_not_met_means_no_claim(h):
    g = (_sc(h).place_zone("I-3", 0, -1).move("Sofia", "I-3").cubes("Sofia", civilization=3, militia=2)
         .research_face_up(["Village Life", "Militia Drills", "Deep Survey"]).turn("Sofia", "activity").build())
    assert _claims(h, g) == []  # 3 of 4 Civilization, 2 of 3 Militia, not on Floor III


def test_only_the_scholar_whose_turn_it_is_may_complete_a_quest(h):
    g = _village(h).cubes("Valerio", civilization=4).turn("Sofia", "activity").build()
    assert g.current_player() == 0
    do(g, "Rest", "Pass", "Pass")  # no discard; at the End of Turn claim point Sofia passes too
    # Valerio meets Village Life too, but claims nothing in Sofia's turn; in his own turn he may
    assert g.to_dict()["turn_of"] == 1 and g.current_player() == 1 and g.phase() == "movement"
    assert any(s.startswith(CLAIM + " Village Life") for s in h.legal_text(g))


def test_claiming_takes_the_card_and_the_same_decision_stays_open(h):
    g = _village(h).research_deck_top(["Comparative Study"]).turn("Sofia", "activity").build()
    do(g, "Complete the Research Village Life")
    r = g.to_dict()["research"]
    assert r["completed"][0] == ["Village Life"]
    assert g.phase() == "activity" and g.current_player() == 0  # "at any time during their turn"
    assert set(h.legal_text(g)) >= {"Rest", "Explore"}
    assert g.check_invariants() is None


def test_a_quest_can_be_completed_in_the_middle_of_the_turn(h):
    g = _village(h).turn("Sofia", "movement").build()
    assert g.phase() == "movement"
    do(g, "Complete the Research Village Life")
    assert g.phase() == "movement" and g.to_dict()["research"]["completed"][0] == ["Village Life"]


def test_only_once_per_turn(h):
    g = (_village(h).cubes("Sofia", civilization=4, militia=3).research_deck_top(["Comparative Study"])
         .turn("Sofia", "activity").build())
    assert len(_claims(h, g)) == 2  # Village Life and Militia Drills
    do(g, "Complete the Research Militia Drills")
    assert _claims(h, g) == []  # Village Life is still met, but not this turn
    do(g, "Rest", "Pass")  # Rest, keeping her cards: the turn ends
    assert g.phase() != "research" and g.to_dict()["turn_of"] == 1  # no End of Turn claim point either
    _to_next_turn_of(g, 0)
    # her next turn: Village Life again
    assert "Complete the Research Village Life (2 points)" in _claims(h, g)


def test_research_done_marks_the_turn(h):
    g = _village(h).turn("Sofia", "activity").research_done().build()
    assert _claims(h, g) == []


# ------------------------------------------------------------- New Research
def test_a_completed_card_is_replaced_from_the_deck(h):
    g = _village(h).research_deck_top(["Caste Genealogy", "Field Method"]).turn("Sofia", "activity").build()
    do(g, "Complete the Research Village Life")
    r = g.to_dict()["research"]
    assert r["face_up"] == ["Caste Genealogy", "Militia Drills", "Deep Survey"]
    assert len(r["deck"]) == 8 and r["deck"][-1] == "Field Method"


def test_when_the_deck_runs_out_the_place_stays_empty(h):
    sc = _village(h)
    others = [n for n in sc.names.research if n not in ("Village Life", "Militia Drills", "Deep Survey")]
    g = sc.research_completed("Valerio", others).turn("Sofia", "activity").build()
    assert g.to_dict()["research"]["deck"] == []
    do(g, "Complete the Research Village Life")
    assert g.to_dict()["research"]["face_up"] == [None, "Militia Drills", "Deep Survey"]
    assert g.check_invariants() is None


# ------------------------------------------- the End of Turn claim point
def _tutor(h):
    """Sofia with 5 Students and a Stun Token: Popular Tutor (5 Students, no
    Stun Token) is met only once Rest discards the Stun Token, at no decision."""
    return (_sc(h).place_zone("I-3", 0, -1).move("Sofia", "I-3").students("Sofia", 5).stun("Sofia", 1)
            .hand("Sofia", []).research_face_up(["Popular Tutor", "Militia Drills", "Deep Survey"])
            .turn("Sofia", "activity"))


def test_a_quest_met_by_the_last_step_of_a_turn_can_still_be_completed(h):
    g = _tutor(h).build()
    assert _claims(h, g) == []
    do(g, "Rest")  # Stun Tokens discarded, Trick Cards drawn: no decision of hers
    assert g.phase() == "research" and g.current_player() == 0
    assert h.legal_text(g) == ["Pass", "Complete the Research Popular Tutor (3 points)"]
    do(g, "Complete the Research Popular Tutor")
    assert g.to_dict()["research"]["completed"][0] == ["Popular Tutor"]
    assert g.to_dict()["turn_of"] == 1  # then the turn ends


def test_passing_at_the_end_of_turn_claim_point_ends_the_turn(h):
    g = _tutor(h).build()
    do(g, "Rest", "Pass")
    assert g.to_dict()["turn_of"] == 1 and g.to_dict()["research"]["completed"][0] == []
    assert g.check_invariants() is None


def test_a_scholar_who_has_submitted_the_thesis_completes_no_quest(h):
    g = (_village(h).cubes("Sofia", civilization=5, militia=4, worship=3).turn("Sofia", "activity").build())
    assert any(s.startswith(CLAIM) for s in h.legal_text(g))
    do(g, "Submit the Thesis")  # SUCCESS: her turn and her game end
    assert g.to_dict()["players"][0]["thesis"] == 1
    assert g.to_dict()["research"]["completed"][0] == []
    assert g.current_player() != 0 or g.is_terminal()


# ----------------------------------------------------------------- Scoring
def test_completed_research_cards_score_their_points(h):
    g = (_sc(h).research_completed("Sofia", ["Comparative Study", "Village Life"])
         .research_completed("Valerio", ["Deep Survey"]).build())
    parts = np.zeros(4, np.int64)
    score_parts(g.state, g.tables, 0, parts)
    base = parts[0] + parts[1] - parts[2]
    assert parts[3] == base + 5 + 2
    score_parts(g.state, g.tables, 1, parts)
    assert parts[3] == parts[0] + parts[1] - parts[2] + 4
    assert g.result()["seats"][0]["breakdown"]["research_points"] == 7
    assert g.check_invariants() is None


def test_result_rows_carry_the_research_points():
    from agents.batch import play_batch
    from agents.spec import parse_spec
    from sim.dungeonology.config import compile_config
    from sim.dungeonology.core.engine.batch import ROW_FIELDS

    # a base Clan Card: the New Clan Cards' Star bonus is in the score but has no row column
    compiled = compile_config(GameConfig(players=3, modules=RC, clan="Golden Horns"))
    rows, _ = play_batch(compiled, list(range(40, 52)), [parse_spec("heuristic")])
    col = ROW_FIELDS.index("research_points")
    assert rows[:, :3, col].sum() > 0  # the heuristic completes Quests
    score = ROW_FIELDS.index("score")
    parts = [ROW_FIELDS.index(f) for f in ("board_points", "thesis_bonus", "jinx_penalty", "intern_bonus")]
    expect = rows[:, :3, parts[0]] + rows[:, :3, parts[1]] - rows[:, :3, parts[2]] + rows[:, :3, parts[3]]
    assert (rows[:, :3, score] == expect + rows[:, :3, col]).all()


# ----------------------------------------------------------- the heuristic
def test_the_heuristic_completes_the_quest_worth_most(h):
    g = (_village(h).cubes("Sofia", civilization=4, riches=2)
         .research_face_up(["Village Life", "Treasure Ledger", "Deep Survey"]).turn("Sofia", "activity").build())
    buf = np.array(g.engine_legal_actions(), dtype=np.int64)
    params = np.zeros(16)
    params[: len(DEFAULTS)] = list(DEFAULTS.values())
    params[P_NOISE] = 0.0
    a = act(g.state, g.tables, buf, len(buf), params, np.array([1, 2], dtype=np.int64))
    assert g.action_to_string(int(a)) == "Complete the Research Treasure Ledger (4 points)"


# -------------------------------------------------------------------- data
def test_a_bad_quest_is_refused_with_its_file_and_key():
    bad = {'research."Village Life".requires': [{"what": "pets", "n": 1}]}
    with pytest.raises(DataError, match="quest condition") as e:
        new_game(GameConfig(players=2, modules=RC, overrides=bad), seed=1)
    assert "research" in str(e.value)
    bad = {'research."Village Life".requires': [{"what": "students", "n": 1, "color": "militia"}]}
    with pytest.raises(DataError, match="only a cubes condition names a colour"):
        new_game(GameConfig(players=2, modules=RC, overrides=bad), seed=1)


def test_every_card_is_marked_provisional():
    from sim.dungeonology.loader import load_data
    from sim.dungeonology.modules import boxes_in_use

    loaded = load_data(boxes=boxes_in_use(RC))
    marked = {v.key.split(".")[1].strip('"') for v in loaded.provisional if v.key.startswith("research.")}
    assert marked == set(loaded.data.research) and len(marked) == 12


# ------------------------------------------------- the condition language
def _with_quest(h, quest, modules=RC, **kw):
    """Village Life's Quest replaced by `quest` (a data override), the card face up."""
    over = {'research."Village Life".requires': quest}
    return (h.scenario(modules=modules, overrides=over, **kw).place_zone("I-3", 0, -1)
            .research_face_up(["Village Life", "Militia Drills", "Deep Survey"]))


def test_a_floor_condition_reads_the_zone_the_scholar_stands_in(h):
    sc = _with_quest(h, [{"what": "floor", "n": 1}])
    assert _claims(h, sc.move("Sofia", "I-3").turn("Sofia", "activity").build())
    g = _with_quest(h, [{"what": "floor", "n": 1}]).turn("Sofia", "movement").build()
    assert not _claims(h, g)  # the Starting Zone is no Floor


def test_a_columns_condition_counts_columns_holding_each_cubes(h):
    quest = [{"what": "columns", "n": 2, "each": 2}]
    g = _with_quest(h, quest).move("Sofia", "I-3").cubes("Sofia", civilization=2, militia=2).turn("Sofia", "activity")
    assert _claims(h, g.build())
    g = _with_quest(h, quest).move("Sofia", "I-3").cubes("Sofia", civilization=3, militia=1).turn("Sofia", "activity")
    assert not _claims(h, g.build())


def test_an_at_most_condition_and_an_interns_condition(h):
    quest = [{"what": "interns", "n": 1}, {"what": "tricks", "n": 1, "at_most": True}]
    me = ("main_effects", *RC)
    sc = _with_quest(h, quest, modules=me).move("Sofia", "I-3").hand("Sofia", ["Lantern"])
    assert not _claims(h, sc.turn("Sofia", "activity").build())  # no Intern yet
    sc = (_with_quest(h, quest, modules=me).move("Sofia", "I-3").hand("Sofia", ["Lantern"])
          .intern("Sofia", "Climbing Intern"))
    assert _claims(h, sc.turn("Sofia", "activity").build())
    sc = (_with_quest(h, quest, modules=me).move("Sofia", "I-3").hand("Sofia", ["Lantern", "Lantern"])
          .intern("Sofia", "Climbing Intern"))
    assert not _claims(h, sc.turn("Sofia", "activity").build())  # two Trick Cards: more than at most 1


# ------------------------------------------------- what each seat sees
def test_the_observation_shows_the_face_up_cards_and_owners_not_the_deck_order(h):
    g = _sc(h).research_completed("Valerio", ["Deep Survey"]).build()
    obs = g.observation_tensor(0)
    up = slice(L.S_RESEARCH_UP, L.S_RESEARCH_UP + L.RESEARCH_UP)
    owner = slice(L.S_RESEARCH_OWNER, L.S_RESEARCH_OWNER + L.MAX_RESEARCH)
    assert (obs[up] == g.state[up]).all() and (obs[owner] == g.state[owner]).all()
    assert not obs[L.S_RESEARCH_DECK: L.S_RESEARCH_DECK + L.MAX_RESEARCH].any()
    deck = slice(L.S_RESEARCH_DECK, L.S_RESEARCH_DECK + int(g.state[L.S_RESEARCH_N]))
    orders = {tuple(g.determinize(0, seed).state[deck]) for seed in range(6)}
    assert len(orders) > 1 and all(sorted(o) == sorted(g.state[deck]) for o in orders)  # resampled, same cards
    assert all(g.determinize(0, seed).state[up].tolist() == g.state[up].tolist() for seed in range(3))
