"""Rocca Civetta, part cubes: "Star Tokens", "False Information", "Universal
Information" (built from the rulebook's words; positions by sim.dungeonology.scenario)."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.scenario import do

RC = ("rocca_civetta",)


def _study(h, zone, sofia=("Fate 5", "Lantern"), **cubes):
    """Sofia in I-3, in her Action Phase, the Zone's spaces as given."""
    sc = (h.scenario(modules=RC).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
          .hand("Sofia", list(sofia)).university(students=12, omega=0).zone_cubes("I-3", zone))
    if cubes:
        sc.cubes("Sofia", **cubes)
    return sc.turn("Sofia", phase="action").build()


def _studied(h, g, n):
    do(g, "Study")
    if g.phase() == "study_size":  # forced when the Zone holds one cube
        do(g, f"Study {n} cube" + ("s" if n > 1 else ""))
    do(g, "Commit Fate 5", "Declare the Stealth Value")
    while h.test_of(g) is not None and g.phase() != "universal_column":
        do(g, "Pass")


def _reserve(g, kind):
    return g.to_dict()["reserve"]["cubes"][kind]


# ------------------------------------------------------------- Star Tokens
def test_a_scholar_takes_the_token_of_each_star_she_reaches(h):
    """"When a Scholar reaches a Star on their Note Board, they take the Token
    that represents that specific Star (silver or gold ...)"."""
    g = h.scenario(modules=RC).cubes("Sofia", militia=4, worship=3, civilization=4).build()
    assert h.player(g, "Sofia")["star_tokens"] == {"militia": ["silver"], "worship": ["gold"]}
    assert h.player(g, "Sofia")["stars"] == 2
    assert g.check_invariants() is None


def test_a_scholar_discards_the_token_of_a_star_she_loses(h):
    """"When a Scholar loses a Star, she discards the relevant token": Valerio's
    4th Militia cube is Stolen."""
    g = (h.scenario(modules=RC).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
         .cubes("Valerio", militia=4).hand("Sofia", ["Fate 5", "Lantern"]).university(students=12, omega=0)
         .turn("Sofia", phase="action").build())
    assert h.player(g, "Valerio")["star_tokens"] == {"militia": ["silver"]}
    do(g, "Espionage on seat 1 (Valerio): a militia cube", "Commit Fate 5", "Declare the Stealth Value")
    while h.test_of(g) is not None:
        do(g, "Pass")
    assert h.player(g, "Valerio")["star_tokens"] == {}
    assert g.check_invariants() is None


def test_star_tokens_are_kept_in_the_base_game_too(h):
    g = h.scenario().cubes("Valerio", caste=2, riches=2).build()
    assert h.player(g, "Valerio")["star_tokens"] == {"riches": ["silver"], "caste": ["gold"]}


def test_star_tokens_are_in_the_observation_tensor(h):
    g = h.scenario(modules=RC).cubes("Sofia", caste=2).build()
    caste = g.names.colors.index("caste")
    at = L.P_BASE + 0 * L.PSZ + L.PF_STAR_TOKENS + caste
    assert g.observation_tensor(1)[at] == 2.0  # gold, seen by the other seat as well


# ------------------------------------------------------- False Information
def test_a_false_cube_goes_to_the_reserve_and_blocks_the_cubes_to_its_right(h):
    """"once obtained, instead of being placed on their Note Board, it is placed
    in Reserve ... its presence in a Zone has the sole purpose of hindering the
    collection of the cubes to its right"."""
    g = _study(h, ["false", "militia", "worship"])
    before = _reserve(g, "false")
    _studied(h, g, 2)
    sofia = h.player(g, "Sofia")
    assert sofia["cubes"]["militia"] == 1 and sofia["cubes"]["worship"] == 0
    assert h.zone(g, "I-3")["cubes"] == [None, None, "worship"]
    assert _reserve(g, "false") == before + 1
    assert g.check_invariants() is None


