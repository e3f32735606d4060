"""docs/ADDING_A_GAME.md is a worked example that is a test: its code is the code of sim/leduc/, its
tables name what the kit really holds, and the game it describes is in the catalogue."""

from __future__ import annotations

import re
from pathlib import Path

from sim.kit import contract, header
from sim.kit.bundle import games

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "ADDING_A_GAME.md").read_text(encoding="utf-8")


def _blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC, flags=re.S)


def test_every_code_block_is_code_of_the_leduc_package():
    sources = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "sim" / "leduc").glob("*.py"))
    blocks = _blocks()
    assert len(blocks) >= 3
    for block in blocks:
        assert block.strip() in sources, block[:80]


def test_the_header_table_is_the_kit_header():
    rows = re.findall(r"^\| ([\d, ]+) \| `(H_\w+)`(?:, `(H_\w+)`)? \|", DOC, flags=re.M)
    seen = {}
    for words, *names in rows:
        for word, name in zip(words.split(", "), [n for n in names if n], strict=True):
            seen[name] = int(word)
    assert seen == {n: getattr(header, n) for n in dir(header) if n.startswith("H_")}


def test_the_contract_table_names_every_name_of_the_contract():
    named = set(re.findall(r"`(\w+)(?:\(|`)", DOC.split("## 2.")[1].split("## 3.")[0]))
    assert set(contract.NAMES) <= named


def test_the_example_game_is_in_the_catalogue():
    assert '"sim.leduc.bundle:BUNDLE"' in (ROOT / "sim" / "games.py").read_text() and "leduc" in games()
