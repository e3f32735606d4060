"""Dispatch by registered ranges: which package handles which decision phase
(``PH_*``), continuation (``K_*``) and effect opcode (``OP_*``).

Each package of the rules says so in its manifest (``manifest.py``, a
:class:`sim.dungeonology.manifest.Manifest` named ``MANIFEST``, read in manifest
order by ``sim.dungeonology.layout.manifests``): the code ranges its module owns
(so that codes never clash) and, per code, the call that handles it. A call is
written ``"module:function(args)"``; ``module`` is a module of the package
(a name without a dot) or absolute (``sim.dungeonology.core...``), and the
arguments may use the dispatcher's variables:

* a phase's *apply* call (a statement): ``s, t, me, a`` (``me``: the seat
  deciding, ``a``: the action taken);
* a phase's *legal* call (an expression giving the number of actions
  written): ``s, t, me, out``;
* a continuation (statements): ``s, t, a, b, c`` (the entry's operands);
* an opcode range (a statement): ``s, t, op, n, type1, cost, actor, prog``;

and ``L`` (``sim.dungeonology.layout``). numba cannot cache a dispatch over first-class
functions, so ``sim.dungeonology.core.engine.generate`` writes the dispatch functions
as plain ``if`` chains into checked-in modules, compiled like any other kernel;
``python -m sim.dungeonology.core.engine.regenerate`` rewrites them (``--check``:
exit 1 if they are stale), and tests/test_registry.py fails when they are. Adding
a module means adding its package and manifest, never editing a dispatcher.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from sim.dungeonology.manifest import Calls, Code, Manifest

KINDS = ("PH", "K", "OP")
# the dispatchers' variables a registered call may use, by what it handles
APPLY_ARGS = ("s", "t", "me", "a")
LEGAL_ARGS = ("s", "t", "me", "out")
CONT_ARGS = ("s", "t", "a", "b", "c")
OP_ARGS = ("s", "t", "op", "n", "type1", "cost", "actor", "prog")
PAYABLE_ARGS = ("s", "t", "seat", "op", "n")


@dataclass(frozen=True)
class _Entry:
    kind: str  # "PH", "K", "OP"
    first: int
    last: int
    label: str  # how the first code is written (a layout name or a number)
    last_label: str
    calls: tuple[tuple[str, str], ...]  # (absolute module, call text)
    legal: tuple[str, str] | None  # phases: the legal-actions call
    package: str


class RegistryError(ValueError):
    """A manifest that cannot be dispatched: it names the package, the code
    and what is wrong."""


def _layout():
    from sim.dungeonology import layout

    return layout


def value(kind: str, code: Code, package: str) -> tuple[int, str]:
    """(number, label) of a code written as a layout name or a number."""
    if isinstance(code, int):
        return code, str(code)
    if not code.startswith(kind + "_") or not hasattr(_layout(), code):
        raise RegistryError(f"{package}: {code!r} is not a {kind}_* code of sim.dungeonology.layout")
    return int(getattr(_layout(), code)), f"L.{code}"


def parse_call(spec: str, package: str, allowed: tuple[str, ...], what: str) -> tuple[str, str]:
    """(absolute module, call text) of ``"module:function(args)"``, checked."""
    mod, sep, text = spec.partition(":")
    if not sep or not mod:
        raise RegistryError(f"{package}: {what}: {spec!r} is not 'module:function(args)'")
    try:
        node = ast.parse(text, mode="eval").body
    except SyntaxError as e:
        raise RegistryError(f"{package}: {what}: {spec!r} is not a call ({e.msg})") from None
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        raise RegistryError(f"{package}: {what}: {spec!r} is not a call of a function by name")
    names = {x.id for x in ast.walk(node) if isinstance(x, ast.Name)} - {node.func.id}
    bad = sorted(names - set(allowed) - {"L"})
    if bad:
        raise RegistryError(f"{package}: {what}: {spec!r} uses {', '.join(bad)}; allowed: {', '.join(allowed)}, L")
    return (mod if "." in mod else f"{package}.{mod}"), text


def _calls(calls: Calls, package: str, allowed: tuple[str, ...], what: str) -> tuple[tuple[str, str], ...]:
    specs = (calls,) if isinstance(calls, str) else tuple(calls)
    if not specs:
        raise RegistryError(f"{package}: {what}: no call")
    return tuple(parse_call(c, package, allowed, what) for c in specs)


def manifests() -> dict[str, Manifest]:
    """Every package's ``MANIFEST``, by package, in manifest order (``sim.dungeonology.layout.manifests``)."""
    from sim.dungeonology.layout.manifests import MANIFESTS

    return dict(MANIFESTS)


