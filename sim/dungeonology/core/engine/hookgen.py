"""The hook chains and the heuristic's dispatch, generated from the manifests.

Each hook point (``sim.dungeonology.core.engine.points``) becomes one ``inline_kernel``
in ``dispatch_<home>.py``: the providers' calls in chain order, each behind its
module's rule bit unless it is made in every game. The heuristic's decision handlers
(``Manifest.heuristic``, ``Manifest.heuristic_first``) become ``first_choice`` and
``phase_decision`` in ``agents/dungeonology/heuristic/dispatch_phases.py``."""

from __future__ import annotations

from dataclasses import dataclass

from sim.dungeonology.core.engine.gentext import ENGINE, Call, aliases, docstring, module_text, noted, renamed
from sim.dungeonology.core.engine.points import BY_NAME, POINTS, Point
from sim.dungeonology.core.engine.registry import RegistryError, parse_call, value
from sim.dungeonology.manifest import Hook, Manifest

HEURISTIC = "agents/dungeonology/heuristic/dispatch_phases.py"
HANDLER_ARGS = ("s", "t", "me", "buf", "n", "params", "rng")
FIRST_ARGS = ("s", "t", "ph", "me", "buf", "n", "params", "rng")


@dataclass(frozen=True)
class Provider:
    """One manifest's hook at a point: its call, and the rule bit it waits for ("" : every game)."""

    point: Point
    package: str
    gate: str  # "" or the bit's layout name, RULE_<MODULE>
    call: Call
    order: int
    index: int


def _gate(package: str, m: Manifest, h: Hook, args: tuple[str, ...]) -> str:
    """The layout name of the rule bit a hook waits for, "" when it is made in every game."""
    from sim.dungeonology import modules as M

    if h.always:
        return ""
    bit = M.MODULES[m.module].bit if m.module in M.MODULES else 0
    if not bit:
        raise RegistryError(f"{package}: {h.point}: module {m.module!r} has no rule bit, so its hook is made in "
                            "every game: say always=True")
    if "t" not in args:
        raise RegistryError(f"{package}: {h.point} has no tables argument to test a rule bit: say always=True")
    return f"RULE_{m.module.upper()}"


def providers(regs: dict[str, Manifest]) -> dict[str, list[Provider]]:
    """Every point's providers in chain order (``Hook.order``, then manifest order). Refused
    (RegistryError): an unknown point, a call using other arguments than the point's, a hook of a
    module without a rule bit that is not ``always``, a ``one`` point without exactly one provider
    made in every game."""
    out: dict[str, list[Provider]] = {p.name: [] for p in POINTS}
    index = 0
    for package, m in regs.items():
        for h in m.hooks:
            point = BY_NAME.get(h.point)
            if point is None:
                raise RegistryError(f"{package}: hook point {h.point!r} does not exist (allowed: {', '.join(BY_NAME)})")
            call = parse_call(h.call, package, point.args, h.point)
            out[h.point].append(Provider(point, package, _gate(package, m, h, point.args), call, h.order, index))
            index += 1
    for name, ps in out.items():
        ps.sort(key=lambda p: (p.order, p.index))
        if BY_NAME[name].kind == "one" and (len(ps) != 1 or ps[0].gate):
            raise RegistryError(f"hook point {name} needs exactly one provider made in every game, has "
                                f"{', '.join(p.package for p in ps) or 'none'}")
    return out


def _note(p: Provider) -> str:
    return p.package.rsplit(".", 1)[-1] + ("" if p.gate else " (every game)")


def _block(p: Provider, stmts: list[str]) -> list[str]:
    """Statements behind the provider's rule bit (indented by four), or bare for every game."""
    if p.gate:
        return [*noted(f"    if (t[L.T_RULES] & L.{p.gate}) != 0:", _note(p)), *(f"        {s}" for s in stmts)]
    return [*noted(f"    {stmts[0]}", _note(p)), *(f"    {s}" for s in stmts[1:])]


def _test(p: Provider, cond: str) -> str:
    return f"(t[L.T_RULES] & L.{p.gate}) != 0 and {cond}" if p.gate else cond


