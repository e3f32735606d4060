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

The older protocol ``act(game)`` (a method with one parameter) still works in
``play_game``; ``NumbaAgent`` runs a registered numba agent on a ``sim.Game``.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from agents.registry import kinds
from agents.spec import PYTHON_KIND, AgentSpec, parse_spec
from sim.dungeonology import layout as L
from sim.dungeonology.config import Compiled, GameConfig
from sim.dungeonology.core.engine.batch import NGAME, NROW, write_game, write_rows
from sim.dungeonology.core.engine.step import advance, apply_action
from sim.dungeonology.core.procedures.setup import init_state
from sim.dungeonology.game import Game, new_game
from sim.dungeonology.observation import observation
from sim.dungeonology.view import state_dict
from sim.kit.errors import ConfigError
from sim.kit.rng import seed_words


@dataclass(frozen=True)
class Observation:
    """What one seat may know when it decides."""

    seat: int
    tensor: np.ndarray  # float32[OBS_SIZE], read-only (docs/OBSERVATION.md)
    legal_actions: tuple[int, ...]  # ascending
    view: dict[str, Any] | None = None  # observation_dict, for agents with wants_view = True


class ObservationAgent(Protocol):
    def act(self, observation: Observation, legal_mask: np.ndarray) -> int: ...


class GameAgent(Protocol):
    """The older protocol: the agent gets the game (and so could look at everything)."""

    def act(self, game: Game) -> int: ...


Agent = ObservationAgent | GameAgent


def observe(state: np.ndarray, tables: np.ndarray, names: Any, config: dict[str, Any], seat: int,
            buf: np.ndarray, n: int, wants_view: bool = False) -> tuple[Observation, np.ndarray]:
    """Seat `seat`'s Observation and legal mask, built from the state (copies only)."""
    legal = np.sort(buf[:n])
    mask = np.zeros(L.NUM_ACTIONS, dtype=bool)
    mask[legal] = True
    tensor = observation(state, tables, seat)
    tensor.flags.writeable = False
    view = state_dict(state, tables, names, config, viewer=seat) if wants_view else None
    return Observation(seat, tensor, tuple(int(a) for a in legal), view), mask


def takes_observation(agent: Any) -> bool:
    """True for act(observation, legal_mask), False for the older act(game)."""
    if isinstance(agent, NumbaAgent):
        return False
    try:
        params = inspect.signature(agent.act).parameters
    except (TypeError, ValueError):
        return True
    return len(params) >= 2


def load_agent(text: str) -> Any:
    """The object named ``module:attr`` (a class is instantiated); ConfigError when it cannot be used."""
    module_name, _, attr = text.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigError(f"cannot import the agent's module ({exc})", key="agent", value=text) from None
    obj = module
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise ConfigError(f"module {module_name!r} has no {attr!r}", key="agent", value=text)
        obj = getattr(obj, part)
    if inspect.isclass(obj):
        try:
            obj = obj()
        except TypeError as exc:
            raise ConfigError(f"cannot create the agent without arguments ({exc})", key="agent", value=text) from None
    if not callable(getattr(obj, "act", None)) or not takes_observation(obj):
        raise ConfigError("a Python agent needs a method act(observation, legal_mask)", key="agent", value=text)
    return obj


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

    def __init__(self, spec: AgentSpec | str, seed: int = 0) -> None:
        self.spec = parse_spec(spec) if isinstance(spec, str) else spec
        self._act = kinds()[self.spec.kind].act
        self._params = self.spec.vector()
        from agents.batch import SEAT_WORDS

        w0, w1 = seed_words(seed)
        self._rng = np.zeros(SEAT_WORDS, dtype=np.int64)  # the seat's row: generator (words 0-1) and memory
        self._rng[:2] = w0, w1
        self._tables: np.ndarray | None = None

    def act(self, game: Game) -> int:
        if game.tables is not self._tables:  # the memory is valid for one tables array (agents.heuristic.memory)
            self._rng[2:] = 0
            self._tables = game.tables
        return int(self._act(game.state, game.tables, game._buf, game._n, self._params, self._rng))


