"""docs/ADDING_A_MODULE.md is a worked example that is a test: its code is the toy module's
(tests/toy_module, played by tests/test_toy_module.py), its registry line is the one the test
adds, and it lists every hook point of the basic game."""

from __future__ import annotations

import re
from pathlib import Path

from sim.dungeonology.core.engine.points import POINTS
from tests.test_toy_module import REGISTRY_LINE

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "ADDING_A_MODULE.md"


def _blocks() -> dict[str, str]:
    """Each ```python block of the doc, keyed by the file named in backticks on the line before it."""
    text = DOC.read_text()
    out = {}
    for m in re.finditer(r"`(tests/toy_module/[\w/.]+)`[^\n]*\n\n```python\n(.*?)\n```", text, re.S):
        out[m.group(1)] = m.group(2)
    return out


def test_the_doc_shows_every_file_of_the_toy_as_it_is() -> None:
    blocks = _blocks()
    files = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tests" / "toy_module").glob("*.py"))
    assert sorted(blocks) == files
    for rel, code in blocks.items():
        assert code == (ROOT / rel).read_text().rstrip(), f"docs/ADDING_A_MODULE.md shows an old {rel}"


def test_the_doc_shows_the_registry_line_the_test_adds() -> None:
    assert f"```python\n{REGISTRY_LINE.rstrip()}\n```" in DOC.read_text()


def test_the_doc_lists_every_hook_point() -> None:
    text = DOC.read_text()
    for p in POINTS:
        assert f"| `{p.name}` | {p.kind} | `{', '.join(p.args)}` |" in text, p.name
