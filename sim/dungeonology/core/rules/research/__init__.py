"""The Research Cards advanced rule of Rocca Civetta ("Research Cards"): see
``research``. A claim is an action of the current player at her decisions
(``claim_actions`` adds it, ``sim.dungeonology.core.engine.step`` applies it and reopens
the decision) and at the End of Turn claim point, the phase registered here."""

from sim.dungeonology import layout as L
from sim.dungeonology.core.engine.registry import Registration

REGISTRATION = Registration(
    module="research",
    ranges=L.ranges_of("research"),
    phases={"PH_RESEARCH": ("research:end_point_choice(s, t, me, a)", "research:end_point_actions(s, t, me, out)")},
)
