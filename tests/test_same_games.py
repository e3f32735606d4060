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
    (('main_effects',), 2): (21334, 427877, 60433, 0),
    (('main_effects',), 4): (25107, 510691, 70033, 0),
    (('boss', 'dangerous_zones'), 2): (9842, 199501, 30577, 0),
    (('boss', 'dangerous_zones'), 4): (12276, 248847, 35066, 0),
    (('boss', 'maximum_alert'), 2): (9893, 204453, 31405, 0),
    (('boss', 'maximum_alert'), 4): (12274, 242366, 34248, 0),
    (('boss', 'main_effects'), 2): (22184, 459408, 63233, 0),
    (('boss', 'main_effects'), 4): (25403, 529410, 68549, 0),
    (('dangerous_zones', 'maximum_alert'), 2): (9511, 196882, 30459, 0),
    (('dangerous_zones', 'maximum_alert'), 4): (11545, 232547, 35304, 0),
    (('dangerous_zones', 'main_effects'), 2): (20897, 429121, 59566, 0),
    (('dangerous_zones', 'main_effects'), 4): (24210, 510391, 68714, 0),
    (('maximum_alert', 'main_effects'), 2): (20594, 417237, 59187, 0),
    (('maximum_alert', 'main_effects'), 4): (24625, 506055, 68013, 0),
    (('boss', 'dangerous_zones', 'maximum_alert'), 2): (10378, 208223, 30137, 0),
    (('boss', 'dangerous_zones', 'maximum_alert'), 4): (12834, 253430, 34601, 0),
    (('boss', 'dangerous_zones', 'main_effects'), 2): (22400, 455566, 60322, 0),
    (('boss', 'dangerous_zones', 'main_effects'), 4): (25691, 515750, 66156, 0),
    (('boss', 'maximum_alert', 'main_effects'), 2): (22401, 461918, 62804, 0),
    (('boss', 'maximum_alert', 'main_effects'), 4): (26466, 523261, 66375, 0),
    (('dangerous_zones', 'maximum_alert', 'main_effects'), 2): (21709, 433521, 61522, 0),
    (('dangerous_zones', 'maximum_alert', 'main_effects'), 4): (26980, 557713, 74002, 0),
    (('boss', 'dangerous_zones', 'maximum_alert', 'main_effects'), 2): (22450, 457797, 60668, 0),
    (('boss', 'dangerous_zones', 'maximum_alert', 'main_effects'), 4): (28276, 565811, 74201, 0),
}
ALL4 = ('boss', 'dangerous_zones', 'maximum_alert', 'main_effects')
MIXED = ('heuristic', 'random', 'heuristic:greedy', 'random')
AGENTS = {  # (rules, players, agents): SHA-256 prefix of the result rows
    ((), 2, ('heuristic',)): '599b629458c3510c',
    ((), 2, MIXED): '9987c777f4ae2911',
    ((), 4, ('heuristic',)): 'd76309a243f41427',
    ((), 4, MIXED): 'ace012bf20166e39',
    (ALL4, 2, ('heuristic',)): '94ba287464f6647f',
    (ALL4, 2, MIXED): 'a6410a6c3ecbbdb2',
    (ALL4, 4, ('heuristic',)): '9b0f2a41d304130e',
    (ALL4, 4, MIXED): 'c5c11f2789e85793',
}


@pytest.mark.parametrize("key", list(RANDOM), ids=lambda k: f"{'+'.join(k[0]) or 'basic'}-{k[1]}p")
def test_random_play_unchanged(key):
    assert random_fingerprint(*key) == RANDOM[key]


@pytest.mark.parametrize("key", list(AGENTS), ids=lambda k: f"{'+'.join(k[0]) or 'basic'}-{k[1]}p-{len(k[2])}")
def test_agent_play_unchanged(key):
    assert agent_fingerprint(*key) == AGENTS[key]
