"""Leduc poker as a game bundle (``sim.kit.bundle``): the reference game that proves the seam."""

from __future__ import annotations

from sim.kit.bundle import GameBundle

BUNDLE = GameBundle(
    name="leduc",
    title="Leduc poker (OpenSpiel's leduc_poker rules)",
    kernels="sim.leduc.kernels",
    config="sim.leduc.config:LeducConfig",
    compile="sim.leduc.config:compile_config",
    new_game="sim.leduc.game:new_game",
    adapter="sim.leduc.adapter",
    observe="sim.leduc.observation:observe",
    min_players=2,
    max_players=10,
    default_agent="ismcts",
    results="experiments.leduc.results",
    sweep="experiments.leduc.sweep",
    analysis="experiments.leduc.analysis",
    report="experiments.leduc.report",
    cli="experiments.leduc.cli",
)
