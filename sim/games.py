"""The catalogue of games: one line per game bundle (``sim.kit.bundle``)."""

CATALOGUE = (
    "sim.dungeonology.bundle:BUNDLE",
    "sim.leduc.bundle:BUNDLE",
)
