"""A Python agent ``module:attr`` that raises, at import, creation, ``reset`` or ``act``, or returns
what is not a legal action: a one-line error naming the agent and the exception (exit 2) in play,
tournament, sweep and tune, never a traceback; ``play`` seats Python agents (agents/spec.py's
``agent_call``, agents/python_agents.py's ``PythonAgent``)."""

from __future__ import annotations

import pytest

from experiments.dungeonology.fuzz_families.agents import AGENT_MODULES
from experiments.dungeonology.mutation_fuzz import run_cli
from sim import GameConfig
from sim.kit.errors import ConfigError

UNIFORM = "agents.python_agents:UniformRandom"
RAISING = [  # (spec, what the error line says)
    ("fz_import_value:Agent", "importing the agent's module raised ValueError: broken at import"),
    ("fz_import_syntax:Agent", "importing the agent's module raised SyntaxError"),
    ("fz_import_exit:Agent", "importing the agent's module raised SystemExit: 3"),
    ("fz_getattr:Agent", "attribute 'Agent' raised RuntimeError: no attributes here"),
    ("fz_agents:InitRaises", "creating the agent raised RuntimeError: cannot start"),
    ("fz_agents:ActRaises", "act() raised ZeroDivisionError: thinking too hard"),
    ("fz_agents:ResetRaises", "reset() raised OSError: no seat for me"),
    ("fz_agents:ActRaisesUnprintable", "act() raised Unprintable"),
    ("fz_agents:ActRecurses", "act() raised RecursionError"),
    ("fz_agents:ViewAmbiguous", "attribute wants_view raised ValueError"),
]


@pytest.fixture
def agent_modules(tmp_path, monkeypatch):
    for name, text in AGENT_MODULES.items():
        (tmp_path / f"{name}.py").write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def one_error(code: int, output: str, *words: str) -> None:
    assert code == 2 and "Traceback" not in output, output[-2000:]
    errors = [line for line in output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and all(w in errors[0] for w in words), output[-2000:]


@pytest.mark.parametrize("agent", [UNIFORM, "tests.example_agents.python_study_first:StudyFirst"])
def test_play_seats_a_python_agent(agent):
    code, output = run_cli(["play", "--agents", f"{agent},random", "--players", "2", "--seed", "3", "-q"])
    assert code == 0 and "Traceback" not in output and "Final scores" in output, output[-2000:]


@pytest.mark.parametrize("spec,words", RAISING)
def test_play_and_tournament_name_the_agent_and_the_exception(agent_modules, spec, words):
    for argv in (["play", "--agents", f"{spec},random", "--players", "2", "-q"],
                 ["tournament", "--agents", f"{spec},random", "--players", "2", "--games", "2", "--jobs", "1",
                  "--out", str(agent_modules / "t")]):
        one_error(*run_cli(argv), spec, words)


def test_an_illegal_action_in_play_names_the_agent(agent_modules):
    one_error(*run_cli(["play", "--agents", "fz_agents:ReturnsFloat,random", "--players", "2", "-q"]),
              "fz_agents:ReturnsFloat", "returned 1.5, not a legal action")


@pytest.mark.parametrize("spec,words", [RAISING[0], RAISING[4], RAISING[5], RAISING[6]])
def test_sweep_and_tune_name_the_agent_and_the_exception(agent_modules, spec, words):
    fixed = f'[fixed]\nplayers = 2\nagents = ["{spec}", "random"]\n'
    sweep = agent_modules / "sweep.toml"
    sweep.write_text(f'name = "pa"\ngames_per_cell = 2\nseed = 1\n{fixed}', encoding="utf-8")
    tune = agent_modules / "tune.toml"
    tune.write_text(f'name = "tpa"\nseed = 1\nbudget = 40\n[game]\ngames_per_cell = 2\n[game.{fixed[1:]}'
                    '[parameters."scholars.Sofia.hand"]\nlow = 1\nhigh = 10\n[objective.fair_share]\ntolerance = 2\n'
                    '[validation]\ngames_per_cell = 2\n', encoding="utf-8")
    one_error(*run_cli(["sweep", str(sweep), "--jobs", "1", "--out", str(agent_modules / "s")]), spec, words)
    one_error(*run_cli(["tune", str(tune), "--jobs", "1", "--out", str(agent_modules / "u")]), spec, words)


def test_a_raise_in_a_worker_process_comes_back_as_one_line(agent_modules, monkeypatch):
    from joblib.externals.loky import get_reusable_executor

    monkeypatch.setenv("PYTHONPATH", f"{agent_modules}:{__import__('os').environ.get('PYTHONPATH', '')}")
    get_reusable_executor().shutdown(wait=True)  # workers of an earlier test were started without that path
    one_error(*run_cli(["tournament", "--agents", "fz_agents:ActRaises,random", "--players", "2", "--games", "4",
                        "--jobs", "2", "--out", str(agent_modules / "t")]),
              "fz_agents:ActRaises", "act() raised ZeroDivisionError")


def test_the_python_api_raises_a_config_error_naming_the_agent(agent_modules):
    from agents.python_agents import PythonAgent, play_game

    with pytest.raises(ConfigError, match="creating the agent raised RuntimeError"):
        PythonAgent("fz_agents:InitRaises")
    agent = PythonAgent("fz_agents:ActRaises")
    with pytest.raises(ConfigError, match=r"fz_agents:ActRaises.*act\(\) raised ZeroDivisionError"):
        play_game(GameConfig(players=2), 1, [agent, PythonAgent(UNIFORM)])
    from adapters.gymnasium_env import DungeonologyEnv

    env = DungeonologyEnv(players=2, seat=0, opponents=["fz_agents:ResetRaises"])
    with pytest.raises(ConfigError, match="reset\\(\\) raised OSError"):
        env.reset(seed=1)


def test_the_fuzz_family_of_python_agents(tmp_path):
    import sys

    from experiments.dungeonology.mutation_fuzz import fuzz_inputs

    path = list(sys.path)
    try:
        counts = fuzz_inputs({"python_agent": 20}, seed=6, work=tmp_path)
    finally:
        sys.path[:] = path  # the family puts its agents' folder on the path
    print("\n" + counts.text())
    assert counts.tried["python_agent"] == 20 and not counts.crashes, counts.crashes[:3]
    assert counts.exit0["python_agent"] > 0 and counts.exit2["python_agent"] > 0, counts.text()
