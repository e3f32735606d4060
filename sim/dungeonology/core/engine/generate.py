"""The text of the generated modules (``python -m sim.dungeonology.core.engine.regenerate``
writes them): the dispatch of phases, continuations, opcodes and costs
(``dispatch_phases``, ``dispatch_ops``, ``dispatch_costs``) from the manifests' code
entries (``sim.dungeonology.core.engine.registry``), the hook chains
(``dispatch_<home>``, ``sim.dungeonology.core.engine.hookgen``), the modules' result
columns (``dispatch_rows``) and the heuristic's decision handlers. numba cannot
cache a dispatch over first-class functions, so each dispatcher is a plain ``if``
chain, checked in and compiled like any kernel."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sim.dungeonology.core.engine import hookgen
from sim.dungeonology.core.engine.gentext import ENGINE, ROOT, aliases, docstring, module_text, noted, renamed
from sim.dungeonology.core.engine.registry import (
    PAYABLE_ARGS,
    RegistryError,
    entries,
    manifests,
    parse_call,
    value,
)
from sim.dungeonology.manifest import Manifest


def _chain(var: str, es: list, body: Callable) -> list[str]:
    lines = []
    for i, e in enumerate(es):
        cond = f"{var} == {e.label}" if e.first == e.last else f"{var} >= {e.label} and {var} <= {e.last_label}"
        lines.append(f"    {'if' if i == 0 else 'elif'} {cond}:  # {e.package}")
        lines += [f"        {x}" for x in body(e)]
    return lines


def dispatch(regs: dict[str, Manifest], complete: bool = True) -> dict[str, str]:
    """dispatch_phases.py and dispatch_ops.py (``complete``: every code of the layout handled)."""
    es = entries(regs, complete)
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
        f"{ENGINE}/dispatch_phases.py": module_text(
            "Dispatch of decision\nphases (apply, legal actions) and continuations.", phase_calls,
            [apply_f, legal_f, cont_f]),
        f"{ENGINE}/dispatch_ops.py": module_text("Dispatch of effect opcodes.",
                                                 [c for e in ops for c in e.calls], [op_f]),
    }


def costs(regs: dict[str, Manifest]) -> dict[str, str]:
    """dispatch_costs.py: whether a cost step of a module's opcode range can be paid (``Manifest.payable``)."""
    lines: list[str] = []
    calls = []
    for package, m in regs.items():
        for (first, last), spec in m.payable.items():
            a, la = value("OP", first, package)
            b, lb = value("OP", last, package)
            c = parse_call(spec, package, PAYABLE_ARGS, f"payable {la}-{lb}")
            calls.append(c)
            cond = f"op == {la}" if a == b else f"op >= {la} and op <= {lb}"
            lines += [f"    if {cond}:  # {package}", f"        return {c[1]}"]
    f = ["@inline_kernel", "def op_payable(s, t, seat, op, n):",
         *docstring("Whether a cost step (opcode `op`, its n) of a module's range can be paid by the seat (True "
                    "for the other opcodes: the basic game's costs are checked by ``plays.payable``)."),
         *lines, "    return True"]
    return {f"{ENGINE}/dispatch_costs.py": module_text("Costs of the modules' effect steps.", calls, [f])}


def columns(regs: dict[str, Manifest]) -> dict[str, str]:
    """dispatch_rows.py: the modules' result columns (``Manifest.rows`` per seat, ``Manifest.games`` per game)."""
    seat, game = [], []
    for package, m in regs.items():
        seat += [(col.name, parse_call(col.call, package, ("s", "t", "p"), f"row {col.name}")) for col in m.rows]
        game += [(col.name, parse_call(col.call, package, ("s",), f"game {col.name}")) for col in m.games]
    for name in {n for n, _ in seat} & {n for n, _ in game}:
        raise RegistryError(f"result column {name!r} is declared twice")
    calls = [c for _, c in seat + game]
    alias = aliases(calls, {"write_module_rows", "write_module_game"})
    preamble = ("# the modules' columns, after the basic game's (sim.dungeonology.core.engine.batch)\n"
                f"MODULE_ROW_FIELDS = {_names(n for n, _ in seat)}\n"
                f"MODULE_GAME_FIELDS = {_names(n for n, _ in game)}\n")
    seat_f = ["@kernel", "def write_module_rows(s, t, r, p, at):",
              '    """The modules\' columns of seat p\'s row `r`, from r[at]."""',
              *[x for i, (n, c) in enumerate(seat) for x in noted(f"    r[at + {i}] = {renamed(c, alias)}", n)],
              "    return"]
    game_f = ["@kernel", "def write_module_game(s, row, at):",
              '    """The modules\' columns of the game row `row`, from row[at]."""',
              *[x for i, (n, c) in enumerate(game) for x in noted(f"    row[at + {i}] = {renamed(c, alias)}", n)],
              "    return"]
    return {f"{ENGINE}/dispatch_rows.py": module_text("The modules' result columns.", calls, [seat_f, game_f],
                                                      preamble=preamble, alias=alias)}


def _names(names) -> str:
    """A tuple of names as ruff would write it."""
    items = [f'"{n}"' for n in names]
    return f"({', '.join(items)}{',' if len(items) == 1 else ''})"


def generate(regs: dict[str, Manifest] | None = None, rows: dict[str, Manifest] | None = None,
             complete: bool = True) -> dict[str, str]:
    """Every generated module's text, by its path in the checkout (posix, relative); ``rows``: the
    manifests whose result columns are written (default ``regs``); ``complete``: every code handled."""
    regs = manifests() if regs is None else regs
    return {**dispatch(regs, complete), **costs(regs), **hookgen.hooks(regs), **columns(regs if rows is None else rows),
            **hookgen.heuristic(regs)}


def files(regs: dict[str, Manifest] | None = None, root: Path = ROOT) -> dict[Path, str]:
    """:func:`generate` with the paths under ``root``."""
    return {root / rel: text for rel, text in generate(regs).items()}
