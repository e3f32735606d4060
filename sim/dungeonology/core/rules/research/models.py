"""The Research Cards' data model (research.toml of the module's data layer; Rocca Civetta,
"Research Cards")."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field

from sim.dungeonology.layout import QUEST_CONDITIONS
from sim.dungeonology.layout.limits import MAX_QUEST_CONDS, MAX_RESEARCH
from sim.dungeonology.schema.models import Model
from sim.dungeonology.schema.vocab import Count, Positive, one_of


def quest_conditions(value: list[QuestCondition]) -> list[QuestCondition]:
    if not 1 <= len(value) <= MAX_QUEST_CONDS:
        raise ValueError(f"a Quest has 1 to {MAX_QUEST_CONDS} conditions (allowed: 1..{MAX_QUEST_CONDS} entries)")
    return value


class QuestCondition(Model):
    """One requirement of a Research Card's Quest (Rocca Civetta, "Research
    Cards"): what the Scholar holds, at least ``n`` (at most with ``at_most``);
    ``color`` only for ``cubes``, ``each`` only for ``columns``."""

    what: Annotated[str, one_of(QUEST_CONDITIONS, "quest condition")]
    n: Count
    color: str | None = None
    each: Positive = 1
    at_most: bool = False


class ResearchCard(Model):
    """A Research Card (Rocca Civetta, "Research Cards"): its Quest (every
    condition must hold) and the bonus victory points it grants at Scoring."""

    points: Count
    requires: Annotated[list[QuestCondition], AfterValidator(quest_conditions)]


DATA = {"research": (Annotated[dict[str, ResearchCard], Field(max_length=MAX_RESEARCH)], {})}
