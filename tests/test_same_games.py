"""Same seeds, same games: fingerprints recorded on the engine before the
"Make room for Rocca Civetta" restructuring (main at 4486fc1). Every rule set
(the basic game, each advanced rule and all 16 combinations) with random play,
and heuristic / mixed tables on the basic game and with all four rules. A
refactor must keep every one; a change that changes play re-records them in
its own commit (``python -m tests.golden_games``) and says how the numbers moved.
"""

from __future__ import annotations

import pytest

from tests.golden_games import agent_fingerprint, random_fingerprint

RANDOM = {  # (rules, players): (decisions, weighted decisions, weighted turns, errors)
    ((), 2): (8578, 173895, 28687, 0),
    ((), 4): (10521, 217391, 32384, 0),
    (('boss',), 2): (9319, 194286, 28488, 0),
    (('boss',), 4): (11522, 225034, 31764, 0),
    (('dangerous_zones',), 2): (8521, 176561, 28342, 0),
    (('dangerous_zones',), 4): (10188, 204337, 30906, 0),
    (('maximum_alert',), 2): (9254, 192819, 29908, 0),
    (('maximum_alert',), 4): (11232, 224260, 33541, 0),
    (('main_effects',), 2): (19666, 406628, 59336, 0),
    (('main_effects',), 4): (22902, 467700, 62421, 0),
    (('boss', 'dangerous_zones'), 2): (9512, 194726, 29249, 0),
    (('boss', 'dangerous_zones'), 4): (11070, 218178, 32046, 0),
    (('boss', 'maximum_alert'), 2): (9507, 199021, 30340, 0),
    (('boss', 'maximum_alert'), 4): (12128, 237555, 32151, 0),
    (('boss', 'main_effects'), 2): (20984, 441951, 61108, 0),
    (('boss', 'main_effects'), 4): (25639, 539625, 70631, 0),
    (('dangerous_zones', 'maximum_alert'), 2): (9400, 190082, 30010, 0),
    (('dangerous_zones', 'maximum_alert'), 4): (10584, 210029, 33468, 0),
    (('dangerous_zones', 'main_effects'), 2): (18996, 382566, 53341, 0),
    (('dangerous_zones', 'main_effects'), 4): (23884, 479005, 65321, 0),
    (('maximum_alert', 'main_effects'), 2): (20616, 414199, 59037, 0),
    (('maximum_alert', 'main_effects'), 4): (23548, 478312, 65403, 0),
    (('boss', 'dangerous_zones', 'maximum_alert'), 2): (9854, 202428, 29177, 0),
    (('boss', 'dangerous_zones', 'maximum_alert'), 4): (12142, 239208, 33843, 0),
    (('boss', 'dangerous_zones', 'main_effects'), 2): (21426, 439430, 57919, 0),
    (('boss', 'dangerous_zones', 'main_effects'), 4): (24351, 483412, 64155, 0),
    (('boss', 'maximum_alert', 'main_effects'), 2): (21360, 437658, 57923, 0),
    (('boss', 'maximum_alert', 'main_effects'), 4): (26069, 527536, 66900, 0),
    (('dangerous_zones', 'maximum_alert', 'main_effects'), 2): (20406, 424983, 60619, 0),
    (('dangerous_zones', 'maximum_alert', 'main_effects'), 4): (23794, 496490, 66312, 0),
    (('boss', 'dangerous_zones', 'maximum_alert', 'main_effects'), 2): (22415, 461627, 61714, 0),
    (('boss', 'dangerous_zones', 'maximum_alert', 'main_effects'), 4): (26237, 527640, 67736, 0),
}
ALL4 = ('boss', 'dangerous_zones', 'maximum_alert', 'main_effects')
MIXED = ('heuristic', 'random', 'heuristic:greedy', 'random')
AGENTS = {  # (rules, players, agents): SHA-256 prefix of the result rows
    ((), 2, ('heuristic',)): 'd2e0b25e25ad562e',
    ((), 2, MIXED): '8f7c8a9189f48f4f',
    ((), 4, ('heuristic',)): '933e51120663668f',
    ((), 4, MIXED): '3e1b986983296020',
    (ALL4, 2, ('heuristic',)): '51d07033446ff304',
    (ALL4, 2, MIXED): '7fcd136d234507c5',
    (ALL4, 4, ('heuristic',)): '3796da22b22052c5',
    (ALL4, 4, MIXED): '8974dbb394368f60',
}


@pytest.mark.parametrize("key", list(RANDOM), ids=lambda k: f"{'+'.join(k[0]) or 'basic'}-{k[1]}p")
def test_random_play_unchanged(key):
    assert random_fingerprint(*key) == RANDOM[key]


@pytest.mark.parametrize("key", list(AGENTS), ids=lambda k: f"{'+'.join(k[0]) or 'basic'}-{k[1]}p-{len(k[2])}")
def test_agent_play_unchanged(key):
    assert agent_fingerprint(*key) == AGENTS[key]
