"""Same seeds, same games through every way a game is played (tests/golden_seam.py):
recorded before the restructuring behind one seam (module manifests, game
bundles, one game loop). A refactor keeps every one; a change of play
re-records them in its own commit (``python -m tests.golden_seam``).
"""

from __future__ import annotations

import pytest

from tests import golden_seam as G

COMBINATIONS = {2: 'e378bd4e9d3b1121', 4: 'd92888e01e916e2b'}
BATCH = [  # G.BATCH_TABLES, in order
    '6c2503458dbb08e8',
    '15f1aab718ab9141',
    '88fea7a9924081e7',
    '1a55200ea78cc025',
    'e0914e56e3c1d883',
    '0d553fab8c4e1e92',
    '71e905f4aade448f',
    '08340bf6f58c18e6',
    '5a4fcf6a3eafa7dd',
]
TRACE = [  # G.TRACE_TABLES, in order
    '9d518f1f8b2b6a4c',
    '20476b5a0b473d6e',
]
GAMES = [  # G.GAMES_TABLES, in order
    '281cbd0988515b50',
    '6d0815572cb0100b',
]


def _id(key) -> str:
    return f"{'+'.join(key[0]) or 'basic'}-{key[1]}p" + (f"-{'/'.join(key[2])}" if len(key) > 2 else "")


@pytest.mark.parametrize("players", sorted(COMBINATIONS))
def test_every_module_combination_plays_the_same_random_games(players):
    assert G.combinations_digest(players) == COMBINATIONS[players]


@pytest.mark.parametrize(("key", "expected"), list(zip(G.BATCH_TABLES, BATCH, strict=True)), ids=_id)
def test_the_batch_loops_play_the_same_games(key, expected):
    assert G.batch_fingerprint(*key) == expected


@pytest.mark.parametrize(("key", "expected"), list(zip(G.TRACE_TABLES, TRACE, strict=True)), ids=_id)
def test_the_traced_loop_plays_and_records_the_same_games(key, expected):
    assert G.trace_fingerprint(*key) == expected


@pytest.mark.parametrize(("key", "expected"), list(zip(G.GAMES_TABLES, GAMES, strict=True)), ids=_id)
def test_a_game_through_the_python_api_is_the_same(key, expected):
    assert G.game_fingerprint(*key) == expected
