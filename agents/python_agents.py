"""Python agents: any object with ``act(observation, legal_mask) -> action``
can sit at a seat, in ``play_game``, tournaments and sweeps (named
``module:attr``, see agents/spec.py).

The agent sees only its seat: an :class:`Observation` (the seat's fixed-size
tensor, sim/dungeonology/observation.py, its legal actions in ascending order and, when the
agent sets ``wants_view = True``, the seat's ``observation_dict``) and a
boolean mask over the action space. Both are fresh copies built from the
state; the agent never holds the state or the game. An optional
``reset(seat, seed)`` is called at the start of every game with a seed drawn
from the game's seed, so results depend on (seed, configuration, agents) only.

An agent named ``module:attr`` sits at a seat as a :class:`PythonAgent` (:func:`seat_agent` in a game
played in Python, :func:`python_table` in a batch): what its code raises is a ConfigError naming it.

The older protocol ``act(game)`` (a method with one parameter) still works in
``play_game``; ``NumbaAgent`` runs a registered numba agent on a ``sim.Game``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

from agents.contract import SEAT_WORDS
from agents.registry import acts
from agents.spec import PYTHON_KIND, AgentSpec, agent_call, load_agent, parse_spec, takes_observation
from sim.kit.bundle import GameBundle, get_game
from sim.kit.errors import ConfigError
from sim.kit.header import H_ACTOR
from sim.kit.rng import seed_words
from sim.kit.seat import Observation

__all__ = ["Agent", "GameAgent", "NumbaAgent", "Observation", "ObservationAgent", "PythonAgent", "UniformRandom",
           "decide", "play_game", "python_table", "seat_agent"]


class ObservationAgent(Protocol):
    def act(self, observation: Observation, legal_mask: np.ndarray) -> int: ...


class GameAgent(Protocol):
    """The older protocol: the agent gets the game (and so could look at everything)."""

    def act(self, game: Any) -> int: ...


Agent = ObservationAgent | GameAgent


class UniformRandom:
    """A uniformly random legal action, as a Python agent (``agents.python_agents:UniformRandom``)."""

    def __init__(self) -> None:
        self.rng = np.random.default_rng(0)

    def reset(self, seat: int, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def act(self, observation: Observation, legal_mask: np.ndarray) -> int:
        return int(self.rng.choice(observation.legal_actions))


class NumbaAgent:
    """A registered numba agent used from Python."""

    def __init__(self, spec: AgentSpec | str, seed: int = 0, game: str | None = None) -> None:
        self.spec = parse_spec(spec, game) if isinstance(spec, str) else spec
        self._act = acts((self.spec.kind,), game)[0]
        self._params = self.spec.vector()
        w0, w1 = seed_words(seed)
        self._rng = np.zeros(SEAT_WORDS, dtype=np.int64)  # the seat's row: generator (words 0-1) and memory
        self._rng[:2] = w0, w1
        self._tables: np.ndarray | None = None

    def __str__(self) -> str:
        return str(self.spec)

    def act(self, game: Any) -> int:
        # the memory is valid for one tables array (agents.dungeonology.heuristic.memory)
        if game.tables is not self._tables:
            self._rng[2:] = 0
            self._tables = game.tables
        return int(self._act(game.state, game.tables, game._buf, game._n, self._params, self._rng))


class PythonAgent:
    """The Python agent named ``module:attr`` at one seat: its code runs only through
    ``agents.spec.agent_call``, so what it raises (at import, creation, ``reset`` or ``act``) is a
    ConfigError naming it and the exception."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.agent = load_agent(text)
        self.wants_view = agent_call(text, "attribute wants_view",
                                     lambda: bool(getattr(self.agent, "wants_view", False)))
        self._reset = agent_call(text, "attribute reset", getattr, self.agent, "reset", None)

    def reset(self, seat: int, seed: int) -> None:
        if self._reset is not None:
            agent_call(self.text, "reset()", self._reset, seat, seed)

    def act(self, observation: Observation, legal_mask: np.ndarray) -> Any:
        return agent_call(self.text, "act()", self.agent.act, observation, legal_mask)

    @staticmethod
    def legal(action: Any, legal_mask: np.ndarray) -> bool:
        """True for an action number the mask allows (an int or numpy integer, not a bool)."""
        return isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_)) \
            and 0 <= action < len(legal_mask) and bool(legal_mask[action])

    def __str__(self) -> str:
        return self.text


