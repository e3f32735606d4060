"""The Main Effects rule's data model of the Intern Cards (interns.toml; "Intern Cards"). Each
Trick Card kind's Main Effect is a field of its card (``sim.dungeonology.schema.models.MainEffect``)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from sim.dungeonology.layout.limits import MAX_INTERNS
from sim.dungeonology.schema.models import Model
from sim.dungeonology.schema.vocab import Count


class Intern(Model):
    points: Count
    passive: dict[str, int] = {}
    protected: list[str] = []
    token: dict[str, int] = {}  # passives of the Intern's token for the Scholar holding it (RC: the Fool's Token)
    # the module whose Trick Cards call this Intern (RC Specialists, Spriggan): without them no card names it,
    # and it stays in the Intern deck
    called_by: str | None = None


DATA = {"interns": (Annotated[dict[str, Intern], Field(max_length=MAX_INTERNS)], {})}
