"""Dispatch by registered ranges: which package handles which decision phase
(``PH_*``), continuation (``K_*``) and effect opcode (``OP_*``).

Each package of ``sim.dungeonology.core`` that handles codes says so in its
``__init__.py`` with a :class:`Registration` named ``REGISTRATION``: the code
ranges its module owns (so that codes never clash) and, per code, the call
that handles it. A call is written ``"module:function(args)"``; ``module`` is
relative to the registering package (or absolute, ``sim.dungeonology.core...``) and the
arguments may use the dispatcher's variables:

* a phase's *apply* call (a statement): ``s, t, me, a`` (``me``: the seat
  deciding, ``a``: the action taken);
* a phase's *legal* call (an expression giving the number of actions
  written): ``s, t, me, out``;
* a continuation (statements): ``s, t, a, b, c`` (the entry's operands);
* an opcode range (a statement): ``s, t, op, n, type1, cost, actor, prog``;

and ``L`` (``sim.dungeonology.layout``). numba cannot cache a dispatch over first-class
functions, so :func:`generate` writes the dispatch functions as plain
``if`` chains into the checked-in modules ``dispatch_phases.py`` (phases,
legal actions, continuations: inline kernels, copied into their one caller,
``sim.dungeonology.core.engine.step``) and ``dispatch_ops.py`` (opcodes), compiled like
any other kernel. ``import sim`` rewrites a stale one (with a warning)
before anything is compiled; ``python -m sim.dungeonology.core.engine.regenerate``
regenerates them (``--check``: exit 1 if they were stale). Adding a
module means adding its package and registration, never editing a
dispatcher.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import warnings
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
KINDS = ("PH", "K", "OP")
# the dispatchers' variables a registered call may use, by what it handles
APPLY_ARGS = ("s", "t", "me", "a")
LEGAL_ARGS = ("s", "t", "me", "out")
CONT_ARGS = ("s", "t", "a", "b", "c")
OP_ARGS = ("s", "t", "op", "n", "type1", "cost", "actor", "prog")
REGENERATED: list[str] = []  # generated modules that import had to rewrite (stale when checked in)

Code = str | int  # a layout name ("PH_BOSS_MOVE") or a number
Calls = str | tuple[str, ...]


@dataclass(frozen=True)
class Registration:
    """What one package handles.

    module: the rules module the codes belong to (``"base"`` for the basic
    game, else a module name such as ``"boss"``); ranges: the inclusive code
    ranges that module owns, per kind (one package of the module declares
    them); phases: phase -> (apply call, legal call); continuations:
    continuation -> call(s); ops: (first, last) opcode range -> call.
    """

    module: str
    ranges: dict[str, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    phases: dict[Code, tuple[str, str]] = field(default_factory=dict)
    continuations: dict[Code, Calls] = field(default_factory=dict)
    ops: dict[tuple[Code, Code], str] = field(default_factory=dict)


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
    """A registration that cannot be dispatched: it names the package, the
    code and what is wrong."""


def _layout():
    from sim.dungeonology import layout

    return layout


def _value(kind: str, code: Code, package: str) -> tuple[int, str]:
    """(number, label) of a code written as a layout name or a number."""
    if isinstance(code, int):
        return code, str(code)
    if not code.startswith(kind + "_") or not hasattr(_layout(), code):
        raise RegistryError(f"{package}: {code!r} is not a {kind}_* code of sim.dungeonology.layout")
    return int(getattr(_layout(), code)), f"L.{code}"


def _call(spec: str, package: str, allowed: tuple[str, ...], what: str) -> tuple[str, str]:
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
    return (mod if mod.startswith("sim.") else f"{package}.{mod}"), text


def _calls(calls: Calls, package: str, allowed: tuple[str, ...], what: str) -> tuple[tuple[str, str], ...]:
    specs = (calls,) if isinstance(calls, str) else tuple(calls)
    if not specs:
        raise RegistryError(f"{package}: {what}: no call")
    return tuple(_call(c, package, allowed, what) for c in specs)


def registrations() -> dict[str, Registration]:
    """Every ``REGISTRATION`` of the packages under ``sim.dungeonology.core``, by package
    (importing only the packages' ``__init__`` modules, which hold no
    compiled code)."""
    import sim.dungeonology.core

    found = {}
    for info in pkgutil.walk_packages(sim.dungeonology.core.__path__, "sim.dungeonology.core."):
        if info.ispkg:
            reg = getattr(importlib.import_module(info.name), "REGISTRATION", None)
            if reg is not None:
                found[info.name] = reg
    return found


def entries(regs: dict[str, Registration]) -> list[_Entry]:
    """The checked dispatch entries of all registrations, by kind and code.

    Refused (RegistryError): overlapping ranges of two modules; a code
    outside the ranges of its module; a code handled twice; a phase,
    continuation or opcode of ``sim.dungeonology.layout`` that nobody handles.
    """
    owned: list[tuple[str, int, int, str, str]] = []  # kind, first, last, module, package
    for package, reg in regs.items():
        for kind, ranges in reg.ranges.items():
            if kind not in KINDS:
                raise RegistryError(f"{package}: range kind {kind!r}; allowed: {', '.join(KINDS)}")
            for first, last in ranges:
                for k, f, la, m, p in owned:
                    if k == kind and m != reg.module and first <= la and f <= last:
                        raise RegistryError(f"{package}: {kind} {first}-{last} of {reg.module!r} overlaps "
                                            f"{f}-{la} of {m!r} ({p})")
                owned.append((kind, first, last, reg.module, package))
    out: list[_Entry] = []
    for package, reg in regs.items():
        for code, (apply, legal) in reg.phases.items():
            v, label = _value("PH", code, package)
            out.append(_Entry("PH", v, v, label, label, _calls(apply, package, APPLY_ARGS, f"{label} apply"),
                              _call(legal, package, LEGAL_ARGS, f"{label} legal"), package))
        for code, calls in reg.continuations.items():
            v, label = _value("K", code, package)
            out.append(_Entry("K", v, v, label, label, _calls(calls, package, CONT_ARGS, label), None, package))
        for (first, last), call in reg.ops.items():
            a, la = _value("OP", first, package)
            b, lb = _value("OP", last, package)
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
                raise RegistryError(f"{name} ({v}) is handled by no registered package")


HEADER = '''"""GENERATED by ``python -m sim.dungeonology.core.engine.regenerate`` from the REGISTRATION of
every package under sim/dungeonology/core (their ``__init__.py``): do not edit. {what}
``import sim`` regenerates this file when it is stale.
"""

from __future__ import annotations

'''


def _imports(calls: list[tuple[str, str]], decorators: set[str]) -> list[str]:
    by: dict[str, set[str]] = {}
    for mod, text in calls:
        by.setdefault(mod, set()).add(text.partition("(")[0])
    by.setdefault("sim.kit.jit", set()).update(decorators)
    lines = ["from sim.dungeonology import layout as L"]
    for m in sorted(by):
        line = f"from {m} import {', '.join(sorted(by[m]))}"
        if len(line) > 120:  # as ruff's isort writes it
            line = f"from {m} import (\n" + "".join(f"    {n},\n" for n in sorted(by[m])) + ")"
        lines.append(line)
    return lines


def _chain(var: str, es: list[_Entry], body) -> list[str]:
    lines = []
    for i, e in enumerate(es):
        cond = f"{var} == {e.label}" if e.first == e.last else f"{var} >= {e.label} and {var} <= {e.last_label}"
        lines.append(f"    {'if' if i == 0 else 'elif'} {cond}:  # {e.package}")
        lines += [f"        {x}" for x in body(e)]
    return lines


def _module_text(what: str, calls: list[tuple[str, str]], functions: list[list[str]]) -> str:
    decorators = {f[0].removeprefix("@") for f in functions}
    text = HEADER.format(what=what) + "\n".join(_imports(calls, decorators)) + "\n"
    for f in functions:
        text += "\n\n" + "\n".join(f) + "\n"
    return text


def generate(regs: dict[str, Registration] | None = None) -> dict[str, str]:
    """The generated modules' text, by file name in sim/dungeonology/core/engine/."""
    es = entries(registrations() if regs is None else regs)
    ph = [e for e in es if e.kind == "PH"]
    ks = [e for e in es if e.kind == "K"]
    ops = [e for e in es if e.kind == "OP"]
    # the phase and continuation dispatchers each have one caller (step, legal): copied into it, they are not
    # compiled (and optimised with all they call) once more on their own; exec_op is called in run_prog's loop
    apply_f = ["@inline_kernel", "def apply_phase(s, t, ph, me, a):",
               '    """Apply action `a` of seat `me` to the decision of phase `ph` (PH_*)."""',
               *_chain("ph", ph, lambda e: [c for _, c in e.calls])]
    legal_f = ["@inline_kernel", "def phase_actions(s, t, ph, me, out):",
               '    """Write the legal actions of phase `ph` for seat `me` to `out`; how many (0: none)."""',
               *_chain("ph", ph, lambda e: [f"return {e.legal[1]}"]), "    return 0"]
    cont_f = ["@inline_kernel", "def run_continuation(s, t, code, a, b, c):",
              '    """Run the continuation popped from the stack: code (K_*) and its operands."""',
              *_chain("code", ks, lambda e: [c for _, c in e.calls])]
    op_f = ["@kernel", "def exec_op(s, t, op, n, type1, cost, actor, prog):",
            '    """Run one effect step (opcode `op`, operands n / type1 / cost) for `actor`; `prog`:\n'
            '    the running program. It may open a decision (S_PHASE != PH_NONE)."""',
            *_chain("op", ops, lambda e: [c for _, c in e.calls])]
    phase_calls = [c for e in ph for c in (*e.calls, e.legal)] + [c for e in ks for c in e.calls]
    return {
        "dispatch_phases.py": _module_text("Dispatch of decision phases\n(apply, legal actions) and continuations.",
                                           phase_calls, [apply_f, legal_f, cont_f]),
        "dispatch_ops.py": _module_text("Dispatch of effect opcodes.", [c for e in ops for c in e.calls], [op_f]),
    }


def stale(folder: Path = HERE) -> dict[str, str]:
    """The generated modules whose file differs from the registrations: name -> new text."""
    return {name: text for name, text in generate().items()
            if not (folder / name).is_file() or (folder / name).read_text() != text}


def ensure_generated(folder: Path = HERE) -> list[str]:
    """Rewrite the stale generated modules (before any is imported); returns
    their names. A stale module that cannot be written is an error naming the
    command that regenerates it."""
    todo = stale(folder)
    for name, text in todo.items():
        path = folder / name
        try:
            tmp = path.with_suffix(".py.tmp")
            tmp.write_text(text)
            tmp.replace(path)
        except OSError as e:
            raise RuntimeError(f"{path} is stale (the packages' registrations changed) and cannot be rewritten "
                               f"({e.strerror}): run `python -m sim.dungeonology.core.engine.regenerate` in a writable "
                               f"checkout") from None
        warnings.warn(f"regenerated {path.name} from the packages' registrations", stacklevel=2)
        if folder == HERE:
            REGENERATED.append(name)
    return list(todo)
