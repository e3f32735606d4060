"""The Student Congregations' actions in words (``sim.dungeonology.actions``): an effect used, a
Student placed at the Bonfire or Sacrificed, a choice of PH_CG_CHOICE."""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.tables import Names

CG_EFFECT_TEXT = {L.CGE_GUARD_ZONE: "place it in your Zone", L.CGE_DISCARD_STUN: "discard {n} Stun Tokens",
                  L.CGE_DISCARD_JINX: "discard {n} Jinx Card", L.CGE_PLACE_TRAP: "place {n} Trap Token"}


def effect_text(s: np.ndarray, t: np.ndarray, names: Names, i: int) -> str:
    """congregation i: a Student's effect used."""
    c, e = divmod(i, L.MAX_CG_EFFECTS)
    o = L.T_CG_EFF + i * L.CGE_W
    what = CG_EFFECT_TEXT.get(int(t[o]), "effect").format(n=int(t[o + 2]))
    return f"Sacrifice {int(t[o + 1])} {L.CONGREGATIONS[c].capitalize()} Student: {what}"


def order_text(s: np.ndarray, t: np.ndarray, names: Names, i: int) -> str:
    """bonfire_order i: the next Student placed at the Bonfire."""
    return f"Place a {L.STUDENT_KINDS[i]} Student at the Bonfire"


def sacrifice_text(s: np.ndarray, t: np.ndarray, names: Names, i: int) -> str:
    """bonfire_order i in PH_CG_SACRIFICE: the Student of that kind Sacrificed next."""
    kind = "standard" if i == 0 else L.STUDENT_KINDS[i].capitalize()
    return f"Sacrifice {'an' if kind[0] in 'AEIOU' else 'a'} {kind} Student"


def choice_text(s: np.ndarray, t: np.ndarray, names: Names, i: int) -> str:
    """Any action of PH_CG_CHOICE, by what it asks (S_CG_MODE)."""
    mode = int(s[L.S_CG_MODE])
    if mode == L.CGM_KEEP:
        kind = L.CONGREGATIONS[int(s[L.S_CG_KIND])].capitalize()
        return f"Sacrifice a standard Student to keep the {kind} Student" if i == 0 else \
            f"Place the {kind} Student at the Bonfire"
    if mode == L.CGM_TRAP_KIND:
        return f"Trap Token: {L.TRAP_KINDS[i]}"
    if mode == L.CGM_TRAP_ZONE:
        return f"Place the Trap Token on {names.zones[i]}"
    shown = names.jinx[i] if int(s[L.S_JLOC + i]) == L.JX_UP else "a face-down Jinx Card"
    return f"Discard {shown}"
