"""Leduc poker's configuration: seats, rule values from data, compiled into an int64 tables array.

The rule values live in ``sim/leduc/data/leduc.toml`` (OpenSpiel's ``leduc_poker`` defaults). A
designer's layer (``data``: a TOML file, a folder holding ``leduc.toml``, or a list of them applied
in order) changes only the keys it names; ``overrides`` set dotted keys last
(``{"betting.raise_amounts": [2, 8]}``; a string is read as a TOML value). Every value is checked:
a problem raises :class:`DataError` naming the file the value came from, its key, the value and
what is allowed; a bad seat count raises :class:`ConfigError`.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from sim.kit.documents import path_problem, read_regular_file, read_toml
from sim.kit.errors import ConfigError, DataError
from sim.leduc import layout as L

DATA_FILE = Path(__file__).resolve().parent / "data" / "leduc.toml"
OVERRIDES = "overrides"  # the "file" an override's value comes from

# key -> (least, most): every rule value is an integer in this range (raise_amounts: each of them)
RANGES: dict[str, tuple[int, int]] = {
    "betting.ante": (1, 1000),
    "betting.raise_amounts": (1, 1000),
    "betting.max_raises": (0, L.MAX_RAISES),
    "betting.starting_player": (0, L.MAXP - 1),
    "deck.suits": (1, L.MAX_SUITS),
    "deck.extra_ranks": (1, L.MAX_EXTRA_RANKS),
}


@dataclass(frozen=True)
class LeducConfig:
    """One Leduc game set-up: seats (2 to ``layout.MAXP``), a designer's data layer(s) and overrides."""

    players: int = 2
    data: str | Sequence[str] | None = None
    overrides: Mapping[str, Any] = field(default_factory=dict)
    GAME: ClassVar[str] = "leduc"  # its bundle (sim.kit.bundle)

    def to_dict(self) -> dict[str, Any]:
        data = list(self.data) if isinstance(self.data, (list, tuple)) else self.data
        return {"players": self.players, "data": data, "overrides": dict(self.overrides)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> LeducConfig:
        """The inverse of to_dict."""
        known = ("players", "data", "overrides")
        unknown = sorted(set(d) - set(known))
        if unknown:
            raise ConfigError(f"unknown configuration key (allowed: {', '.join(known)})", key=unknown[0])
        d = dict(d)
        if isinstance(d.get("data"), list):
            d["data"] = tuple(d["data"])
        return cls(**d)


@dataclass(frozen=True)
class Compiled:
    """What the kernels need for one configuration."""

    config: LeducConfig
    tables: np.ndarray  # int64, read-only (layout.T_*)
    setup: np.ndarray  # fixed choices of the configuration: Leduc has none (empty)
    names: tuple[str, ...]  # action id -> OpenSpiel's action string
    rules: dict[str, Any]  # the rule values by dotted key, as validated
    GAME: ClassVar[str] = "leduc"


def _flat(raw: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in raw.items():
        key = f"{prefix}{k}"
        if isinstance(v, Mapping):
            out.update(_flat(v, key + "."))
        else:
            out[key] = v
    return out


def _read(path: Path) -> dict[str, Any]:
    try:
        return _flat(read_toml(read_regular_file(path), str(path), DataError))
    except (OSError, UnicodeDecodeError) as err:
        raise DataError(f"cannot read the file ({getattr(err, 'strerror', None) or err})", file=str(path)) from None
    except tomllib.TOMLDecodeError as err:
        raise DataError(f"not valid TOML ({err})", file=str(path)) from None


def _layer_files(data: str | Sequence[str] | None) -> tuple[Path, ...]:
    layers = () if data is None else (data,) if isinstance(data, (str, Path)) else tuple(data)
    files = []
    for layer in layers:
        path = Path(layer)
        problem = path_problem(path)
        if problem is not None:
            raise DataError(f"not a data layer: {problem}", file=str(layer))
        files.append(path / DATA_FILE.name if path.is_dir() else path)
    return tuple(files)


def _parse(value: Any, key: str) -> Any:
    if not isinstance(value, str):
        return value
    try:
        return read_toml(f"v = {value}", OVERRIDES, DataError)["v"]
    except tomllib.TOMLDecodeError:
        return value
    except DataError as exc:
        raise DataError(exc.message, file=OVERRIDES, key=key, value=value) from None


def load_rules(data: str | Sequence[str] | None = None,
               overrides: Mapping[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, str]]:
    """The validated rule values by dotted key, and the file each came from."""
    values = _read(DATA_FILE)
    source = dict.fromkeys(values, str(DATA_FILE))
    allowed = ", ".join(values)
    for path in _layer_files(data):
        for key, value in _read(path).items():
            if key not in values:
                raise DataError(f"unknown key (allowed: {allowed})", file=str(path), key=key, value=value)
            values[key], source[key] = value, str(path)
    for key, value in (overrides or {}).items():
        if key not in values:
            raise DataError(f"unknown key (allowed: {allowed})", file=OVERRIDES, key=str(key), value=value)
        values[key], source[key] = _parse(value, str(key)), OVERRIDES
    for key, (lo, hi) in RANGES.items():
        _check(values[key], lo, hi, key, source[key])
    return values, source


def _check(value: Any, lo: int, hi: int, key: str, file: str) -> None:
    if key == "betting.raise_amounts":
        if not isinstance(value, list) or len(value) != L.ROUNDS:
            raise DataError(f"a list of {L.ROUNDS} raise amounts, one per round (allowed: integers {lo} to {hi})",
                            file=file, key=key, value=value)
        for i, v in enumerate(value):
            _check(v, lo, hi, f"{key}[{i}]", file)
        return
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise DataError(f"not allowed (allowed: an integer {lo} to {hi})", file=file, key=key, value=value)


@lru_cache(maxsize=32)
def _tables(data: tuple[str, ...] | str | None, frozen_overrides: str) -> tuple[np.ndarray, str]:
    rules, source = load_rules(data, json.loads(frozen_overrides))
    t = np.zeros(L.TABLES_SIZE, np.int64)
    t[L.T_ANTE] = rules["betting.ante"]
    t[L.T_RAISE:L.T_RAISE + L.ROUNDS] = rules["betting.raise_amounts"]
    t[L.T_MAX_RAISES] = rules["betting.max_raises"]
    t[L.T_START] = rules["betting.starting_player"]
    t[L.T_SUITS] = rules["deck.suits"]
    t[L.T_EXTRA_RANKS] = rules["deck.extra_ranks"]
    t.setflags(write=False)
    return t, json.dumps([rules, source])


def compile_config(config: LeducConfig) -> Compiled:
    """Validate a configuration and its data; compile the tables (cached per data and overrides)."""
    players = config.players
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= L.MAXP:
        raise ConfigError(f"not allowed (allowed: an integer 2 to {L.MAXP})", key="players", value=players)
    data = tuple(config.data) if isinstance(config.data, (list, tuple)) else config.data
    tables, text = _tables(data, json.dumps(dict(config.overrides), sort_keys=True, default=str))
    rules, source = json.loads(text)
    start = rules["betting.starting_player"]
    if start >= players:
        raise DataError(f"not a seat of this game (allowed: 0 to {players - 1} with {players} players)",
                        file=source["betting.starting_player"], key="betting.starting_player", value=start)
    return Compiled(config, tables, np.zeros(0, np.int64), L.ACTION_NAMES, rules)
