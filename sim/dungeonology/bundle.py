"""Dungeonology as a game bundle (``sim.kit.bundle``): what the generic machinery needs to know."""

from __future__ import annotations

from sim.kit.bundle import GameBundle

BUNDLE = GameBundle(
    name="dungeonology",
    title="Dungeonology: The Expedition (with Rocca Civetta)",
    kernels="sim.dungeonology.kernels",
    rollout="agents.dungeonology.heuristic.rollout",
    config="sim.dungeonology.config:GameConfig",
    compile="sim.dungeonology.config:compile_config",
    new_game="sim.dungeonology.game:new_game",
    adapter="sim.dungeonology.adapter",
    observe="sim.dungeonology.observation:observe_seat",
    min_players=2,
    max_players=4,
    agents=("agents.dungeonology.heuristic",),
    default_agent="heuristic",
    results="experiments.dungeonology.results",
    sweep="experiments.dungeonology.sweep",
    analysis="experiments.dungeonology.analysis",
    report="experiments.dungeonology.report",
    cli="experiments.dungeonology.cli",
    engine="sim.dungeonology.engines:bundle_for",
    one_engine="sim.dungeonology.engines:one_engine",
)
