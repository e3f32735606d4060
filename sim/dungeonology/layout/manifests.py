"""The manifests the layout is built from (``sim.dungeonology.manifest``), in order:
the basic game's packages, then the packages of each implemented module of the
registry (``sim.dungeonology.modules``), in registry order. The state, player-block
and table sections, the codes, the verbs and the ops of the layout follow this
order, and so do the generated dispatch and hook chains
(``sim.dungeonology.core.engine.registry``)."""

from __future__ import annotations

import importlib

from sim.dungeonology import modules as M
from sim.dungeonology.manifest import Field, Manifest

# The basic game's packages (module "base"): their manifests hold the phases, continuations and
# opcodes they handle; the base layout itself is in this package (state, tables, actions, codes, ops).
BASE_PACKAGES = ("sim.dungeonology.core.procedures", "sim.dungeonology.core.effects",
                 "sim.dungeonology.core.components")


def packages() -> tuple[str, ...]:
    """Every package with a manifest, in manifest order."""
    return BASE_PACKAGES + tuple(p for m in M.MODULES.values() if m.implemented for p in m.package_paths)


def read_manifests() -> dict[str, Manifest]:
    """``package -> MANIFEST`` of its ``manifest.py`` (which imports no compiled code), in manifest order."""
    out = {}
    for package in packages():
        manifest = getattr(importlib.import_module(f"{package}.manifest"), "MANIFEST", None)
        if not isinstance(manifest, Manifest):
            raise TypeError(f"{package}.manifest has no MANIFEST (a sim.dungeonology.manifest.Manifest)")
        out[package] = manifest
    return out


MANIFESTS = read_manifests()


def arrange(head: tuple[Field, ...], part: str, tail: tuple[Field, ...] = ()) -> tuple[Field, ...]:
    """The fields of one layout part (``"state"``, ``"player"``, ``"tables"``) in allocation order:
    ``head``, the manifests' fields, ``tail``. A manifest's field goes right after the manifest's
    previous field (its first one after everything placed so far), unless it names the field it
    goes after or before. The owner of a field is its manifest's module unless it names one."""
    placed: list[Field] = list(head)
    names = {f.name for f in head} | {f.name for f in tail}
    for package, manifest in MANIFESTS.items():
        at = None  # index after this manifest's last field
        for f in getattr(manifest, part):
            if f.name in names:
                raise ValueError(f"{package}: the {part} field {f.name} is declared twice")
            names.add(f.name)
            f = f if f.owner else Field(**{**f.__dict__, "owner": manifest.module})
            anchor = f.after or f.before
            if anchor is not None:
                where = [g.name for g in placed]
                if anchor not in where:
                    raise ValueError(f"{package}: {f.name} is placed next to {anchor}, which is not placed before it")
                at = where.index(anchor) + (1 if f.after else 0)
            elif at is None:
                at = len(placed)
            placed.insert(at, f)
            at += 1
    return (*placed, *tail)


def allocate(fields: tuple[Field, ...], start: int = 0) -> dict[str, int]:
    """The offset of each field, consecutive from ``start``."""
    out, at = {}, start
    for f in fields:
        if f.size < 1:
            raise ValueError(f"a section holds at least one int: {f.name} has {f.size}")
        out[f.name] = at
        at += f.size
    return out


def codes() -> dict[str, object]:
    """The constants every manifest defines (``PH_*``, ``K_*``, ...), each defined once."""
    out: dict[str, object] = {}
    for package, manifest in MANIFESTS.items():
        for name, value in manifest.codes.items():
            if name in out:
                raise ValueError(f"{package}: the constant {name} is defined twice")
            out[name] = value
    return out


def resolve(package: str, spec: str):
    """The Python function a manifest names, ``"module:function"`` (a module of the package, or
    absolute with a dot); imported on first use."""
    mod, sep, name = spec.partition(":")
    if not sep or not mod or not name.isidentifier():
        raise ValueError(f"{package}: {spec!r} is not 'module:function'")
    return getattr(importlib.import_module(mod if "." in mod else f"{package}.{mod}"), name)
