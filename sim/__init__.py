"""Dungeonology rules engine: numba core over arrays, Python surface here."""

from sim.config import GameConfig
from sim.errors import ConfigError, DataError, DungeonologyError, IllegalActionError, RecordError
from sim.game import Game, new_game, replay

__all__ = [
    "ConfigError",
    "DataError",
    "DungeonologyError",
    "Game",
    "GameConfig",
    "IllegalActionError",
    "RecordError",
    "new_game",
    "replay",
]
