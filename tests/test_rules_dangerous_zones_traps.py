"""The Dangerous Zones advanced rule: Secret Passage, Teleport and Traps, and every way of entering a
zone, played through the real actions.

Rulebook: "Dangerous Zones" (Zone Effect Types), "Zone Effect Tokens" (Traps). The printed effects are in
sim/dungeonology/data/base/zones.toml.
"""

from __future__ import annotations

import numpy as np
import pytest
from dangerous_zones_positions import DZ, attach, move_to

from sim import GameConfig
from sim.dungeonology import layout as L
from sim.dungeonology.scenario import do


# --------------------------------------------------------- Secret Passage
def _secret_game(h, rules=DZ):
    sc = h.scenario(rules=rules)
    attach(sc, "I-4", "start")  # Secret Passage A
    attach(sc, "II-3", "start")  # Secret Passage A, Good Luck 2
    return sc.move("Sofia", "I-4")


def test_secret_passage_costs_one_speed_in_the_movement_phase(h):
    g = _secret_game(h).turn("Sofia", phase="movement", speed=2).build()
    assert "Secret Passage to II-3" in h.legal_text(g)
    do(g, "Secret Passage to II-3")
    assert h.player(g, "Sofia")["zone"] == "II-3" and g.to_dict()["speed_left"] == 1
    assert "Secret Passage to I-4" in h.legal_text(g)
    # not in the Action Phase, even with Speed
    g = _secret_game(h).turn("Sofia", phase="action", speed=2).build()
    assert not [x for x in h.legal_text(g) if x.startswith("Secret Passage")]
    # not without the rule, nor without Speed
    g = _secret_game(h, rules=()).turn("Sofia", phase="movement", speed=2).build()
    assert not [x for x in h.legal_text(g) if x.startswith("Secret Passage")]
    g = _secret_game(h).turn("Sofia", phase="movement", speed=0).build()
    assert not [x for x in h.legal_text(g) if x.startswith("Secret Passage")]


def test_secret_passage_marker_works_without_the_rule(h):
    sc = h.scenario()
    attach(sc, "I-1", "start")
    attach(sc, "I-3", "start")
    g = (sc.secret_passage("I-1").secret_passage("I-3")
         .move("Sofia", "I-1").turn("Sofia", phase="movement", speed=1).build())
    assert h.zone(g, "I-1")["tokens"]["secret_passage"] == "X"
    do(g, "Secret Passage to I-3")
    assert h.player(g, "Sofia")["zone"] == "I-3" and g.to_dict()["speed_left"] == 0


# --------------------------------------------------------------- Teleport
def _teleport_game(h, rules=()):
    sc = h.scenario(rules=rules)
    attach(sc, "I-1", "start")
    attach(sc, "II-2", "start")
    attach(sc, "II-1", "II-2")
    return (sc.teleport("I-1").move("Sofia", "I-1").students("Sofia", 0)
            .hand("Sofia", ["Lantern"]).turn("Sofia", phase="action"))


def test_teleport_needs_a_worship_cube_and_is_the_action(h):
    g = _teleport_game(h).build()
    assert "Teleport" not in h.legal_text(g)
    g = _teleport_game(h).cubes("Sofia", worship=1).build()
    assert "Teleport" in h.legal_text(g)
    do(g, "Teleport")
    assert g.phase() == "teleport"
    assert sorted(h.legal_text(g)) == ["Teleport to II-1", "Teleport to II-2"]
    do(g, "Teleport to II-1")  # no Ambush without the Dangerous Zones rule
    sofia = h.player(g, "Sofia")
    assert (sofia["zone"], sofia["stun"]) == ("II-1", 0)
    assert g.phase() == "action" and "Study" not in h.legal_text(g)
    assert g.check_invariants() is None


def test_teleport_entry_resolves_the_incoming_effects(h):
    g = _teleport_game(h, rules=DZ).cubes("Sofia", worship=1).build()
    do(g, "Teleport", "Teleport to II-1")
    assert h.player(g, "Sofia")["stun"] == 1  # Ambush 1, no Student to sacrifice


# ------------------------------------------------------------------ Traps
def test_trap_first_entrant_suffers_it_and_returns_it(h):
    sc = h.scenario()  # tokens count without the Dangerous Zones rule
    attach(sc, "I-1", "start")
    g = (sc.trap("I-1", "ambush").students("Sofia", 0).students("Valerio", 0)
         .turn("Sofia", phase="movement", speed=2).build())
    assert h.zone(g, "I-1")["tokens"]["trap"] == {"effect": "ambush", "n": 1}
    assert g.observation(0)["zones"][1]["tokens"]["trap"] == "hidden"
    assert g.observation(1)["zones"][1]["tokens"]["trap"] == "hidden"
    move_to(g, "I-1")
    assert h.player(g, "Sofia")["stun"] == 1
    assert h.zone(g, "I-1")["tokens"]["trap"] is None
    move_to(g, "Starting Zone")
    move_to(g, "I-1")
    assert h.player(g, "Sofia")["stun"] == 1  # gone after the first entry
    assert g.check_invariants() is None


