"""The Main Effects advanced rule ("Main Effects"): declaring, reacting to
and paying Main Effects, Priority (``chain``); their opcodes (``ops``);
Intern Cards and Protected cubes (``interns``); Zone Effect Tokens
(``tokens``)."""

from sim.dungeonology import layout as L
from sim.dungeonology.core.engine.registry import Registration

REGISTRATION = Registration(
    module="main_effects",
    # playing Main Effects (28-35), Interns, Protected cubes and tokens (36-39; opcodes 60-79)
    ranges=L.ranges_of("main_effects", "interns"),
    phases={
        "PH_ME_REACT": ("chain:react_choice(s, t, me, a)", "chain:react_actions(s, t, me, out)"),
        "PH_ME_COST": ("chain:pay_main(s, t, s[L.S_ME_CHAIN_N] - 1, a - L.A_OPTION)",
                       "chain:cost_actions(s, t, me, out)"),
        "PH_ME_PRIORITY": ("chain:priority_choice(s, t, me, a)", "chain:priority_actions(s, t, me, out)"),
        "PH_ME_ZONE": ("ops:zone_choice(s, t, me, a)", "ops:zone_choice_actions(s, t, me, out)"),
        "PH_ME_STEAL": ("ops:steal_choice(s, t, me, a)", "ops:steal_actions(s, t, me, out)"),
        "PH_ME_GIVE": ("ops:give_choice(s, t, me, a)", "ops:give_actions(s, t, me, out)"),
        "PH_PROTECT": ("interns:protect_choice(s, t, me, a)", "interns:protect_actions(s, t, me, out)"),
    },
    continuations={
        "K_ME_REACT": "chain:react_next(s, t, a, b)",
        "K_ME_RESOLVE": "chain:resolve_main(s, t, a)",
        "K_ME_DONE": "chain:main_done(s, a)",
        "K_PRIORITY": "chain:priority_next(s, t, a)",
        "K_ME_GIVE": "ops:give_next(s, t, a, b)",
    },
    ops={(40, 59): "ops:exec_main_op(s, t, op, n, actor)",
         (60, 79): "interns:exec_intern_op(s, t, op, n, actor, prog)"},
)
