"""The Spriggan Cards' manifest (Rocca Civetta, "Spriggan Cards"; module ``spriggan``;
sim.dungeonology.manifest): which kinds give their Intern to whoever declares a Stealth Value
with their Bonus Value."""

from __future__ import annotations

from sim.dungeonology.layout.limits import MAX_KINDS
from sim.dungeonology.manifest import Field, Hook, Manifest

MANIFEST = Manifest(
    module="spriggan",
    tables=(
        Field("T_RC_DECLARE_INTERN", MAX_KINDS,
              meaning="1: who declares a Stealth Value with its Bonus Value takes its Intern (Spriggan)",
              after="T_RC_KIND_ADDED"),
    ),
    # the Stealth Value is declared: a Spriggan's Bonus Value used takes its Intern (before Good / Bad Luck)
    hooks=(Hook("stealth_declared", "cards:declared_interns(s, t)", order=10, always=True),),
    compile=(("end", "tables:compile_spriggan"),),  # its table compiler (sim.dungeonology.tables.STAGES)
)
