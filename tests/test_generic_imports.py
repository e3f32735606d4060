"""The generic machinery of experiments/ knows no game: no module of its generic packages imports a game's
package (Dungeonology's or Leduc's engine, agents or part of experiments/, or ``sim``'s Dungeonology names);
it reaches a game through its bundle (sim.kit.bundle) alone. Scanned: every import statement of every
module, inside functions too (the syntax tree, not the text)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GENERIC = ("runs", "analysis", "report", "matches", "checks", "bench", "cli")  # experiments/' generic packages
GAMES = ("sim.dungeonology", "sim.leduc", "experiments.dungeonology", "experiments.leduc", "agents.dungeonology")
SIM_GENERIC = ("kit", "games")  # what of ``sim`` a generic module may import: the kit and the catalogue


def generic_modules() -> list[Path]:
    return [ROOT / "experiments" / "__init__.py", *(p for package in GENERIC
                                                   for p in sorted((ROOT / "experiments" / package).rglob("*.py")))]


def game_imports(path: Path) -> list[str]:
    """The imports of a game in one module: 'line: module' for each."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] if node.module != "sim" else [f"sim.{a.name}" for a in node.names]
        else:
            continue
        for name in names:
            if name == "sim" or (name.startswith("sim.") and name.split(".")[1] not in SIM_GENERIC) \
                    or name.startswith(tuple(f"{g}." for g in GAMES)) or name in GAMES:
                out.append((node.lineno, name))
    return [f"{line}: {name}" for line, name in sorted(out)]


def test_the_scan_finds_a_game_import(tmp_path: Path):
    module = tmp_path / "m.py"
    module.write_text("import sim.kit.bundle\nfrom sim.kit import errors\nimport numpy\n"
                      "def f():\n    from sim.dungeonology.config import GameConfig\n"
                      "from sim import GameConfig\nimport experiments.leduc.results\n"
                      "from agents.dungeonology.heuristic import act\n")
    assert game_imports(module) == ["5: sim.dungeonology.config", "6: sim.GameConfig", "7: experiments.leduc.results",
                                    "8: agents.dungeonology.heuristic"]


@pytest.mark.parametrize("path", generic_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_generic_module_imports_no_game(path: Path):
    assert game_imports(path) == [], f"{path.relative_to(ROOT)} imports a game: {game_imports(path)}"
