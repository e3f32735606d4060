"""The tune file (TOML) of ``dungeonology tune``: what to play, which data values are
free, what "better" means, and how many games it may cost. See docs/TUNE.md; in short::

    name = "sofia-hand"            # results go to results/<name>/ (or --out)
    description = "..."
    seed = 1                       # master seed: the same seed gives the same trials
    budget = 6000                  # games in all, the validation's included
    sampler = "tpe"                # optuna's TPE (default) or "random"

    [game]                         # what each trial plays: a sweep file without name and seed
    games_per_cell = 300
    [game.fixed]
    players = 2
    agents = ["heuristic"]
    [game.fixed.overrides]         # the data as it is before tuning (here a planted imbalance)
    "scholars.Sofia.hand" = 8

    [parameters."scholars.Sofia.hand"]   # the free data values: low / high (step), or choices
    low = 1
    high = 10

    [objective.fair_share]         # targets, each with a weight: fair_share, first_player,
    tolerance = 2                  # game_length, thesis_rate (rates in percentage points)

    [penalty]                      # few and small changes: per value changed, per whole range moved
    change = 0.5
    size = 1.0

    [validation]                   # fresh seeds, for the data before and the best candidate
    games_per_cell = 1000

Every value is checked before a game is played; errors are one-line
:class:`sim.kit.errors.ConfigError` naming the file, the key, the value and what is allowed.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from experiments.dungeonology.tune.models import (
    EXPECTED,
    MAX_TRIALS,
    SAMPLERS,
    TARGETS,
    Objective,
    Penalty,
    Range,
    TuneFile,
    tune_file_error,
)
from experiments.runs.config import MAX_SEED, SweepPlan, parse_sweep
from sim.dungeonology.boxes import BASE_BOX
from sim.dungeonology.loader import load_data, split_key
from sim.dungeonology.modules import boxes_in_use
from sim.kit.documents import read_toml
from sim.kit.errors import ConfigError, DataError, format_key, format_value


@dataclass(frozen=True)
class Parameter:
    """A free data value: its dotted key, its range or choices, its value before tuning and the data's own."""

    key: str
    start: Any  # with the game's fixed overrides (the first trial, "before"); None when the data lacks it
    origin: Any = None  # the box's with the designer's layers, no overrides: what the penalty measures from
    low: float | None = None
    high: float | None = None
    step: float | None = None
    integer: bool = False
    choices: tuple[Any, ...] = ()

    def distribution(self):
        """The optuna distribution (choices as their TOML texts: optuna keeps plain values only)."""
        from optuna.distributions import CategoricalDistribution, FloatDistribution, IntDistribution

        if self.choices:
            return CategoricalDistribution([format_value(c, limit=None) for c in self.choices])
        if self.integer:
            return IntDistribution(int(self.low), int(self.high), step=int(self.step or 1))
        return FloatDistribution(float(self.low), float(self.high), step=self.step)

    def value(self, sampled: Any) -> Any:
        """The data value of an optuna parameter value."""
        if self.choices:
            return self.choices[[format_value(c, limit=None) for c in self.choices].index(sampled)]
        return int(sampled) if self.integer else float(sampled)

    def sampled(self, value: Any) -> Any:
        """The optuna parameter value of a data value (None when outside the range or the choices)."""
        if self.choices:
            texts = [format_value(c, limit=None) for c in self.choices]
            text = format_value(value, limit=None)
            return text if text in texts else None
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not self.low <= value <= self.high:
            return None
        if self.step and not math.isclose((value - self.low) / self.step, round((value - self.low) / self.step)):
            return None
        return int(value) if self.integer else float(value)

    def size(self, value: Any) -> float:
        """How far ``value`` is from the data's own value (``origin``, not a planted start): a fraction of the
        range (a changed choice: 1)."""
        if value == self.origin and type(value) is type(self.origin):
            return 0.0
        numbers = [v for v in (value, self.origin) if isinstance(v, (int, float)) and not isinstance(v, bool)]
        if self.choices or len(numbers) < 2:
            return 1.0
        return abs(value - self.origin) / (self.high - self.low)

    def moved(self, value: Any) -> bool:
        """Whether ``value`` differs from the start (what the tuned layer must write)."""
        return not (value == self.start and type(value) is type(self.start))


