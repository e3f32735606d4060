"""The game for OpenSpiel, registered with ``pyspiel.register_game`` as
``python_dungeonology`` on import.

GameType: sequential, imperfect information, sampled stochastic (the engine
draws its chance events from the state's own generator, seeded by the game
parameter ``seed``; there are no chance nodes), general sum (1 for every seat
ranked first, 0 for the others: tied seats all win, Game Scoring), terminal
rewards, 2-4 players. Parameters: ``players``, ``modules`` (comma-separated,
``all`` = the four advanced rules), ``alert``, ``level``, ``seed``.

Information-state and observation tensors are sim/dungeonology/observation.py's (their
strings: the seat and a hash of the tensor, so equal strings are equal
information states); legal actions are ascending; ``resample_from_infostate``
is the engine's determinization (everything the seat cannot see resampled),
which OpenSpiel's IS-MCTS bot uses; states serialize (OpenSpiel pickles a
Python state's attributes: here the configuration, seed, state array and
history).

    >>> import pyspiel, adapters.openspiel_game
    >>> game = pyspiel.load_game("python_dungeonology", {"players": 3, "modules": "all"})
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
import pyspiel

from adapters.common import NUM_ACTIONS, game_config, seat_returns
from agents.batch import DECISION_LIMIT
from sim.dungeonology import layout as L
from sim.dungeonology.config import GameConfig, compile_config
from sim.dungeonology.game import Game, new_game
from sim.dungeonology.observation import INFO_SIZE, OBS_SIZE

SHORT_NAME = "python_dungeonology"
DEFAULTS = {"players": 4, "modules": "", "alert": "medium", "level": "students", "seed": 0}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Dungeonology: The Expedition",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=L.MAXP,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


def _info(players: int) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(num_distinct_actions=NUM_ACTIONS, max_chance_outcomes=0, num_players=players,
                            min_utility=0.0, max_utility=1.0, utility_sum=None, max_game_length=DECISION_LIMIT)


class _Box:
    """A sim.Game inside an OpenSpiel state: copied with Game.clone (the compiled
    tables shared), pickled as its configuration, seed, state and history."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict) -> _Box:
        return _Box(self.game.clone())

    def __getstate__(self) -> dict[str, Any]:
        g = self.game
        return {"config": g.config.to_dict(), "seed": g.seed, "state": g.state.tolist(), "history": g.history,
                "actors": g.actors}

    def __setstate__(self, d: dict[str, Any]) -> None:
        g = Game(compile_config(GameConfig.from_dict(d["config"])), d["seed"], np.array(d["state"], np.int64))
        g.history, g.actors = list(d["history"]), list(d["actors"])
        self.game = g


class DungeonologyGame(pyspiel.Game):
    """The OpenSpiel game (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**DEFAULTS, **(params or {})}
        self.config = game_config(players=int(p["players"]), modules=str(p["modules"]), alert=str(p["alert"]),
                                  player_level=str(p["level"]))
        self.seed = int(p["seed"])
        compile_config(self.config)  # a bad setting fails here, with the engine's ConfigError
        super().__init__(GAME_TYPE, _info(self.config.players), p)

    def new_initial_state(self) -> DungeonologyState:
        return DungeonologyState(self, new_game(self.config, self.seed))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return Observer(perfect_recall)


class DungeonologyState(pyspiel.State):
    """A state: the engine's Game, whose legal actions are ascending."""

    def __init__(self, game: DungeonologyGame, g: Game) -> None:
        super().__init__(game)
        self.box = _Box(g)

    def current_player(self) -> int:
        g = self.box.game
        return pyspiel.PlayerId.TERMINAL if g.is_terminal() else g.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.box.game.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.box.game.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        g = self.box.game
        return g.action_to_string(action) if not g.is_terminal() else f"action {action}"

    def is_terminal(self) -> bool:
        return self.box.game.is_terminal()

    def returns(self) -> list[float]:
        g = self.box.game
        return seat_returns(g) if g.is_terminal() else [0.0] * g.config.players

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> DungeonologyState:
        """A state with everything `player_id` cannot see resampled (sim.Game.determinize)."""
        seed = int(probability_sampler() * 2**62) if callable(probability_sampler) else int(np.random.randint(2**62))
        d = self.box.game.determinize(player_id, seed)
        out = DungeonologyState(self.get_game(), d)
        return out

    def __str__(self) -> str:
        g = self.box.game
        return f"seed {g.seed}, {len(g.history)} actions: {g.history[-8:]}"


class Observer:
    """OpenSpiel's Python observer: the observation (perfect_recall False) or the
    information-state tensor of sim/dungeonology/observation.py."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(INFO_SIZE if perfect_recall else OBS_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: DungeonologyState, player: int) -> None:
        g = state.box.game
        self.tensor[:] = g.information_state_tensor(player) if self.perfect_recall else g.observation_tensor(player)

    def string_from(self, state: DungeonologyState, player: int) -> str:
        self.set_from(state, player)
        return f"p{player} {hashlib.sha256(self.tensor.tobytes()).hexdigest()[:32]}"


pyspiel.register_game(GAME_TYPE, DungeonologyGame)
