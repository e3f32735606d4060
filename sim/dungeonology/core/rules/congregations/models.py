"""The Student Congregations' data model (congregations.toml of the module's data layer; Rocca
Civetta, "Student Congregations")."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, Field

from sim.dungeonology.layout import CG_EFFECT_KINDS, CONGREGATIONS
from sim.dungeonology.layout.limits import MAX_CG_EFFECTS
from sim.dungeonology.schema.models import Model
from sim.dungeonology.schema.vocab import Count, one_of


class CongregationEffect(Model):
    """One effect of a Student Congregation Card (Rocca Civetta, "Student
    Congregations"); see congregations.toml."""

    effect: Annotated[str, one_of(tuple(CG_EFFECT_KINDS), "Congregation effect")]
    sacrifice: Count = 0  # Students of the Congregation Sacrificed to activate it (0: a "When you ..." effect)
    n: Count = 0
    gold: bool = False  # the gold symbol: also during the opponents' turns


def congregation_names(value: dict[str, Any]) -> dict[str, Any]:
    allowed = [c.capitalize() for c in CONGREGATIONS]
    for name in value:
        if name not in allowed:
            raise ValueError(f"unknown Student Congregation {name!r} (allowed: {', '.join(allowed)})")
    return value


class Congregation(Model):
    """A Student Congregation: its Students, when it is available, its card's effects."""

    colour: str = ""
    students: Count  # put in the Reserve when the Congregation is used
    used: bool = True  # chosen for the game (a Congregation unavailable by a Boss or Scholar stays out anyway)
    unavailable_with: list[str] = []  # Boss or Scholar names: not available when one of them is in the game
    not_at_setup_with: list[str] = []  # Boss or Scholar names: its Students are not entered at Game Setup
    effects: Annotated[dict[str, CongregationEffect], Field(max_length=MAX_CG_EFFECTS)] = {}


DATA = {"congregations": (Annotated[dict[str, Congregation], AfterValidator(congregation_names)], {})}
