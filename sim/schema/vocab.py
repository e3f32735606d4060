"""Vocabularies of the component data and the small validators the models share.

The names here (Passages, timings, ops, passives, Zone Effects) are what the
TOML files may write; the engine's order of most of them lives in sim/layout.py.
See docs/DATA_FORMAT.md, "Vocabularies".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import AfterValidator, Field

from sim.layout import PASSIVE_NAMES, TIMING_MASKS, ZONE_EFFECT_KINDS

# --------------------------------------------------------------------------- vocabularies

PASSAGES = ("N1", "N2", "E1", "E2", "S1", "S2", "W1", "W2")
DIRECTIONS = ("N", "E", "S", "W")
TIMINGS = tuple(TIMING_MASKS)  # own, own_test, own_espionage, test, instant (sim/layout.py)
OPS: dict[str, str] = {
    "sacrifice": "Sacrifice n of your Students (put them in the Reserve)",
    "draw_students": "draw n Students from the University and place them at the Bonfire",
    "speed": "gain n Speed points",
    "take_bonfire": "take up to n Students from the Campus Bonfire",
    "draw_cards": "draw n Trick Cards from the deck",
    "stealth": "add n to the Scholar's Stealth Value (during a Stealth Test)",
    "alert": "add n to the Alert Value (during a Stealth Test)",
    "divination_stealth": "Divination n: reveal n Trick Cards, add the highest Bonus to the Stealth Value",
    "divination_alert": "Divination n: reveal n Trick Cards, add the highest Bonus to the Alert Value",
    "discard_target": "you or an opponent (your choice) discards n Trick Cards of their choice",
    "discard_own": "discard n of your Trick Cards",
    "discard_type": "discard n of your Trick Cards of type `type` (or any type)",
    "stun": "gain n Stun Tokens",
    "lose_random_info": "lose n Information Cubes chosen by the Randomizer",
    "move_random_direction": "n times: move to the Linked Zone in a direction chosen by the Randomizer",
    "move_random_passage": "n times: move through a Passage of your Zone chosen by the Randomizer",
    "give_random_scholar": "n times: Give the top cube of a Randomized Information to a Randomized Scholar",
    "drop": "n times: Drop a cube of your choice in your Zone (or a Linked Zone, or the Reserve)",
    # Boss effects (boss.toml Sighting and Activation only; "Boss", "Boss Movement")
    "boss_appear": "the Boss model appears in the Zone where the Boss Effect was activated",
    "boss_move": "move the Boss n Zones without retracing his steps; the activating player chooses",
    "boss_move_random": "Randomize a target Scholar, then move the Boss n Zones towards him "
                        "without retracing his steps",
    "boss_move_random_passage": "n times: move the Boss through a Passage of his Zone chosen by the "
                                "Randomizer (never straight back)",
    "boss_activate": "the Boss's Activation, played by this player (nothing if the Boss is not in the Dungeon)",
    "gain_intern": "get the Intern Card linked to the played Trick Card kind (stolen from its owner if taken)",
    "place_trap": "place a random face-down Trap Token from the supply on your Zone",
    "place_teleport": "place a Teleport Token from the supply on your Zone",
    "place_teleport_left": "place a Teleport Token from the supply on the Zone you last left",
    "place_secret_passage": "place a Secret Passage Marker X from the supply on your Zone",
    # Main Effects (advanced rule)
    "skip_movement": "skip the rest of your Movement Phase (Standard Main Effects only)",
    "move_floor": "move to a placed Zone of your choice on your Floor (not the Starting Zone)",
    "move_any": "move to any placed Zone of your choice (not the Starting Zone)",
    "move_linked": "n times: you may move to an Adjacent and Linked Zone of your choice",
    "cancel": "cancel the Main Effect this Reaction answers (its cost is not paid)",
    "boost_side": "add n to your side of the Stealth Test: your Stealth Value if it is your test, else the Alert Value",
    "divination_side": "Divination n for your side of the Stealth Test (Stealth if it is your test, else Alert)",
    "opponents_sacrifice": "every other Scholar in the Dungeon Sacrifices up to n Students",
    "gain_reserve": "take up to n grey Students from the Reserve",
}
# Steps that take no n (they place or take one component).
SINGLE_OPS = ("gain_intern", "place_trap", "place_teleport", "place_teleport_left", "place_secret_passage")
PASSIVES = PASSIVE_NAMES  # sim/layout.py holds the order the engine uses
ZONE_EFFECTS = tuple(ZONE_EFFECT_KINDS)  # sim/layout.py; "Zone Effect Types"
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
    "designer": "set by a designer's data layer (--data)",
    "override": "set by an override (--set)",
}
# Table markers: list key -> (status, note key). `provisional = ["speed"]` marks keys
# of its table; `provisional_note` says why.
STATUS_MARKERS: dict[str, tuple[str, str]] = {"provisional": ("provisional", "provisional_note")}
PROVISIONAL_KEYS = tuple(k for marker, (_, note) in STATUS_MARKERS.items() for k in (marker, note))
ANY_TYPE = "any"
# A Boss Card has two sides, each with at most one profile ("The Boss" A; Rocca Civetta
# "Big Boss" A: a Big Boss has one). The tables hold two rows per Boss Card.
MAX_BOSS_PROFILES = 2


def _one_of(vocab: tuple[Any, ...] | Mapping[str, Any], what: str) -> AfterValidator:
    allowed = ", ".join(str(v) for v in vocab)

    def check(value: Any) -> Any:
        if value not in vocab:
            raise ValueError(f"unknown {what} (allowed: {allowed})")
        return value

    return AfterValidator(check)


def _at_least(n: int, message: str) -> AfterValidator:
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
Floor = Annotated[int, _one_of(FLOORS, "Floor")]
Passage = Annotated[str, _one_of(PASSAGES, "Passage")]
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
