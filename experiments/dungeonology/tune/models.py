"""The tune file's schema (pydantic models, ``experiments.dungeonology.tune.config`` reads the file with
them) and how a validation error becomes one line naming the file, the key, the value and what is
allowed. See docs/TUNE.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from experiments.runs.config import MAX_SEED
from sim.kit.errors import ConfigError, format_key

SAMPLERS = ("tpe", "random")
TARGETS = ("fair_share", "first_player", "game_length", "thesis_rate")
MAX_TRIALS = 10_000


# ------------------------------------------------------------------ models
class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class Range(_Strict):
    """``[parameters."KEY"]``: a range (low, high, optional step) or a list of choices."""

    low: int | float | None = None
    high: int | float | None = None
    step: int | float | None = None
    choices: list[Any] | None = None


class FairShare(_Strict):
    weight: float | int = 1.0
    tolerance: float | int = 0.0  # points each Scholar may be off the fair share for free
    scholars: list[str] | None = None  # default: every Scholar played
    aggregate: Literal["max", "mean"] = "max"


class FirstPlayer(_Strict):
    weight: float | int = 1.0
    max: float | int = 0.0  # points the first player's edge (either way) may reach for free


class GameLength(_Strict):
    weight: float | int = 1.0
    measure: Literal["rounds", "turns"] = "rounds"
    min: float | int | None = None
    max: float | int | None = None


class ThesisRate(_Strict):
    weight: float | int = 1.0
    min: float | int | None = None  # percent of games with at least one successful Thesis
    max: float | int | None = None


class Objective(_Strict):
    fair_share: FairShare | None = None
    first_player: FirstPlayer | None = None
    game_length: GameLength | None = None
    thesis_rate: ThesisRate | None = None


class Penalty(_Strict):
    change: float | int = 0.0  # per free value moved off its start
    size: float | int = 0.0  # per whole range moved (a choice changed counts 1)


class Validation(_Strict):
    games_per_cell: int


class TuneFile(_Strict):
    name: str | None = None
    description: str = ""
    seed: int = 0
    budget: int
    sampler: str = "tpe"
    startup_trials: int | None = None
    game: dict[str, Any]
    parameters: dict[str, Range]
    objective: Objective
    penalty: Penalty = Penalty()
    validation: Validation


EXPECTED: dict[str, str] = {
    "name": 'a name of letters, digits, "-", "_" and "." (results go to results/<name>/)',
    "description": "a text in quotes",
    "seed": f"a whole number from 0 to {MAX_SEED - MAX_TRIALS:_}",
    "budget": "a whole number of games (every game of the tune, the validation's included)",
    "sampler": f"one of {', '.join(SAMPLERS)}",
    "startup_trials": "a whole number of random trials before the sampler models (at least 1)",
    "game": "a table [game] holding a sweep file's keys (games_per_cell, [game.fixed], [game.sweep], ...)",
    "parameters": 'a table of free data values, e.g. [parameters."scholars.Sofia.hand"] with low = 1, high = 8',
    "parameter": "low and high (numbers, optional step), or choices = [a list of values]",
    "objective": f"a table [objective] with at least one of {', '.join(TARGETS)}",
    "penalty": "a table [penalty] with change and size (numbers, 0 or more)",
    "validation": "a table [validation] with games_per_cell (a whole number, at least 1)",
    "weight": "a number 0 or more",
    "tolerance": "percentage points, 0 or more",
    "scholars": "a list of Scholar names",
    "aggregate": '"max" (the worst Scholar) or "mean"',
    "max": "a number",
    "min": "a number",
    "measure": '"rounds" or "turns"',
    "change": "a number 0 or more (objective units per free value changed)",
    "size": "a number 0 or more (objective units per whole range moved)",
    "games_per_cell": "a whole number of games per cell, at least 1",
    "low": "a number", "high": "a number", "step": "a number above 0", "choices": "a list of values",
}


def tune_file_error(exc: ValidationError, raw: Mapping[str, Any], file: str) -> ConfigError:
    errors = exc.errors()
    err = next((e for e in errors if e["type"] == "extra_forbidden"),
               next((e for e in errors if e["type"] == "finite_number"), errors[0]))
    loc: list[str] = []  # the keys of the file (pydantic adds the member types of unions)
    node: Any = raw
    for seg in err["loc"]:
        if not isinstance(node, Mapping):
            break
        if seg not in node:
            if err["type"] == "missing":
                loc.append(str(seg))
            break
        loc.append(str(seg))
        node = node[seg]
    key = format_key(loc)
    value = None if err["type"] == "missing" else node
    if err["type"] == "extra_forbidden":
        model: Any = TuneFile
        for i, p in enumerate(loc[:-1]):  # the model holding the unknown key (a parameter's: Range)
            if i == 1 and loc[0] == "parameters":
                continue
            model = Range if (i, p) == (0, "parameters") else model_of(model, p)
        allowed = ", ".join(model.model_fields) if model is not None else "none"
        return ConfigError(f"unknown key (allowed: {allowed})", file=file, key=key, value=value)
    leaf = "parameter" if len(loc) == 2 and loc[0] == "parameters" else loc[-1] if loc else ""
    expected = EXPECTED.get(leaf, err["msg"])
    if err["type"] == "missing":
        return ConfigError(f"missing (expected {expected})", file=file, key=key)
    if err["type"] == "finite_number":
        return ConfigError(f"not a finite number (expected {expected}; nan and inf are refused)", file=file,
                           key=key, value=value)
    return ConfigError(f"expected {expected}", file=file, key=key, value=value)


def model_of(model: Any, name: str) -> type[BaseModel] | None:
    """The model of field ``name`` of ``model`` (None when it is not a table of known keys)."""
    import typing

    field = model.model_fields.get(name) if isinstance(model, type) and issubclass(model, BaseModel) else None
    if field is None:
        return None
    for tp in (field.annotation, *typing.get_args(field.annotation)):
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            return tp
    return None


# -------------------------------------------------------------- the plan
