"""The Boss advanced rule, played through the real actions.

Rulebook: Game Setup G; "Boss" (Zone Effect: Boss, The Boss A-E, Boss View and
Starting Zone, the Laetus example card, Boss Movement); "Dangerous Zones" (the
Boss Effect is always the last one). Interpretations: docs/RULES_COVERAGE.md,
section "Boss".

The map used by most tests (Floor I, plus II-1, II-4 and II-3 on Floor II,
walled off from Floor I)::

    II-1  II-4  II-3 .. (Secret Passage A: I-4 <-> II-3, Dangerous Zones only)
          I-5   I-4   I-3     (I-3 and I-1 are shifted half a tile: I-4, I-3 and I-1
                      I-1      form a triangle, the loop that lets Laetus leave and
                Start          re-enter his starting Zone)

I-5 is joined to I-4 through a Door that needs a Militia cube (nobody has one).
I-3 shows the Boss Effect. Laetus moves 3 Zones.
"""

from __future__ import annotations

import numpy as np
import pytest

from sim import GameConfig
from sim.dungeonology import layout as L
from sim.dungeonology.config import compile_config
from sim.dungeonology.game import new_game
from sim.dungeonology.scenario import do
from sim.kit.errors import ConfigError
from sim.kit.rng import seed_words
from tests.conftest import FLOOR1_FIXTURE

NAMES = ["Sofia", "Valerio", "Rebecca", "Vincenzo"]


def boss_map(h, players=3, profile="quarrelsome", rules=("boss",), seed=1, triangle=True, floor2=True):
    sc = h.scenario(players, rules=rules, seed=seed).boss("laetus", profile)
    sc.place_zone("I-4", x=0, y=-1)
    if triangle:
        sc.place_zone("I-3", x=1, y=-1.5).place_zone("I-1", x=1, y=-0.5)
    else:
        sc.place_zone("I-3", x=1, y=-1)
    sc.place_zone("I-5", x=-1, y=-1)
    if floor2:
        sc.place_zone("II-3", x=0, y=-2, rotation=1).place_zone("II-4", x=-1, y=-2).place_zone("II-1", x=-2, y=-2)
    return sc


def boss_zone(g):
    return g.to_dict()["boss"]["zone"]


def stun(h, g, who):
    return h.player(g, who)["stun"]


def walk(g, zone):
    """The Scholar's Move action into `zone`."""
    for a in g.legal_actions():
        text = g.action_to_string(a)
        if text.startswith("Move ") and text.endswith(f" to {zone}") and not text.startswith("Move Laetus"):
            g.apply(a)
            return g
    raise AssertionError(f"no move to {zone}: {[g.action_to_string(a) for a in g.legal_actions()]}")


def boss_options(g):
    return sorted(g.action_to_string(a)[len("Move Laetus to "):] for a in g.legal_actions()
                  if g.action_to_string(a).startswith("Move Laetus to "))


# ------------------------------------------------------------------ setup
def test_setup_g_configured_and_random_boss(h):
    g = new_game(h.config(2, rules=("boss",), boss="laetus:drunk"), seed=3)
    d = g.to_dict()["boss"]
    assert d == {"boss": "laetus", "name": "Laetus", "profile": "drunk", "zone": None}
    profiles = {new_game(h.config(2, rules=("boss",), boss="laetus"), seed=s).to_dict()["boss"]["profile"]
                for s in range(12)}
    assert profiles == {"quarrelsome", "drunk"}  # "laetus" alone: the profile is chosen at random
    assert new_game(h.config(2, rules=("boss",)), seed=4).to_dict()["boss"]["name"] == "Laetus"
    assert new_game(h.config(2), seed=4).to_dict()["boss"] is None  # no Boss without the rule


def test_setup_g_same_seed_same_game_without_the_rule(h):
    """Setup G draws nothing when the Boss rule is off: basic games are unchanged."""
    a = new_game(h.config(3), seed=11).to_dict()
    b = new_game(h.config(3, rules=("dangerous_zones",)), seed=11).to_dict()
    assert a["players"] == b["players"] and a["deck"] == b["deck"]


