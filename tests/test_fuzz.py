"""Random games with every invariant checked after every action (the
OpenSpiel conformance habit): 2,000+ games per run of the suite."""

import numpy as np
import pytest

from agents.batch import play_random
from sim import GameConfig
from sim.dungeonology.config import compile_config
from sim.dungeonology.core.checks.invariants import INVARIANTS

COLORS = ("civilization", "militia", "worship", "riches", "caste")
# Data that makes Theses easy, so random play reaches the Thesis, the first
# submitter's Omega clock and the last round.
EASY_THESIS = {
    **{f"noteboard.columns.{c}.stars": [1] for c in COLORS},
    **{f'clans."{c}".target': 0 for c in ("Blood Worshipers", "Golden Horns", "Moss Elders")},
}


def _fuzz(players, alert, level, games, base, overrides=None, rules=()):
    config = GameConfig(players=players, alert=alert, player_level=level, overrides=overrides or {}, rules=rules)
    dec, err, _ = play_random(compile_config(config), [base + i for i in range(games)], checks=True)
    return err, dec


@pytest.mark.parametrize(
    "players,alert,level",
    [
        (2, "introductory", "students"),
        (2, "hard", "scholars"),
        (3, "easy", "professors"),
        (3, "medium", "students"),
        (4, "medium", "students"),
        (4, "hard", "rectors"),
    ],
)
def test_random_games_keep_every_invariant(players, alert, level):
    err, dec = _fuzz(players, alert, level, 400, base=players * 100_000)
    bad = {INVARIANTS[int(e)]: int(np.sum(err == e)) for e in np.unique(err) if e}
    assert not bad, bad
    assert dec.min() > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_easy_theses_keep_every_invariant(players):
    err, dec = _fuzz(players, "easy", "students", 300, base=7_000_000 + players, overrides=EASY_THESIS)
    bad = {INVARIANTS[int(e)]: int(np.sum(err == e)) for e in np.unique(err) if e}
    assert not bad, bad


COMBINATION_GAMES = 20
# Decision phases that random play reaches too rarely for every combination's games to reach them: the
# sample of test_twenty_games_reach_the_phases_of_120 reaches each in some combination's games.
RARE_PHASES = {"teleport"}


def _combinations():
    from experiments.checks.fuzz import rule_combinations

    return rule_combinations()


@pytest.mark.parametrize("rules", _combinations(), ids=lambda r: "+".join(r) or "basic")
@pytest.mark.parametrize("players", [2, 4])
def test_every_combination_of_the_advanced_rules_keeps_every_invariant(rules, players):
    """Every playable combination of the modules (Boss profile and Panic Card drawn at random each game):
    COMBINATION_GAMES games each; test_twenty_games_reach_the_phases_of_120 shows they reach what 120 do."""
    err, dec = _fuzz(players, "medium", "students", COMBINATION_GAMES, base=9_000_000 + players * 1000, rules=rules)
    bad = {INVARIANTS[int(e)]: int(np.sum(err == e)) for e in np.unique(err) if e}
    assert not bad, bad
    assert dec.min() > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_all_four_rules_with_easy_theses_keep_every_invariant(players):
    """All four rules with easy Theses: the first Thesis triggers Maximum Alert."""
    rules = ("boss", "dangerous_zones", "maximum_alert", "main_effects")
    err, dec = _fuzz(players, "easy", "students", 200, base=9_500_000 + players, overrides=EASY_THESIS, rules=rules)
    bad = {INVARIANTS[int(e)]: int(np.sum(err == e)) for e in np.unique(err) if e}
    assert not bad, bad
    assert dec.min() > 0


def _batch(config, games, base, check=True):
    dec, err, turns = play_random(compile_config(config), [base + i for i in range(games)], checks=check)
    return err, dec, turns


# The basic game's random play: (players, decisions, weighted decisions,
# weighted turns) of 60 seeded games. Measured before issue 5 (main at 2b09367),
# then re-measured when issue 12 gave opponents Instant windows in the
# Exploration and adopted the transcribed card values (was (2, 13490, 405821,
# 64400), (3, 16218, 490511, 75159), (4, 15581, 467404, 69438)). The advanced
# rules' code must not change a basic game.
BASIC_GOLDEN = [(2, 13604, 407240, 64907), (3, 16822, 514727, 78056), (4, 16722, 512166, 74875)]


@pytest.mark.parametrize("golden", BASIC_GOLDEN)
def test_basic_game_unchanged(golden):
    players = golden[0]
    _, dec, turns = _batch(GameConfig(players=players), 60, 900_000 + players * 1000, check=False)
    w = np.arange(1, 61)
    assert (players, int(dec.sum()), int((dec * w).sum()), int((turns * w).sum())) == golden


