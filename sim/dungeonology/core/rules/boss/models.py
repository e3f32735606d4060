"""The Boss rule's data model (boss.toml; "The Boss"): the Boss Cards and their profiles."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator

from sim.dungeonology.schema.models import Model, Step
from sim.dungeonology.schema.vocab import MAX_BOSS_PROFILES, Count, at_least


class BossProfile(Model):
    """One profile of a Boss Card ("The Boss" B-E)."""

    alert_modifier: Count
    sighting: Annotated[list[Step], at_least(1, "Sighting needs at least one step")]
    activation: Annotated[list[Step], at_least(1, "Activation needs at least one step")]
    encounter: list[Step] = []


def boss_profiles(value: dict[str, BossProfile]) -> dict[str, BossProfile]:
    if not 1 <= len(value) <= MAX_BOSS_PROFILES:
        raise ValueError(
            f"a Boss Card has one profile or two, one on each side of the card; this one has {len(value)} "
            f"(allowed: 1 to {MAX_BOSS_PROFILES} profiles)"
        )
    return value


class Boss(Model):
    """A Boss Card: its name and its profiles ("The Boss" A): two for Laetus of
    the base box, one for a Big Boss (Rocca Civetta, "Big Boss" A)."""

    name: str
    profiles: Annotated[dict[str, BossProfile], AfterValidator(boss_profiles)]


DATA = {"boss": (dict[str, Boss], {})}  # boss.toml (optional: only the Boss advanced rule uses it)