@pytest.mark.parametrize("boss,msg", [
    ("bowser", "unknown Boss Card (allowed: laetus, laetus:quarrelsome, laetus:drunk)"),
    ("laetus:sober", "unknown profile of Boss 'laetus' (allowed: quarrelsome, drunk)"),
    ("laetus:", "name the profile after the colon"),
    (7, "boss is a Boss Card name"),
])
def test_bad_boss_string_is_a_config_error(h, boss, msg):
    with pytest.raises(ConfigError) as e:
        compile_config(h.config(2, rules=("boss",), boss=boss))
    assert msg in str(e.value) and "boss" in str(e.value)


def test_boss_string_needs_the_rule(h):
    with pytest.raises(ConfigError, match="only used with the 'boss' module"):
        compile_config(h.config(2, boss="laetus"))


def test_scenario_boss_needs_the_rule(h):
    with pytest.raises(ConfigError, match="'boss' advanced rule"):
        h.scenario(2).boss("laetus", "drunk")


# -------------------------------------------------------------- Sighting
def test_sighting_laetus_appears_where_the_effect_was_activated(h):
    g = (boss_map(h).students("Sofia", 2).move("Sofia", "I-4")
         .turn("Sofia", phase="movement", speed=3).build())
    assert boss_zone(g) is None
    walk(g, "I-3")
    assert boss_zone(g) == "I-3"
    assert stun(h, g, "Sofia") == 0  # appearing is not entering: no Encounter
    assert g.phase() == "movement" and g.check_invariants() is None


def test_boss_effect_resolves_after_the_stairs(h):
    """I-6 shows Stairs then Boss: Sofia enters it first, so the Stairs Effect
    places a Floor II Zone (her choice of where), and only then Laetus appears."""
    g = (h.scenario(2, rules=("boss",)).boss("laetus", "drunk").place_zone("I-4", x=0, y=-1)
         .place_zone("I-6", x=1, y=-1).move("Sofia", "I-4").turn("Sofia", phase="movement", speed=2).build())
    walk(g, "I-6")
    assert g.phase() == "place_zone" and boss_zone(g) is None
    g.apply(g.legal_actions()[0])
    assert boss_zone(g) == "I-6" and g.phase() == "movement"


def test_boss_effect_once_per_turn(h):
    g = (boss_map(h).move("Sofia", "I-4").move("Valerio", "I-4")
         .turn("Sofia", phase="movement", speed=3).build())
    walk(g, "I-3")  # Sighting
    walk(g, "I-1")
    walk(g, "I-3")  # the Boss Effect was already activated this turn: nothing
    assert g.phase() == "action" and boss_zone(g) == "I-3"  # Speed spent, no Boss move
    do(g, "End the turn")
    while g.current_player() != 1 or g.phase() not in ("activity", "movement"):
        g.apply(g.legal_actions()[0])
    if g.phase() == "activity":
        do(g, "Explore")
    walk(g, "I-3")  # a new turn: Valerio activates Laetus
    assert g.phase() == "boss_move" and g.current_player() == 1


def test_no_boss_effect_without_the_rule(h):
    g = (h.scenario(2).place_zone("I-4", x=0, y=-1).place_zone("I-3", x=1, y=-1)
         .move("Sofia", "I-4").turn("Sofia", phase="movement", speed=2).build())
    walk(g, "I-3")
    assert g.to_dict()["boss"] is None and g.phase() == "movement"


