"""The header of the observation tensor, after its state part (``sim.dungeonology.observation``):
offsets ``H_*`` from ``OBS_STATE``. The basic game's blocks are declared here; each module's
in its manifest (``Manifest.observation``), in manifest order."""

from __future__ import annotations

from sim.dungeonology.layout.limits import MAXP
from sim.dungeonology.layout.manifests import allocate, arrange
from sim.dungeonology.manifest import Field

BASE_HEADER: tuple[Field, ...] = (
    Field("H_VIEWER", MAXP, meaning="one-hot: the viewer's seat"),
    Field("H_ACTOR", meaning="1 when the viewer decides now"),
    Field("H_JINX_DOWN", MAXP, meaning="face-down Jinx Cards held, per seat"),
    Field("H_CLAN_KNOWN", meaning="1 when the viewer knows the Clan Card"),
)
HEADER_FIELDS = arrange(BASE_HEADER, "observation")
_offsets = allocate(HEADER_FIELDS)
H_SIZE = sum(f.size for f in HEADER_FIELDS)
globals().update(_offsets)

__all__ = [*_offsets, "H_SIZE", "HEADER_FIELDS"]
