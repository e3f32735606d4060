"""Every game bundle for OpenSpiel: ``register(game)`` registers it with ``pyspiel.register_game`` under
its adapter's name (``python_dungeonology``, ``python_leduc``); importing this module registers every
game of the catalogue.

GameType: sequential, imperfect information, sampled stochastic (the engine draws its chance events
from the state's own generator, seeded by the game parameter ``seed``; there are no chance nodes),
terminal rewards; general sum for Dungeonology (1 for every seat ranked first, 0 for the others: tied
seats all win, Game Scoring), zero sum for Leduc (chips). Parameters: the adapter's ``PARAMS``
(Dungeonology: ``players``, ``modules`` comma-separated, ``all`` = the four advanced rules, ``alert``,
``level``, ``seed``; Leduc: ``players``, ``seed``).

Information-state and observation tensors are the game's own (their strings: the seat and a hash of
the tensor, so equal strings are equal information states); legal actions are ascending;
``resample_from_infostate`` is the engine's determinization (everything the seat cannot see
resampled), which OpenSpiel's IS-MCTS bot uses; states serialize (OpenSpiel pickles a Python state's
attributes: here the configuration, seed, state array and history).

    >>> import pyspiel, adapters.openspiel_game
    >>> game = pyspiel.load_game("python_dungeonology", {"players": 3, "modules": "all"})
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
import pyspiel

from adapters.common import adapter_of
from agents.contract import DECISION_LIMIT
from sim.kit.bundle import games

REGISTERED: dict[str, type] = {}  # OpenSpiel name -> the game's class


class _Box:
    """A game inside an OpenSpiel state: copied with its clone (the compiled tables shared), pickled
    as its configuration, seed, state and history."""

    def __init__(self, game: Any, bundle_name: str) -> None:
        self.game = game
        self.bundle = bundle_name

    def __deepcopy__(self, memo: dict) -> _Box:
        return _Box(self.game.clone(), self.bundle)

    def __getstate__(self) -> dict[str, Any]:
        g = self.game
        return {"game": self.bundle, "config": g.config.to_dict(), "seed": g.seed, "state": g.state.tolist(),
                "history": g.history, "actors": g.actors}

    def __setstate__(self, d: dict[str, Any]) -> None:
        bundle, _ = adapter_of(d.get("game"))
        compiled = bundle.part("compile")(bundle.part("config").from_dict(d["config"]))
        g = bundle.part("new_game")(compiled.config, d["seed"])
        g.state[:] = np.array(d["state"], np.int64)
        g._n = int(g.KERNELS.step(g.state, g.tables, -1, g._buf))
        g.history, g.actors = list(d["history"]), list(d["actors"])
        self.game, self.bundle = g, bundle.name


class BundleGame(pyspiel.Game):
    """A game bundle as an OpenSpiel game (see the module's docstring); a subclass per bundle."""

    BUNDLE = ""
    GAME_TYPE: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.bundle, self.adapter = adapter_of(self.BUNDLE)
        p = {**self.adapter.PARAMS, **(params or {})}
        self.config = self.adapter.config_from_params(p)
        self.seed = int(p["seed"])
        self.compiled = self.bundle.part("compile")(self.config)  # a bad setting fails here, with its ConfigError
        self._new_game = self.bundle.part("new_game")
        low, high = self.adapter.utility_range(self.compiled)
        info = pyspiel.GameInfo(num_distinct_actions=self.bundle.kernels_module().NUM_ACTIONS, max_chance_outcomes=0,
                                num_players=self.config.players, min_utility=low, max_utility=high,
                                utility_sum=0.0 if self.adapter.ZERO_SUM else None, max_game_length=DECISION_LIMIT)
        super().__init__(self.GAME_TYPE, info, p)

    def new_initial_state(self) -> BundleState:
        return BundleState(self, self._new_game(self.config, self.seed))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return Observer(perfect_recall, self.adapter, self.compiled)


class BundleState(pyspiel.State):
    """A state: the engine's game, whose legal actions are ascending."""

    def __init__(self, game: BundleGame, g: Any) -> None:
        super().__init__(game)
        self.box = _Box(g, game.bundle.name)
        self._returns = game.adapter.returns

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
        return self._returns(g) if g.is_terminal() else [0.0] * g.config.players

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BundleState:
        """A state with everything `player_id` cannot see resampled (the game's determinize)."""
        seed = int(probability_sampler() * 2**62) if callable(probability_sampler) else int(np.random.randint(2**62))
        return BundleState(self.get_game(), self.box.game.determinize(player_id, seed))

    def __str__(self) -> str:
        g = self.box.game
        return f"seed {g.seed}, {len(g.history)} actions: {g.history[-8:]}"


class Observer:
    """OpenSpiel's Python observer: the game's observation (perfect_recall False) or information-state
    tensor."""

    def __init__(self, perfect_recall: bool, adapter: Any, compiled: Any) -> None:
        self.perfect_recall = perfect_recall
        size = adapter.information_state_size(compiled) if perfect_recall else adapter.observation_size(compiled)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BundleState, player: int) -> None:
        g = state.box.game
        self.tensor[:] = g.information_state_tensor(player) if self.perfect_recall else g.observation_tensor(player)

    def string_from(self, state: BundleState, player: int) -> str:
        self.set_from(state, player)
        return f"p{player} {hashlib.sha256(self.tensor.tobytes()).hexdigest()[:32]}"


def register(name: str) -> type:
    """Register the game bundle ``name`` with OpenSpiel (once); its class."""
    bundle, adapter = adapter_of(name)
    if adapter.SHORT_NAME in REGISTERED:
        return REGISTERED[adapter.SHORT_NAME]
    game_type = pyspiel.GameType(
        short_name=adapter.SHORT_NAME,
        long_name=adapter.LONG_NAME,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if adapter.ZERO_SUM else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=bundle.max_players,
        min_num_players=bundle.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=adapter.PARAMS,
    )
    cls = type(f"{name.title().replace('_', '')}Game", (BundleGame,), {"BUNDLE": name, "GAME_TYPE": game_type})
    pyspiel.register_game(game_type, cls)
    REGISTERED[adapter.SHORT_NAME] = cls
    return cls


for _name, _bundle in games().items():
    if _bundle.adapter:
        register(_name)