# ------------------------------------------------------------- Activation
def test_quarrelsome_activation_boss_view_and_encounters(h):
    """Laetus in I-1 with Valerio (unseen at first). The sequences that stun
    the most Scholars leave I-1 and re-enter it through the triangle: I-3 then
    I-4, or I-4 then I-3 (the activating player, Sofia, chooses)."""
    g = (boss_map(h).boss_at("I-1").move("Sofia", "I-4").move("Valerio", "I-1").move("Rebecca", "I-5")
         .students("Sofia", 2).students("Valerio", 0)
         .turn("Sofia", phase="movement", speed=3).build())
    walk(g, "I-3")
    assert g.phase() == "boss_move" and g.current_player() == 0
    assert boss_options(g) == ["I-3", "I-4"]
    do(g, "Move Laetus to I-4")
    # the only best way on is I-3 (forced), where Sofia is encountered: her choice
    assert boss_zone(g) == "I-3"
    assert g.phase() == "stun" and g.current_player() == 0
    do(g, "Take the Stun Token")
    # then back into I-1: he "sees" Valerio now (no Student: the Stun Token is taken)
    assert boss_zone(g) == "I-1"
    assert stun(h, g, "Sofia") == 1 and stun(h, g, "Valerio") == 1 and stun(h, g, "Rebecca") == 0
    assert g.phase() == "movement" and g.current_player() == 0


def test_boss_view_scholars_in_his_zone_unseen_without_re_entering(h):
    """Laetus in I-5 with Valerio: every 3-Zone move goes I-4 then the
    triangle, so he never re-enters I-5 and never sees Valerio; no retracing
    (never straight back into the Zone just left)."""
    g = (boss_map(h).boss_at("I-5").move("Sofia", "I-4").move("Valerio", "I-5")
         .students("Sofia", 0).turn("Sofia", phase="movement", speed=3).build())
    walk(g, "I-3")
    # first step forced (I-4, Door ignored), then two equal ways
    assert g.phase() == "boss_move" and boss_zone(g) == "I-4"
    assert boss_options(g) == ["I-1", "I-3"]  # not back into I-5, nor the dead end Start
    do(g, "Move Laetus to I-1")
    assert boss_zone(g) == "I-3"
    assert stun(h, g, "Valerio") == 0 and stun(h, g, "Sofia") == 1


def test_doors_ignored_starting_zone_no_encounter_and_fewer_zones_when_stuck(h):
    """No triangle: from I-3 Laetus can only go to I-4, then into I-5 (through
    the Militia Door nobody can open) or the Starting Zone; both dead ends, so
    he moves 2 Zones. Rebecca in the Starting Zone is not encountered."""
    g = (boss_map(h, triangle=False, floor2=False).boss_at("I-3").move("Sofia", "I-4").move("Rebecca", "start")
         .students("Rebecca", 0).turn("Sofia", phase="movement", speed=3).build())
    assert not any(g.action_to_string(a).endswith("to I-5") for a in g.legal_actions())  # the Door stops her
    walk(g, "I-3")  # she enters the Boss's Zone: no Encounter
    assert g.phase() == "boss_move" and boss_zone(g) == "I-4"  # forced; he leaves Sofia unseen
    assert boss_options(g) == ["I-5", "Starting Zone"]
    stacks = g.to_dict()["stacks"]
    do(g, "Move Laetus to Starting Zone")
    assert boss_zone(g) == "Starting Zone"
    assert stun(h, g, "Rebecca") == 0 and stun(h, g, "Sofia") == 0
    assert g.phase() == "movement"  # stuck after 2 Zones: the move ends
    assert g.to_dict()["stacks"] == stacks  # he never draws a Zone


def test_doors_ignored_by_the_boss(h):
    g = (boss_map(h, triangle=False, floor2=False).boss_at("I-3").move("Sofia", "I-4").move("Valerio", "I-5")
         .students("Valerio", 0).turn("Sofia", phase="movement", speed=3).build())
    walk(g, "I-3")
    # into I-5 through the Door: the only way that encounters anybody
    assert boss_zone(g) == "I-5" and stun(h, g, "Valerio") == 1


