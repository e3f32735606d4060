"""Vocabularies of the component data and the small validators the models share.

The names here (Passages, timings, ops, passives, Zone Effects) are what the
TOML files may write; the engine's order of most of them lives in sim/dungeonology/layout/.
See docs/DATA_FORMAT.md, "Vocabularies".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import AfterValidator, Field

from sim.dungeonology.layout import MAX_PROFILES, OP_TABLE, PASSIVE_NAMES, TIMING_MASKS, ZONE_EFFECT_KINDS
from sim.dungeonology.layout import SINGLE_OPS as SINGLE_OPS  # steps that take no n (the op table), re-exported

# --------------------------------------------------------------------------- vocabularies

PASSAGES = ("N1", "N2", "E1", "E2", "S1", "S2", "W1", "W2")
DIRECTIONS = ("N", "E", "S", "W")
TIMINGS = tuple(TIMING_MASKS)  # own, own_test, own_espionage, test, instant (sim/dungeonology/layout/codes.py)
OPS: dict[str, str] = {op.name: op.doc for op in OP_TABLE}  # the op table, sim/dungeonology/layout/ops.py
PASSIVES = PASSIVE_NAMES  # sim/dungeonology/layout/codes.py holds the order the engine uses
ZONE_EFFECTS = tuple(ZONE_EFFECT_KINDS)  # sim/dungeonology/layout/codes.py; "Zone Effect Types"
# The rulebook's difficulties (the keys of the base alert.toml). A data folder
# defines its own: use GameData.difficulties for the ones actually loaded.
DIFFICULTIES = ("introductory", "easy", "medium", "hard")
FLOORS = (1, 2, 3)
MAX_PASSAGES = len(PASSAGES)
# Where a value comes from (docs/DATA_FORMAT.md, "Provenance"): its status. A box's
# values are printed unless a table marks them; a designer's layer and an override
# get their own. A later kind of source (a fan transcription) adds one entry here,
# and, if tables are to mark it, one to STATUS_MARKERS.
STATUSES: dict[str, str] = {
    "printed": "printed on the components and given in the rulebook",
    "provisional": "printed on the components but not given in the rulebook: a chosen value",
    "transcribed": "printed on the components, from a fan transcription not checked against the cards",
    "designer": "set by a designer's data layer (--data)",
    "override": "set by an override (--set)",
}
# Table markers: list key -> (status, note key). `provisional = ["speed"]` marks keys
# of its table; `provisional_note` says why. `transcribed = [...]` marks values taken
# from the fan transcription of shared/data/PRINTED_FACTS.md (source and note in
# `transcribed_note`).
STATUS_MARKERS: dict[str, tuple[str, str]] = {"provisional": ("provisional", "provisional_note"),
                                              "transcribed": ("transcribed", "transcribed_note")}
PROVISIONAL_KEYS = tuple(k for marker, (_, note) in STATUS_MARKERS.items() for k in (marker, note))
ANY_TYPE = "any"
# A Boss Card has two sides, each with at most one profile ("The Boss" A; Rocca Civetta
# "Big Boss" A: a Big Boss has one). The tables hold two rows per Boss Card.
MAX_BOSS_PROFILES = MAX_PROFILES  # sim/dungeonology/layout/limits.py


def one_of(vocab: tuple[Any, ...] | Mapping[str, Any], what: str) -> AfterValidator:
    allowed = ", ".join(str(v) for v in vocab)

    def check(value: Any) -> Any:
        if value not in vocab:
            raise ValueError(f"unknown {what} (allowed: {allowed})")
        return value

    return AfterValidator(check)


def at_least(n: int, message: str) -> AfterValidator:
    def check(value: Any) -> Any:
        if len(value) < n:
            raise ValueError(f"{message} (allowed: {n} or more entries)")
        return value

    return AfterValidator(check)


def _passage_list(value: list[str]) -> list[str]:
    allowed = f"allowed: 1 to {MAX_PASSAGES} of {' '.join(PASSAGES)}"
    if not value:
        raise ValueError(f"a Zone needs at least one Passage ({allowed})")
    if len(set(value)) != len(value):
        raise ValueError(f"a Passage is listed twice ({allowed}, each at most once)")
    return value


Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]
Floor = Annotated[int, one_of(FLOORS, "Floor")]
Passage = Annotated[str, one_of(PASSAGES, "Passage")]
Passages = Annotated[list[Passage], AfterValidator(_passage_list)]



def strip_provisional(value: Any) -> Any:
    """A copy of raw data without ``provisional`` / ``provisional_note`` keys (at any depth)."""
    if isinstance(value, dict):
        return {
            k: strip_provisional(v)
            for k, v in value.items()
            if k not in PROVISIONAL_KEYS
        }
    if isinstance(value, list):
        return [strip_provisional(v) for v in value]
    return value