def test_when_the_reserve_runs_out_the_spaces_stay_empty(h):
    """"If there are not enough False Information Cubes in Reserve when a Zone
    containing them is placed, the spaces in those cubes remain empty" (and the
    same for Universal ones)."""
    over = {"cube_kinds.false.count": 1, "cube_kinds.universal.count": 1,
            'zones."I-3".cubes': ["false", "false", "universal", "universal"]}
    g = h.scenario(modules=RC, overrides=over).place_zone("I-3", 0, -1).build()
    assert h.zone(g, "I-3")["cubes"] == ["false", None, "universal", None]
    assert g.check_invariants() is None


# --------------------------------------------------- Universal Information
def test_a_universal_cube_goes_into_the_column_the_scholar_chooses(h):
    """"once obtained, it can be placed on its Note Board in any of the five columns"."""
    g = _study(h, ["universal", "militia"])
    _studied(h, g, 2)
    assert g.phase() == "universal_column" and g.current_player() == 0
    assert len(g.legal_actions()) == 5
    do(g, "Put the Universal cube in the caste column")
    while h.test_of(g) is not None:
        do(g, "Pass")
    sofia = h.player(g, "Sofia")
    assert sofia["cubes"]["caste"] == 1 and sofia["universal_cubes"] == {"caste": 1}
    assert sofia["cubes"]["militia"] == 1  # the collection went on after the choice
    assert h.zone(g, "I-3")["cubes"][:2] == [None, None]
    assert g.check_invariants() is None


def test_a_universal_cube_counts_as_the_colour_of_its_column_and_its_points(h):
    """"A Universal Information Cube (and its point value) counts as an
    Information Cube of the appropriate color for the column it is in": with it
    the second Caste cube reaches the gold Caste Star."""
    g = _study(h, ["universal"], caste=1)
    _studied(h, g, 1)
    do(g, "Put the Universal cube in the caste column")
    while h.test_of(g) is not None:
        do(g, "Pass")
    sofia = h.player(g, "Sofia")
    assert sofia["star_tokens"] == {"caste": ["gold"]} and sofia["stars"] == 1
    assert g.result()["seats"][0]["breakdown"]["board"] == 2 * 6


def test_gain_universal_from_the_reserve_and_put_cubes_into_a_zone(h):
    """The effect language's opcodes (docs/DATA_FORMAT.md): gain_universal,
    false_to_zone, universal_to_zone."""
    jinx = {'jinx."Curse of the Owl".on_reveal': [{"op": "false_to_zone", "n": 2},
                                                   {"op": "universal_to_zone", "n": 1},
                                                   {"op": "gain_universal", "n": 2}]}
    g = (h.scenario(modules=RC, overrides=jinx).place_zone("I-3", 0, -1).move("Sofia", "I-3")
         .zone_cubes("I-3", [None, None, None]).jinx("Sofia", "Curse of the Owl", face="down")
         .hand("Sofia", []).university(students=12, omega=0).turn("Sofia", phase="action").build())
    assert g.phase() == "universal_column"
    do(g, "Put the Universal cube in the militia column")
    do(g, "Put the Universal cube in the militia column")
    assert h.player(g, "Sofia")["universal_cubes"] == {"militia": 2}
    assert h.zone(g, "I-3")["cubes"] == ["false", "false", "universal"]
    assert _reserve(g, "false") == 8 and _reserve(g, "universal") == 7
    assert g.check_invariants() is None


def test_the_invariants_catch_tokens_and_cubes_out_of_step(h):
    from sim.dungeonology.core.checks.invariants import check

    g = h.scenario(modules=RC).cubes("Sofia", caste=2).universal("Sofia", caste=1).build()
    caste = g.names.colors.index("caste")
    assert check(g.state.copy(), g.tables) == 0
    s = g.state.copy()
    s[L.P_BASE + L.PF_STAR_TOKENS + caste] = 0  # the gold Caste token discarded, the Star still reached
    assert check(s, g.tables) == 80
    s = g.state.copy()
    s[L.S_RES_CUBES + L.CUBE_UNIV] += 1  # a white cube out of nowhere
    assert check(s, g.tables) == 81
    s = g.state.copy()
    s[L.S_RES_CUBES + L.CUBE_UNIV] -= 1  # a white cube in hand with no column to choose
    s[L.S_RC_UNIV_N] = 1
    assert check(s, g.tables) == 82
