"""Rocca Civetta "New Clan Cards": the Stars a Thesis needs (B) and the bonus
added last (C). Built from the rulebook's words."""

from __future__ import annotations

from sim import GameConfig
from sim.dungeonology.config import compile_config
from sim.dungeonology.scenario import do

RC = ("rocca_civetta",)


def test_the_new_clans_join_the_base_clans():
    """"The Clan Cards included in this expansion are added to those of the base game"."""
    base = compile_config(GameConfig(players=2)).names.clans
    rc = compile_config(GameConfig(players=2, modules=RC)).names.clans
    assert rc[:3] == base and len(base) == 3 and len(rc) == 15


def test_a_thesis_with_the_score_but_without_the_gold_star_fails(h):
    """"in addition to having reached the point value indicated ... it is also
    necessary to have reached the requirement of the Stars of the indicated
    color (B), paying attention to whether the required star is silver or
    gold": Moon Tellers need the gold Worship Star and the silver Riches one."""
    def thesis(worship):
        g = (h.scenario(modules=RC, clan="Moon Tellers").place_zone("I-3", 0, -1).move("Valerio", "I-3")
             .cubes("Valerio", caste=2, riches=2, worship=worship).turn("Valerio", phase="activity").build())
        do(g, "Submit the Thesis")
        return h.player(g, "Valerio")

    v = thesis(2)  # 12 + 10 + 2 x 5 = 32 >= 22, but only 2 Worship cubes: no gold Star
    assert v["thesis"] is None and "worship" not in v["star_tokens"]
    v = thesis(3)
    assert v["thesis"] == 1 and v["star_tokens"]["worship"] == ["gold"]


def test_the_bonus_is_added_last_and_not_counted_toward_the_target(h):
    """"These points must be added last in the calculation and are not taken
    into consideration for reaching the value indicated in point A": Thorn
    Keepers (Target 25 here) need the gold Caste Star; the silver Civilization
    Star under the name is worth 3."""
    over = {'clans."Thorn Keepers".target': 25}
    g = (h.scenario(modules=RC, clan="Thorn Keepers", overrides=over).place_zone("I-3", 0, -1)
         .move("Valerio", "I-3").cubes("Valerio", caste=2, civilization=5).turn("Valerio", phase="activity")
         .build())
    seat = g.result()["seats"][1]
    assert seat["breakdown"]["board"] == 22 and seat["breakdown"]["clan_bonus"] == 3
    assert seat["score"] == 22 + 3  # the bonus counts at End Game Scoring
    do(g, "Submit the Thesis")
    assert h.player(g, "Valerio")["thesis"] is None  # 22 + 3 reaches 25, but the bonus does not count


def test_no_bonus_without_every_star_shown(h):
    g = (h.scenario(modules=RC, clan="Stone Listeners").cubes("Valerio", civilization=5, militia=4).build())
    assert g.result()["seats"][1]["breakdown"]["clan_bonus"] == 0  # the gold Worship Star is missing
    g = (h.scenario(modules=RC, clan="Stone Listeners").cubes("Valerio", civilization=5, militia=4, worship=3)
         .build())
    assert g.result()["seats"][1]["breakdown"]["clan_bonus"] == 6


def test_a_star_the_note_board_lacks_is_refused_with_file_key_and_value():
    import pytest

    from sim.kit.errors import DataError

    bad = {'clans."Moon Tellers".stars': {"worship": ["silver"]}}
    with pytest.raises(DataError, match=r'clans\."Moon Tellers"\.stars\.worship.*no silver Star in the worship '
                       r'column \(allowed: gold'):
        compile_config(GameConfig(players=2, modules=RC, overrides=bad))
    with pytest.raises(DataError, match=r"cube_kinds\.grey.*\(allowed: false, universal\)"):
        compile_config(GameConfig(players=2, modules=RC, overrides={"cube_kinds.grey": {"count": 1}}))