def _ops(*ops):
    return [{"op": op} for op in ops]


# Main Effects (Interns, tokens): until the Main Effect framework plays them,
# the Auxiliary Effects of the ten Intern cards also gain their Intern and
# place tokens, so random play exercises gaining, stealing, Protected cubes
# (Lost Notes, Thesis failure, Espionage, Drop) and the supply running out.
INTERN_FUZZ = {
    'auxiliary."Exploration 2".options': [_ops("gain_intern", "place_trap") + [{"op": "speed", "n": 2}]],
    'auxiliary."Exploration 3".options': [_ops("gain_intern", "place_teleport_left", "place_secret_passage")
                                          + [{"op": "speed", "n": 3}]],
    'auxiliary."Subterfuge 2".options': [_ops("gain_intern") + [{"op": "stealth", "n": 2}],
                                         _ops("gain_intern") + [{"op": "alert", "n": 2}]],
    'auxiliary."Subterfuge 3".options': [_ops("gain_intern", "place_trap") + [{"op": "stealth", "n": 3}],
                                         _ops("gain_intern") + [{"op": "alert", "n": 3}]],
    'auxiliary."Spell 2".options': [_ops("gain_intern") + [{"op": "divination_stealth", "n": 2}],
                                    _ops("gain_intern", "place_teleport") + [{"op": "divination_alert", "n": 2}]],
    'auxiliary."Spell 3".options': [_ops("gain_intern", "place_trap") + [{"op": "divination_stealth", "n": 3}],
                                    _ops("gain_intern") + [{"op": "divination_alert", "n": 3}]],
    'auxiliary."Social 2".options': [_ops("gain_intern") + [{"op": "lose_random_info", "n": 1}]],
    'auxiliary."Social 3".options': [_ops("gain_intern", "place_secret_passage") + [{"op": "draw_cards", "n": 1}],
                                     _ops("gain_intern") + [{"op": "drop", "n": 1}]],
    'auxiliary."Notoriety 2".options': [_ops("gain_intern", "place_trap") + [{"op": "drop", "n": 1}]],
    'auxiliary."Notoriety 3".options': [_ops("gain_intern", "place_teleport") + [{"op": "take_bonfire", "n": 3}]],
}


@pytest.mark.parametrize("players,easy", [(2, False), (3, False), (4, False), (3, True)])
def test_random_games_with_interns_and_tokens_keep_every_invariant(players, easy):
    overrides = {**INTERN_FUZZ, **(EASY_THESIS if easy else {})}
    config = GameConfig(players=players, rules=("main_effects",), overrides=overrides)
    err, dec, _ = _batch(config, 200, 8_000_000 + players * 1000 + easy)
    bad = {INVARIANTS[int(e)]: int(np.sum(err == e)) for e in np.unique(err) if e}
    assert not bad, bad
    assert dec.min() > 0


def _module_sample() -> list[tuple[str, ...]]:
    """Each implemented module with what it requires (the smallest combination holding it), and all."""
    from sim.dungeonology import modules as M

    combos = _combinations()
    return [min((c for c in combos if name in c), key=len) for name in M.names(implemented=True)] + [combos[-1]]


def _phases(config, games, base):
    from agents.batch import play
    from agents.spec import parse_spec
    from sim.dungeonology import layout as L
    from sim.kit.profile import P_APPLY

    out = play(compile_config(config), [base + i for i in range(games)], [parse_spec("random")], checks=True,
               profile=True)
    return {L.PHASE_NAMES[p] for p in np.nonzero(out.profile[:-2, 1, P_APPLY])[0]}


@pytest.mark.parametrize("players", [2, 4])
def test_twenty_games_reach_the_phases_of_120(players):
    """The combinations' fuzz plays COMBINATION_GAMES games each (it was 120): a rule's fault is caught once
    its code runs, and its code runs in the decision phases it owns. For each implemented module's smallest
    combination and for all of them, the first COMBINATION_GAMES games of the fuzz's seeds reach every phase
    that 120 games reach, but the RARE_PHASES, which some combination's games do reach."""
    base = 9_000_000 + players * 1000
    rare_seen: set[str] = set()
    for combo in _module_sample():
        config = GameConfig(players=players, modules=combo)
        few = _phases(config, COMBINATION_GAMES, base)
        more = _phases(config, 120 - COMBINATION_GAMES, base + COMBINATION_GAMES)  # games 20..119 of the seeds
        assert more - few <= RARE_PHASES, (combo, sorted(more - few))
        rare_seen |= few & RARE_PHASES
    assert rare_seen == RARE_PHASES
