"""Dungeonology rules engine: numba core over arrays, Python surface here.

The public names (``GameConfig``, ``Game``, the errors...) are imported on first use (PEP 562): a
process that only plays compiled tables (a sweep's worker) never loads the data files' models.
"""

from sim._cache import refresh_numba_cache
from sim.core.engine.registry import ensure_generated

ensure_generated()  # the generated dispatch modules first: the cache check hashes them
refresh_numba_cache()

_PUBLIC = {
    "ConfigError": "sim.errors",
    "DataError": "sim.errors",
    "DungeonologyError": "sim.errors",
    "IllegalActionError": "sim.errors",
    "RecordError": "sim.errors",
    "GameConfig": "sim.config",
    "Game": "sim.game",
    "new_game": "sim.game",
    "replay": "sim.game",
}
__all__ = sorted(_PUBLIC)


def __getattr__(name: str) -> object:
    if name in _PUBLIC:
        import importlib

        return getattr(importlib.import_module(_PUBLIC[name]), name)
    raise AttributeError(f"module 'sim' has no attribute {name!r}")
