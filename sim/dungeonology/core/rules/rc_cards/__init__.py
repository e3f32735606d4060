"""Rocca Civetta's cards ("Specialists Cards", "Spriggan Cards", the Fool's
Token of "New Components"): see ``cards``. The Alchemy Cards, the new Jinx,
Intern and Panic Cards and the "Add 1 or More Types" rule are data in the
existing effect language (sim/dungeonology/data/rocca_civetta/, sim.dungeonology.tables)."""
