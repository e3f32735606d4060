"""Rocca Civetta, "New Scholars": the seven new Scholars' skills (opcodes
90-94) and Camp Z, the Zone exploited by Caterina ("Special Zones"); see
``skills``. Module ``rocca_civetta`` (its content: every game of the box)."""
