"""Student Congregations, the Rocca Civetta advanced rule ("Student
Congregations"): which Congregations are in the game, their Students in the
Reserve, the University and at the ordered Bonfire, keeping a drawn one
(``students``), and the effects of the Students a Scholar owns (``effects``).
The Student kinds themselves live in ``sim.dungeonology.core.components.university``."""

from sim.dungeonology import layout as L
from sim.dungeonology.core.engine.registry import Registration

REGISTRATION = Registration(
    module="congregations",
    ranges=L.ranges_of("congregations"),
    phases={
        "PH_CG_CHOICE": ("effects:choice_apply(s, t, me, a)", "effects:choice_actions(s, t, me, out)"),
        "PH_CG_ORDER": ("students:order_apply(s, t, me, a)", "students:order_actions(s, t, me, out)"),
    },
    continuations={
        "K_CG_DRAWN": "students:drawn_next(s, t)",
        "K_CG_ORDER": "students:order_next(s, t)",
        "K_CG_EFFECT": "effects:effect_step(s, t, a, b, c)",
    },
)
