"""The agent registry: every agent kind that can sit at a seat, by name.

An agent kind is a numba function ``act(s, t, buf, n, params, rng) -> action``
(state, tables, legal actions buf[:n], float parameters, its seat's row: its
random generator in words 0-1 and memory it may keep between decisions after
them, ``agents.contract.SEAT_WORDS`` in all; a 2-int row has no memory) plus
its parameter names, defaults, ranges and named personas. A kind belongs to
one game (``game``: the heuristic is Dungeonology's) or to every game
(``game=None``: random; ISMCTS, whose ``act`` is built per game by ``build``
from the game's bundle). Register one with :func:`register` (one line in your
module) or through the ``dungeonology.agents`` entry-point group; nothing in
the runner changes. Modules named in the environment variable
``DUNGEONOLOGY_AGENTS`` (comma-separated) are imported too, so the command
line sees agents of your own. See docs/AGENTS.md, "Adding an agent".
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

from agents.contract import MAX_PARAMS
from sim.kit.bundle import DEFAULT_GAME, GameBundle, games, get_game


@dataclass(frozen=True)
class AgentKind:
    name: str
    act: Callable | None  # numba dispatcher: act(s, t, buf, n, params, rng) -> int (None: made by build)
    description: str
    params: Mapping[str, float] = field(default_factory=dict)  # name -> default, in vector order
    ranges: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    personas: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    integer_params: tuple[str, ...] = ()
    game: str | None = None  # the game it plays; None: every game
    build: Callable[[GameBundle], Callable] | None = None  # the act of a generic kind for one game

    def act_for(self, game: str | GameBundle | None = None) -> Callable:
        """The ``act`` function for ``game`` (a name, the default game when None, or a bundle: then the
        act of the engine it names, ``GameBundle.engine_for``)."""
        bundle = game if isinstance(game, GameBundle) else get_game(game)
        if self.build is not None:
            return self.build(bundle)
        return bundle.rebase(self.act)

    def plays(self, game: str) -> bool:
        return self.game is None or self.game == game


REGISTRY: dict[str, AgentKind] = {}
_loaded = False


def register(kind: AgentKind) -> AgentKind:
    """Make an agent kind available by name (CLI, configs, Python)."""
    if len(kind.params) > MAX_PARAMS:
        raise ValueError(f"agent {kind.name!r} has more than {MAX_PARAMS} parameters")
    if (kind.act is None) == (kind.build is None):
        raise ValueError(f"agent {kind.name!r} needs an act function or a build function (one of them)")
    REGISTRY[kind.name] = kind
    return kind


BUILTIN = ("agents.random_agent", "agents.ismcts")  # the kinds of every game, each registering itself


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in BUILTIN:
        importlib.import_module(module)
    for bundle in games().values():
        for module in bundle.agents:
            importlib.import_module(module)
    for ep in metadata.entry_points(group="dungeonology.agents"):
        register(ep.load())
    for module in filter(None, (m.strip() for m in os.environ.get("DUNGEONOLOGY_AGENTS", "").split(","))):
        importlib.import_module(module)


def kinds(game: str | None = DEFAULT_GAME) -> dict[str, AgentKind]:
    """The registered kinds that play ``game`` (None: every kind of every game)."""
    _load()
    return {name: k for name, k in REGISTRY.items() if game is None or k.plays(game)}


def acts(kind_names: tuple[str, ...], game: str | GameBundle | None = None) -> tuple[Any, ...]:
    """The act functions of these kinds for ``game``."""
    registry = kinds(None)
    return tuple(registry[k].act_for(game) for k in kind_names)
