"""Game configuration: players, Scholars, Alert difficulty, Player Level and
the component data (a folder plus overrides), validated with clear errors.

Compiled tables are cached per (data, overrides, difficulty, level), so
creating many games with one configuration costs one compilation.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from sim import layout as L
from sim.errors import ConfigError
from sim.loader import BASE_BOX, LoadedData, data_layers, load_data
from sim.tables import Names, boss_names, compile_tables, panic_deck


@dataclass(frozen=True)
class GameConfig:
    """One game set-up ("Game Setup" B, H, J and "Player Level").

    scholars: None deals them at random (Setup B); otherwise one name per seat
    (None in the list deals that seat at random). clan: None draws the Clan
    Card at random (Setup J). data: a designer's data layer, a folder of TOML
    files holding only what it changes, or a list of them applied in order (None
    = the boxes alone); overrides: dotted keys to values (``{"scholars.Sofia.speed": 4}``).
    """

    players: int = 4
    scholars: Sequence[str | None] | None = None
    alert: str = "medium"
    player_level: str = "students"
    data: str | Sequence[str] | None = None
    overrides: Mapping[str, Any] = field(default_factory=dict)
    clan: str | None = None
    rules: Sequence[str] = ()
    boss: str | None = None
    panic: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "scholars": list(self.scholars) if self.scholars is not None else None,
            "alert": self.alert,
            "player_level": self.player_level,
            "data": self.data,
            "overrides": dict(self.overrides),
            "clan": self.clan,
            "rules": list(self.rules),
            "boss": self.boss,
            "panic": self.panic,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> GameConfig:
        known = {"players", "scholars", "alert", "player_level", "data", "overrides", "clan",
                 "rules", "boss", "panic"}
        unknown = sorted(set(d) - known)
        if unknown:
            raise ConfigError(f"unknown configuration key(s) {unknown} (allowed: {sorted(known)})", key=unknown[0])
        d = dict(d)
        if isinstance(d.get("rules"), list):
            d["rules"] = tuple(d["rules"])
        return cls(**d)


@dataclass(frozen=True)
class Compiled:
    """Everything the core needs for one configuration."""

    config: GameConfig
    loaded: LoadedData
    tables: np.ndarray
    names: Names
    scholars: np.ndarray  # seat -> scholar index, -1 = deal at random
    clan: int  # -1 = draw at random


def _freeze(overrides: Mapping[str, Any]) -> str:
    return json.dumps(dict(overrides), sort_keys=True, default=str)


Layers = tuple[str, ...]  # the designer's data layers (sim.loader.data_layers)
BOXES: tuple[str, ...] = (BASE_BOX,)  # the boxes merged below the layers


@lru_cache(maxsize=32)
def _load(data: Layers, frozen_overrides: str, boxes: tuple[str, ...] = BOXES) -> LoadedData:
    return load_data(data, json.loads(frozen_overrides), boxes)


@lru_cache(maxsize=64)
def _tables(data: Layers, frozen_overrides: str, alert: str, level: str,
            rules: int, boss: tuple[int, int] = (-1, -1), boxes: tuple[str, ...] = BOXES) -> tuple[np.ndarray, Names]:
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
        raise ConfigError("the Boss rule needs a Boss Card in the data (boss.toml)", key="rules", value="boss")
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


def rules_mask(rules: Sequence[str] | None) -> int:
    """The RULE_* bits of a list of advanced rule names ("Advanced Rules")."""
    if rules is None:
        return 0
    if isinstance(rules, str) or not isinstance(rules, Sequence):
        raise ConfigError("rules is a list of advanced rule names", key="rules", value=rules)
    mask = 0
    for i, name in enumerate(rules):
        if name not in L.RULE_NAMES:
            raise ConfigError(f"unknown advanced rule (allowed: {', '.join(L.RULE_NAMES)})",
                              key=f"rules[{i}]", value=name)
        if mask & L.RULE_NAMES[name]:
            raise ConfigError("each advanced rule can be named once", key="rules", value=list(rules))
        mask |= L.RULE_NAMES[name]
    return mask


def compile_config(config: GameConfig) -> Compiled:
    """Validate a configuration against its data and compile the tables."""
    if not isinstance(config.players, int) or isinstance(config.players, bool) or not 2 <= config.players <= 4:
        raise ConfigError("the game is for 2, 3 or 4 players", key="players", value=config.players)
    if not isinstance(config.overrides, Mapping):
        raise ConfigError("overrides map dotted keys to values, e.g. {\"scholars.Sofia.speed\": 4}",
                          key="overrides", value=config.overrides)
    if isinstance(config.scholars, str):
        raise ConfigError("scholars is a list with one name (or None) per seat", key="scholars",
                          value=config.scholars)
    frozen = _freeze(config.overrides)
    layers, boxes = data_layers(config.data), BOXES
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
    seats = np.full(4, -1, dtype=np.int64)
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
    rules = rules_mask(config.rules)
    for key, rule in (("boss", L.RULE_BOSS), ("panic", L.RULE_MAXIMUM_ALERT)):
        value = getattr(config, key)
        if value is not None and not rules & rule:
            name = next(n for n, bit in L.RULE_NAMES.items() if bit == rule)
            raise ConfigError(f"{key} is only used with the {name!r} advanced rule (add it to rules)",
                              key=key, value=value)
    boss = boss_choice(config.boss, data, rules)
    key = (layers, frozen, config.alert, config.player_level, rules, boss)
    if rules & L.RULE_MAXIMUM_ALERT:
        tables, tnames = _panic_tables(*key, config.boss, config.panic, tuple(config.rules), boxes)
    else:
        tables, tnames = _tables(*key, boxes)
    return Compiled(config, loaded, tables, tnames, seats, clan)


@lru_cache(maxsize=64)
def _panic_tables(data_dir: Layers, frozen_overrides: str, alert: str, level: str, rules: int,
                  boss_pick: tuple[int, int], boss_text: str | None, panic: str | None,
                  rule_names: tuple[str, ...], boxes: tuple[str, ...] = BOXES) -> tuple[np.ndarray, Names]:
    """The tables with Setup I compiled in: the Panic deck of this game (Dungeon
    and Boss requirements) and the Panic Card forced by ``panic`` (cached like
    the tables, so creating many games compiles it once)."""
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
            f"Dungeon {data.dungeon!r}, Boss {boss!r})", key="rules", value=list(rule_names))
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
