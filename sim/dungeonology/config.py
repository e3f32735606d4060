"""Game configuration: players, Scholars, Alert difficulty, Player Level and
the component data (a folder plus overrides), validated with clear errors.

Compiled tables are cached per (data, overrides, difficulty, level), so
creating many games with one configuration costs one compilation.

The data files' loader and models are imported when a configuration is first
compiled, not with this module: a process that receives compiled tables (a
sweep's worker, unpickling a ``Compiled``) never loads them.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from sim.dungeonology import layout as L
from sim.kit.errors import ConfigError

if TYPE_CHECKING:
    from sim.dungeonology.loader import LoadedData
    from sim.dungeonology.tables import Names


@dataclass(frozen=True)
class GameConfig:
    """One game set-up ("Game Setup" B, H, J and "Player Level").

    scholars: None deals them at random (Setup B); otherwise one name per seat
    (None in the list deals that seat at random). clan: None draws the Clan
    Card at random (Setup J). data: a designer's data layer, a folder of TOML
    files holding only what it changes, or a list of them applied in order (None
    = the boxes alone); overrides: dotted keys to values (``{"scholars.Sofia.speed": 4}``).
    modules: the optional rules in use, by name (sim.dungeonology.modules; ``rules=`` is an
    alias: ``GameConfig(rules=("boss",)) == GameConfig(modules=("boss",))``;
    giving both, different, is a ConfigError). boss / panic: the settings
    the boss / maximum_alert modules bring; congregations: the Student
    Congregations used (module congregations; None: every one available).
    """

    players: int = 4
    scholars: Sequence[str | None] | None = None
    alert: str = "medium"
    player_level: str = "students"
    data: str | Sequence[str] | None = None
    overrides: Mapping[str, Any] = field(default_factory=dict)
    clan: str | None = None
    modules: Sequence[str] = ()
    boss: str | None = None
    panic: str | None = None
    congregations: Sequence[str] | None = None
    GAME: ClassVar[str] = "dungeonology"  # its bundle (sim.kit.bundle)

    def __post_init__(self) -> None:
        if isinstance(self.modules, list):  # hashable, like the tuples of from_dict
            object.__setattr__(self, "modules", tuple(self.modules))
        if isinstance(self.congregations, list):
            object.__setattr__(self, "congregations", tuple(self.congregations))

    @property
    def rules(self) -> Sequence[str]:
        """The modules in use (the older name)."""
        return self.modules

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "scholars": list(self.scholars) if self.scholars is not None else None,
            "alert": self.alert,
            "player_level": self.player_level,
            "data": self.data,
            "overrides": dict(self.overrides),
            "clan": self.clan,
            "modules": list(self.modules),
            "boss": self.boss,
            "panic": self.panic,
            # only when set: the records of every other game keep their keys
            **({"congregations": list(self.congregations)} if self.congregations is not None else {}),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> GameConfig:
        """The inverse of to_dict; records written before modules existed say ``rules``."""
        known = {"players", "scholars", "alert", "player_level", "data", "overrides", "clan",
                 "modules", "rules", "boss", "panic", "congregations"}
        unknown = sorted(set(d) - known)
        if unknown:
            raise ConfigError(f"unknown configuration key(s) {unknown} (allowed: {sorted(known)})", key=unknown[0])
        d = dict(d)
        for key in ("modules", "rules", "congregations"):
            if isinstance(d.get(key), list):
                d[key] = tuple(d[key])
        return cls(**d)


_dataclass_init = GameConfig.__init__


@functools.wraps(_dataclass_init)
def _init(self: GameConfig, *args: Any, rules: Sequence[str] | None = None, **kwargs: Any) -> None:
    """GameConfig(..., rules=...): the alias of modules."""
    if rules is not None:
        if "modules" in kwargs and kwargs["modules"] is not None and _as_tuple(kwargs["modules"]) != _as_tuple(rules):
            raise ConfigError("modules and rules (its older name) differ: give one of them (with "
                              "dataclasses.replace, give modules=)",
                              key="rules", value=_as_tuple(rules))
        kwargs["modules"] = rules
    _dataclass_init(self, *args, **kwargs)


def _as_tuple(value: Any) -> Any:
    return tuple(value) if isinstance(value, (list, tuple)) else value


GameConfig.__init__ = _init  # type: ignore[method-assign]


@dataclass(frozen=True)
class Compiled:
    """Everything the core needs for one configuration."""

    config: GameConfig
    loaded: LoadedData
    tables: np.ndarray
    names: Names
    scholars: np.ndarray  # seat -> scholar index, -1 = deal at random
    clan: int  # -1 = draw at random
    engine_modules: tuple[str, ...] | None = None  # the modules its engine is compiled for (None: its own)
    GAME: ClassVar[str] = "dungeonology"  # its bundle (sim.kit.bundle)

    @property
    def setup(self) -> np.ndarray:
        """The fixed choices the game's ``init`` reads (sim.dungeonology.kernels): the Clan Card, then
        the Scholar of each seat (-1: at random)."""
        return np.concatenate([np.array([self.clan], np.int64), self.scholars.astype(np.int64)])


def _freeze(overrides: Mapping[str, Any]) -> str:
    return json.dumps(dict(overrides), sort_keys=True, default=str)


Layers = tuple[str, ...]  # the designer's data layers (sim.dungeonology.loader.data_layers)


@lru_cache(maxsize=32)
def _load(data: Layers, frozen_overrides: str, boxes: tuple[str, ...]) -> LoadedData:
    """The data of ``boxes`` (sim.dungeonology.modules.boxes_in_use) under the layers, with the overrides."""
    from sim.dungeonology.loader import load_data

    return load_data(data, json.loads(frozen_overrides), boxes)


@lru_cache(maxsize=64)
def _tables(data: Layers, frozen_overrides: str, alert: str, level: str,
            rules: int, boss: tuple[int, int], boxes: tuple[str, ...]) -> tuple[np.ndarray, Names]:
    from sim.dungeonology.tables import compile_tables

    return compile_tables(_load(data, frozen_overrides, boxes).data, alert, level, rules, boss)


def boss_choice(value: str | None, data: Any, rules: int) -> tuple[int, int]:
    """Setup G: (Boss Card, profile) indices from GameConfig.boss.

    ``"name"`` picks the Boss Card and leaves the profile to chance;
    ``"name:profile"`` picks both; None draws both at random. -1 = at random.
    """
    if not rules & L.RULE_BOSS:
        return (-1, -1)
    bosses = list(data.boss)
    if not bosses:
        raise ConfigError("the Boss rule needs a Boss Card in the data (boss.toml)", key="modules", value="boss")
    if value is None:
        return (-1, -1)
    allowed = ", ".join([*bosses, *(f"{b}:{p}" for b in bosses for p in data.boss[b].profiles)])
    if not isinstance(value, str):
        raise ConfigError(f"boss is a Boss Card name, optionally with a profile (allowed: {allowed})",
                          key="boss", value=value)
    name, _, profile = value.partition(":")
    if name not in bosses:
        raise ConfigError(f"unknown Boss Card (allowed: {allowed})", key="boss", value=value)
    profiles = list(data.boss[name].profiles)
    if not profile:
        if ":" in value:
            raise ConfigError(f"name the profile after the colon (allowed: {allowed})", key="boss", value=value)
        return (bosses.index(name), -1)
    if profile not in profiles:
        raise ConfigError(f"unknown profile of Boss {name!r} (allowed: {', '.join(profiles)})",
                          key="boss", value=value)
    return (bosses.index(name), profiles.index(profile))


def congregations_used(value: Sequence[str] | None) -> dict[str, bool]:
    """GameConfig.congregations as overrides of congregations.toml ``used``
    (Rocca Civetta, "Student Congregations": "Select the Congregations to be
    used"); None: every one (the data's own values)."""
    if value is None:
        return {}
    allowed = [c.capitalize() for c in L.CONGREGATIONS]
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise ConfigError(f"congregations is a list of names (allowed: {', '.join(allowed)})", key="congregations",
                          value=value)
    for i, name in enumerate(value):
        if not isinstance(name, str) or name.capitalize() not in allowed:
            raise ConfigError(f"unknown Student Congregation (allowed: {', '.join(allowed)})",
                              key=f"congregations[{i}]", value=name)
    chosen = {n.capitalize() for n in value}
    return {f"congregations.{c}.used": c in chosen for c in allowed}


def rules_mask(modules: Sequence[str] | None) -> int:
    """The RULE_* bits of a list of module names, validated by the registry (sim.dungeonology.modules)."""
    from sim.dungeonology import modules as M

    return M.mask(M.validate(modules))


# settings given by name: what the name is (a wrong type is refused with this)
NAMED = {"alert": "an Alert difficulty", "player_level": "a Player Level", "clan": "a Clan Card name",
         "boss": "a Boss Card name", "panic": "a Panic Card name"}


def compile_config(config: GameConfig) -> Compiled:
    """Validate a configuration against its data and compile the tables."""
    from sim.dungeonology import modules as M
    from sim.dungeonology.loader import data_layers

    if not isinstance(config.players, int) or isinstance(config.players, bool) or not 2 <= config.players <= 4:
        raise ConfigError("the game is for 2, 3 or 4 players", key="players", value=config.players)
    if not isinstance(config.overrides, Mapping):
        raise ConfigError("overrides map dotted keys to values, e.g. {\"scholars.Sofia.speed\": 4}",
                          key="overrides", value=config.overrides)
    if not (config.scholars is None or (isinstance(config.scholars, (list, tuple))
                                        and all(n is None or isinstance(n, str) for n in config.scholars))):
        raise ConfigError("scholars is a list with one name (or None) per seat", key="scholars",
                          value=config.scholars)
    if not (isinstance(config.modules, (list, tuple)) and all(isinstance(m, str) for m in config.modules)):
        raise ConfigError("modules is a list of module names (see `dungeonology modules`)", key="modules",
                          value=config.modules)
    for key, what in NAMED.items():
        value = getattr(config, key)
        if not (isinstance(value, str) or (value is None and key not in ("alert", "player_level"))):
            raise ConfigError(f"{key} is {what} in quotes" + ("" if key in ("alert", "player_level") else ", or none"),
                              key=key, value=value)
    M.check_settings(config.modules, {name: getattr(config, name) for name in M.settings()})
    frozen = _freeze({**config.overrides, **congregations_used(config.congregations)})
    rules = rules_mask(config.modules)  # validated first: the modules name the boxes to load
    layers, boxes = data_layers(config.data), M.boxes_in_use(config.modules)
    loaded = _load(layers, frozen, boxes)
    data = loaded.data
    if config.alert not in data.alert:
        raise ConfigError(f"unknown Alert difficulty (allowed: {', '.join(data.alert)})", key="alert",
                          value=config.alert)
    if config.player_level not in data.player_levels:
        raise ConfigError(f"unknown Player Level (allowed: {', '.join(data.player_levels)})",
                          key="player_level", value=config.player_level)
    level = data.player_levels[config.player_level]
    if config.players < level.min_players:
        raise ConfigError(
            f"Player Level {config.player_level!r} needs at least {level.min_players} players "
            f"(this game has {config.players})", key="player_level", value=config.player_level)
    names = list(data.scholars)
    seats = np.full(L.MAXP, -1, dtype=np.int64)
    if config.scholars is not None:
        chosen = list(config.scholars)
        if len(chosen) != config.players:
            raise ConfigError(f"give one Scholar per seat ({config.players}), or None to deal at random",
                              key="scholars", value=chosen)
        for i, name in enumerate(chosen):
            if name is None:
                continue
            if name not in names:
                raise ConfigError(f"unknown Scholar (allowed: {', '.join(names)})", key=f"scholars[{i}]", value=name)
            seats[i] = names.index(name)
        picked = [n for n in chosen if n is not None]
        if len(set(picked)) != len(picked):
            raise ConfigError("each Scholar can be chosen once", key="scholars", value=chosen)
    if config.players > len(names):
        raise ConfigError(f"only {len(names)} Scholars in the data", key="players", value=config.players)
    clan = -1
    if config.clan is not None:
        if config.clan not in data.clans:
            raise ConfigError(f"unknown Clan Card (allowed: {', '.join(data.clans)})", key="clan", value=config.clan)
        clan = list(data.clans).index(config.clan)
    boss = boss_choice(config.boss, data, rules)
    key = (layers, frozen, config.alert, config.player_level, rules, boss)
    if rules & L.RULE_MAXIMUM_ALERT:
        tables, tnames = _panic_tables(*key, config.boss, config.panic, tuple(config.modules), boxes)
    else:
        tables, tnames = _tables(*key, boxes)
    return Compiled(config, loaded, tables, tnames, seats, clan)


@lru_cache(maxsize=64)
def _panic_tables(data_dir: Layers, frozen_overrides: str, alert: str, level: str, rules: int,
                  boss_pick: tuple[int, int], boss_text: str | None, panic: str | None,
                  rule_names: tuple[str, ...], boxes: tuple[str, ...]) -> tuple[np.ndarray, Names]:
    """The tables with Setup I compiled in: the Panic deck of this game (Dungeon
    and Boss requirements) and the Panic Card forced by ``panic`` (cached like
    the tables, so creating many games compiles it once)."""
    from sim.dungeonology.core.rules.maximum_alert.tables import boss_names, panic_deck

    data = _load(data_dir, frozen_overrides, boxes).data
    tables, tnames = _tables(data_dir, frozen_overrides, alert, level, rules, boss_pick, boxes)
    boss = None
    if rules & L.RULE_BOSS:
        if boss_text is not None:
            boss = str(boss_text).split(":")[0]
        elif len(boss_names(data)) == 1:
            boss = boss_names(data)[0]
    names = list(data.panic)
    allowed = panic_deck(data, rules, boss)
    usable = [n for n, ok in zip(names, allowed, strict=True) if ok]
    if not usable:
        raise ConfigError(
            f"no Panic Card can go in the Panic deck of this game (cards in the data: {', '.join(names) or 'none'}; "
            f"Dungeon {data.dungeon!r}, Boss {boss!r})", key="modules", value=list(rule_names))
    forced = -1
    if panic is not None:
        if panic not in names:
            raise ConfigError(f"unknown Panic Card (allowed: {', '.join(names)})", key="panic", value=panic)
        forced = names.index(panic)
        if not allowed[forced]:
            card = data.panic[panic]
            need = []
            if card.dungeon is not None:
                need.append(f"the Dungeon {card.dungeon!r} (this game: {data.dungeon!r})")
            if card.boss is not None:
                used = boss if rules & L.RULE_BOSS else "no Boss rule"
                need.append(f"the Boss rule with {card.boss!r} (this game: {used!r})")
            why = " and ".join(need) if need else "another card of the deck is exclusive"
            raise ConfigError(f"this Panic Card needs {why} (allowed: {', '.join(usable)})",
                              key="panic", value=panic)
    t = tables.copy()
    for i, ok in enumerate(allowed):
        t[L.T_PANIC_ALLOWED + i] = 1 if ok else 0
    t[L.T_PANIC_FORCED] = forced
    t.setflags(write=False)
    return t, tnames
