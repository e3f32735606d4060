"""Rocca Civetta, "New Scholars" and Camp Z ("Special Zones"): the seven new
Scholars both sides, their skills (provisional texts, sim/dungeonology/data/rocca_civetta/
scholars.toml), Camp Z in games with Caterina, Setup B with 11 Scholars.

Each skill is played through the real actions of a scenario and does what its
text says; the once-per-turn skills come back on the Scholar's next turn; the
Exalted side ("Exalted Scholars": fewer Stars than another Scholar) uses its
own text."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from agents.dungeonology.heuristic import P_FALLBACKS
from agents.dungeonology.heuristic.rc_scholars import rc_skill_choice
from agents.python_agents import NumbaAgent
from sim import GameConfig
from sim.dungeonology import layout as L
from sim.dungeonology.game import new_game
from sim.dungeonology.loader import load_data
from sim.dungeonology.scenario import do
from sim.kit.errors import ConfigError, DataError

RC = ("rocca_civetta",)
BASE4 = {"Rebecca", "Valerio", "Sofia", "Vincenzo"}
NEW7 = {"Sara", "Caterina", "Claudio", "Andromeda", "Onamor", "Ingrid", "Enrico"}


def _sc(h, scholars, **kw):
    return (h.scenario(scholars=scholars, modules=RC, **kw).place_zone("I-3", 0, -1).place_zone("I-4", 0, -2)
            .move(scholars[0], "I-3").move(scholars[1], "I-3"))


def _skills(g, name):
    return [x for x in g.legal_actions() if g.action_to_string(x).startswith(f"Skill {name}")]


def _end_turn_and_come_back(g):
    """End this turn, let the opponent play a quiet turn; stop in the Movement
    Phase of the first seat's next turn."""
    first = g.to_dict()["turn"]
    while not (g.to_dict()["turn"] >= first + 2 and g.current_player() == 0 and g.phase() == "movement"):
        legal = {g.action_to_string(a): a for a in g.legal_actions()}
        pick = next((legal[w] for w in ("End the Movement Phase", "End the turn", "Explore", "Pass") if w in legal),
                    g.legal_actions()[0])
        g.apply(pick)
    return g


# ------------------------------------------------------------- Setup B
def test_eleven_scholars_with_the_box_and_four_without():
    assert set(load_data().data.scholars) == BASE4
    names = list(load_data(boxes=("base", "rocca_civetta")).data.scholars)
    assert set(names) == BASE4 | NEW7 and len(names) == 11 <= L.MAX_SCH


def test_setup_b_deals_every_scholar_and_never_one_twice():
    seen: dict[str, int] = {}
    for seed in range(150):
        names = [p["scholar"] for p in new_game(GameConfig(players=4, modules=RC), seed=seed).to_dict()["players"]]
        assert len(set(names)) == 4
        for n in names:
            seen[n] = seen.get(n, 0) + 1
    assert set(seen) == BASE4 | NEW7
    base = {p["scholar"] for seed in range(40)
            for p in new_game(GameConfig(players=4), seed=seed).to_dict()["players"]}
    assert base == BASE4


def test_fixed_scholars_per_seat_and_the_rest_dealt():
    g = new_game(GameConfig(players=3, scholars=["Enrico", None, "Sara"], modules=RC), seed=5)
    names = [p["scholar"] for p in g.to_dict()["players"]]
    assert names[0] == "Enrico" and names[2] == "Sara" and names[1] not in ("Enrico", "Sara")
    assert g.check_invariants() is None


def test_a_new_scholar_without_the_box_is_refused_by_name():
    with pytest.raises(ConfigError) as e:
        new_game(GameConfig(players=2, scholars=["Sara", "Sofia"]), seed=1)
    assert "scholars[0]" in str(e.value) and "Sara" in str(e.value) and "Vincenzo" in str(e.value)


# --------------------------------------------------------------- Camp Z
def test_camp_z_is_shuffled_into_floor_one_only_with_caterina():
    with_her = new_game(GameConfig(players=2, scholars=["Caterina", "Sofia"], modules=RC), seed=3)
    without = new_game(GameConfig(players=2, scholars=["Claudio", "Sofia"], modules=RC), seed=3)
    assert "Camp Z" in with_her.to_dict()["stacks"]["I"]
    assert all("Camp Z" not in stack for stack in without.to_dict()["stacks"].values())
    assert with_her.check_invariants() is None and without.check_invariants() is None


