"""Rocca Civetta's cards ("Specialists Cards", "Spriggan Cards", the Fool's
Token of "New Components"): see ``cards``. The Alchemy Cards, the new Jinx,
Intern and Panic Cards and the "Add 1 or More Types" rule are data in the
existing effect language (sim/dungeonology/data/rocca_civetta/, sim.dungeonology.tables)."""

from sim.dungeonology import layout as L
from sim.dungeonology.core.engine.registry import Registration

REGISTRATION = Registration(
    module="rc_cards",
    ranges=L.ranges_of("rc_cards"),
    phases={"PH_RC_TOKEN": ("cards:token_choice(s, t, me, a)", "cards:token_actions(s, t, me, out)")},
    ops={(105, 119): "cards:exec_rc_cards_op(s, t, op, n, actor, prog)"},
)
