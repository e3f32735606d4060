"""The effect interpreter: Auxiliary Effects, Scholar skills and Jinx Cards
are programs of steps (data, compiled from the TOML files) run here.

Rulebook: "Icon Effects", "Auxiliary Effects", "Jinx Cards"; the Rocca
Civetta keywords for Lose / Give. A step that needs a player's choice (a Stun
Token, a discard, a target, Stairs) suspends the program: it is resumed from
the continuation stack (K_PROG) once the choice is made. Each step goes to
the package that registers its opcode's range (``sim.dungeonology.core.engine.registry``;
the dispatch is generated: ``sim.dungeonology.core.engine.dispatch_ops``).
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.engine import kstack
from sim.dungeonology.core.engine.dispatch_ops import exec_op
from sim.kit.jit import kernel


@kernel
def run_prog(s, t, prog, pc, actor):
    """Run program `prog` from step `pc` until it ends or asks for a choice."""
    start = t[L.T_PROG_START + prog]
    length = t[L.T_PROG_LEN + prog]
    while pc < length:
        o = L.T_OPS + (start + pc) * L.OP_W
        pc += 1
        kstack.push(s, L.K_PROG, prog, pc, actor)
        sp = s[L.S_KSP]
        exec_op(s, t, t[o + L.OPF_CODE], t[o + L.OPF_N], t[o + L.OPF_TYPE], t[o + L.OPF_COST], actor, prog)
        # a step that opened a decision, or pushed what must happen before the
        # program goes on (a Boss Effect on entering a Zone ...), leaves the
        # rest of the program to the continuation stack
        if s[L.S_PHASE] != L.PH_NONE or s[L.S_KSP] != sp or s[L.S_OVER] == 1:
            return
        kstack.pop(s)
