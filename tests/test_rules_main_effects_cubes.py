"""Main Effects that move Information Cubes between Scholars: Love Potion and
Back Stab, from their words in the fan transcription (shared/data/PRINTED_FACTS.md):

- Love Potion: "sacrifice 2 Students, then each other Scholar with cubes
  passes you a cube" (ops sacrifice as the cost, opponents_give);
- Back Stab: "sacrifice 1 Student, draw 2 Students, take 1 Stun Token, steal
  a cube from a target Scholar" (the first three the cost, steal).

Rulebook: "Main Effects" (Pay the Cost: "if for any reason the cost cannot be
paid" the card cannot resolve), "Starting Zone" (its Scholars cannot be
targeted nor be the subject of effects), "Stun Tokens" (no effect that needs
another Stun Token at the Stamina), "Protected Information Cubes"; Rocca
Civetta "Information Cube Keywords" (Give: from the top of your column to the
same column of the other Scholar, the Reserve if his is full, not a Lose;
Steal: the highest cube of the column, a Lose).
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.scenario import do

ME = ("main_effects",)
LOVE = "Main Effect: Love Potion"
STAB = "Main Effect: Back Stab"


def dungeon(h, players=3):
    """Everybody in I-3 (north of the Starting Zone) with an empty hand and no cubes."""
    sc = h.scenario(players=players, rules=ME).place_zone("I-3", x=0, y=-1).university(students=20, omega=0)
    for p in range(players):
        sc.move(p, "I-3").hand(p, [])
    return sc


def mains(h, g):
    return [t for t in h.legal_text(g) if t.startswith("Main Effect")]


def cubes(h, g, who):
    return {c: n for c, n in h.player(g, who)["cubes"].items() if n}


# ------------------------------------------------------------- Love Potion
def test_love_potion_each_other_scholar_with_cubes_gives_one_of_his_choice(h):
    g = (dungeon(h, players=4).hand("Sofia", ["Tarot Deck", "Autograph"]).students("Sofia", 3)
         .cubes("Valerio", militia=2).cubes("Rebecca", civilization=1, worship=1)
         .turn("Sofia", "action").build())
    assert any(t.startswith(f"{LOVE} (Tarot Deck; pay: Sacrifice 2 Students)") for t in mains(h, g))
    do(g, LOVE)
    # the cost is paid first: 2 Students to the Reserve
    assert h.player(g, "Sofia")["students"] == 1
    # Valerio (the next in turn order) holds only militia: his Give is forced;
    # Rebecca chooses; Vincenzo holds no cube and passes nothing
    assert g.phase() == "main_give" and g.current_player() == 2
    assert h.legal_text(g) == ["Give a civilization cube to seat 0 (Sofia)", "Give a worship cube to seat 0 (Sofia)"]
    do(g, "Give a worship cube to seat 0 (Sofia)")
    assert cubes(h, g, "Sofia") == {"militia": 1, "worship": 1}
    assert cubes(h, g, "Valerio") == {"militia": 1} and cubes(h, g, "Rebecca") == {"civilization": 1}
    assert g.phase() == "action" and g.current_player() == 0
    assert g.check_invariants() is None


def test_love_potion_skips_the_starting_zone_and_ignores_protection(h):
    # Give is not a Lose: Valerio's Protected militia is Given all the same;
    # Rebecca in the Starting Zone "cannot be the subject of game effects"
    g = (dungeon(h).move("Rebecca", "Starting Zone").intern("Valerio", "Lookout Intern")
         .hand("Sofia", ["Tarot Deck", "Autograph"]).students("Sofia", 2)
         .cubes("Valerio", militia=2).cubes("Rebecca", worship=2).turn("Sofia", "action").build())
    do(g, LOVE)
    assert g.phase() == "action"
    assert cubes(h, g, "Sofia") == {"militia": 1}
    assert cubes(h, g, "Valerio") == {"militia": 1} and cubes(h, g, "Rebecca") == {"worship": 2}


def test_love_potion_cube_goes_to_the_reserve_when_the_column_is_full(h):
    g0 = dungeon(h, players=2).build()
    slots = int(g0.tables[L.T_COL_SLOTS + g0.names.colors.index("worship")])
    g = (dungeon(h, players=2).hand("Sofia", ["Tarot Deck", "Autograph"]).students("Sofia", 2)
         .cubes("Sofia", worship=slots).cubes("Valerio", worship=1).turn("Sofia", "action").build())
    reserve = g.to_dict()["reserve"]["cubes"]["worship"]
    do(g, LOVE)
    assert h.player(g, "Sofia")["cubes"]["worship"] == slots and not cubes(h, g, "Valerio")
    assert g.to_dict()["reserve"]["cubes"]["worship"] == reserve + 1


def test_love_potion_needs_two_students_and_does_nothing_without_cubes(h):
    sc = dungeon(h).hand("Sofia", ["Tarot Deck", "Autograph"])
    g = sc.students("Sofia", 1).turn("Sofia", "action").build()
    assert not any(t.startswith(LOVE) for t in mains(h, g))  # the cost cannot be paid
    g = sc.students("Sofia", 2).turn("Sofia", "action").build()
    do(g, LOVE)  # nobody holds a cube: the Students are still sacrificed
    assert h.player(g, "Sofia")["students"] == 0 and not cubes(h, g, "Sofia")
    assert g.phase() == "action" and h.player(g, "Sofia")["hand"] == ["Autograph"]


# --------------------------------------------------------------- Back Stab
def test_back_stab_pays_its_cost_then_steals_the_cube_the_thief_chooses(h):
    g = (dungeon(h).hand("Sofia", ["False Trail", "Autograph"]).students("Sofia", 3)
         .cubes("Valerio", militia=2).cubes("Rebecca", civilization=1).turn("Sofia", "action").build())
    bonfire = g.to_dict()["bonfire"]
    assert any(t.startswith(f"{STAB} (False Trail; pay: Sacrifice 1 Student, Draw 2 Students to the Bonfire, "
                            "Gain 1 Stun Token)") for t in mains(h, g)), mains(h, g)
    do(g, STAB)
    # the cost, all of it: a Student to the Reserve, two drawn to the Bonfire, a Stun Token
    sofia = h.player(g, "Sofia")
    assert (sofia["students"], sofia["stun"], g.to_dict()["bonfire"]) == (2, 1, bonfire + 2)
    assert g.phase() == "main_steal" and g.current_player() == 0
    assert h.legal_text(g) == ["Steal a militia cube from seat 1 (Valerio)",
                               "Steal a civilization cube from seat 2 (Rebecca)"]
    do(g, "Steal a militia cube from seat 1 (Valerio)")
    assert cubes(h, g, "Sofia") == {"militia": 1} and cubes(h, g, "Valerio") == {"militia": 1}
    assert g.phase() == "action" and g.check_invariants() is None


def test_back_stab_a_protected_cube_may_be_kept(h):
    g = (dungeon(h, players=2).intern("Valerio", "Lookout Intern").hand("Sofia", ["False Trail", "Autograph"])
         .students("Sofia", 3).cubes("Valerio", militia=2).turn("Sofia", "action").build())
    do(g, STAB)  # one possible theft: forced
    assert g.phase() == "protect_cube" and g.current_player() == 1
    do(g, "Keep the Protected militia cube")
    assert not cubes(h, g, "Sofia") and cubes(h, g, "Valerio") == {"militia": 2}


def test_back_stab_without_a_target_still_costs_and_not_at_the_stamina(h):
    # Valerio holds no cube, Rebecca's are in the Starting Zone: nobody to Steal from
    sc = (dungeon(h).move("Rebecca", "Starting Zone").hand("Sofia", ["False Trail", "Autograph"])
          .students("Sofia", 3).cubes("Rebecca", militia=2))
    g = sc.turn("Sofia", "action").build()
    do(g, STAB)
    assert g.phase() == "action" and not cubes(h, g, "Sofia") and h.player(g, "Sofia")["students"] == 2
    assert cubes(h, g, "Rebecca") == {"militia": 2}
    # at her Stamina (3) Sofia cannot take the Stun Token the cost asks for
    g = sc.stun("Sofia", 3).turn("Sofia", "action").build()
    assert not any(t.startswith(STAB) for t in mains(h, g))