def test_camp_z_zone_data_names_a_known_scholar(tmp_path: Path):
    (tmp_path / "zones.toml").write_text('[zones."Camp Z"]\nscholar = "Caterine"\n')
    with pytest.raises(DataError) as e:
        load_data(str(tmp_path), boxes=("base", "rocca_civetta"))
    msg = str(e.value)
    assert 'zones."Camp Z".scholar' in msg and "Caterine" in msg and "Caterina" in msg
    assert "zones.toml" in msg


def test_once_per_turn_names_a_slot(tmp_path: Path):
    (tmp_path / "scholars.toml").write_text(
        '[scholars.Sara]\nskills = [{ name = "Pathfinder", timing = "own", options = '
        '[[{ op = "once_per_turn", n = 4, cost = true }, { op = "speed", n = 2 }]] }]\n')
    with pytest.raises(DataError) as e:
        load_data(str(tmp_path), boxes=("base", "rocca_civetta"))
    assert "scholars.Sara.skills.0.options.0.0.n" in str(e.value) and "1 to 3" in str(e.value)


# --------------------------------------------------------------- skills
def test_sara_pathfinder_a_stun_token_for_two_speed_once_per_turn(h):
    g = _sc(h, ["Sara", "Sofia"]).stun("Sara", 0).students("Sara", 0).turn("Sara", phase="movement").build()
    speed = g.to_dict()["speed_left"]
    do(g, "Skill Pathfinder")
    assert g.to_dict()["speed_left"] == speed + 2 and h.player(g, "Sara")["stun"] == 1
    assert _skills(g, "Pathfinder") == []  # once per turn
    _end_turn_and_come_back(g)
    assert _skills(g, "Pathfinder") != []  # her next turn
    assert g.check_invariants() is None


def test_exalted_sara_flies_free(h):
    g = (_sc(h, ["Sara", "Sofia"]).cubes("Sofia", riches=2).stun("Sara", 0)
         .turn("Sara", phase="movement").build())
    assert h.player(g, "Sara")["exalted"] and h.player(g, "Sara")["speed"] == 5
    speed = g.to_dict()["speed_left"]
    do(g, "Skill Pathfinder")
    assert g.to_dict()["speed_left"] == speed + 2 and h.player(g, "Sara")["stun"] == 0


def test_caterina_elixir_a_card_for_two_stun_tokens(h):
    g = (_sc(h, ["Caterina", "Sofia"]).stun("Caterina", 2).hand("Caterina", ["Lantern", "Smoke Bomb"])
         .turn("Caterina", phase="action").build())
    do(g, "Skill Elixir", "Discard Lantern")
    me = h.player(g, "Caterina")
    assert me["stun"] == 0 and me["hand"] == ["Smoke Bomb"]
    assert _skills(g, "Elixir") == []
    g = (_sc(h, ["Caterina", "Sofia"]).stun("Caterina", 0).hand("Caterina", ["Lantern"])
         .turn("Caterina", phase="action").build())
    assert _skills(g, "Elixir") == []  # no Stun Token to discard: the skill cannot be used


def test_caterina_field_laboratory_only_in_camp_z(h):
    sc = (h.scenario(scholars=["Caterina", "Sofia"], modules=RC).place_zone("I-3", 0, -1)
          .place_zone("Camp Z", 1, -1).move("Sofia", "I-3").hand("Caterina", ["Lantern"]))
    g = sc.move("Caterina", "I-3").turn("Caterina", phase="action").build()
    assert _skills(g, "Field Laboratory") == []
    g = sc.move("Caterina", "Camp Z").turn("Caterina", phase="action").build()
    do(g, "Skill Field Laboratory")
    assert h.player(g, "Caterina")["hand_size"] == 3 and _skills(g, "Field Laboratory") == []
    assert h.zone(g, "Camp Z")["cubes"] == ["worship", "riches", "caste"]


