"""Bad input to the Python surface: clear errors, never a crash in numba."""

import json

import pytest

from sim import ConfigError, GameConfig, IllegalActionError, RecordError, new_game, replay


@pytest.mark.parametrize(
    "config,words",
    [
        (GameConfig(players=1), "2, 3 or 4 players"),
        (GameConfig(players=5), "2, 3 or 4 players"),
        (GameConfig(players="4"), "2, 3 or 4 players"),
        (GameConfig(players=2, scholars=["Sofia", "Nobody"]), "unknown Scholar"),
        (GameConfig(players=2, scholars=["Sofia", "Sofia"]), "once"),
        (GameConfig(players=3, scholars=["Sofia", "Valerio"]), "one Scholar per seat"),
        (GameConfig(players=3, player_level="rectors"), "at least 4 players"),
        (GameConfig(players=2, player_level="professors"), "at least 3 players"),
        (GameConfig(alert="impossible"), "unknown Alert difficulty"),
        (GameConfig(player_level="deans"), "unknown Player Level"),
        (GameConfig(clan="Nobody"), "unknown Clan Card"),
        (GameConfig(players=2, scholars="Sofia"), "one name"),
        (GameConfig(overrides=["speed=4"]), "dotted keys"),
    ],
)
def test_bad_configuration_is_a_config_error(config, words):
    with pytest.raises(ConfigError, match=words):
        new_game(config, seed=1)


@pytest.mark.parametrize("seed", [-1, 1.5, "7", None])
def test_bad_seed(seed):
    with pytest.raises(ConfigError, match="seed"):
        new_game(GameConfig(), seed=seed)


def test_illegal_actions_are_refused_with_the_legal_ones_listed():
    g = new_game(GameConfig(players=2), seed=3)
    legal = g.legal_actions()
    bad = next(a for a in range(300) if a not in legal)
    before = g.state.copy()
    with pytest.raises(IllegalActionError, match="not legal now") as err:
        g.apply(bad)
    assert g.action_to_string(legal[0]) in str(err.value)
    assert (g.state == before).all()
    for nonsense in (-1, 10**9, "3", 2.0, True, None):
        with pytest.raises(IllegalActionError):
            g.apply(nonsense)
    assert (g.state == before).all()


def test_no_action_after_the_end():
    g = new_game(GameConfig(players=2), seed=3)
    while not g.is_terminal():
        g.apply(g.legal_actions()[-1])
    assert g.current_player() == -1 and g.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        g.apply(0)


def _record():
    g = new_game(GameConfig(players=3), seed=11)
    for _ in range(30):
        g.apply(g.legal_actions()[0])
    return g.record()


@pytest.mark.parametrize(
    "mutate,words",
    [
        (lambda r: "{not json", "not valid JSON"),
        (lambda r: {**r, "format": "chess"}, "not a game record"),
        (lambda r: {**r, "version": 99}, "version"),
        (lambda r: {k: v for k, v in r.items() if k != "seed"}, "no 'seed'"),
        (lambda r: {**r, "actions": ["a"]}, "list of integers"),
        (lambda r: {**r, "actions": r["actions"][:5] + [299]}, "not legal"),
        (lambda r: {**r, "data_hash": "0" * 64}, "different component data"),
        (lambda r: {**r, "action_space": "x"}, "different action space"),
        (lambda r: {**r, "initial_state": [1, 2, 3]}, "initial_state"),
        (lambda r: {**r, "config": {**r["config"], "players": 9}}, "2, 3 or 4 players"),
        (lambda r: {**r, "config": {**r["config"], "colour": "red"}}, "unknown configuration key"),
    ],
)
def test_corrupt_records_are_refused(mutate, words):
    bad = mutate(_record())
    with pytest.raises((RecordError, ConfigError), match=words):
        replay(bad if isinstance(bad, str) else json.loads(json.dumps(bad)))


def test_observation_of_a_missing_seat():
    g = new_game(GameConfig(players=2), seed=1)
    with pytest.raises(ConfigError, match="no seat"):
        g.observation(2)
