"""Game Setup A-P, "Player Level", "Randomizer Deck" (first player)."""

from __future__ import annotations

import pytest

from sim import GameConfig, new_game
from sim.dungeonology import layout as L
from sim.kit.errors import ConfigError

# scholars.toml (Rebecca and Vincenzo: transcribed)
INITIAL_STUDENTS = {"Sofia": 3, "Valerio": 4, "Rebecca": 3, "Vincenzo": 4}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_students_cards_and_university(players):
    for seed in range(6):
        g = new_game(GameConfig(players=players), seed=seed)
        d = g.to_dict()
        first = d["first_player"]
        # C. Initial Students from the Reserve; A. Study Bonus 0; M. Starting Zone
        for p in d["players"]:
            assert p["students"] == INITIAL_STUDENTS[p["scholar"]]
            assert p["study_bonus"] == 0 and p["stars"] == 0 and p["stun"] == 0
            assert p["zone"] == "Starting Zone" and not p["exalted"] and not p["knowledge"]
        # E. 1, 2, 3, 4 cards in turn order from the first player
        for i in range(players):
            assert d["players"][(first + i) % players]["hand_size"] == i + 1
        assert len(d["deck"]) == 105 - players * (players + 1) // 2
        # O. University: the Alert Card's Students per player (if available) + its Omega Students
        card = g.compiled.loaded.data.alert["medium"].university
        held = sum(p["students"] for p in d["players"])
        fill = min(card.students_per_player * players, 40 - held)
        assert d["university"] == {"students": fill, "omega": card.omega}
        taken = held + fill
        assert d["reserve"]["students"] == 40 - taken and d["reserve"]["omega"] == 4
        # J. the Clan face down; K. Jinx deck; N. three stacks of six
        assert not d["clan_public"] and len(d["jinx_deck"]) == 15
        assert {f: len(v) for f, v in d["stacks"].items()} == {"I": 6, "II": 6, "III": 6}
        assert [z["name"] for z in d["zones"]] == ["Starting Zone"]
        assert d["alert"]["omega_placed"] == 0 and d["bonfire"] == 0
        # P. the first player takes her turn: in the Starting Zone she must Explore
        assert d["turn_of"] == first and g.phase() == "movement" and g.current_player() == first
        assert g.check_invariants() is None


def test_first_player_is_drawn_by_the_randomizer():
    firsts = [new_game(GameConfig(players=4), seed=s).to_dict()["first_player"] for s in range(60)]
    assert set(firsts) == {0, 1, 2, 3}
    assert firsts == [new_game(GameConfig(players=4), seed=s).to_dict()["first_player"] for s in range(60)]
    # only colours of Scholars in play count: in a 2-player game seats 0-1
    assert {new_game(GameConfig(players=2), seed=s).to_dict()["first_player"] for s in range(40)} == {0, 1}


@pytest.mark.parametrize("alert", ["introductory", "easy", "medium", "hard"])
def test_university_follows_the_alert_card(alert):
    g = new_game(GameConfig(players=3, alert=alert), seed=2)
    card = g.compiled.loaded.data.alert[alert].university
    held = sum(p["students"] for p in g.to_dict()["players"])
    fill = min(card.students_per_player * 3, 40 - held)  # "if available"
    assert g.to_dict()["university"] == {"students": fill, "omega": card.omega}


@pytest.mark.parametrize(("players", "level", "effective"), [
    (4, "students", 4), (4, "scholars", 3), (4, "professors", 2), (4, "rectors", 1),
    (3, "scholars", 2), (3, "professors", 1), (2, "scholars", 1),
])
def test_player_level_reduces_the_players_counted(players, level, effective):
    g = new_game(GameConfig(players=players, player_level=level), seed=5)
    per = g.compiled.loaded.data.alert["medium"].university.students_per_player
    held = sum(p["students"] for p in g.to_dict()["players"])
    assert g.to_dict()["university"]["students"] == min(per * effective, 40 - held)
    assert int(g.tables[L.T_LEVEL_REDUCTION]) == players - effective


def test_player_level_minimum_players():
    with pytest.raises(ConfigError, match="at least 3 players"):
        new_game(GameConfig(players=2, player_level="professors"))
    with pytest.raises(ConfigError, match="at least 4 players"):
        new_game(GameConfig(players=3, player_level="rectors"))


def test_scholars_dealt_at_random_are_distinct_and_seeded():
    for seed in range(10):
        names = [p["scholar"] for p in new_game(GameConfig(players=4), seed=seed).to_dict()["players"]]
        assert sorted(names) == sorted(INITIAL_STUDENTS)
    a = new_game(GameConfig(players=3), seed=9).to_dict()
    b = new_game(GameConfig(players=3), seed=9).to_dict()
    assert a == b
