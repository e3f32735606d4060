"""A game is a bundle: what the generic machinery needs to know about it.

The game loop, the agents, ISMCTS, fuzz, bench, sweeps, reports, the adapters
and the command line take a :class:`GameBundle` instead of importing a game.
A bundle names its parts by module path (``"module"`` or ``"module:attr"``),
imported when first used, so a sweep's worker loads only what it plays.

The catalogue of games is ``sim.games`` (one line per game), then the
``dungeonology.games`` entry points of other installed packages.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

from sim.kit.contract import NAMES, ROLLOUT_NAMES
from sim.kit.errors import ConfigError

DEFAULT_GAME = "dungeonology"


def load(ref: str) -> Any:
    """The object a ``"module:attr"`` reference names (or the module of ``"module"``)."""
    module, _, attr = ref.partition(":")
    obj: Any = importlib.import_module(module)
    for part in filter(None, attr.split(".")):
        obj = getattr(obj, part)
    return obj


@dataclass(frozen=True)
class GameBundle:
    """One game, as the generic machinery sees it.

    - ``kernels``: the module of the game's numba contract (:mod:`sim.kit.contract`);
      ``rollout``: the module of ``rollout_act`` and ``ROLLOUT_PARAMS`` when not the kernels module (a
      game whose default policy lives with its agents);
    - ``config``: its configuration class (``players`` and ``to_dict``/``from_dict``), ``compile``:
      ``compile(config) -> Compiled`` (``config``, ``tables``, ``setup``, ``names``), ``new_game``:
      ``new_game(config, seed) -> Game`` (the Python game: ``current_player``, ``legal_actions``,
      ``apply``, ``is_terminal``, ``returns``, tensors, ``clone``);
    - ``observe``: ``observe(state, tables, names, config, seat, buf, n, wants_view) -> (Observation,
      mask)``, what a Python agent is given;
    - ``adapter``: the module the adapters read (names for PettingZoo, Gymnasium and OpenSpiel, the
      configuration of plain settings, tensor sizes and bounds, the utility range, a one-line text);
    - ``agents``: modules that register the game's own agent kinds; ``default_agent``: the spec of
      its default heuristic;
    - ``min_players`` / ``max_players``;
    - ``engine``: ``engine(compiled) -> GameBundle``, the bundle whose kernels play that configuration
      (a copy compiled for its modules, ``sim.kit.variant``: ``prefix`` names the copy, ``copied`` the
      packages copied); none: these kernels play every configuration; ``one_engine``:
      ``one_engine(compileds) -> compileds``, the same configurations played by one engine for them all;
    - what ``experiments/`` reads of the game, each a module (docs/ADDING_A_GAME.md, "Experiments"):
      ``results`` (the columns of its result rows and how a sweep's worker makes them: no pandas, no data
      models), ``sweep`` (its sweep axes and their cells), ``analysis`` (its own tables, e.g. Dungeonology's
      Scholar x Clan Card), ``report`` (its report sections, groupings and headlines) and ``cli`` (its
      command-line options, how one game is printed, its own commands). A game without one gets the
      generic machinery alone where that is enough (no report sections of its own), else a clear refusal.
    """

    name: str
    title: str
    kernels: str
    config: str
    compile: str
    new_game: str
    observe: str
    min_players: int
    max_players: int
    rollout: str = ""
    adapter: str = ""
    agents: tuple[str, ...] = ()
    default_agent: str = "random"
    results: str = ""
    sweep: str = ""
    analysis: str = ""
    report: str = ""
    cli: str = ""
    extras: dict[str, str] = field(default_factory=dict)  # further parts by name -> "module:attr"
    engine: str = ""
    one_engine: str = ""
    prefix: str = ""
    copied: tuple[str, ...] = ()

    def engine_for(self, compiled: Any) -> GameBundle:
        """The bundle whose kernels play ``compiled`` (this one, unless the game has an ``engine``)."""
        return load(self.engine)(compiled) if self.engine and not self.prefix else self

    def shared_engine(self, compileds: list[Any]) -> list[Any]:
        """``compileds`` as played by one engine for them all (unchanged, unless the game has ``one_engine``)."""
        return load(self.one_engine)(compileds) if self.one_engine else list(compileds)

    def rebase(self, func: Any) -> Any:
        """``func`` (a numba function) as defined in this bundle's copy of its package, when copied."""
        module = getattr(getattr(func, "py_func", func), "__module__", "") or ""
        if not self.prefix or not any(module == p or module.startswith(p + ".") for p in self.copied):
            return func
        return getattr(importlib.import_module(f"{self.prefix}.{module}"), getattr(func, "py_func", func).__name__)

    def bindings(self) -> dict[str, str]:
        """Contract name -> the module that defines it (what :func:`sim.kit.instantiate.instantiate` binds)."""
        out = {name: self.kernels for name in NAMES}
        if self.rollout:
            out.update({name: self.rollout for name in ROLLOUT_NAMES})
        return out

    def kernels_module(self) -> Any:
        return importlib.import_module(self.kernels)

    def part(self, name: str) -> Any:
        """One of the bundle's parts by field name (``compile``, ``new_game``...) or ``extras`` key, loaded."""
        ref = self.extras[name] if name in self.extras else getattr(self, name)
        return load(ref)

    def module(self, name: str) -> Any:
        """One of the module parts (``results``, ``sweep``, ``analysis``, ``report``, ``cli``...), imported;
        None when the game has none."""
        ref = self.extras.get(name) or getattr(self, name, "")
        return importlib.import_module(ref) if ref else None

    def needs(self, name: str, what: str) -> Any:
        """The module part ``name``, or a ConfigError saying that ``what`` is not there for this game."""
        found = self.module(name)
        if found is None:
            raise ConfigError(f"{what} is not there for {self.name} (games that have it: "
                              f"{', '.join(sorted(n for n, g in games().items() if getattr(g, name, '')))})",
                              key="game", value=self.name)
        return found

    def compile_config(self, config: Any) -> Any:
        """``compile(config)``: the validated, compiled configuration of this game."""
        return self.part("compile")(config)


GAMES: dict[str, GameBundle] = {}
_loaded = False


def register_game(bundle: GameBundle) -> GameBundle:
    """Make a game available by name (``--game NAME``)."""
    if not bundle.name.isidentifier():
        raise ConfigError("a game's name is a lower-case word with underscores", key="game", value=bundle.name)
    GAMES[bundle.name] = bundle
    return bundle


def games() -> dict[str, GameBundle]:
    """Every game: the catalogue ``sim.games``, then the ``dungeonology.games`` entry points."""
    global _loaded
    if not _loaded:
        _loaded = True
        for ref in importlib.import_module("sim.games").CATALOGUE:
            register_game(load(ref))
        for ep in metadata.entry_points(group="dungeonology.games"):
            register_game(ep.load())
    return GAMES


def get_game(name: str | None = None) -> GameBundle:
    """The game of that name (None: the default); ConfigError naming the games there are."""
    known = games()
    name = DEFAULT_GAME if name is None else name
    if name not in known:
        raise ConfigError(f"unknown game (games: {', '.join(sorted(known))})", key="game", value=name)
    return known[name]


def game_of(compiled: Any) -> GameBundle:
    """The game a compiled configuration belongs to (its class's ``GAME``)."""
    return get_game(getattr(compiled, "GAME", DEFAULT_GAME))
