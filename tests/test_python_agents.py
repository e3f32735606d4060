"""Python agents (act(observation, legal_mask)) at seats of games, batches and
tournaments, named module:attr (agents/python_agents.py)."""

from pathlib import Path

import numpy as np
import pytest

from agents.batch import play
from agents.python_agents import NumbaAgent, Observation, play_game
from agents.spec import PYTHON_KIND, parse_spec
from experiments.matches.tournament import run_tournament
from sim import GameConfig
from sim.dungeonology import layout as L
from sim.dungeonology.config import compile_config
from sim.dungeonology.observation import OBS_SIZE
from sim.kit.errors import ConfigError

EXAMPLE = "tests.example_agents.python_study_first:StudyFirst"
ROOT = Path(__file__).resolve().parent.parent


class Recorder:
    """Checks what it is given, plays the lowest legal action."""

    def __init__(self):
        self.calls = 0

    def act(self, observation, legal_mask):
        assert isinstance(observation, Observation) and set(vars(observation)) == {"seat", "tensor",
                                                                                   "legal_actions", "view"}
        assert observation.tensor.shape == (OBS_SIZE,) and not observation.tensor.flags.writeable
        assert legal_mask.shape == (L.NUM_ACTIONS,) and list(np.flatnonzero(legal_mask)) == \
            list(observation.legal_actions) == sorted(observation.legal_actions)
        assert observation.tensor[L.S_RNG0] == 0  # hidden information is masked, not trusted
        self.calls += 1
        return observation.legal_actions[0]


class SeatKeeper:
    """Remembers the seat reset() gave it: it must only ever be asked for that seat."""

    def reset(self, seat, seed):
        self.seat = seat

    def act(self, observation, legal_mask):
        assert observation.seat == self.seat
        return observation.legal_actions[-1]


class OldStyle:
    def act(self, game):
        return game.legal_actions()[-1]


def test_the_agents_page_example_is_this_file():
    source = (ROOT / "tests/example_agents/python_study_first.py").read_text()
    body = source[source.index("class StudyFirst"):].strip()
    assert body in (ROOT / "docs/AGENTS.md").read_text()


def test_both_protocols_and_numba_agents_share_a_table():
    rec = Recorder()
    g = play_game(GameConfig(players=3), 4, [rec, OldStyle(), NumbaAgent("random", 2)])
    assert g.is_terminal() and g.check_invariants() is None and rec.calls > 10


def test_the_python_loop_plays_the_games_of_the_numba_loop():
    """An all-numba table through the game loop run as Python: the same rows as the compiled loop."""
    c = compile_config(GameConfig(players=3, modules=("boss",)))
    slots = [parse_spec("heuristic"), parse_spec("random")]
    assign = np.array([[0, 1, 0], [1, 0, 1]], dtype=np.int64)
    a = play(c, [8, 9], slots, assign)
    b = play(c, [8, 9], slots, assign, python=True)
    assert (a.rows == b.rows).all() and (a.games == b.games).all() and (a.stats == b.stats).all()


def test_a_python_agent_enters_a_tournament_by_module_and_attribute():
    spec = parse_spec(EXAMPLE)
    assert spec.kind == PYTHON_KIND and spec.text == EXAMPLE
    one = run_tournament(GameConfig(players=2), [EXAMPLE, "random"], games=4, seed=3, jobs=1)
    two = run_tournament(GameConfig(players=2), [EXAMPLE, "random"], games=4, seed=3, jobs=2)
    assert one.attrs["errors"] == 0 and set(one["agent"]) == {EXAMPLE, "random"}
    cols = ["agent", "games", "wins", "mean_score"]
    assert one[cols].equals(two[cols])  # joblib workers play the same games


@pytest.mark.parametrize("text,words", [
    ("no_such_module_here:Agent", "cannot import"),
    ("tests.example_agents.python_study_first:Nope", "has no 'Nope'"),
    ("tests.test_python_agents:OldStyle", "act(observation, legal_mask)"),
    ("heuristc:cautious", "unknown agent (available: heuristic"),  # a misspelt kind, not a module
])
def test_a_bad_python_agent_is_a_config_error(text, words):
    with pytest.raises(ConfigError, match=words.replace("(", r"\(").replace(")", r"\)")):
        parse_spec(text)


def test_a_python_agent_sits_in_a_sweep(tmp_path):
    from experiments.runs.sweep import load_rows, run_sweep

    exp = tmp_path / "exp.toml"
    exp.write_text(f'''name = "python-agent"
games_per_cell = 4
seed = 1

[fixed]
players = 2
agents = ["{EXAMPLE}", "random"]
''', encoding="utf-8")
    result = run_sweep(exp, tmp_path / "run", jobs=1)
    rows = load_rows(tmp_path / "run")
    assert result.games_played == 4 and (rows["error"] == 0).all()
    assert set(rows["agent"].astype(str)) == {EXAMPLE, "random"} and rows["studies"].sum() > 0


def test_each_seat_gets_its_own_instance():
    """A spec repeated by the seat list (SeatKeeper at two of the four seats) is one instance per seat."""
    table = run_tournament(GameConfig(players=4), ["tests.test_python_agents:SeatKeeper", "random"], games=4, seed=2)
    assert table.attrs["errors"] == 0 and table.set_index("agent").loc["tests.test_python_agents:SeatKeeper",
                                                                        "games"] == 8