def entries(regs: dict[str, Manifest], complete: bool = True) -> list[_Entry]:
    """The checked dispatch entries of all registrations, by kind and code.

    Refused (RegistryError): overlapping ranges of two modules; a code
    outside the ranges of its module; a code handled twice; a phase,
    continuation or opcode of ``sim.dungeonology.layout`` that nobody handles (unless not
    ``complete``: the dispatch of an engine for some modules, ``sim.dungeonology.engines``).
    """
    owned: list[tuple[str, int, int, str, str]] = []  # kind, first, last, module, package
    for package, reg in regs.items():
        for part, spans in reg.ranges.items():
            if len(spans) != len(KINDS):
                raise RegistryError(f"{package}: the ranges of part {part!r} are (phases, continuations, opcodes)")
            for kind, (first, last) in zip(KINDS, spans, strict=True):
                if last < first:
                    continue  # an empty range: the part has no code of this kind
                for k, f, la, m, p in owned:
                    if k == kind and m != reg.module and first <= la and f <= last:
                        raise RegistryError(f"{package}: {kind} {first}-{last} of {reg.module!r} overlaps "
                                            f"{f}-{la} of {m!r} ({p})")
                owned.append((kind, first, last, reg.module, package))
    out: list[_Entry] = []
    for package, reg in regs.items():
        for code, (apply, legal) in reg.phases.items():
            v, label = value("PH", code, package)
            out.append(_Entry("PH", v, v, label, label, _calls(apply, package, APPLY_ARGS, f"{label} apply"),
                              parse_call(legal, package, LEGAL_ARGS, f"{label} legal"), package))
        for code, calls in reg.continuations.items():
            v, label = value("K", code, package)
            out.append(_Entry("K", v, v, label, label, _calls(calls, package, CONT_ARGS, label), None, package))
        for (first, last), call in reg.ops.items():
            a, la = value("OP", first, package)
            b, lb = value("OP", last, package)
            if b < a:
                raise RegistryError(f"{package}: opcode range {la}-{lb} is empty")
            out.append(_Entry("OP", a, b, la, lb, _calls(call, package, OP_ARGS, f"{la}-{lb}"), None, package))
    for e in out:
        module = regs[e.package].module
        if not any(k == e.kind and m == module and f <= e.first and e.last <= la for k, f, la, m, _ in owned):
            raise RegistryError(f"{e.package}: {_describe(e)} lies outside the {e.kind} ranges of module "
                                f"{module!r}")
    out.sort(key=lambda e: (KINDS.index(e.kind), e.first))
    for x, y in zip(out, out[1:], strict=False):
        if x.kind == y.kind and y.first <= x.last:
            raise RegistryError(f"{x.kind} {y.first} is handled twice: {x.package} and {y.package}")
    if complete:
        _all_handled(out)
    return out


def _describe(e: _Entry) -> str:
    label = e.label if e.first == e.last else f"{e.label}-{e.last_label}"
    return f"{e.kind} {label}" if label[0].isdigit() else f"{label} ({e.first})"


def _all_handled(out: list[_Entry]) -> None:
    layout = _layout()
    for kind, codes in (("PH", [n for n in dir(layout) if n.startswith("PH_") and n != "PH_NONE"]),
                        ("K", [n for n in dir(layout) if n.startswith("K_")]),
                        ("OP", list(layout.OPCODES))):
        for name in codes:
            v = layout.OPCODES[name] if kind == "OP" else getattr(layout, name)
            if isinstance(v, int) and not any(e.kind == kind and e.first <= v <= e.last for e in out):
                raise RegistryError(f"{name} ({v}) is handled by no package's manifest")


