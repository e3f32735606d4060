"""Every game bundle for OpenSpiel: ``register(game)`` registers it with ``pyspiel.register_game`` under
its adapter's name (``python_dungeonology``, ``python_leduc``); importing this module registers every
game of the catalogue.

GameType: sequential, imperfect information, deterministic (the engine draws its chance events from
the state's own generator, seeded by the game parameter ``seed``: a game and its actions fix the
state, and there are no chance nodes), terminal rewards; general sum for Dungeonology (1 for every seat
ranked first, 0 for the others: tied seats all win, Game Scoring), zero sum for Leduc (chips).
Parameters: the adapter's ``PARAMS`` (Dungeonology: ``players``, ``modules`` comma-separated, ``all`` =
the four advanced rules, ``alert``, ``level``, ``seed``; Leduc: ``players``, ``seed``).

Information-state and observation tensors are the game's own (their strings: the seat and a hash of
the tensor, so equal strings are equal information states); legal actions are ascending;
``resample_from_infostate`` is the engine's determinization (everything the seat cannot see
resampled), which OpenSpiel's IS-MCTS bot uses.

States serialize, pickle and copy (``state.serialize`` / ``game.deserialize_state``,
``pyspiel.serialize_game_and_state`` / ``deserialize_game_and_state``, ``pickle``, ``copy``): OpenSpiel
writes a Python state's attributes beside its history; here that is the game's configuration, seed,
actions and resamplings, never the state array, and reading one replays the actions from the initial
state through the engine, each checked legal where it is played, and checks the history beside them.
A damaged or edited string is refused with a one-line ValueError or ``pyspiel.SpielError``; it cannot
make a state the engine did not reach. (The attributes are a pickle, as OpenSpiel writes them: read
strings you trust, as with any pickle.)

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
from sim.kit.errors import IllegalActionError, raised
from sim.kit.game import check_seed

REGISTERED: dict[str, type] = {}  # OpenSpiel name -> the game's class


class StateBox:
    """A game inside an OpenSpiel state: copied with its clone (the compiled tables shared); pickled as
    plain data (its game, configuration, seed, actions and resamplings), which the state that receives it
    replays through the engine (:func:`replay`)."""

    def __init__(self, game: Any, bundle_name: str, resamples: list[list[int]] | None = None) -> None:
        self.game = game
        self.bundle = bundle_name
        self.resamples = resamples or []  # [position in the history, seat, seed] of each resample_from_infostate
        self.saved: dict[str, Any] | None = None  # what a pickle gave, before the state replays it

    def __deepcopy__(self, memo: dict) -> StateBox:
        return StateBox(self.game.clone(), self.bundle, [list(r) for r in self.resamples])

    def __getstate__(self) -> dict[str, Any]:
        g = self.game
        return {"game": self.bundle, "config": g.config.to_dict(), "seed": g.seed, "actions": list(g.history),
                "resamples": [list(r) for r in self.resamples]}

    def __setstate__(self, d: Any) -> None:
        self.game, self.bundle, self.resamples = None, None, []
        self.saved = d


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value < high


def replay(game: BundleGame, saved: Any) -> StateBox:
    """The box of a deserialized state: ``saved`` (what ``StateBox.__getstate__`` wrote) checked against
    ``game`` and replayed from its initial state through the engine, every action checked legal where it
    is played; ValueError (one line) for anything else."""
    if not isinstance(saved, dict) or set(saved) != {"game", "config", "seed", "actions", "resamples"}:
        raise ValueError("not a state of this adapter (expected game, config, seed, actions and resamples)")
    if saved["game"] != game.bundle.name or saved["config"] != game.config.to_dict() or saved["seed"] != game.seed:
        raise ValueError(f"the state is of another game or configuration than {game.get_type().short_name}"
                         f"({game.get_parameters()})")
    actions, resamples = saved["actions"], saved["resamples"]
    num_actions = game.num_distinct_actions()
    if not isinstance(actions, list) or len(actions) > DECISION_LIMIT \
            or not all(_whole(a, 0, num_actions) for a in actions):
        raise ValueError(f"a state's actions are at most {DECISION_LIMIT} numbers from 0 to {num_actions - 1}")
    if not isinstance(resamples, list) or len(resamples) > DECISION_LIMIT or not all(
            isinstance(r, list) and len(r) == 3 and _whole(r[0], 0, len(actions) + 1)
            and _whole(r[1], 0, game.num_players()) and _whole(r[2], 0, 2**63) for r in resamples) \
            or [r[0] for r in resamples] != sorted(r[0] for r in resamples):
        raise ValueError("a state's resamples are [position, seat, seed] in the order of the history")
    g = game.new_initial_state().box.game
    k = 0  # the next resampling
    for i in range(len(actions) + 1):
        while k < len(resamples) and resamples[k][0] == i:
            g = g.determinize(resamples[k][1], resamples[k][2])
            k += 1
        if i < len(actions):
            if g.is_terminal() or actions[i] not in g.legal_actions():
                raise ValueError(f"action {i + 1} of the state, {actions[i]}, is not legal there")
            g.apply(actions[i])
    return StateBox(g, game.bundle.name, [list(r) for r in resamples])


class BundleGame(pyspiel.Game):
    """A game bundle as an OpenSpiel game (see the module's docstring); a subclass per bundle."""

    BUNDLE = ""
    GAME_TYPE: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.bundle, self.adapter = adapter_of(self.BUNDLE)
        p = {**self.adapter.PARAMS, **(params or {})}
        self.config = self.adapter.config_from_params(p)
        self.seed = check_seed(p["seed"])
        self.compiled = self.bundle.part("compile")(self.config)  # a bad setting fails here, with its ConfigError
        self._new_game = self.bundle.part("new_game")
        low, high = self.adapter.utility_range(self.compiled)
        info = pyspiel.GameInfo(num_distinct_actions=self.bundle.kernels_module().NUM_ACTIONS, max_chance_outcomes=0,
                                num_players=self.config.players, min_utility=low, max_utility=high,
                                utility_sum=0.0 if self.adapter.ZERO_SUM else None, max_game_length=DECISION_LIMIT)
        super().__init__(self.GAME_TYPE, info, p)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return pyspiel.load_game, (self.serialize(),)

    def deserialize_state(self, text: str) -> BundleState:
        """The state of ``state.serialize()``, replayed (:func:`replay`); ValueError in one line for a
        string that is not one."""
        try:
            return super().deserialize_state(text)
        except Exception as exc:  # noqa: BLE001 - whatever a damaged string raises (pickle's errors too)
            raise ValueError(f"not a state of {self.get_type().short_name}: {raised(exc)}") from None

    def new_initial_state(self) -> BundleState:
        return BundleState(self, self._new_game(self.config, self.seed))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return Observer(perfect_recall, self.adapter, self.compiled)


class BundleState(pyspiel.State):
    """A state: the engine's game, whose legal actions are ascending. Its one Python attribute is
    ``box``, which OpenSpiel copies (``clone``) and pickles (``serialize``); a box from a pickle is
    replayed (:func:`replay`) and must agree with the history OpenSpiel read beside it."""

    def __init__(self, game: BundleGame, g: Any) -> None:
        super().__init__(game)
        self.box = StateBox(g, game.bundle.name)

    @property
    def box(self) -> StateBox:
        return self.__dict__["box"]

    @box.setter
    def box(self, box: Any) -> None:
        game = self.get_game()
        if not isinstance(box, StateBox):
            raise ValueError("not a state of this adapter (its box is missing)")
        if box.game is None:  # from a pickle
            box = replay(game, box.saved)
        elif box.bundle != game.bundle.name or box.game.config != game.config:
            raise ValueError(f"the state is of another game than {game.get_type().short_name}")
        # OpenSpiel's own history: the serialized one when deserializing, empty while it clones
        if self.move_number() or self.history():
            g = box.game
            theirs = [(h.player, h.action) for h in self.full_history()]
            if self.move_number() != len(g.history) or theirs != list(zip(g.actors, g.history, strict=True)):
                raise ValueError("the state's history does not match the actions it holds")
        self.__dict__["box"] = box

    def apply_action(self, action: Any) -> None:
        """OpenSpiel's apply_action for a caller in Python: IllegalActionError (one line) for an action
        that is not a whole number (a bool included) or not legal now."""
        num_actions = self.get_game().num_distinct_actions()
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)) \
                or not 0 <= action < num_actions:
            raise IllegalActionError(f"an action is a whole number from 0 to {num_actions - 1}, got {action!r:.60}")
        super().apply_action(int(action))

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
        return self.get_game().adapter.returns(g) if g.is_terminal() else [0.0] * g.config.players

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BundleState:
        """A state with everything `player_id` cannot see resampled (the game's determinize)."""
        seed = int(probability_sampler() * 2**62) if callable(probability_sampler) else int(np.random.randint(2**62))
        box, state = self.box, self.clone()  # the clone keeps OpenSpiel's history
        state.box = StateBox(box.game.determinize(player_id, seed), box.bundle,
                         [*box.resamples, [len(box.game.history), int(player_id), seed]])
        return state

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
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
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
