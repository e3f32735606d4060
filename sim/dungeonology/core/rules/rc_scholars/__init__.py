"""Rocca Civetta, "New Scholars": the seven new Scholars' skills (opcodes
90-94) and Camp Z, the Zone exploited by Caterina ("Special Zones"); see
``skills``. Module ``rocca_civetta`` (its content: every game of the box)."""

from sim.dungeonology import layout as L
from sim.dungeonology.core.engine.registry import Registration

REGISTRATION = Registration(
    module="rocca_civetta",
    ranges=L.ranges_of("rc_scholars"),
    ops={("OP_ONCE_PER_TURN", "OP_EXHUME"): "skills:exec_rc_scholars_op(s, t, op, n, actor)"},
)
