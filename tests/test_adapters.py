"""The adapters pass their ecosystems' own conformance tests, on the basic game, with the four advanced
rules (``--modules all``) and with the expansion: the largest playable combination of the implemented
modules that holds rocca_civetta (read from sim.dungeonology.modules, so it grows as the expansion's modules land)."""

import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import adapters.openspiel_game  # noqa: F401  (registers python_dungeonology)
from adapters.gymnasium_env import DungeonologyEnv
from adapters.pettingzoo_env import DungeonologyAEC, env
from sim.dungeonology import modules as M
from sim.dungeonology.observation import INFO_SIZE, OBS_SIZE


def expansion() -> str:
    """The implemented modules of the largest playable combination with rocca_civetta, comma-separated."""
    combos = [c for c in M.combinations() if "rocca_civetta" in c]
    return ",".join(max(combos, key=len)) if combos else ""


EXPANSION = expansion()
MODULES = pytest.mark.parametrize("modules", ["", "all", *([EXPANSION] if EXPANSION else [])],
                                  ids=["basic", "all", *(["expansion"] if EXPANSION else [])])


@MODULES
def test_pettingzoo_api_test(modules):
    api_test(env(players=3, modules=modules), num_cycles=2000)


@MODULES
def test_pettingzoo_seed_test(modules):
    seed_test(lambda: env(players=4, modules=modules), num_cycles=300)


@MODULES
def test_pettingzoo_plays_to_the_end_with_rewards_for_the_winner(modules):
    e = DungeonologyAEC(players=4, modules=modules)
    total = {a: 0.0 for a in e.possible_agents}
    e.reset(seed=11)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        assert e.observation_space(agent).contains(obs)  # every value within the space's bounds
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert not e.agents and sum(total.values()) >= 1 and set(total.values()) <= {0.0, 1.0}


@MODULES
def test_openspiel_random_sim_test(modules):
    game = pyspiel.load_game("python_dungeonology", {"players": 3, "modules": modules, "seed": 5})
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_openspiel_states_serialize():
    """The state round-trips through serialize / deserialize_state (tampered strings:
    tests/test_openspiel_trust.py)."""
    game = pyspiel.load_game("python_dungeonology", {"players": 3, "modules": "all", "seed": 2})
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(150):
        state.apply_action(int(rng.choice(state.legal_actions())))
    again = game.deserialize_state(state.serialize())
    assert again.box.game.history == state.box.game.history and str(again) == str(state)
    assert (again.box.game.state == state.box.game.state).all()
    assert again.legal_actions() == state.legal_actions()
    assert again.information_state_tensor(1) == state.information_state_tensor(1)


def test_openspiel_game_type_and_tensors():
    game = pyspiel.load_game("python_dungeonology", {"players": 2})
    t = game.get_type()
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC  # the seed parameter fixes every draw
    assert game.num_players() == 2 and game.num_distinct_actions() > 400
    state = game.new_initial_state()
    assert len(state.observation_tensor(0)) == OBS_SIZE and len(state.information_state_tensor(1)) == INFO_SIZE
    assert state.legal_actions() == sorted(state.legal_actions())
    seat = state.current_player()
    other = state.resample_from_infostate(seat, np.random.default_rng(1).random)
    assert other.information_state_tensor(seat) == state.information_state_tensor(seat)


@MODULES
def test_gymnasium_check_env(modules):
    check_env(DungeonologyEnv(players=4, seat=1, opponents=["heuristic", "random"], modules=modules),
              skip_render_check=True)


def test_gymnasium_episode_against_named_agents():
    e = DungeonologyEnv(players=3, seat=0, opponents=["heuristic"])
    obs, _ = e.reset(seed=2)
    over, reward = False, 0.0
    while not over:
        obs, reward, over, _, info = e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        assert "illegal_action" not in info
    assert reward in (0.0, 1.0) and e.game.is_terminal()


def test_gymnasium_an_illegal_action_ends_the_episode():
    e = DungeonologyEnv(players=2)
    obs, _ = e.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, over, _, info = e.step(bad)
    assert over and reward == -1.0 and info == {"illegal_action": bad}


def test_the_readme_adapter_example_plays_a_seat_and_enters_a_tournament():
    from pathlib import Path

    from experiments.matches.tournament import run_tournament
    from sim import GameConfig
    from tests.example_agents import pettingzoo_policy as example

    source = Path(example.__file__).read_text()
    docs = Path(__file__).parent.parent / "docs"
    assert source[source.index("def policy"):].strip() in (docs / "ADAPTERS.md").read_text()
    assert example.play_one_game(3) in (0, 1, 2)
    table = run_tournament(GameConfig(players=2), ["tests.example_agents.pettingzoo_policy:PolicyAgent", "random"],
                           games=2, seed=1)
    assert table.attrs["errors"] == 0 and table["games"].sum() == 4


def test_bench_adapters_prints_every_way_of_playing():
    from typer.testing import CliRunner

    from experiments.cli import app

    result = CliRunner().invoke(app, ["bench", "--adapters", "--games", "1", "--players", "2"])
    assert result.exit_code == 0, result.output
    for name in ("sim.Game (native Python API)", "PettingZoo AEC", "Gymnasium", "OpenSpiel, no observation",
                 "Python agent in play_batch", "numba batch"):
        assert name in result.output


# ------------------------------------------------------------ the reference game: Leduc poker
@pytest.mark.parametrize("players", [2, 3])
def test_leduc_pettingzoo_api_and_seed_tests(players):
    api_test(env(game="leduc", players=players), num_cycles=500)
    seed_test(lambda: env(game="leduc", players=players), num_cycles=200)


def test_leduc_gymnasium_check_env():
    from adapters.gymnasium_env import GameEnv

    check_env(GameEnv(game="leduc", players=2, seat=1, opponents=["ismcts:iterations=20"]), skip_render_check=True)


@pytest.mark.parametrize("players", [2, 3])
def test_leduc_openspiel_random_sim_test(players):
    game = pyspiel.load_game("python_leduc", {"players": players, "seed": 3})
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)


@pytest.mark.parametrize("bad", [1.5, "1", True, None])  # int() of each but None is Call, legal
def test_the_environments_refuse_an_action_that_is_not_an_integer(bad):
    from adapters.gymnasium_env import GameEnv
    from sim.kit.errors import IllegalActionError

    e = GameEnv(game="leduc", players=2)
    e.reset(seed=1)
    _, reward, over, _, info = e.step(bad)
    assert over and reward == -1.0 and info == {"illegal_action": bad}
    aec = env(game="leduc", players=2)
    aec.reset(seed=1)
    if bad is not None:  # None is PettingZoo's action of an agent that is done
        with pytest.raises(IllegalActionError, match="an action is an integer"):
            aec.step(bad)


def test_gymnasium_refuses_a_step_after_the_end_and_a_reward_that_is_not_a_number():
    import gymnasium as gym

    from adapters.gymnasium_env import GameEnv
    from sim.kit.errors import ConfigError

    e = GameEnv(game="leduc", players=2)
    obs, _ = e.reset(seed=4)
    over = False
    while not over:
        obs, _, over, _, _ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(gym.error.ResetNeeded):
        e.step(1)
    for bad in (float("nan"), float("inf"), "x"):
        with pytest.raises(ConfigError, match="illegal_reward"):
            GameEnv(game="leduc", illegal_reward=bad)