def test_claudio_snare_places_a_trap_token_on_his_zone(h):
    g = _sc(h, ["Claudio", "Sofia"]).students("Claudio", 2).turn("Claudio", phase="action").build()
    supply = sum(g.to_dict()["reserve"]["trap_tokens"].values())
    do(g, "Skill Snare")
    assert h.player(g, "Claudio")["students"] == 1
    assert h.zone(g, "I-3")["tokens"]["trap"] is not None
    assert sum(g.to_dict()["reserve"]["trap_tokens"].values()) == supply - 1
    assert _skills(g, "Snare") == [] and g.check_invariants() is None


def test_exalted_claudio_snare_is_free_and_draws(h):
    g = (_sc(h, ["Claudio", "Sofia"]).cubes("Sofia", riches=2).students("Claudio", 2).hand("Claudio", [])
         .turn("Claudio", phase="action").build())
    assert h.player(g, "Claudio")["exalted"]
    do(g, "Skill Snare")
    me = h.player(g, "Claudio")
    assert me["students"] == 2 and me["hand_size"] == 1 and h.zone(g, "I-3")["tokens"]["trap"] is not None


def test_andromeda_computation_divination_in_her_own_test(h):
    g = (_sc(h, ["Andromeda", "Sofia"]).hand("Andromeda", ["Secret Map", "Smoke Bomb", "Lantern"])
         .hand("Sofia", []).deck_top(["Fate 5"]).turn("Andromeda", phase="action").build())
    do(g, "Study", "Study 1 cube", "Commit Secret Map", "Declare the Stealth Value")
    before = h.test_of(g)["stealth_value"]
    do(g, "Skill Computation")
    if g.phase() == "discard":
        do(g, "Discard Lantern")
    assert h.test_of(g)["stealth_value"] == before + 5
    assert h.player(g, "Andromeda")["hand_size"] == 1


def test_andromeda_self_repair_a_card_for_a_stun_token(h):
    g = (_sc(h, ["Andromeda", "Sofia"]).stun("Andromeda", 2).hand("Andromeda", ["Lantern", "Smoke Bomb"])
         .turn("Andromeda", phase="action").build())
    do(g, "Skill Self-Repair", "Discard Lantern")
    me = h.player(g, "Andromeda")
    assert me["stun"] == 1 and me["hand"] == ["Smoke Bomb"] and _skills(g, "Self-Repair") == []


def test_onamor_exhume_a_card_from_the_discard_pile(h):
    g = (_sc(h, ["Onamor", "Sofia"]).hand("Onamor", []).deck(["Lantern", "Lantern"]).students("Onamor", 2)
         .turn("Onamor", phase="action").build())
    pile = sum(g.to_dict()["discard"].values())
    assert pile > 0
    assert len(_skills(g, "Exhume")) == 2  # its two options, both payable
    do(g, "Skill Exhume (exhume)")
    me = h.player(g, "Onamor")
    assert me["hand_size"] == 1 and me["students"] == 1 and sum(g.to_dict()["discard"].values()) == pile - 1
    assert _skills(g, "Exhume") == []  # both options share the once-per-turn slot
    assert g.check_invariants() is None


def test_onamor_exhume_a_student_from_the_reserve(h):
    g = _sc(h, ["Onamor", "Sofia"]).students("Onamor", 0).stun("Onamor", 0).turn("Onamor", phase="action").build()
    (stun,) = _skills(g, "Exhume")  # no Student to Sacrifice: the second option only
    g.apply(stun)
    me = h.player(g, "Onamor")
    assert me["students"] == 1 and me["stun"] == 1


def test_ingrid_flies_to_a_zone_of_her_floor(h):
    g = (_sc(h, ["Ingrid", "Sofia"]).place_zone("I-5", 1, -1).stun("Ingrid", 0).students("Ingrid", 0)
         .turn("Ingrid", phase="action").build())
    do(g, "Skill Valkyrie's Flight")
    assert g.phase() == "main_zone"
    do(g, next(g.action_to_string(a) for a in g.legal_actions() if "I-5" in g.action_to_string(a)))
    me = h.player(g, "Ingrid")
    assert me["zone"] == "I-5" and me["stun"] == 1 and _skills(g, "Valkyrie's Flight") == []