def test_encounters_in_turn_order_from_the_current_player(h):
    """Rebecca (seat 2) activates Laetus; he enters I-1 where Sofia (0) and
    Valerio (1) stand: Sofia decides first, then Valerio."""
    g = (boss_map(h).boss_at("I-5").move("Rebecca", "I-4").move("Sofia", "I-1").move("Valerio", "I-1")
         .students("Sofia", 1).students("Valerio", 1).students("Rebecca", 0)
         .turn("Rebecca", phase="movement", speed=3).build())
    walk(g, "I-3")
    assert boss_options(g) == ["I-1", "I-3"] and g.current_player() == 2
    do(g, "Move Laetus to I-1")
    assert g.phase() == "stun" and g.current_player() == 0
    do(g, "Sacrifice a Student to avoid the Stun Token")
    assert g.phase() == "stun" and g.current_player() == 1
    do(g, "Take the Stun Token")
    # then I-3: Rebecca (no Student) takes hers
    assert boss_zone(g) == "I-3"
    assert [stun(h, g, p) for p in ("Sofia", "Valerio", "Rebecca")] == [0, 1, 1]
    assert h.player(g, "Sofia")["students"] == 0


def test_secret_passage_only_with_dangerous_zones(h):
    """Laetus in I-4; Valerio in II-4 on Floor II, reachable only through the
    Secret Passage A (I-4 <-> II-3)."""
    def build(rules):
        return (boss_map(h, rules=rules).boss_at("I-4").move("Sofia", "I-1").move("Valerio", "II-4")
                .students("Sofia", 0).students("Valerio", 0).turn("Sofia", phase="movement", speed=3).build())

    g = build(("boss",))
    walk(g, "I-3")
    assert boss_options(g) == ["I-1", "I-3"]
    g = build(("boss", "dangerous_zones"))
    walk(g, "I-3")
    assert boss_options(g) == ["I-1", "I-3", "II-3"]
    do(g, "Move Laetus to II-3")
    # II-3, then II-4 (Valerio), then II-1: three Zones
    assert boss_zone(g) == "II-1" and stun(h, g, "Valerio") == 1 and stun(h, g, "Sofia") == 0


def test_secret_passage_marker_counts_as_letter_x(h):
    sc = (boss_map(h, rules=("boss", "dangerous_zones")).boss_at("I-5").move("Sofia", "I-4")
          .move("Valerio", "II-4").students("Sofia", 0).students("Valerio", 0)
          .secret_passage("I-5").secret_passage("II-4"))
    g = sc.turn("Sofia", phase="movement", speed=3).build()
    walk(g, "I-3")
    assert "II-4" in boss_options(g)  # I-5 -> II-4 by the Markers
    do(g, "Move Laetus to II-4")
    assert stun(h, g, "Valerio") == 1


# ------------------------------------------------------------------ Drunk
def test_drunk_randomized_target_is_hunted(h):
    """Drunk Laetus in I-1 with Valerio; Sofia activates him in I-3; Rebecca
    and Vincenzo wait in I-5. Quarrelsome would stun the most Scholars (I-3,
    I-4, I-5: three); Drunk hunts the Randomized Scholar first: for Valerio
    (in his own Zone) he leaves I-1 and re-enters it (Boss View)."""
    def build(profile, seed):
        return (boss_map(h, players=4, profile=profile, seed=seed).boss_at("I-1").move("Sofia", "I-4")
                .move("Valerio", "I-1").move("Rebecca", "I-5").move("Vincenzo", "I-5")
                .students("Sofia", 0).students("Valerio", 0).students("Rebecca", 0).students("Vincenzo", 0)
                .turn("Sofia", phase="movement", speed=3).build())

    g = build("quarrelsome", 1)
    walk(g, "I-3")
    assert boss_zone(g) == "I-5" and stun(h, g, "Valerio") == 0
    assert [stun(h, g, p) for p in ("Sofia", "Rebecca", "Vincenzo")] == [1, 1, 1]
    targets = set()
    for seed in range(40):
        g = build("drunk", seed)
        walk(g, "I-3")
        target = int(g.state[L.S_BOSS_TARGET])
        while g.phase() == "boss_move":
            g.apply(g.legal_actions()[0])
        targets.add(target)
        if target in (0, 1):  # Sofia or Valerio: the loop back into I-1 (nearest to Sofia, sees Valerio)
            assert boss_zone(g) == "I-1" and stun(h, g, "Valerio") == 1
        else:
            assert boss_zone(g) == "I-5" and stun(h, g, target) == 1
    assert targets == {0, 1, 2, 3}


