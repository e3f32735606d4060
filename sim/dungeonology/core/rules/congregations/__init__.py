"""Student Congregations, the Rocca Civetta advanced rule ("Student
Congregations"): which Congregations are in the game, their Students in the
Reserve, the University and at the ordered Bonfire, keeping a drawn one
(``students``), and the effects of the Students a Scholar owns (``effects``).
The Student kinds themselves live in ``sim.dungeonology.core.components.university``."""
