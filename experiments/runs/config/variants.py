"""The ``variants`` axis of a sweep file: named bundles of data overrides and/or data layers.

::

    [sweep.variants]
    baseline = {}                                   # the data as it is
    nerf = { "scholars.Vincenzo.students" = 4 }     # dotted data keys, as in [fixed.overrides]
    cards = { data = "changed_cards" }              # a data layer folder (relative to the sweep file)
    both = { data = "changed_cards", "scholars.Vincenzo.students" = 4 }

Every cell is played once per variant, and the games of a cell under each variant use the same
seeds (:attr:`experiments.runs.config.plan.Cell.seed_first`), so variants are compared game by
game (paired). A variant's overrides apply over the fixed overrides; its layer goes over the
run's data folder. ``data`` is the one key that is not a data key (data keys are dotted).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim.kit.documents import path_problem
from sim.kit.errors import ConfigError, DataError

VARIANT_DATA = "data"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


@dataclass(frozen=True)
class Variant:
    """One named variant: a data layer folder (or None) and data overrides."""

    name: str
    layer: str | None  # the folder as resolved (relative to the sweep file's folder)
    layer_written: str | None  # as the file writes it (the manifest records this)
    overrides: tuple[tuple[str, Any], ...]

    def values(self) -> dict[str, Any]:
        """JSON-ready (the manifest's cells and the run's identity)."""
        out: dict[str, Any] = {"name": self.name, "overrides": dict(self.overrides)}
        if self.layer_written is not None:
            out["data"] = self.layer_written
        return out


def layers_of(run_data: str | None, variant: Variant | None) -> str | list[str] | None:
    """The data of a cell: the run's folder, then the variant's layer over it."""
    if variant is None or variant.layer is None:
        return run_data
    return [variant.layer] if run_data is None else [run_data, variant.layer]


def parse_variants(raw: Mapping[str, Any], *, run_data: str | None, fixed: Mapping[str, Any],
                   swept: Mapping[str, Any], base: Path | None,
                   err: Callable[[str, list, Any], ConfigError],
                   blamed: Callable[[DataError, Mapping[str, Any]], str | None],
                   load: Callable[[Any, Mapping[str, Any]], Any]) -> list[Variant]:
    """Check ``[sweep.variants]`` (already a table of tables) against the data and return the variants in
    file order. ``err(message, key, value)`` builds the ConfigError; ``blamed`` finds the override a
    DataError is about; ``load(data, overrides)`` reads the game's data (DataError naming what is wrong)."""
    out: list[Variant] = []
    for name, spec in raw.items():
        key = ["sweep", "variants", name]
        if not _NAME.match(name):
            raise err('a variant name is letters, digits, "-", "_" and "." (allowed: e.g. baseline, nerf_4)',
                      key, name)
        layer = written = None
        overrides: dict[str, Any] = {}
        for k, v in spec.items():
            if k == VARIANT_DATA:
                if not isinstance(v, str) or not v:
                    raise err("expected the path of a data layer folder, in quotes", [*key, k], v)
                written = v
                layer = v if base is None or Path(v).is_absolute() else str(base / v)
                problem = path_problem(layer)
                if problem is not None:
                    raise err(f"not a data folder: {problem}", [*key, k], v)
                if not Path(layer).is_dir():
                    raise err(f"data folder not found: {layer} (allowed: a folder of changed data, relative to "
                              "the sweep file)", [*key, k], v)
            elif k in swept:
                raise err("this key is a swept override too (allowed: in [sweep.overrides] or in a variant, "
                          "not both)", [*key, k], v)
            else:
                overrides[k.strip()] = v
        merged = {**fixed, **overrides}
        try:
            load(layers_of(run_data, Variant(name, layer, written, ())), merged)
        except DataError as exc:
            culprit = blamed(exc, overrides)
            if culprit is None:  # in the variant's layer (or the run's data): the error names its file
                raise
            raise err(re.sub(r"\s*\[value set by override [^\]]*\]$", "", exc.message), [*key, culprit],
                      overrides[culprit]) from None
        out.append(Variant(name, layer, written, tuple(overrides.items())))
    return out