def test_drunk_randomization_ignores_the_starting_zone(h):
    for seed in range(20):
        g = (boss_map(h, profile="drunk", seed=seed).boss_at("I-5").move("Sofia", "I-4").move("Rebecca", "start")
             .students("Sofia", 0).turn("Sofia", phase="movement", speed=3).build())
        walk(g, "I-3")
        assert int(g.state[L.S_BOSS_TARGET]) == 0  # never Valerio nor Rebecca, both in the Starting Zone


# --------------------------------------------------------- Alert Modifier
@pytest.mark.parametrize("profile,modifier", [("quarrelsome", 2), ("drunk", 1)])
def test_alert_modifier_in_a_study(h, profile, modifier):
    def alert(boss_at):
        sc = (boss_map(h, profile=profile).move("Sofia", "I-3").hand("Sofia", ["Lantern"])
              .university(students=10, omega=0))
        if boss_at:
            sc.boss_at(boss_at)
        g = sc.turn("Sofia", phase="action").build()
        do(g, "Study", "Study 1 cube")
        return h.test_of(g)["alert_value"]

    assert alert("I-3") == alert(None) + modifier
    assert alert("I-4") == alert(None)  # only the Boss's own Zone


# ----------------------------------------------- Panic Cards and the view
def test_boss_activate_for_panic_cards(h):
    from sim.dungeonology.core.engine.step import advance
    from sim.dungeonology.core.rules.boss.boss import boss_activate

    g = (boss_map(h).boss_at("I-5").move("Sofia", "I-4").move("Valerio", "I-1").students("Valerio", 0)
         .students("Sofia", 0).turn("Sofia", phase="action").build())
    s = g.state
    from sim.dungeonology.core.engine import kstack
    kstack.push(s, L.K_RESUME, 0, 0, 0)
    s[L.S_PHASE] = L.PH_NONE
    boss_activate(s, g.tables, 1)  # as Valerio: he chooses
    g._n = int(advance(s, g.tables, g._buf))
    assert g.phase() == "boss_move" and g.current_player() == 1
    assert boss_options(g) == ["I-1", "I-3"]


def test_boss_is_public_in_observations(h):
    g = boss_map(h).boss_at("I-3").build()
    assert g.observation(1)["boss"]["zone"] == "I-3"
    assert g.observation(0)["boss"]["profile"] == "quarrelsome"
    assert g.determinize(1, 3).to_dict()["boss"] == g.to_dict()["boss"]  # nothing hidden to resample


def test_heuristic_moves_laetus_onto_opponents():
    """With two equal ways, the heuristic (Sofia) sends Laetus onto Valerio,
    not through her own Zone first."""
    from agents.dungeonology.heuristic import DEFAULTS, act
    from sim.dungeonology.scenario import Scenario

    cfg = GameConfig(players=3, scholars=NAMES[:3], clan="Blood Worshipers", rules=("boss",), data=FLOOR1_FIXTURE)
    sc = (Scenario(cfg, seed=1).boss("laetus", "quarrelsome")
          .place_zone("I-4", x=0, y=-1).place_zone("I-3", x=1, y=-1.5).place_zone("I-1", x=1, y=-0.5)
          .place_zone("I-5", x=-1, y=-1).boss_at("I-5").move("Sofia", "I-4").move("Valerio", "I-1")
          .students("Sofia", 0).students("Valerio", 0))
    g = sc.turn("Sofia", phase="movement", speed=3).build()
    walk(g, "I-3")
    assert boss_options(g) == ["I-1", "I-3"]
    params = np.array(list(DEFAULTS.values()), dtype=np.float64)
    buf = np.array(g.legal_actions(), dtype=np.int64)
    rng = np.zeros(L.STATE_SIZE, np.int64)
    rng[L.S_RNG0], rng[L.S_RNG1] = seed_words(5)
    a = act(g.state, g.tables, buf, len(buf), params, rng)
    assert g.action_to_string(int(a)) == "Move Laetus to I-1"


