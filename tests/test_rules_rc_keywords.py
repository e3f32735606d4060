"""The Summary's "Information Cube Keywords" (Rocca Civetta) on False and
Universal Information: one test per sentence, built from the rulebook's
words (the base-cube cases are in test_rules_tests.py, test_rules_keywords.py,
test_rules_board.py and test_rules_interns.py). A white cube leaving a Note
Board is Universal again (docs/RULES_COVERAGE.md)."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.scenario import do

RC = ("rocca_civetta",)
ME = ("main_effects",)
DROP = {'jinx."Curse of the Owl".on_reveal': [{"op": "drop", "n": 1}]}


def _res(g, kind):
    return g.to_dict()["reserve"]["cubes"][kind]


def _studied(h, g):
    do(g, "Study")
    if g.phase() == "study_size":
        do(g, "Study 1 cube")
    do(g, "Commit Fate 5", "Declare the Stealth Value")
    while h.test_of(g) is not None and g.phase() != "universal_column":
        do(g, "Pass")


def _study(h, zone, **cubes):
    sc = (h.scenario(modules=RC).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
          .hand("Sofia", ["Fate 5", "Lantern"]).university(students=12, omega=0).zone_cubes("I-3", zone))
    if cubes:
        sc.cubes("Sofia", **cubes)
    return sc.turn("Sofia", phase="action").build()


def _spy(h, sofia=None, **valerio):
    """Valerio's Militia column with a Universal cube on top; Sofia Spies on it."""
    sc = (h.scenario(modules=RC).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
          .cubes("Valerio", militia=2).universal("Valerio", militia=1).hand("Sofia", ["Fate 5", "Lantern"])
          .university(students=12, omega=0))
    if sofia:
        sc.cubes("Sofia", **sofia)
    g = sc.turn("Sofia", phase="action").build()
    do(g, "Espionage on seat 1 (Valerio): a militia cube", "Commit Fate 5", "Declare the Stealth Value")
    while h.test_of(g) is not None:
        do(g, "Pass")
    return g


def _reveal(h, jinx, cubes, white, overrides=None, intern=None, zone=None):
    """Sofia's turn ends with nothing to do: the face-down Jinx is revealed."""
    sc = (h.scenario(modules=RC + ME if intern else RC, overrides=overrides or {}).place_zone("I-3", 0, -1)
          .move("Sofia", "I-3").move("Valerio", "I-3").jinx("Sofia", jinx, face="down").hand("Sofia", [])
          .hand("Valerio", []).university(students=10, omega=0).cubes("Sofia", **cubes)
          .universal("Sofia", **white))
    if intern:
        sc.intern("Sofia", intern)
    if zone:
        sc.zone_cubes("I-3", zone)
    return sc.turn("Sofia", phase="action").build()


# ------------------------------------------------------------------ Gain
def test_gain_places_the_cube_in_the_first_available_space_from_the_bottom(h):
    """"The Earned Cubes are placed in the column ... in the first available
    space starting from the bottom": the Universal cube sits on the two Militia."""
    g = _study(h, ["universal"], militia=2)
    _studied(h, g)
    do(g, "Put the Universal cube in the militia column")
    i = g.names.colors.index("militia")
    assert int(g.state[L.P_BASE + L.PF_UNIVERSAL + i]) == 1 << 2 and h.player(g, "Sofia")["cubes"]["militia"] == 3


def test_collect_takes_the_next_cube_that_can_be_placed(h):
    """"If the column where the Cube should be placed ... is full, the player
    takes the next available Information Cube that can be placed": a Universal one."""
    g = _study(h, ["civilization", "universal"], civilization=8)
    _studied(h, g)
    assert g.phase() == "universal_column"
    assert "Put the Universal cube in the civilization column" not in h.legal_text(g)  # that column is full
    do(g, "Put the Universal cube in the riches column")
    assert h.zone(g, "I-3")["cubes"][:2] == ["civilization", None]


def test_collect_skips_a_universal_cube_when_every_column_is_full(h):
    g = _study(h, ["universal", "false"], civilization=8, militia=6, worship=5, riches=4, caste=3)
    before = _res(g, "false")
    _studied(h, g)
    assert h.zone(g, "I-3")["cubes"][:2] == ["universal", None] and _res(g, "false") == before + 1


