"""The Specialists Cards' Auxiliary Effect (Rocca Civetta, "Specialists Cards"): "Add a bonus
equal to the number of Interns you have to your Stealth Value" (opcode ``stealth_interns``)."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.rules.main_effects.interns import interns_owned
from sim.kit.jit import kernel


@kernel
def exec_specialists_op(s, t, op, n, actor):
    """OP_STEALTH_INTERNS: n times the Interns the actor owns, added to her own Stealth Test."""
    if op == L.OP_STEALTH_INTERNS:
        if s[L.S_T_KIND] > 0 and s[L.S_T_ACTIVE] == actor:
            s[L.S_T_STEALTH] += n * interns_owned(s, t, actor)
