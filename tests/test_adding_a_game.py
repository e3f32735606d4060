"""docs/ADDING_A_GAME.md is a worked example that is a test: its code is the code of sim/leduc/ and of
experiments/leduc/, its tables name what the kit really holds, the game it describes is in the catalogue
with every part of experiments/ it names, and its commands are commands of the command line."""

from __future__ import annotations

import re
from pathlib import Path

from experiments.runs.schema import IDENTIFIERS
from sim.kit import contract, header
from sim.kit.bundle import games, get_game

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "ADDING_A_GAME.md").read_text(encoding="utf-8")


def _blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC, flags=re.S)


def test_every_code_block_is_code_of_the_leduc_package():
    sources = "\n".join(p.read_text(encoding="utf-8") for folder in ("sim/leduc", "experiments/leduc")
                        for p in (ROOT / folder).glob("*.py"))
    blocks = _blocks()
    assert len(blocks) >= 10
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


def test_the_experiments_section_names_the_games_parts_and_the_identifiers():
    section = DOC.split("## 7.")[1].split("## What the game")[0]
    named = re.findall(r"\*\*Its [^*]+\*\* \(`(\w+)`(?:, `(\w+)`)?", section)
    parts = {p for pair in named for p in pair if p}
    assert parts == {"results", "sweep", "analysis", "report", "cli"}
    bundle = get_game("leduc")
    for part in parts:
        assert bundle.module(part) is not None, part
    listed = re.search(r"generic identifiers \(([^)]*)\)", section).group(1)
    assert re.findall(r"`(\w+)`", listed) == list(IDENTIFIERS)


def test_the_commands_of_the_example_are_commands(tmp_path: Path):
    from typer.testing import CliRunner

    from experiments.cli import app

    block = DOC.split("## 7.")[1].split("```\ndungeonology")[1].split("```")[0]
    for line in ("dungeonology" + block).strip().splitlines():
        argv = line.split()[1:]
        if argv[0] == "report":  # a run folder of the sweep above: its command is checked without one
            argv = [*argv[:-1], str(tmp_path)]
        result = CliRunner().invoke(app, [*argv, "--help"])
        assert result.exit_code == 0, (line, result.output)
