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
    ((), 2): (8686, 176775, 29181, 0),
    ((), 4): (10716, 217273, 32581, 0),
    (('boss',), 2): (9338, 192818, 28133, 0),
    (('boss',), 4): (12249, 247658, 35556, 0),
    (('dangerous_zones',), 2): (8867, 183246, 29142, 0),
    (('dangerous_zones',), 4): (11377, 225718, 32271, 0),
    (('maximum_alert',), 2): (9616, 197504, 30125, 0),
    (('maximum_alert',), 4): (11662, 232276, 35369, 0),
    (('main_effects',), 2): (17380, 355268, 50933, 0),
    (('main_effects',), 4): (22067, 444250, 61900, 0),
    (('boss', 'dangerous_zones'), 2): (9842, 199501, 30577, 0),
    (('boss', 'dangerous_zones'), 4): (12276, 248847, 35066, 0),
    (('boss', 'maximum_alert'), 2): (9893, 204453, 31405, 0),
    (('boss', 'maximum_alert'), 4): (12274, 242366, 34248, 0),
    (('boss', 'main_effects'), 2): (18090, 372825, 54538, 0),
    (('boss', 'main_effects'), 4): (24064, 474190, 63674, 0),
    (('dangerous_zones', 'maximum_alert'), 2): (9511, 196882, 30459, 0),
    (('dangerous_zones', 'maximum_alert'), 4): (11545, 232547, 35304, 0),
    (('dangerous_zones', 'main_effects'), 2): (17571, 353288, 49935, 0),
    (('dangerous_zones', 'main_effects'), 4): (22032, 453828, 61152, 0),
    (('maximum_alert', 'main_effects'), 2): (17777, 363501, 52865, 0),
    (('maximum_alert', 'main_effects'), 4): (22603, 452596, 63260, 0),
    (('boss', 'dangerous_zones', 'maximum_alert'), 2): (10378, 208223, 30137, 0),
    (('boss', 'dangerous_zones', 'maximum_alert'), 4): (12834, 253430, 34601, 0),
    (('boss', 'dangerous_zones', 'main_effects'), 2): (19463, 388455, 53057, 0),
    (('boss', 'dangerous_zones', 'main_effects'), 4): (24256, 487523, 65126, 0),
    (('boss', 'maximum_alert', 'main_effects'), 2): (18989, 391667, 55326, 0),
    (('boss', 'maximum_alert', 'main_effects'), 4): (24314, 484460, 64489, 0),
    (('dangerous_zones', 'maximum_alert', 'main_effects'), 2): (18007, 371518, 53922, 0),
    (('dangerous_zones', 'maximum_alert', 'main_effects'), 4): (23566, 479353, 67102, 0),
    (('boss', 'dangerous_zones', 'maximum_alert', 'main_effects'), 2): (20074, 413597, 56863, 0),
    (('boss', 'dangerous_zones', 'maximum_alert', 'main_effects'), 4): (26631, 525433, 69948, 0),
}
ALL4 = ('boss', 'dangerous_zones', 'maximum_alert', 'main_effects')
MIXED = ('heuristic', 'random', 'heuristic:greedy', 'random')
AGENTS = {  # (rules, players, agents): SHA-256 prefix of the result rows
    ((), 2, ('heuristic',)): '599b629458c3510c',
    ((), 2, MIXED): '9987c777f4ae2911',
    ((), 4, ('heuristic',)): 'd76309a243f41427',
    ((), 4, MIXED): 'ace012bf20166e39',
    (ALL4, 2, ('heuristic',)): 'f4de428ed32030ef',
    (ALL4, 2, MIXED): '380720979cf1cb81',
    (ALL4, 4, ('heuristic',)): 'e2c84beaad91e5f3',
    (ALL4, 4, MIXED): '59c34c7b4871973d',
}


@pytest.mark.parametrize("key", list(RANDOM), ids=lambda k: f"{'+'.join(k[0]) or 'basic'}-{k[1]}p")
def test_random_play_unchanged(key):
    assert random_fingerprint(*key) == RANDOM[key]


@pytest.mark.parametrize("key", list(AGENTS), ids=lambda k: f"{'+'.join(k[0]) or 'basic'}-{k[1]}p-{len(k[2])}")
def test_agent_play_unchanged(key):
    assert agent_fingerprint(*key) == AGENTS[key]
