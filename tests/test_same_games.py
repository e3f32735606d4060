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
    (('main_effects',), 2): (21018, 420205, 60731, 0),
    (('main_effects',), 4): (25037, 514565, 71185, 0),
    (('boss', 'dangerous_zones'), 2): (9842, 199501, 30577, 0),
    (('boss', 'dangerous_zones'), 4): (12276, 248847, 35066, 0),
    (('boss', 'maximum_alert'), 2): (9893, 204453, 31405, 0),
    (('boss', 'maximum_alert'), 4): (12274, 242366, 34248, 0),
    (('boss', 'main_effects'), 2): (22704, 467628, 64580, 0),
    (('boss', 'main_effects'), 4): (25645, 526964, 68553, 0),
    (('dangerous_zones', 'maximum_alert'), 2): (9511, 196882, 30459, 0),
    (('dangerous_zones', 'maximum_alert'), 4): (11545, 232547, 35304, 0),
    (('dangerous_zones', 'main_effects'), 2): (20510, 421563, 58376, 0),
    (('dangerous_zones', 'main_effects'), 4): (24699, 516201, 69602, 0),
    (('maximum_alert', 'main_effects'), 2): (21074, 429294, 60838, 0),
    (('maximum_alert', 'main_effects'), 4): (25032, 516206, 69028, 0),
    (('boss', 'dangerous_zones', 'maximum_alert'), 2): (10378, 208223, 30137, 0),
    (('boss', 'dangerous_zones', 'maximum_alert'), 4): (12834, 253430, 34601, 0),
    (('boss', 'dangerous_zones', 'main_effects'), 2): (22125, 450463, 59992, 0),
    (('boss', 'dangerous_zones', 'main_effects'), 4): (26583, 516161, 65573, 0),
    (('boss', 'maximum_alert', 'main_effects'), 2): (22952, 477161, 64976, 0),
    (('boss', 'maximum_alert', 'main_effects'), 4): (27372, 537742, 68888, 0),
    (('dangerous_zones', 'maximum_alert', 'main_effects'), 2): (22214, 440772, 63209, 0),
    (('dangerous_zones', 'maximum_alert', 'main_effects'), 4): (26494, 559649, 74945, 0),
    (('boss', 'dangerous_zones', 'maximum_alert', 'main_effects'), 2): (22533, 458140, 61640, 0),
    (('boss', 'dangerous_zones', 'maximum_alert', 'main_effects'), 4): (29105, 585077, 76611, 0),
}
ALL4 = ('boss', 'dangerous_zones', 'maximum_alert', 'main_effects')
MIXED = ('heuristic', 'random', 'heuristic:greedy', 'random')
AGENTS = {  # (rules, players, agents): SHA-256 prefix of the result rows
    ((), 2, ('heuristic',)): '599b629458c3510c',
    ((), 2, MIXED): '9987c777f4ae2911',
    ((), 4, ('heuristic',)): 'd76309a243f41427',
    ((), 4, MIXED): 'ace012bf20166e39',
    (ALL4, 2, ('heuristic',)): '94ba287464f6647f',
    (ALL4, 2, MIXED): 'caa289cd20fddac7',
    (ALL4, 4, ('heuristic',)): '5fdb9da3b3f18c95',
    (ALL4, 4, MIXED): '9689fe4cd3319e57',
}


@pytest.mark.parametrize("key", list(RANDOM), ids=lambda k: f"{'+'.join(k[0]) or 'basic'}-{k[1]}p")
def test_random_play_unchanged(key):
    assert random_fingerprint(*key) == RANDOM[key]


@pytest.mark.parametrize("key", list(AGENTS), ids=lambda k: f"{'+'.join(k[0]) or 'basic'}-{k[1]}p-{len(k[2])}")
def test_agent_play_unchanged(key):
    assert agent_fingerprint(*key) == AGENTS[key]
