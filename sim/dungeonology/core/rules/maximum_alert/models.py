"""The Maximum Alert rule's data model (panic.toml; "Maximum Alert", Panic Card A-F)."""

from __future__ import annotations

from sim.dungeonology.schema.models import Model, Step, UniversityFill


class PanicCard(Model):
    """A Panic Card ("Maximum Alert", Panic Card A-F); see panic.toml."""

    dungeon: str | None = None
    boss: str | None = None
    exclusive: bool = False
    university: UniversityFill
    each_player: list[Step] = []
    each_scholar: list[Step] = []
    passive: dict[str, int] = {}
    alert_modifier: int = 0


# optional keys: a data folder without them has no Panic Card
DATA = {
    "dungeon": (str | None, None),  # the Dungeon icon of the Zones (zones.toml)
    "panic": (dict[str, PanicCard], {}),
}
