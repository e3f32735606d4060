"""The Boss advanced rule ("Boss"): see ``boss``."""

from sim.dungeonology import layout as L
from sim.dungeonology.core.engine.registry import Registration

REGISTRATION = Registration(
    module="boss",
    ranges=L.ranges_of("boss"),
    phases={"PH_BOSS_MOVE": ("boss:boss_step(s, t, a - L.A_ZONE)", "boss:boss_steps(s, t, out, 0)")},
    continuations={"K_BOSS_STEP": "boss:move_next(s, t)"},
    ops={("OP_BOSS_APPEAR", "OP_BOSS_ACTIVATE"): "boss:exec_boss_op(s, t, op, n, actor)"},
)