def test_trap_is_the_first_effect(h):
    """A Toll Trap on II-1 (Ambush 1 printed): the Trap's Drop comes first,
    then the Ambush; the Trap counts on a Zone entered before."""
    sc = h.scenario(rules=DZ)
    attach(sc, "II-2", "start")
    attach(sc, "II-1", "II-2", entered=True)
    sc.zone_cubes("II-1", ["civilization", None, "worship", "civilization"])
    g = (sc.move("Sofia", "II-2").trap("II-1", "toll").cubes("Sofia", militia=1, riches=1)
         .students("Sofia", 1).turn("Sofia", phase="movement", speed=2).build())
    move_to(g, "II-1")
    assert g.phase() == "choose_color"
    do(g, "Drop a riches cube")
    assert h.zone(g, "II-1")["cubes"][1] == "riches"
    assert g.phase() == "stun"
    do(g, "Take the Stun Token")
    assert g.phase() == "movement"


def test_stop_trap(h):
    sc = h.scenario()
    attach(sc, "I-1", "start")
    g = sc.trap("I-1", "stop").turn("Sofia", phase="movement", speed=3).build()
    move_to(g, "I-1")
    assert g.to_dict()["speed_left"] == 0


def test_determinize_deals_the_trap_effects_again(h):
    sc = h.scenario()
    attach(sc, "I-1", "start")
    attach(sc, "I-3", "start")
    base = sc.trap("I-1", "ambush").trap("I-3", "stop")
    g = base.build()
    seen = set()
    for seed in range(30):
        d = g.determinize(0, seed)
        traps = {z["name"]: z["tokens"]["trap"]["effect"] for z in d.to_dict()["zones"] if z["tokens"]["trap"]}
        assert sorted(traps) == ["I-1", "I-3"] and set(traps.values()) <= set(L.TRAP_KINDS)
        seen.add(traps["I-1"])
        assert d.check_invariants() is None
    # the Traps on the table are dealt again with those of the supply (all face down)
    assert seen == set(L.TRAP_KINDS)
    # what the seat cannot see does not change a determinization
    other = sc.trap("I-1", "stop").trap("I-3", "ambush").build()
    assert np.array_equal(g.determinize(0, 5).state, other.determinize(0, 5).state)


def test_zone_tokens_in_invariants(h):
    sc = h.scenario()
    attach(sc, "I-1", "start")
    g = sc.build()
    g.state[L.S_ZTRAP_KIND + g.names.zones.index("I-1")] = L.ZK_BOSS
    assert "Zone Effect Token" in g.check_invariants()
    g = sc.build()
    g.state[L.S_ZTELEPORT + g.names.zones.index("I-2")] = 1  # not placed
    assert "Zone Effect Token" in g.check_invariants()


# ------------------------------------------------ every way of entering
def test_a_randomized_move_springs_a_trap(h):
    """Wrong Turn (a Jinx revealed at the End of Turn) moves Sofia through a
    randomized Passage: entering I-4 that way resolves its Trap."""
    reached = 0
    for seed in range(6):
        g = (h.scenario(seed=seed).place_zone("I-3", 0, -1).place_zone("I-4", 0, -2).move("Sofia", "I-3")
             .trap("I-4", "ambush").students("Sofia", 0)
             .jinx("Sofia", "Wrong Turn", face="down").hand("Sofia", []).hand("Valerio", [])
             .university(students=10, omega=0).turn("Sofia", phase="action").build())
        sofia = h.player(g, "Sofia")
        sprung = h.zone(g, "I-4")["tokens"]["trap"] is None
        assert sprung == (sofia["zone"] == "I-4")
        assert sofia["stun"] == (1 if sprung else 0)
        reached += sprung
        assert g.check_invariants() is None
    assert reached >= 1


@pytest.mark.parametrize("rules", [DZ, ()])
def test_random_games_with_zone_effect_tokens(rules):
    """Random play while Zone Effect Tokens appear on placed Zones (as cards
    would put them): every invariant holds after every action, determinize
    keeps them valid."""
    from sim import new_game

    rng = np.random.default_rng(5)
    kinds = (L.ZK_AMBUSH, L.ZK_STOP, L.ZK_TOLL)
    for seed in range(12):
        g = new_game(GameConfig(players=3, rules=rules), seed=seed)
        steps = 0
        while not g.is_terminal() and steps < 3000:
            if steps % 7 == 0:
                placed = [z for z in range(1, len(g.names.zones)) if g.state[L.S_ZPLACED + z]]
                if placed:
                    z = int(rng.choice(placed))
                    r = int(rng.integers(3))
                    st = g.state  # tokens come from the supply, as the cards take them
                    k = int(rng.integers(3))
                    if r == 0 and st[L.S_ZTRAP_KIND + z] == 0 and st[L.S_TRAP_SUPPLY + k] > 0:
                        st[L.S_TRAP_SUPPLY + k] -= 1
                        st[L.S_ZTRAP_KIND + z] = kinds[k]
                        st[L.S_ZTRAP_N + z] = g.tables[L.T_TRAP_N + k]
                    elif r == 1 and st[L.S_ZTELEPORT + z] == 0 and st[L.S_TELEPORT_SUPPLY] > 0:
                        st[L.S_TELEPORT_SUPPLY] -= 1
                        st[L.S_ZTELEPORT + z] = 1
                    elif r == 2 and st[L.S_ZSECRET + z] == 0 and st[L.S_SECRET_SUPPLY] > 0:
                        st[L.S_SECRET_SUPPLY] -= 1
                        st[L.S_ZSECRET + z] = 1
            legal = g.legal_actions()
            assert len(legal) > 0
            g.apply(int(rng.choice(legal)))
            assert g.check_invariants() is None, (seed, steps, g.check_invariants())
            if steps % 50 == 0 and not g.is_terminal():
                assert g.determinize(int(g.current_player()), steps).check_invariants() is None
            steps += 1
        assert g.is_terminal()
