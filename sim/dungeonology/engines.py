"""The engine compiled for the modules a configuration plays (``sim.kit.variant``).

The checked-in engine dispatches to every package of the rules, so any configuration compiles all
of them. A configuration is played instead by a copy of the engine and the heuristic whose generated
dispatch (``sim.dungeonology.core.engine.generate``) holds only what its games can reach:

* every package of the basic game and of the configuration's modules, whole;
* the packages owning an effect opcode of its programs (data may give a card another module's step);
* of the other packages only their hooks made in every game (``Hook.always``: they run whatever the
  rules are, so they stay) and the heuristic's handlers of the decisions kept; their decision phases,
  continuations, opcodes and rule-bit hooks go (their codes never occur without the module: a phase
  nobody handles would stop the game, ``ERR_STUCK``, never play it wrongly).

The result columns stay those of every module, so the rows are the same. When nothing would be left
out, the checked-in engine is used. ``DUNGEONOLOGY_ENGINE=whole`` (the test suite's default: its
fuzz plays every module combination) makes every configuration use the checked-in engine;
``Compiled.engine_modules`` widens one configuration's engine (a sweep gives all its cells the
engine of all their modules, compiled once). The same seeds play the same games either way
(``tests/test_engines.py``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import os
from collections.abc import Iterable
from functools import lru_cache
from types import ModuleType
from typing import Any

from sim.dungeonology import layout as L
from sim.kit.bundle import GameBundle

COPIED = ("sim.dungeonology.core", "sim.dungeonology.kernels", "agents.dungeonology.heuristic")
ENGINE_ENV = "DUNGEONOLOGY_ENGINE"  # "whole": the checked-in engine for every configuration


def used_modules(compiled: Any) -> frozenset[str]:
    """The modules whose code a configuration's games may reach: its own (``Compiled.engine_modules``
    when set) and the owners of the effect opcodes in its programs."""
    modules = set(compiled.config.modules if getattr(compiled, "engine_modules", None) is None
                  else compiled.engine_modules)
    t = compiled.tables
    steps = max((int(t[L.T_PROG_START + p] + t[L.T_PROG_LEN + p]) for p in range(int(t[L.T_NPROGS]))), default=0)
    codes = {int(c) for c in t[L.T_OPS + L.OPF_CODE: L.T_OPS + steps * L.OP_W: L.OP_W]}
    owners = _op_owners()
    modules |= {owners[c] for c in codes if c in owners}
    return frozenset(modules - {"base"})


@lru_cache(maxsize=1)
def _op_owners() -> dict[int, str]:
    """Opcode -> the module whose package handles it."""
    from sim.dungeonology.core.engine.registry import entries, manifests

    regs = manifests()
    return {code: regs[e.package].module for e in entries(regs) if e.kind == "OP"
            for code in range(e.first, e.last + 1)}


def manifests_for(modules: Iterable[str]) -> dict[str, Any]:
    """The manifests as the dispatch of an engine for ``modules`` sees them (see the module docstring)."""
    from sim.dungeonology.core.engine.registry import manifests, value

    keep = {"base", *modules}
    regs = manifests()
    phases = {value("PH", code, p)[0] for p, m in regs.items() if m.module in keep for code in m.phases}
    out = {}
    for package, m in regs.items():
        if m.module in keep:
            out[package] = m
            continue
        out[package] = dataclasses.replace(
            m, phases={}, continuations={}, ops={}, payable={},
            hooks=tuple(h for h in m.hooks if h.always),
            heuristic={c: f for c, f in m.heuristic.items() if value("PH", c, package)[0] in phases},
            heuristic_first=tuple(h for h in m.heuristic_first if h.always))
    return out


def _all_modules() -> frozenset[str]:
    from sim.dungeonology.core.engine.registry import manifests

    return frozenset(m.module for m in manifests().values()) - {"base"}


@lru_cache(maxsize=16)
def engine_bundle(modules: frozenset[str]) -> GameBundle:
    """The bundle whose kernels and rollout are the engine compiled for ``modules``."""
    from sim.dungeonology.bundle import BUNDLE
    from sim.dungeonology.core.engine import generate
    from sim.kit.variant import variant

    if _all_modules() <= modules:
        return BUNDLE
    texts = generate.generate(manifests_for(modules), rows=generate.manifests(), complete=False)
    replaced = {rel.removesuffix(".py").replace("/", "."): text for rel, text in texts.items()}
    replaced["agents.dungeonology.heuristic"] = '"""The heuristic, copied for one engine (not registered)."""\n'
    tag = "dungeonology_" + hashlib.sha256(",".join(sorted(modules)).encode()).hexdigest()[:8]
    prefix = variant(COPIED, replaced, tag)
    return dataclasses.replace(BUNDLE, kernels=f"{prefix}.{BUNDLE.kernels}", rollout=f"{prefix}.{BUNDLE.rollout}",
                               prefix=prefix, copied=COPIED)


def bundle_for(compiled: Any) -> GameBundle:
    """The bundle that plays ``compiled``: its modules' engine, or the checked-in one (``DUNGEONOLOGY_ENGINE``)."""
    from sim.dungeonology.bundle import BUNDLE

    if os.environ.get(ENGINE_ENV, "") == "whole":
        return BUNDLE
    return engine_bundle(used_modules(compiled))


def engine_kernels(compiled: Any) -> ModuleType:
    """The kernels module of the engine that plays ``compiled`` (:func:`bundle_for`)."""
    return importlib.import_module(bundle_for(compiled).kernels)


def one_engine(compileds: list[Any]) -> list[Any]:
    """The configurations, each to be played by the engine compiled for the modules of them all (a sweep's
    cells, the fuzz's combinations: one engine compiled, not one per set of modules)."""
    modules = tuple(sorted(frozenset().union(*(used_modules(c) for c in compileds))))
    return [dataclasses.replace(c, engine_modules=modules) for c in compileds]
