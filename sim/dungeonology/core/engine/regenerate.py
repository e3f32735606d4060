"""``python -m sim.dungeonology.core.engine.regenerate [--check]``: bring the
generated modules (the dispatch of phases, continuations and opcodes and the
hook chains; ``sim.dungeonology.core.engine.generate``) up to date with the
packages' manifests. ``--check`` writes nothing and exits 1 when a file is stale.
Nothing regenerates them on import: run this after changing a manifest.
"""

from __future__ import annotations

import sys

from sim.dungeonology.core.engine.generate import ROOT, files
from sim.kit import codegen


def main(argv: list[str] | None = None) -> int:
    """Regenerate (or with ``--check`` only report) the stale generated modules; 1 when ``--check`` found one."""
    args = sys.argv[1:] if argv is None else argv
    texts = files()
    names = [p.relative_to(ROOT).as_posix() for p in codegen.stale(texts)]
    if "--check" in args:
        print("stale: " + ", ".join(names) if names else "up to date")
        return 1 if names else 0
    codegen.write(texts)
    print("regenerated: " + ", ".join(names) if names else "up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
