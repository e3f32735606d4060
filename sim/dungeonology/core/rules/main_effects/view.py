"""The Main Effects rule in the view dicts (``sim.dungeonology.view``): the Reaction chain, the
Intern Cards (owned: public), the Zone Effect Tokens on the Zones (a Trap lies face down) and in
the supply (its Trap kinds hidden)."""

from __future__ import annotations

from typing import Any

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.rules.main_effects.interns import intern_bonus
from sim.dungeonology.tables import Names
from sim.dungeonology.view import HIDDEN, ZONE_EFFECT_NAMES


def main_effects_view(s: np.ndarray, t: np.ndarray, names: Names, viewer: int | None) -> dict[str, Any]:
    """Main Effects rule: the declared effects not yet resolved (face up on
    the table, the last one on top) and the ACTION Main Effects of the turn."""
    chain = []
    for i in range(int(s[L.S_ME_CHAIN_N])):
        k = int(s[L.S_ME_KIND + i])
        chain.append({
            "seat": int(s[L.S_ME_SEAT + i]),
            "card": names.kinds[k],
            "effect": names.mains[k],
            "cancelled": bool(s[L.S_ME_CANCEL + i]),
        })
    return {"declared": chain, "actions_this_turn": int(s[L.S_ME_ACTIONS])}


def interns_owned(s: np.ndarray, t: np.ndarray, names: Names, seat: int, viewer: int | None) -> list[str]:
    """The Intern Cards the seat owns."""
    return [name for i, name in enumerate(names.interns) if int(s[L.S_INTERN_OWNER + i]) == seat]


def intern_deck(s: np.ndarray, t: np.ndarray, names: Names, viewer: int | None) -> list[str]:
    """The Intern Cards nobody owns."""
    return [name for i, name in enumerate(names.interns) if int(s[L.S_INTERN_OWNER + i]) < 0]


def teleport_tokens(s: np.ndarray, t: np.ndarray, names: Names, viewer: int | None) -> int:
    return int(s[L.S_TELEPORT_SUPPLY])


def secret_passage_markers(s: np.ndarray, t: np.ndarray, names: Names, viewer: int | None) -> int:
    return int(s[L.S_SECRET_SUPPLY])


def trap_tokens(s: np.ndarray, t: np.ndarray, names: Names, viewer: int | None) -> int | dict[str, int]:
    """The Trap Tokens in the supply: how many (a seat's view), by kind (the whole truth)."""
    if viewer is not None:
        return sum(int(s[L.S_TRAP_SUPPLY + k]) for k in range(len(L.TRAP_KINDS)))
    return {name: int(s[L.S_TRAP_SUPPLY + k]) for k, name in enumerate(L.TRAP_KINDS)}


def zone_tokens(s: np.ndarray, t: np.ndarray, names: Names, z: int, viewer: int | None) -> dict[str, Any]:
    """Zone Effect Tokens on a Zone. A Trap Token lies face down: nobody sees
    its effect (only the whole truth, viewer None, shows it)."""
    kind = int(s[L.S_ZTRAP_KIND + z])
    trap: Any = None
    if kind:
        trap = {"effect": ZONE_EFFECT_NAMES[kind], "n": int(s[L.S_ZTRAP_N + z])} if viewer is None else HIDDEN
    return {
        "trap": trap,
        "teleport": bool(s[L.S_ZTELEPORT + z]),
        "secret_passage": L.SECRET_LETTERS[-1] if s[L.S_ZSECRET + z] else None,
    }


def intern_points(s: np.ndarray, t: np.ndarray, names: Names, p: int) -> int:
    """The score breakdown: the End of Game Bonus Points of the seat's Interns."""
    return int(intern_bonus(s, t, p))
