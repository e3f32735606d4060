"""The codes the modules add to the basic game's (``codes``), from their manifests
and the registry: each module's ``RULE_<NAME>`` bit in ``T_RULES``
(``sim/dungeonology/modules.py``), every constant a manifest defines (``PH_*``,
``K_*``, ...), ``PHASES`` and ``PHASE_NAMES`` with every module's phases, and
``RANGES``, the number ranges of every part of the rules (the implemented parts'
from their manifests, the others reserved)."""

from __future__ import annotations

from sim.dungeonology import modules as M
from sim.dungeonology.layout import codes as _base
from sim.dungeonology.layout.manifests import MANIFESTS, codes

RULE_BITS = {f"RULE_{m.name.upper()}": m.bit for m in M.MODULES.values() if m.bit}
MODULE_CODES = codes()
globals().update(RULE_BITS)
globals().update(MODULE_CODES)

PHASES: dict[int, str] = dict(_base.PHASES)
for _package, _manifest in MANIFESTS.items():
    for _code, _name in _manifest.phase_names.items():
        if _code in PHASES:
            raise ValueError(f"{_package}: phase {_code} ({_name}) is already {PHASES[_code]!r}")
        PHASES[_code] = _name
# PHASE_NAMES[code]: the phase's name; codes no phase uses read "reserved_<code>".
PHASE_NAMES = tuple(PHASES.get(i, f"reserved_{i}") for i in range(max(PHASES) + 1))

# part: (phases PH_*, continuations K_*, opcodes OP_*), each [first, last]
RANGES: dict[str, tuple[tuple[int, int], tuple[int, int], tuple[int, int]]] = {}
for _manifest in MANIFESTS.values():
    RANGES.update(_manifest.ranges)
RANGES.update(_base.RESERVED_RANGES)

__all__ = [*RULE_BITS, *MODULE_CODES, "RULE_BITS", "MODULE_CODES", "PHASES", "PHASE_NAMES", "RANGES"]
