"""The module registry as the Markdown status table of the README.

The README carries the table between ``MARKERS``; ``tests/test_readme.py``
fails when it differs from ``markdown()``. Refresh it with
``python -m sim.dungeonology.modules_table --write README.md`` (print it with
``--markdown``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from sim.dungeonology import modules as M
from sim.kit.errors import ConfigError

MARKERS = ("<!-- modules:start -->", "<!-- modules:end -->")


def markdown() -> str:
    """Every registered module of every box as one Markdown table, registry order."""
    lines = ["| module | box | kind | status | requires | what it is (rulebook section) |",
             "|---|---|---|---|---|---|"]
    rows = M.describe()
    for r in rows:
        status = "implemented" if r["implemented"] else "not yet"
        requires = ", ".join(f"`{n}`" for n in r["requires"]) or "-"
        lines.append(f"| `{r['name']}` | {r['box']} | {r['kind']} | {status} | {requires} | {r['description']} |")
    done = M.names(implemented=True)
    lines.append("")
    lines.append(f"{len(rows)} modules, {len(done)} implemented; `--modules all` = "
                 f"{', '.join(M.base_rules())}. What each excludes: `dungeonology modules`.")
    return "\n".join(lines)


def _span(text: str, name: str) -> tuple[int, int]:
    start, end = MARKERS
    if text.count(start) != 1 or text.count(end) != 1 or text.index(start) > text.index(end):
        raise ConfigError(f"{name}: needs one {start} line followed by one {end} line around the modules table")
    return text.index(start) + len(start), text.index(end)


def embedded(text: str, name: str = "README.md") -> str:
    """The table a document carries between the markers (stripped)."""
    a, b = _span(text, name)
    return text[a:b].strip()


def refresh(path: str | Path) -> bool:
    """Write the registry's table between the markers of ``path``; True when it changed."""
    path = Path(path)
    text = path.read_text()
    a, b = _span(text, str(path))
    new = f"{text[:a]}\n{markdown()}\n{text[b:]}"
    if new != text:
        path.write_text(new)
    return new != text


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="print the table")
    parser.add_argument("--write", metavar="FILE", help="replace the table between the markers of FILE")
    args = parser.parse_args(argv)
    if args.write:
        print(f"{args.write}: {'refreshed' if refresh(args.write) else 'already up to date'}")
    if args.markdown or not args.write:
        print(markdown())


if __name__ == "__main__":
    main()