# ----------------------------------------------------------------- Steal
def test_steal_takes_the_highest_cube_of_the_column(h):
    """"the player who Steals ... takes the one placed highest in the
    corresponding Column": the Universal cube, into the same column."""
    g = _spy(h)
    assert h.player(g, "Sofia")["universal_cubes"] == {"militia": 1}
    assert h.player(g, "Valerio")["universal_cubes"] == {} and h.player(g, "Valerio")["cubes"]["militia"] == 1
    assert g.check_invariants() is None


def test_a_stolen_cube_goes_to_the_reserve_when_the_column_is_full(h):
    """"If the column where the Stolen Information Cube should be placed is
    full ..., the stolen Information Cube is placed in Reserve" (white again)."""
    g = _spy(h, sofia={"militia": 6})
    assert _res(g, "universal") == 10 and h.player(g, "Sofia")["cubes"]["militia"] == 6


# ------------------------------------------------------------------ Lose
def test_lost_cubes_are_taken_from_the_top_of_the_column(h):
    """"Lost Information Cubes are always taken from the top of their Note Board
    column": Lost Notes takes the Universal cube on the Worship ones."""
    g = _reveal(h, "Lost Notes", {"worship": 2}, {"worship": 1})
    s = h.player(g, "Sofia")
    assert s["cubes"]["worship"] == 1 and s["universal_cubes"] == {} and _res(g, "universal") == 10
    assert g.check_invariants() is None


def test_drop_puts_the_cube_in_a_free_space_whatever_its_colour(h):
    """"Drop ... placing it in the Scholar's current Zone ... they do not need to
    occupy a space of their color": the white cube lands Universal."""
    g = _reveal(h, "Curse of the Owl", {"militia": 2}, {"militia": 1}, overrides=DROP,
                zone=["civilization", None, None])  # one colour held: the Drop's choice is forced
    assert h.zone(g, "I-3")["cubes"] == ["civilization", "universal", None]
    assert h.player(g, "Sofia")["universal_cubes"] == {} and g.check_invariants() is None


def test_eliminate_puts_the_cube_in_the_reserve(h):
    """"Eliminate: ... taking an Information Cube (from a Zone or a Note Board)
    and placing it in the Reserve": a failed Thesis loses the top Caste cube."""
    g = (h.scenario(modules=RC).place_zone("I-3", 0, -1).move("Valerio", "I-3")
         .cubes("Valerio", caste=2, riches=2).universal("Valerio", caste=1).turn("Valerio", phase="activity")
         .build())
    do(g, "Submit the Thesis")  # 22 < 26: FAILURE
    assert h.player(g, "Valerio")["cubes"]["caste"] == 1 and h.player(g, "Valerio")["universal_cubes"] == {}
    assert _res(g, "universal") == 10 and g.check_invariants() is None


# ------------------------------------------------------------------ Give
def test_give_moves_the_top_cube_to_the_same_column(h):
    """"moving an Information Cube from the top of a column from your own Note
    Board to the same column of another Scholar's Note Board": Gossip."""
    g = _reveal(h, "Gossip", {"civilization": 2}, {"civilization": 1})
    assert h.player(g, "Valerio")["universal_cubes"] == {"civilization": 1}
    assert h.player(g, "Sofia")["universal_cubes"] == {} and g.check_invariants() is None


def test_a_given_cube_goes_to_the_reserve_when_the_column_is_full(h):
    sc = (h.scenario(modules=RC).place_zone("I-3", 0, -1).move("Sofia", "I-3").move("Valerio", "I-3")
          .jinx("Sofia", "Gossip", face="down").hand("Sofia", []).university(students=10, omega=0)
          .cubes("Sofia", civilization=2).universal("Sofia", civilization=1).cubes("Valerio", civilization=8))
    g = sc.turn("Sofia", phase="action").build()
    assert _res(g, "universal") == 10 and h.player(g, "Valerio")["universal_cubes"] == {}


# ------------------------------------------------------------- Protected
def test_a_universal_cube_is_protected_by_the_shield_of_its_column(h):
    """"the Information Cubes of the same color in the Scholar's possession are
    Protected": a white cube in the Worship column counts as Worship."""
    g = _reveal(h, "Lost Notes", {"worship": 2}, {"worship": 1}, intern="Acolyte Intern")
    assert g.phase() == "protect_cube"
    do(g, "Keep the Protected worship cube")
    assert h.player(g, "Sofia")["universal_cubes"] == {"worship": 1} and g.check_invariants() is None
