"""Families of hostile inputs for the mutation fuzz (``experiments.dungeonology.mutation_fuzz``).

Each module of this package is one family of inputs and defines ``TARGETS``: target name -> maker.
A maker is called as ``maker(ctx, i)`` for the i-th case of that target and returns either the argv
of one ``dungeonology`` command (run in this process, which must end with exit 0 or exit 2 and at
most one error line), or a callable of no arguments that tries the input through the Python API and
returns ``(exit status, output)`` the same way (0: accepted, 2: refused with a clear error; an
exception that escapes it is a crash). A maker writes its files under ``ctx.root`` only. A module may
give ``WEIGHTS`` (target -> share of the cases relative to 1, the default): a target whose case runs a
whole command (a sweep, a tune) takes a small share, so that a run of 10,000 cases ends in minutes.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Context:
    """What every maker is given: the fuzz's random generator, its work folder, and things made once
    (``cache``: a maker's own memo, e.g. a recorded game it mutates)."""

    rng: random.Random
    root: Path
    cache: dict[str, Any] = field(default_factory=dict)


Maker = Callable[[Context, int], "list[str] | Callable[[], tuple[int, str]]"]


def _modules() -> list[Any]:
    return [importlib.import_module(f"{__name__}.{info.name}")
            for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name)]


def targets() -> dict[str, Maker]:
    """Every family's targets, by name (a name defined twice is an error)."""
    out: dict[str, Maker] = {}
    for module in _modules():
        for name, maker in getattr(module, "TARGETS", {}).items():
            if name in out:
                raise ValueError(f"fuzz target {name!r} is defined twice ({module.__name__})")
            out[name] = maker
    return out


def weights() -> dict[str, float]:
    """Every family target's share of the cases (``WEIGHTS``, default 1)."""
    return {name: float(getattr(module, "WEIGHTS", {}).get(name, 1.0))
            for module in _modules() for name in getattr(module, "TARGETS", {})}
