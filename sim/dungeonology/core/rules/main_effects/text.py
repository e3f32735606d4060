"""The Main Effects rule's actions in words (``sim.dungeonology.actions``): a Main Effect declared,
the options of a choice (a "/" cost, a Protected cube), a cube Stolen or Given, a Zone moved to."""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.actions import cost_label
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.tables import Names


def main_cost_text(tables: np.ndarray, kind: int) -> str:
    """The "/" cost options of a kind's Main Effect in words."""
    nc = int(tables[L.T_ME_NCOST + kind])
    if nc == 0:
        return "no cost"
    return " / ".join(cost_label(tables, int(tables[L.T_ME_COST + kind * L.MAX_ME_COSTS + i])) for i in range(nc))


def main_text(s: np.ndarray, t: np.ndarray, names: Names, i: int) -> str:
    """main i: declare the Main Effect of a kind-i card."""
    timing = ("", ", Instant", ", Reaction")[int(t[L.T_ME_TIMING + i])]
    action = ", ACTION" if int(t[L.T_ME_ACTION + i]) else ""
    return f"Main Effect: {names.mains[i]} ({names.kinds[i]}{action}{timing}; pay: {main_cost_text(t, i)})"


def option_text(s: np.ndarray, t: np.ndarray, names: Names, i: int) -> str:
    """option i: keep or lose a Protected cube, pay a "/" cost option, or an option of another choice."""
    if int(s[L.S_PHASE]) == L.PH_PROTECT:
        color = names.colors[int(s[L.S_PR_COLOR])]
        return f"Keep the Protected {color} cube" if i == 0 else f"Lose the Protected {color} cube"
    top = int(s[L.S_ME_CHAIN_N]) - 1
    if int(s[L.S_PHASE]) == L.PH_ME_COST and top >= 0:
        kind = int(s[L.S_ME_KIND + top])
        prog = int(t[L.T_ME_COST + kind * L.MAX_ME_COSTS + i])
        return f"Pay {cost_label(t, prog)} for {names.mains[kind]}"
    return f"Option {i + 1}"


def steal_text(s: np.ndarray, t: np.ndarray, names: Names, i: int) -> str:
    """espionage i in PH_ME_STEAL: the cube Stolen, and from whom."""
    seat, c = divmod(i, L.MAX_COL)
    sch = names.scholars[int(s[pf(seat, L.PF_SCHOLAR)])]
    return f"Steal a {names.colors[c]} cube from seat {seat} ({sch})"


def give_text(s: np.ndarray, t: np.ndarray, names: Names, i: int) -> str:
    """choose_color i in PH_ME_GIVE: the cube Given to the effect's caller."""
    to = int(s[L.S_P_CALLER])
    return f"Give a {names.colors[i]} cube to seat {to} ({names.scholars[int(s[pf(to, L.PF_SCHOLAR)])]})"


def move_text(s: np.ndarray, t: np.ndarray, names: Names, i: int) -> str:
    """zone i in PH_ME_ZONE: where a movement effect leads."""
    return f"Move to {names.zones[i] if i < len(names.zones) else '?'}"
