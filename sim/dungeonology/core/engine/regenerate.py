"""``python -m sim.dungeonology.core.engine.regenerate [--check]``: bring the generated
dispatch modules (``dispatch_phases.py``, ``dispatch_ops.py``) up to date
with the packages' registrations (see ``sim.dungeonology.core.engine.registry``).

``import sim`` has already rewritten a stale one by the time this runs;
``--check`` exits 1 when it had to (the checked-in file was stale).
"""

from __future__ import annotations

import sys

from sim.dungeonology.core.engine import registry


def main(argv: list[str] | None = None) -> int:
    """Regenerate; print what changed; 1 with ``--check`` if anything did."""
    args = sys.argv[1:] if argv is None else argv
    done = registry.REGENERATED + registry.ensure_generated()
    print("regenerated: " + ", ".join(done) if done else "up to date")
    return 1 if done and "--check" in args else 0


if __name__ == "__main__":
    raise SystemExit(main())