def seat_agent(spec: AgentSpec, seat: int, seed: int, game: str | None = None) -> NumbaAgent | PythonAgent:
    """The agent of ``seat`` for a game played in Python, drawing from ``seed``: a NumbaAgent, or a
    PythonAgent reset for the seat; :func:`decide` asks either."""
    if spec.kind != PYTHON_KIND:
        return NumbaAgent(spec, seed, game=game)
    agent = PythonAgent(spec.text)
    agent.reset(seat, seed)
    return agent


def decide(agent: Any, game: Any, observe: Any) -> int:
    """The action ``agent`` takes in ``game`` (an Observation agent is given its seat's Observation,
    built by the game's ``observe``; an older act(game) agent the game). A PythonAgent's action that
    is not legal is a ConfigError naming it."""
    if not takes_observation(agent):
        return agent.act(game)
    seat = game.current_player()
    obs, mask = observe(game.state, game.tables, game.names, game.config.to_dict(), seat, game._buf, game._n,
                        bool(getattr(agent, "wants_view", False)))
    action = agent.act(obs, mask)
    if isinstance(agent, PythonAgent) and not agent.legal(action, mask):
        raise ConfigError(f"the Python agent returned {action!r:.60}, not a legal action (seat {seat})",
                          key="agent", value=agent.text)
    return action


def play_game(config: Any, seed: int, agents: Sequence[Agent]) -> Any:
    """Play one game of the configuration's game, asking the agent of the seat that decides at each step
    (act(observation, legal_mask), or the older act(game))."""
    game = get_game(getattr(config, "GAME", None))
    g = game.part("new_game")(config, seed)
    observe = game.part("observe")
    maxp = game.kernels_module().MAXP
    for p, agent in enumerate(agents[: config.players]):
        if takes_observation(agent) and hasattr(agent, "reset"):
            agent.reset(p, seed * maxp + p)
    while not g.is_terminal():
        g.apply(decide(agents[g.current_player()], g, observe))
    return g


def python_table(game: GameBundle, compiled: Any, kind_names: tuple[str, ...], slots: Sequence[AgentSpec],
                 assign: np.ndarray, slot_params: np.ndarray) -> tuple[dict[str, Any], Any]:
    """What the game loop run as Python needs for a table with Python agents (``agents.batch.play``):
    the act of each kind (``a0``..: a Python agent's act builds its Observation and asks it) and
    ``start`` (each Python agent's ``reset`` as a game starts). Numba agents get the same seat
    generators, so an all-numba table plays the same games either way."""
    players = compiled.config.players
    # one agent per (slot, seat): a class named twice in the seat list gives each seat its own instance
    py = {(i, p): PythonAgent(spec.text) for i, spec in enumerate(slots) if spec.kind == PYTHON_KIND
          for p in range(players)}
    for i, spec in enumerate(slots):
        if spec.kind == PYTHON_KIND:
            slot_params[i, 0] = i  # the Python kind's act finds its slot in its parameters
    observe = game.part("observe")
    config = compiled.config.to_dict()

    def python_act(s: np.ndarray, t: np.ndarray, buf: np.ndarray, n: int, params: np.ndarray,
                   rng: np.ndarray) -> int:
        seat = int(s[H_ACTOR])
        agent = py[(int(params[0]), seat)]
        obs, mask = observe(s, t, compiled.names, config, seat, buf, n, agent.wants_view)
        a = agent.act(obs, mask)
        return int(a) if agent.legal(a, mask) else -1

    def start(g: int, rows: np.ndarray) -> None:
        for p in range(players):
            agent = py.get((int(assign[g, p]), p))
            if agent is not None:
                agent.reset(p, int(rows[p, 0]) << 32 | int(rows[p, 1]))

    extra = {f"a{i}": (python_act if k == PYTHON_KIND else acts((k,), game.name)[0]) for i, k in enumerate(kind_names)}
    return extra, start
