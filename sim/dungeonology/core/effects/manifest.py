"""The effects package's manifest (``sim.dungeonology.manifest``): what it handles."""

from __future__ import annotations

from sim.dungeonology.manifest import Manifest

MANIFEST = Manifest(
    module="base",
    phases={
        "PH_STUN": ("steps:stun_choice(s, t, me, a)", "steps:stun_actions(s, t, me, out)"),
        "PH_DISCARD": ("steps:discard_choice(s, t, me, a)", "steps:discard_actions(s, t, me, out)"),
        "PH_TARGET": ("steps:ask_discard(s, t, a - L.A_TARGET, s[L.S_P_COUNT], 0, 0)",
                      "steps:target_actions(s, t, me, out)"),
        "PH_COLOR": ("steps:color_choice(s, t, me, a)", "steps:color_actions(s, t, me, out)"),
    },
    continuations={"K_PROG": "interpreter:run_prog(s, t, a, b, c)",  # a = program, b = next step, c = actor
                   "K_STUN_NEXT": "sim.dungeonology.core.components.stun:stun_continue(s, t)"},
    ops={("OP_SACRIFICE", "OP_DROP"): "basic_ops:exec_basic_op(s, t, op, n, type1, cost, actor)"},
    heuristic={  # the heuristic's handler of each phase (agents/dungeonology/heuristic)
        "PH_STUN": "agents.dungeonology.heuristic.prompts:stun_decision",  # a Student for the Stun Token, or not
        "PH_DISCARD": "agents.dungeonology.heuristic.prompts:discard_decision",  # which card to discard
        "PH_TARGET": "agents.dungeonology.heuristic.prompts:target_decision",  # whom an effect aims at
        "PH_COLOR": "agents.dungeonology.heuristic.prompts:color_decision",  # which colour to drop or lose
    },
)