def body(point: Point, ps: list[Provider], alias: dict[Call, str]) -> list[str]:
    """The statements of one dispatcher."""
    lines: list[str] = []
    kind = point.kind
    for p in ps:
        c = renamed(p.call, alias)
        if kind == "call":
            lines += _block(p, [c])
        elif kind == "any":
            lines += [*noted(f"    if {_test(p, c)}:", _note(p)), "        return True"]
        elif kind == "all":
            lines += [*noted(f"    if {_test(p, 'not ' + c)}:", _note(p)), "        return False"]
        elif kind == "sum":
            lines += _block(p, [f"v += {c}"])
        elif kind == "fold":
            lines += _block(p, [f"{point.thread} = {c}"])
        elif kind == "check":
            lines += _block(p, [f"code = {c}", "if code != 0:", "    return code"])
        else:  # value, one
            lines += _block(p, [f"return {c}"])
    tail = {"any": "return False", "all": "return True", "fold": f"return {point.thread}", "check": "return 0",
            "value": f"return {point.default}", "one": "", "call": "" if ps else "return"}
    if kind == "sum":
        return ["    v = 0", *lines, "    return v"] if ps else ["    return 0"]
    return [*lines, f"    {tail[kind]}"] if tail[kind] else lines


def hooks(regs: dict[str, Manifest]) -> dict[str, str]:
    """dispatch_<home>.py of every home of the hook points."""
    chains = providers(regs)
    out = {}
    for home in dict.fromkeys(p.home for p in POINTS):
        points = [p for p in POINTS if p.home == home]
        calls = [pr.call for p in points for pr in chains[p.name]]
        alias = aliases(calls, {p.name for p in points})
        functions = [["@inline_kernel", f"def {p.name}({', '.join(p.args)}):", *docstring(p.doc),
                      *body(p, chains[p.name], alias)] for p in points]
        out[f"{ENGINE}/dispatch_{home}.py"] = module_text(f"Hook chains called by the basic game: {home}.", calls,
                                                          functions, alias=alias)
    return out


def heuristic(regs: dict[str, Manifest]) -> dict[str, str]:
    """agents/dungeonology/heuristic/dispatch_phases.py: the handler of each decision phase (a module's replaces
    the basic game's) and the choosers asked before it."""
    handlers: dict[int, tuple[str, str, Call]] = {}  # code -> (label, package, call)
    for package, m in regs.items():
        for code, spec in m.heuristic.items():
            v, label = value("PH", code, package)
            mod, _, fn = spec.partition(":")
            # a module's handler may replace the basic game's, never another module's
            if v in handlers and (m.module == "base" or regs[handlers[v][1]].module != "base"):
                raise RegistryError(f"{package}: the heuristic's handler of {label} is declared twice")
            handlers[v] = (label, package, (mod, f"{fn}({', '.join(HANDLER_ARGS)})"))
    first: list[tuple[int, int, str, Provider, str]] = []  # order, index, package, provider, what
    index = 0
    for package, m in regs.items():
        for h in m.heuristic_first:
            if h.point not in ("choose", "narrow"):
                raise RegistryError(f"{package}: a heuristic chooser is 'choose' or 'narrow', not {h.point!r}")
            call = parse_call(h.call, package, FIRST_ARGS, f"heuristic {h.point}")
            gate = _gate(package, m, h, FIRST_ARGS)
            first.append((h.order, index, package, Provider(BY_NAME["check"], package, gate, call, h.order, index),
                          h.point))
            index += 1
    first.sort(key=lambda x: (x[0], x[1]))
    calls = [c for _, _, c in handlers.values()] + [x[3].call for x in first]
    alias = aliases(calls, {"first_choice", "phase_decision", "PHASE_HANDLERS"})
    first_f = ["@inline_kernel", f"def first_choice({', '.join(FIRST_ARGS)}):",
               '    """A module\'s choice made before the phase\'s handler: (action, n), action -1 for none;\n'
               '    n: the legal actions still to choose from (buf[:n])."""']
    for _, _, _, p, what in first:
        c = renamed(p.call, alias)
        stmts = ([f"a = {c}", "if a >= 0:", "    return a, n"] if what == "choose"
                 else [f"n = {c}", "if n == 1:", "    return buf[0], n"])
        first_f += _block(p, stmts)
    first_f.append("    return -1, n")
    phase_f = ["@inline_kernel", "def phase_decision(s, t, ph, me, buf, n, params, rng):",
               '    """The handler of the decision phase `ph` (its action), -1 for a phase without one."""']
    for code in sorted(handlers):
        label, package, call = handlers[code]
        phase_f += [*noted(f"    if ph == {label}:", package.rsplit(".", 1)[-1]),
                    f"        return {renamed(call, alias)}"]
    phase_f.append("    return -1")
    table = "PHASE_HANDLERS = {  # the handler of each decision phase\n" + "".join(
        f"    {label}: {alias[call]},\n" for code, (label, _, call) in sorted(handlers.items())) + "}\n"
    return {HEURISTIC: module_text("The heuristic's decision handlers.", calls, [first_f, phase_f], preamble=table,
                                   alias=alias)}