def _decide(agent: Any, game: Game) -> int:
    if not takes_observation(agent):
        return agent.act(game)
    seat = game.current_player()
    obs, mask = observe(game.state, game.tables, game.names, game.config.to_dict(), seat, game._buf, game._n,
                        bool(getattr(agent, "wants_view", False)))
    return agent.act(obs, mask)


def play_game(config: GameConfig, seed: int, agents: Sequence[Agent]) -> Game:
    """Play one game, asking the agent of the seat that decides at each step
    (act(observation, legal_mask), or the older act(game))."""
    g = new_game(config, seed)
    for p, agent in enumerate(agents[: config.players]):
        if takes_observation(agent) and hasattr(agent, "reset"):
            agent.reset(p, seed * L.MAXP + p)
    while not g.is_terminal():
        g.apply(_decide(agents[g.current_player()], g))
    return g


def _seat_rngs(w0: int, w1: int, players: int) -> np.ndarray:
    from agents.batch import SEAT_WORDS, seed_seat_rngs

    rng = np.zeros((L.MAXP, SEAT_WORDS), np.int64)  # generators and agents' memory, as in the batch loop
    seed_seat_rngs(rng, w0, w1, players)
    return rng


def play_batch_python(compiled: Compiled, seeds: Sequence[int], slots: Sequence[AgentSpec],
                      assign: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``agents.batch.play_batch`` for tables with Python agents: the same loop in
    Python (numba agents get the same seat generators, so an all-numba table plays
    the same games), the same result rows."""
    from agents.batch import DECISION_LIMIT, ERR_ILLEGAL, ERR_LIMIT, ERR_STUCK

    t, players = compiled.tables, compiled.config.players
    registry = kinds()
    # one agent per (slot, seat): a class named twice in the seat list gives each seat its own instance
    py = {(i, p): load_agent(spec.text) for i, spec in enumerate(slots) if spec.kind == PYTHON_KIND
          for p in range(players)}
    acts = {i: registry[s.kind].act for i, s in enumerate(slots) if s.kind != PYTHON_KIND}
    params = {i: s.vector() for i, s in enumerate(slots)}
    config = compiled.config.to_dict()
    rows = np.zeros((len(seeds), L.MAXP, NROW), dtype=np.int64)
    games = np.zeros((len(seeds), NGAME), dtype=np.int64)
    s = np.zeros(L.STATE_SIZE, np.int64)
    buf = np.zeros(L.MAX_LEGAL, np.int64)
    for g, seed in enumerate(seeds):
        w0, w1 = seed_words(int(seed))
        init_state(s, t, players, compiled.scholars, compiled.clan, w0, w1)
        rng = _seat_rngs(w0, w1, players)
        for p in range(players):
            agent = py.get((int(assign[g, p]), p))
            if agent is not None and hasattr(agent, "reset"):
                agent.reset(p, int(rng[p, 0]) << 32 | int(rng[p, 1]))
        n = int(advance(s, t, buf))
        decisions = err = 0
        while n > 0:
            seat = int(s[L.S_ACTOR])
            slot = int(assign[g, seat])
            agent = py.get((slot, seat))
            if agent is not None:
                obs, mask = observe(s, t, compiled.names, config, seat, buf, n,
                                    bool(getattr(agent, "wants_view", False)))
                a = agent.act(obs, mask)
                legal = isinstance(a, (int, np.integer)) and not isinstance(a, bool) and 0 <= a < L.NUM_ACTIONS \
                    and bool(mask[a])
            else:
                a = acts[slot](s, t, buf, n, params[slot], rng[seat])
                legal = a in buf[:n]
            if not legal:
                err, a = ERR_ILLEGAL, buf[0]
            apply_action(s, t, int(a))
            n = int(advance(s, t, buf))
            decisions += 1
            if decisions > DECISION_LIMIT:
                err = ERR_LIMIT
                break
        if err == 0 and s[L.S_OVER] == 0:
            err = ERR_STUCK
        write_rows(s, t, rows, g)
        write_game(s, games, g, decisions, err)
    return rows, games