@dataclass(frozen=True)
class TunePlan:
    """A validated tune file."""

    name: str
    description: str
    file: str
    seed: int
    budget: int
    sampler: str
    startup_trials: int
    game: dict[str, Any]  # the [game] table (a sweep file's keys), data made absolute
    parameters: tuple[Parameter, ...]
    objective: Objective
    penalty: Penalty
    validation_games: int  # games_per_cell of the validation runs
    trial_games: int  # games of one trial (every cell)
    validation_total: int  # games of one validation run (every cell)
    scholars: tuple[str, ...]  # the Scholars of the data
    boxes: tuple[str, ...] = (BASE_BOX,)  # the data the free values are read from: the first cell's modules'

    @property
    def trials(self) -> int:
        """The trials the budget allows."""
        return (self.budget - 2 * self.validation_total) // self.trial_games

    def sweep_raw(self, name: str, seed: int, overrides: Mapping[str, Any], games: int | None = None,
                  chunk_size: int | None = None) -> dict:
        """The sweep file (as a dict) of a trial or a validation run: the game with ``overrides`` fixed
        (``games`` per cell, default the game's; ``chunk_size`` does not change the rows)."""
        raw = json.loads(json.dumps(self.game))
        fixed = raw.setdefault("fixed", {})
        fixed["overrides"] = {**fixed.get("overrides", {}), **overrides}
        raw.update(name=name, seed=seed)
        if games is not None:
            raw["games_per_cell"] = games
        if chunk_size is not None:
            raw["chunk_size"] = chunk_size
        return raw

    def sweep(self, name: str, seed: int, overrides: Mapping[str, Any], games: int | None = None,
              chunk_size: int | None = None) -> SweepPlan:
        """The sweep plan of :meth:`sweep_raw`."""
        return parse_sweep(self.sweep_raw(name, seed, overrides, games, chunk_size), file=self.file,
                           default_name=name)

    def start(self) -> dict[str, Any]:
        return {p.key: p.start for p in self.parameters}

    def identity(self) -> dict[str, Any]:
        """What decides the trials (the description does not)."""
        return {"seed": self.seed, "budget": self.budget, "sampler": self.sampler,
                "startup_trials": self.startup_trials, "game": self.game,
                "parameters": [[p.key, p.low, p.high, p.step, [format_value(c) for c in p.choices],
                                format_value(p.origin)] for p in self.parameters],
                "objective": self.objective.model_dump(), "penalty": self.penalty.model_dump(),
                "validation_games": self.validation_games}

    def identity_hash(self) -> str:
        text = json.dumps(self.identity(), sort_keys=True, default=str, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


def load_tune(path: str | Path) -> TunePlan:
    """Read and check a tune file (ConfigError / DataError for bad input)."""
    path = Path(path)
    shown = str(path)
    try:
        raw = read_toml(path.read_text(encoding="utf-8"), shown)
    except FileNotFoundError:
        raise ConfigError("tune file not found (allowed: a TOML file such as experiments/configs/tune.toml)",
                          file=shown) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read the tune file: {getattr(exc, 'strerror', None) or exc}", file=shown) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"TOML syntax error: {exc}", file=shown) from None
    return parse_tune(raw, file=shown, base=path.parent, default_name=path.stem)


def parse_tune(raw: Mapping[str, Any], file: str = "tune", base: Path | None = None,
               default_name: str = "tune") -> TunePlan:
    """Validate a tune file read from TOML (a dict)."""
    try:
        m = TuneFile.model_validate(dict(raw))
    except ValidationError as exc:
        raise tune_file_error(exc, raw, file) from None

    def err(message: str, key: Sequence[str], value: Any = None) -> ConfigError:
        return ConfigError(message, file=file, key=format_key(key), value=value)

    if m.sampler not in SAMPLERS:
        raise err(f"unknown sampler (allowed: {', '.join(SAMPLERS)})", ["sampler"], m.sampler)
    if not 0 <= m.seed <= MAX_SEED - MAX_TRIALS:
        raise err(f"expected {EXPECTED['seed']}", ["seed"], m.seed)
    for key in ("name", "seed"):
        if key in m.game:
            raise err(f"{key} is set at the top of the tune file (allowed in [game]: the other keys of a sweep "
                      "file)", ["game", key], m.game[key])
    game = dict(m.game)
    if isinstance(game.get("data"), str) and base is not None and not Path(game["data"]).is_absolute():
        game["data"] = str(base / game["data"])
    name = m.name if m.name is not None else default_name
    try:
        probe = parse_sweep({**game, "name": name, "seed": m.seed}, file=file, default_name=name)
    except ConfigError as exc:  # keys of the [game] table
        if exc.file == file and exc.key and not exc.key.startswith("--") and exc.key not in ("name", "seed"):
            message = re.sub(r"\[(fixed|sweep)", r"[game.\1", exc.message)  # the tables as this file names them
            raise ConfigError(message, file=file, key=f"game.{exc.key}", value=exc.value) from None
        raise
    except DataError as exc:
        raise ConfigError(exc.message, file=file, key="game", value=exc.key) from None
    fixed = dict(probe.fixed["overrides"])
    boxes = boxes_in_use(probe.cells[0].config.modules)  # an expansion's values are read from its data
    loaded = load_data(probe.cells[0].config.data, fixed, boxes)
    own = load_data(probe.cells[0].config.data, boxes=boxes).provenance.raw  # the data's own values: the origin
    params = tuple(_parameter(k, r, probe, fixed, boxes, loaded.provenance.raw, own, err)
                   for k, r in m.parameters.items())
    if not params:
        raise err(f"no free value (expected {EXPECTED['parameters']})", ["parameters"])
    _check_objective(m.objective, list(loaded.data.scholars), err)
    for field in ("change", "size"):
        if getattr(m.penalty, field) < 0:
            raise err(f"expected {EXPECTED[field]}", ["penalty", field], getattr(m.penalty, field))
    if m.validation.games_per_cell < 1:
        raise err(f"expected {EXPECTED['games_per_cell']}", ["validation", "games_per_cell"],
                  m.validation.games_per_cell)
    validation = parse_sweep({**game, "name": name, "seed": m.seed, "games_per_cell": m.validation.games_per_cell},
                             file=file, default_name=name).games_total
    trials = (m.budget - 2 * validation) // probe.games_total
    if trials < 2:
        need = 2 * validation + 2 * probe.games_total
        raise err(f"too small for two trials of {probe.games_total:_} games and the validation's 2 x "
                  f"{validation:_} games (allowed: at least {need:_})", ["budget"], m.budget)
    if trials > MAX_TRIALS:
        raise err(f"allows {trials:_} trials (allowed: at most {MAX_TRIALS:_}: play more games per trial)",
                  ["budget"], m.budget)
    startup = m.startup_trials if m.startup_trials is not None else min(10, max(3, trials // 3))
    if startup < 1:
        raise err(f"expected {EXPECTED['startup_trials']}", ["startup_trials"], startup)
    return TunePlan(name=probe.name, description=m.description, file=file, seed=m.seed, budget=m.budget,
                    sampler=m.sampler, startup_trials=startup, game=game, parameters=params, objective=m.objective,
                    penalty=m.penalty, validation_games=m.validation.games_per_cell, trial_games=probe.games_total,
                    validation_total=validation, scholars=tuple(loaded.data.scholars), boxes=boxes)


def value_at(raw: Any, key: str) -> tuple[bool, Any]:
    """(found, value) of a dotted key in a data namespace (list indices as digits)."""
    node = raw
    for seg in split_key(key):
        if isinstance(node, list) and seg.isdigit() and int(seg) < len(node):
            node = node[int(seg)]
        elif isinstance(node, dict) and seg in node:
            node = node[seg]
        else:
            return False, None
    return True, node


def _parameter(key: str, r: Range, probe: SweepPlan, fixed: dict[str, Any], boxes: tuple[str, ...], raw: Any,
               own: Any, err) -> Parameter:
    where = ["parameters", key]
    try:
        split_key(key)
    except DataError as exc:
        raise err(exc.message, where) from None
    if key in probe.override_keys:
        raise err("a free value is not also a what-if axis (allowed: in [parameters] or in "
                  "[game.sweep.overrides], not both)", where)
    found, start = value_at(raw, key)
    origin = value_at(own, key)[1]
    data = probe.cells[0].config.data

    def check(value: Any, field: list[str]) -> None:  # the data must accept the value
        try:
            load_data(data, {**fixed, key: value}, boxes)
        except DataError as exc:
            raise err(exc.message.replace(f" [value set by override {key}]", ""), [*where, *field], value) from None

    if not found:
        try:  # the loader names the keys that exist where this one stops
            load_data(data, {**fixed, key: 0}, boxes)
        except DataError as exc:
            if "[value set by override" not in exc.message:
                raise err(exc.message, where) from None
        raise err("the data holds no value here to start from (allowed: the key of a value the data has; see "
                  "`dungeonology data`)", where)
    if r.choices is not None:
        if any(getattr(r, f) is not None for f in ("low", "high", "step")):
            raise err("choices or a range (low, high), not both", where)
        texts = [format_value(c, limit=None) for c in r.choices]
        if len(r.choices) < 2 or len(set(texts)) != len(texts):
            raise err("expected at least two different choices", [*where, "choices"], r.choices)
        for i, c in enumerate(r.choices):
            if isinstance(c, float) and not math.isfinite(c):
                raise err("not a finite number (nan and inf are refused)", [*where, "choices", str(i)], c)
            check(c, ["choices", str(i)])
        return Parameter(key, start, origin, choices=tuple(r.choices))
    if r.low is None or r.high is None:
        raise err(f"missing low or high (expected {EXPECTED['parameter']})", where)
    if isinstance(start, bool) or not isinstance(start, (int, float)):
        raise err(f"the data value {format_value(start)} is not a number (allowed: choices = [...])", where)
    if not r.low < r.high:
        raise err("low must be below high", [*where, "high"], r.high)
    integer = isinstance(start, int)
    for field in ("low", "high", "step"):
        v = getattr(r, field)
        if integer and v is not None and not isinstance(v, int):
            raise err(f"the data value is a whole number ({start}): give whole numbers", [*where, field], v)
    if r.step is not None and (r.step <= 0 or r.step > r.high - r.low):
        raise err(f"expected a step above 0 and at most high - low ({r.high - r.low})", [*where, "step"], r.step)
    if r.step is not None and not integer and not math.isclose((r.high - r.low) / r.step,
                                                                round((r.high - r.low) / r.step)):
        raise err("high - low must be a whole number of steps", [*where, "step"], r.step)
    check(r.low, ["low"])
    check(r.high, ["high"])
    return Parameter(key, start, origin, low=r.low, high=r.high, step=r.step, integer=integer)


def _check_objective(o: Objective, scholars: list[str], err) -> None:
    given = [t for t in TARGETS if getattr(o, t) is not None]
    if not given:
        raise err(f"no target (expected {EXPECTED['objective']})", ["objective"])
    for name in given:
        target = getattr(o, name)
        if target.weight < 0:
            raise err(f"expected {EXPECTED['weight']}", ["objective", name, "weight"], target.weight)
    fs = o.fair_share
    if fs is not None:
        if fs.tolerance < 0:
            raise err(f"expected {EXPECTED['tolerance']}", ["objective", "fair_share", "tolerance"], fs.tolerance)
        for i, s in enumerate(fs.scholars or []):
            if s not in scholars:
                raise err(f"unknown Scholar (allowed: {', '.join(scholars)})",
                          ["objective", "fair_share", "scholars", str(i)], s)
    if o.first_player is not None and o.first_player.max < 0:
        raise err("expected percentage points, 0 or more", ["objective", "first_player", "max"], o.first_player.max)
    for name, top in (("game_length", None), ("thesis_rate", 100)):
        t = getattr(o, name)
        if t is None:
            continue
        if t.min is None and t.max is None:
            raise err("expected min, max or both", ["objective", name])
        for field in ("min", "max"):
            v = getattr(t, field)
            if v is not None and (v < 0 or (top is not None and v > top)):
                allowed = "0 to 100 (percent of games)" if top else "0 or more"
                raise err(f"expected {allowed}", ["objective", name, field], v)
        if t.min is not None and t.max is not None and t.min > t.max:
            raise err("min must not exceed max", ["objective", name, "max"], t.max)
