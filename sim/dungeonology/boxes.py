"""Where the boxes' data lives: the folder of each box (``sim/dungeonology/data/<box>/``),
the base box's name, the manifest file every box and layer may hold, and the data
files of a complete box. Imports nothing of the package, so the module registry,
the schema and the loader can all read it (docs/DATA_FORMAT.md, "Boxes and layers").
"""

from __future__ import annotations

import tomllib
from pathlib import Path

BOXES_DIR = Path(__file__).resolve().parent / "data"
BASE_BOX = "base"
DATA_DIR = BOXES_DIR / BASE_BOX
MANIFEST = "manifest.toml"
# The files of a complete box (one that requires no other box): the base game.
DATA_FILES = (
    "box.toml",
    "noteboard.toml",
    "auxiliary.toml",
    "tricks.toml",
    "scholars.toml",
    "clans.toml",
    "alert.toml",
    "jinx.toml",
    "randomizer.toml",
    "zones.toml",
    "interns.toml",
)


def ordered_files(names: list[str]) -> list[str]:
    """Data file names in reading order: those of DATA_FILES first, in its order, then the others sorted."""
    return [n for n in DATA_FILES if n in names] + sorted(n for n in names if n not in DATA_FILES)


def box_keys(name: str) -> dict[str, str]:
    """The top-level keys of a built-in box's data files: key -> file name (in reading order)."""
    folder = BOXES_DIR / name
    out: dict[str, str] = {}
    for file in ordered_files([p.name for p in folder.glob("*.toml") if p.name != MANIFEST]):
        with (folder / file).open("rb") as fh:
            out.update(dict.fromkeys(tomllib.load(fh), file))
    return out
