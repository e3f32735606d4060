"""The Alchemy Cards' manifest (Rocca Civetta, "Alchemy Cards"; module ``alchemy``;
sim.dungeonology.manifest). Alchemy is data in the existing effect language
(``sim/dungeonology/data/rocca_civetta/alchemy``): it adds no rule of its own."""

from __future__ import annotations

from sim.dungeonology.manifest import Manifest

MANIFEST = Manifest(module="alchemy")