def test_scenario_boss_done_and_bad_zone(h):
    g = (boss_map(h).boss_done().move("Sofia", "I-4").turn("Sofia", phase="movement", speed=3).build())
    walk(g, "I-3")
    assert boss_zone(g) is None and g.phase() == "movement"  # already activated this turn
    with pytest.raises(ConfigError, match="not placed"):
        boss_map(h).boss_at("III-1")
    with pytest.raises(ConfigError, match="unknown profile"):
        boss_map(h).boss("laetus", "sober")


def test_randomized_passage_steps_alternative_data(h):
    """The alternative reading of "Randomized" as data: every step through a
    Randomized Passage (boss_move_random_passage), no choice, never straight back."""
    steps = [{"op": "boss_move_random_passage", "n": 3}]
    for seed in range(8):
        sc = h.scenario(3, rules=("boss",), seed=seed,
                        overrides={"boss.laetus.profiles.drunk.activation": steps}).boss("laetus", "drunk")
        sc.place_zone("I-4", x=0, y=-1).place_zone("I-3", x=1, y=-1.5).place_zone("I-1", x=1, y=-0.5)
        sc.place_zone("I-5", x=-1, y=-1)
        g = sc.boss_at("I-5").move("Sofia", "I-4").students("Sofia", 0).turn("Sofia", phase="movement", speed=3).build()
        walk(g, "I-3")
        assert g.phase() == "movement"  # nobody chose anything
        # I-5 -> I-4 (the only Passage), then never back: the Starting Zone is a dead end
        assert boss_zone(g) in ("Starting Zone", "I-1", "I-3")
        assert g.check_invariants() is None


@pytest.mark.parametrize("where", ['jinx."Lost Notes".on_reveal', "boss.laetus.profiles.drunk.encounter"])
def test_boss_steps_only_on_boss_cards(where):
    from sim.dungeonology.loader import load_data
    from sim.kit.errors import DataError

    with pytest.raises(DataError) as e:
        load_data(overrides={where: [{"op": "boss_move", "n": 3}]})
    assert "a Boss step belongs to a Boss Card's sighting or activation" in str(e.value)


def test_boss_profile_needs_a_sighting():
    from sim.dungeonology.loader import load_data
    from sim.kit.errors import DataError

    with pytest.raises(DataError, match="Sighting needs at least one step"):
        load_data(overrides={"boss.laetus.profiles.drunk.sighting": []})


def test_link_table_matches_boss_links_along_random_games():
    """boss_link_table (one reading of the letters per plan) gives every
    Zone's boss_links, Secret Passages and Markers included."""
    import random

    from sim.dungeonology.core.rules.boss.boss import boss_link_table, boss_links

    cfg = GameConfig(players=4, rules=("boss", "dangerous_zones", "main_effects"))
    links = np.zeros(L.MAX_ZONES, np.int64)
    scratch = np.zeros(L.MAX_ZONES, np.int64)
    checked = 0
    for seed in range(6):
        g = new_game(cfg, seed=seed)
        rng = random.Random(seed)
        while not g.is_terminal():
            if rng.random() < 0.2:
                boss_link_table(g.state, g.tables, links, scratch)
                want = [boss_links(g.state, g.tables, z) for z in range(int(g.tables[L.T_NZONES]))]
                assert list(links[:len(want)]) == want
                checked += 1
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 100
