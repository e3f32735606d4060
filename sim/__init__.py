"""Dungeonology rules engine: numba core over arrays, Python surface here."""

from sim._cache import refresh_numba_cache
from sim.core.engine.registry import ensure_generated

ensure_generated()  # the generated dispatch modules first: the cache check hashes them
refresh_numba_cache()

from sim.config import GameConfig  # noqa: E402
from sim.errors import ConfigError, DataError, DungeonologyError, IllegalActionError, RecordError  # noqa: E402
from sim.game import Game, new_game, replay  # noqa: E402

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
