"""The Specialists Cards' manifest (Rocca Civetta, "Specialists Cards"; module ``specialists``;
sim.dungeonology.manifest): their Auxiliary Effect's opcode, a bonus of the Interns one has."""

from __future__ import annotations

from sim.dungeonology.layout.opdefs import Context, NMode, Op, Target, Value
from sim.dungeonology.manifest import Manifest

T, N, C = Target, NMode, Context
_SPEC = "specialists"
OPS = (
    # "Add a bonus equal to the number of Interns you have to your Stealth Value"
    Op(105, "stealth_interns", "STEALTH_INTERNS", _SPEC, T.TEST, N.COUNT, False, C.ANY, "Stealth",
       "Stealth +{n} per Intern you have",
       "add n times the number of Interns you have to your Stealth Value (during your Stealth Test)",
       Value(stealth=(0.0, 1.0))),
)
del T, N, C

MANIFEST = Manifest(
    module="specialists",
    ranges={"specialists": ((58, 59), (58, 59), (105, 105))},  # the Rocca Civetta cards' range, its share
    ops={(105, 105): "ops:exec_specialists_op(s, t, op, n, actor)"},
    op_table=OPS,
)
