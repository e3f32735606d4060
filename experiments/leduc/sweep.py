"""Leduc poker's sweeps (its bundle's ``sweep``): a sweep file with ``game = "leduc"``.

Its axes are the seats (``players``, 2 to 10) and the agents at them (``agents``, rotated through the
seats with ``rotate_agents``); ``data`` names a designer's layer (a TOML file, or a folder holding
``leduc.toml``: sim/leduc/config.py), ``[fixed.overrides]`` / ``[sweep.overrides]`` set dotted rule
keys (``"betting.raise_amounts" = [[2, 4], [2, 8]]``: one ``set:<key>`` column each) and
``[sweep.variants]`` names sets of them. For example (tests/data/leduc_sweep.toml)::

    game = "leduc"
    games_per_cell = 200

    [sweep]
    players = [2, 3]
    agents = [["ismcts", "random"]]
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from experiments.runs.config import models
from experiments.runs.config.models import Strict
from experiments.runs.config.plan import Cell, SweepPlan
from experiments.runs.config.resolve import SweepReader
from experiments.runs.config.variants import Variant, layers_of
from sim.leduc.config import Compiled, LeducConfig, compile_config, load_rules


class Fixed(Strict):
    """``[fixed]``: one value per axis."""

    players: int | None = None
    agents: list[str] | None = None
    overrides: dict[str, Any] = {}


class Sweep(Strict):
    """``[sweep]``: a list of values per axis (a single value is a one-value axis)."""

    players: int | list[int] | None = None
    agents: list[list[str]] | None = None
    overrides: dict[str, list[Any]] = {}
    variants: dict[str, dict[str, Any]] = {}  # name -> {data = "file", "dotted.key" = value, ...}


class SweepFile(models.SweepFile):
    """The whole file."""

    fixed: Fixed = Fixed()
    sweep: Sweep = Sweep()


EXPECTED: dict[tuple[str, ...], str] = {
    **models.EXPECTED,
    ("data",): "the path of a Leduc data file (TOML) or of a folder holding leduc.toml, in quotes",
    ("fixed", "players"): "2 to 10",
    ("sweep", "players"): "a player count or a list of them, e.g. [2, 3]",
    ("fixed", "agents"): 'a list of agent specs, one per seat, e.g. ["ismcts", "random"]',
    ("sweep", "agents"): 'a list of seat lists of agent specs, e.g. [["ismcts"], ["ismcts", "random"]]',
    ("fixed", "overrides"): 'a table of dotted rule keys and values, e.g. "betting.ante" = 2',
    ("sweep", "overrides"): 'a table of dotted rule keys and lists of values, e.g. "betting.max_raises" = [1, 2]',
    ("sweep", "variants"): 'a table of named variants, each a table of dotted rule keys and values and/or '
                           'data = "a data file", e.g. baseline = {}, big = { "betting.ante" = 2 }',
}


@dataclass(frozen=True)
class RuleValues:
    """Leduc's rule values of a data layer and overrides, and their hash (the run's data hash)."""

    rules: dict[str, Any]
    source: dict[str, str]

    @property
    def hash(self) -> str:
        return rules_hash(self.rules)


def rules_hash(rules: Mapping[str, Any]) -> str:
    """The hash of a set of rule values."""
    return hashlib.sha256(json.dumps(dict(rules), sort_keys=True).encode()).hexdigest()


class Reader(SweepReader):
    """A Leduc sweep file: the seats and the agents, rule overrides and variants."""

    FILE = SweepFile
    AXES = ("players", "agents")
    DEFAULTS: dict[str, Any] = {"players": 2, "agents": ["ismcts"]}
    EXPECTED = EXPECTED
    DATA = "a Leduc data file or a folder holding leduc.toml, relative to the sweep file; leave data out for " \
           "OpenSpiel's rules"
    DATA_FOLDER = False

    def load(self, data: Any, overrides: Mapping[str, Any]) -> RuleValues:
        return RuleValues(*load_rules(data, overrides))

    def cell(self, index: int, v: dict[str, Any], swept: tuple[tuple[str, Any], ...],
             variant: Variant | None = None) -> Cell:
        texts, rotate = self.seats(v)
        config = LeducConfig(players=v["players"], data=layers_of(self.data, variant),
                             overrides={**self.m.fixed.overrides, **dict(variant.overrides if variant else ()),
                                        **dict(swept)})
        compiled = compile_config(config)
        return Cell(index=index, players=v["players"], agents=texts, rotate=rotate, overrides=swept, config=config,
                    data_hash=rules_hash(compiled.rules), provisional=False,
                    variant=variant.name if variant else "", variant_values=variant.values() if variant else None)


READER = Reader


def categories(plan: SweepPlan, compiled: Compiled) -> dict[str, list[str]]:
    """No categorical column besides the agents'."""
    return {}


def lean(compiled: Compiled, python: bool) -> Compiled:
    """A compiled Leduc configuration holds no loaded data: the worker gets it as it is."""
    return compiled


def manifest_data(plan: SweepPlan, base: Compiled) -> dict[str, Any]:
    """The manifest's data entries: the data's source and hash, and the rule values of the run's data."""
    return {"data": {"source": plan.data or "built-in", "hash": plan.data_hash, "provisional": False,
                     "cell_hashes": sorted({c.data_hash for c in plan.cells}), "rules": base.rules},
            "provisional_values": [], "transcribed_values": []}
