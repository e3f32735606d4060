"""The layout in words: every section of the state, the player block and the
tables with its offset, size and meaning, read from the layout modules
themselves (the comment on a section's line, else the comment block above
it). ``python -m sim.dungeonology.layout.describe`` prints the Markdown that
docs/ACTIONS.md holds ("The state layout"); tests/test_layout.py checks that
the document is up to date.
"""

from __future__ import annotations

import ast
import io
import tokenize
from dataclasses import dataclass
from pathlib import Path

from sim.dungeonology.layout import actions, ops, state, tables
from sim.dungeonology.layout.limits import LAYOUT_VERSION, MAX_SEATS, MAXP, OMEGA_SEAT


@dataclass(frozen=True)
class Section:
    name: str
    offset: int
    size: int
    meaning: str


def _comments(source: str) -> tuple[dict[int, str], dict[int, str]]:
    """(comment at the end of line n, full-line comment on line n)."""
    trailing: dict[int, str] = {}
    full: dict[int, str] = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            text = tok.string.lstrip("#").strip()
            (full if tok.line.strip().startswith("#") else trailing)[tok.start[0]] = text
    return trailing, full


def sections(module, alloc: str, total: int) -> list[Section]:
    """The sections ``alloc`` (``"_s"``, ``"_p"``, ``"_t"``) hands out in
    `module`, in order; `total`: the size after the last one."""
    source = Path(module.__file__).read_text()
    trailing, full = _comments(source)
    found: list[tuple[str, int, int]] = []  # name, offset, line
    for node in ast.parse(source).body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)
                and node.value.func.id == alloc):
            name = node.targets[0].id
            found.append((name, getattr(module, name), node.lineno))
    out = []
    for i, (name, offset, line) in enumerate(found):
        end = found[i + 1][1] if i + 1 < len(found) else total
        meaning = trailing.get(line)
        if meaning is None:  # the comment block just above, if any
            block = []
            k = line - 1
            while k in full and not full[k].startswith("---"):
                block.insert(0, full[k])
                k -= 1
            meaning = " ".join(block)
        out.append(Section(name, offset, end - offset, meaning))
    return out


def state_sections() -> list[Section]:
    return sections(state, "_s", state.P_BASE)


def player_sections() -> list[Section]:
    return sections(state, "_p", state.PSZ)


def table_sections() -> list[Section]:
    return sections(tables, "_t", tables.TABLE_SIZE)


def _table(rows: list[Section]) -> list[str]:
    out = ["| section | offset | size | meaning |", "|---|---:|---:|---|"]
    out += [f"| `{r.name}` | {r.offset} | {r.size} | {r.meaning.replace('|', '/')} |" for r in rows]
    return out


def ops_markdown() -> list[str]:
    """The table of effect ops (sim/dungeonology/layout/ops.py) as Markdown lines."""
    out = [
        "## Effect ops",
        "",
        "Every step an effect can take, declared once in `sim/dungeonology/layout/ops.py` (`OP_TABLE`): "
        "the engine's `OP_*`, "
        "the schema's op names, the action strings and the heuristic's values all come from it. "
        "A compiled step is `OP_W` = 8 ints: opcode, n, type + 1, cost, and four operand slots reserved for "
        "Rocca Civetta (target, quantity, condition, argument; 0 in the base game).",
        "",
        "| op | code | part | target | n | context | text | value to the heuristic |",
        "|---|---:|---|---|---|---|---|---|",
    ]
    for op in ops.OP_TABLE:
        v = op.value
        parts = [f"{k} {getattr(v, k)}" for k in ("stealth", "alert") if getattr(v, k) != (0.0, 0.0)]
        parts += [f"{k} {getattr(v, k)}" for k in ("drawn", "worth", "extra", "threat", "move") if getattr(v, k)]
        if v.scale != ops.Scale.N:
            parts.append(f"scale {v.scale.name.lower()}")
        out.append(f"| `{op.name}` | {op.code} | {op.part} | {op.target.name.lower()} | {op.n.name.lower()} | "
                   f"{op.context.name.lower()} | {op.words(1)} | {', '.join(parts) or 'none'} |")
    out += ["", "Vocabularies for the expansion's operands (declared, no base op uses them yet):", ""]
    for enum in (ops.Target, ops.Quantity, ops.Condition, ops.Trigger):
        out.append(f"- `{enum.__name__}`: " + ", ".join(f"`{m.name.lower()}`" for m in enum))
    out.append("")
    return out


def markdown() -> str:
    """The "state layout" part of docs/ACTIONS.md."""
    lines = [
        "## The state layout",
        "",
        f"Layout version {LAYOUT_VERSION}: the state is {state.STATE_SIZE} `int64` "
        f"({state.P_BASE} in the sections below, then {MAX_SEATS} player blocks of {state.PSZ}: "
        f"seats 0-{MAXP - 1} are the Scholars, seat {OMEGA_SEAT} the automaton Omega, "
        f"zero in the base game); the tables are {tables.TABLE_SIZE} `int64`; "
        f"the action space has {actions.NUM_ACTIONS} actions. Sections named *reserved* are room for "
        "Rocca Civetta: zero in the base game, read by no rule yet. Generated by "
        "`python -m sim.dungeonology.layout.describe` from `sim/dungeonology/layout/state.py` and "
        "`sim/dungeonology/layout/tables.py`.",
        "",
        "### State sections (`S_*`)",
        "",
        *_table(state_sections()),
        "",
        "### Player block (`PF_*`, one per seat: `sim.dungeonology.core.components.scholars.pf(seat, field)`)",
        "",
        *_table(player_sections()),
        "",
        "### Table sections (`T_*`)",
        "",
        *_table(table_sections()),
        "",
        *ops_markdown(),
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown(), end="")