def test_enrico_epigraphy_two_cards_for_the_knowledge_token(h):
    g = (_sc(h, ["Enrico", "Sofia"]).hand("Enrico", ["Lantern", "Smoke Bomb", "Secret Map"])
         .turn("Enrico", phase="action").build())
    do(g, "Skill Epigraphy", "Discard Lantern", "Discard Smoke Bomb")
    me = h.player(g, "Enrico")
    assert me["knowledge"] and me["hand"] == ["Secret Map"]
    g = (_sc(h, ["Enrico", "Sofia"]).knowledge("Enrico").hand("Enrico", ["Lantern", "Smoke Bomb"])
         .turn("Enrico", phase="action").build())
    assert _skills(g, "Epigraphy") == []  # he holds the token already


def test_enrico_excavation_an_exploration_card_for_stealth_two(h):
    g = (_sc(h, ["Enrico", "Sofia"]).hand("Enrico", ["Secret Map", "Lantern", "Smoke Bomb"]).hand("Sofia", [])
         .turn("Enrico", phase="action").build())
    do(g, "Study", "Study 1 cube", "Commit Secret Map", "Declare the Stealth Value")
    before = h.test_of(g)["stealth_value"]
    do(g, "Skill Excavation")
    assert h.test_of(g)["stealth_value"] == before + 2 and h.player(g, "Enrico")["hand"] == ["Smoke Bomb"]


# ------------------------------------------------------------- heuristic
def _choice(g):
    buf = np.array(g.legal_actions(), dtype=np.int64)
    return rc_skill_choice(g.state, g.tables, g.current_player(), g.state[L.S_PHASE], buf, len(buf))


def test_heuristic_uses_the_skills_when_they_pay(h):
    g = (_sc(h, ["Caterina", "Sofia"]).stun("Caterina", 2).hand("Caterina", ["Lantern", "Smoke Bomb", "Fate 5"])
         .turn("Caterina", phase="action").build())
    assert g.action_to_string(int(_choice(g))).startswith("Skill Elixir")
    g = (_sc(h, ["Enrico", "Sofia"]).hand("Enrico", ["Lantern", "Smoke Bomb", "Secret Map", "Fate 5"])
         .turn("Enrico", phase="action").build())
    assert g.action_to_string(int(_choice(g))).startswith("Skill Epigraphy")
    g = (_sc(h, ["Sara", "Sofia"]).cubes("Sofia", riches=2).turn("Sara", phase="movement").build())
    assert g.action_to_string(int(_choice(g))).startswith("Skill Pathfinder")  # Exalted: free Speed


def test_heuristic_keeps_the_skills_when_they_do_not(h):
    # the Zone holds cubes: no flight; no Stun Token: no Elixir; no Speed in the Action Phase; a Stun
    # Token for Speed where there are cubes to Study
    g = _sc(h, ["Ingrid", "Sofia"]).stun("Ingrid", 0).turn("Ingrid", phase="action").build()
    assert _choice(g) == -1
    g = _sc(h, ["Caterina", "Sofia"]).stun("Caterina", 0).turn("Caterina", phase="action").build()
    assert _choice(g) == -1
    g = _sc(h, ["Sara", "Sofia"]).cubes("Sofia", riches=2).turn("Sara", phase="action").build()
    assert _choice(g) == -1
    g = _sc(h, ["Sara", "Sofia"]).stun("Sara", 0).turn("Sara", phase="movement").build()
    assert _choice(g) == -1


@pytest.mark.parametrize("name", sorted(NEW7))
def test_heuristic_games_with_each_new_scholar(name):
    """Heuristic games with the Scholar at seat 0: they end, break no invariant,
    never fall back to a random choice, and the Scholar uses her skills."""
    used = 0
    for seed in range(3):
        g = new_game(GameConfig(players=2, scholars=[name, None], modules=RC), seed=seed)
        seats = [NumbaAgent("heuristic", seed=seed * 10 + p) for p in range(2)]
        while not g.is_terminal():
            p = g.current_player()
            a = seats[p].act(g)
            if p == 0 and g.action_to_string(a).startswith("Skill"):
                used += 1
            g.apply(a)
        assert g.check_invariants() is None
        assert [s._params[P_FALLBACKS] for s in seats] == [0.0, 0.0]
    assert used > 0
