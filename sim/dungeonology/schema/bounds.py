"""Upper bounds of the data's values, from the components the data itself
counts and the engine's fixed maxima (``sim.dungeonology.layout.limits``), so a value the
game could never use is refused when the data is loaded, not quietly cut down
at setup (a Scholar with more initial Students than the box holds, a hand
larger than the Trick deck).

* Every whole number fits a count of the game state
  (:data:`sim.dungeonology.state_bounds.COUNT`, 2**31 - 1): nothing near int64 reaches the
  tables (:func:`check_magnitudes`, on the raw files before the models).
* Each Scholar side (Setup A-C, "Scholar Cards"): initial Students at most the
  box's grey Students, hand size at most the Trick Cards, Intelligence at most
  the engine's largest Study (``MAX_INTEL``), Stamina at most the Stun Tokens, a Knowledge Combo's cubes at most the
  slots of that Note Board column (:func:`check_bounds`).
* The Campus Bonfire at most ``MAX_BONFIRE`` spaces; an Alert Card's Omega
  Students at most the box's Omega Students.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from sim.dungeonology.layout.limits import MAX_BONFIRE, MAX_INTEL

LARGEST = 2**31 - 1  # sim.dungeonology.state_bounds.COUNT: the largest count the state holds

Fail = Callable[[tuple[str | int, ...], Any, str], NoReturn]


def check_magnitudes(raw: Any, fail: Fail, parts: tuple[str | int, ...] = ()) -> None:
    """Refuse any whole number beyond +-LARGEST anywhere in the raw data (iteratively: deep data is fine)."""
    todo: list[tuple[tuple[str | int, ...], Any]] = [(parts, raw)]
    while todo:
        where, node = todo.pop()
        if isinstance(node, dict):
            todo.extend(((*where, k), v) for k, v in node.items())
        elif isinstance(node, list):
            todo.extend(((*where, i), v) for i, v in enumerate(node))
        elif isinstance(node, int) and not isinstance(node, bool) and abs(node) > LARGEST:
            fail(where, node, f"too large for the engine (allowed: -{LARGEST:_} to {LARGEST:_})")


def check_bounds(data: Any, fail: Fail) -> None:
    """The bounds of the module docstring on validated data (``fail(parts, value, message)`` raises)."""
    grey, omega = data.students.grey, data.students.omega
    slots = {c: col.slots for c, col in data.noteboard.columns.items()}
    for name, scholar in data.scholars.items():
        for parts, side in ((("scholars", name), scholar), (("scholars", name, "exalted"), scholar.exalted)):
            limits = (("students", grey, "the grey Students in the box (students.grey)"),
                      ("hand", data.tricks.total, "the Trick Cards (tricks.total)"),
                      ("intelligence", MAX_INTEL,
                       "the cubes one Study can indicate (sim.dungeonology.layout MAX_INTEL)"),
                      ("stamina", data.tokens.stun, "the Stun Tokens (tokens.stun)"))
            for key, most, what in limits:
                value = getattr(side, key)
                if value > most:
                    fail((*parts, key), value, f"more than {what} (allowed: at most {most})")
            for color, n in side.knowledge.items():
                if color in slots and n > slots[color]:
                    fail((*parts, "knowledge", color), n, f"more cubes than the {color} column holds "
                         f"(allowed: at most {slots[color]}, noteboard.columns.{color}.slots)")
    if data.campus.bonfire_spaces > MAX_BONFIRE:
        fail(("campus", "bonfire_spaces"), data.campus.bonfire_spaces,
             f"more spaces than the engine holds (allowed: at most {MAX_BONFIRE})")
    for name, card in data.alert.items():
        if card.university.omega > omega:
            fail(("alert", name, "university", "omega"), card.university.omega,
                 f"more Omega Students than the box holds (allowed: at most {omega}, students.omega)")
        for i, slot in enumerate(card.slots):
            if slot.omega > omega:
                fail(("alert", name, "slots", i, "omega"), slot.omega,
                     f"more Omega Students than the box holds (allowed: at most {omega}, students.omega)")
