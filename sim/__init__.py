"""Dungeonology rules engine: numba core over arrays, Python surface here.

The public names (``GameConfig``, ``Game``, the errors...) are imported on first use (PEP 562): a
process that only plays compiled tables (a sweep's worker) never loads the data files' models.
"""

from sim.dungeonology.core.engine.registry import ensure_generated
from sim.kit.cache import refresh_numba_cache

ensure_generated()  # the generated dispatch modules first: the cache check hashes them
refresh_numba_cache()

_PUBLIC = {
    "ConfigError": "sim.kit.errors",
    "DataError": "sim.kit.errors",
    "DungeonologyError": "sim.kit.errors",
    "IllegalActionError": "sim.kit.errors",
    "RecordError": "sim.kit.errors",
    "GameConfig": "sim.dungeonology.config",
    "Game": "sim.dungeonology.game",
    "new_game": "sim.dungeonology.game",
    "replay": "sim.dungeonology.game",
}
__all__ = sorted(_PUBLIC)


def __getattr__(name: str) -> object:
    if name in _PUBLIC:
        import importlib

        return getattr(importlib.import_module(_PUBLIC[name]), name)
    raise AttributeError(f"module 'sim' has no attribute {name!r}")
