"""Rocca Civetta's data model of the cubes without a column (box.toml ``[cube_kinds]``; RC "False
Information", "Universal Information")."""

from __future__ import annotations

from sim.dungeonology.schema.models import Model
from sim.dungeonology.schema.vocab import Count


class CubeKind(Model):
    """False or Universal Information in the box (RC "New Components")."""

    count: Count


DATA = {"cube_kinds": (dict[str, CubeKind], {})}
