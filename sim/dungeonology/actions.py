"""The action space in words: ``action_to_string`` and the verb table.

The numbers are fixed ranges in ``sim.dungeonology.layout`` (A_*); docs/ACTIONS.md lists
them. Every choice of every player is one action: opponents' Instant plays
during a Stealth Test are actions of the opponent.
"""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.schema import DIRECTIONS
from sim.dungeonology.tables import Names

SIDES = ("north", "east", "south", "west")
ZONE_EFFECT_TEXT = {L.ZK_BIVOUAC: "Bivouac"}  # Action Zone Effects

VERBS = L.VERBS  # (verb, first action, count): sim/dungeonology/layout/actions.py
FLOOR_NAMES = L.FLOOR_NAMES


def step_words(op: int, n: int) -> str:
    """One step in words, from the op table: "Sacrifice 1 Student"."""
    entry = L.OP_BY_CODE.get(op)
    return entry.words(n) if entry is not None else f"op {op} {n}"


def cost_label(tables: np.ndarray, prog: int) -> str:
    """A cost option in words: "Sacrifice 1 Student", "Draw 1 Student to the Bonfire"."""
    start = int(tables[L.T_PROG_START + prog])
    words = []
    for i in range(int(tables[L.T_PROG_LEN + prog])):
        o = L.T_OPS + (start + i) * L.OP_W
        words.append(step_words(int(tables[o + L.OPF_CODE]), int(tables[o + L.OPF_N])))
    return ", ".join(words)


def main_cost_text(tables: np.ndarray, kind: int) -> str:
    nc = int(tables[L.T_ME_NCOST + kind])
    if nc == 0:
        return "no cost"
    return " / ".join(cost_label(tables, int(tables[L.T_ME_COST + kind * L.MAX_ME_COSTS + i])) for i in range(nc))


def verb_of(action: int) -> tuple[str, int]:
    """(verb, index within its range) of an action number."""
    for name, start, size in VERBS:
        if start <= action < start + size:
            return name, action - start
    raise ValueError(f"action {action} is outside the action space 0..{L.NUM_ACTIONS - 1}")


def option_label(tables: np.ndarray, prog: int) -> str:
    """A short word for an effect option: what its steps change."""
    start = tables[L.T_PROG_START + prog]
    words = []
    for i in range(tables[L.T_PROG_LEN + prog]):
        entry = L.OP_BY_CODE.get(int(tables[L.T_OPS + (start + i) * L.OP_W + L.OPF_CODE]))
        if entry is not None and entry.label:
            words.append(entry.label)
    return "/".join(dict.fromkeys(words)) or "effect"


def action_to_string(state: np.ndarray, tables: np.ndarray, names: Names, action: int) -> str:
    """Describe an action in the context of the state where it is taken."""
    verb, i = verb_of(int(action))
    s, t = state, tables
    actor = int(s[L.S_ACTOR])
    if verb == "rest":
        return "Rest"
    if verb in ("congregation", "bonfire_order") or int(s[L.S_PHASE]) == L.PH_CG_CHOICE:
        return congregation_text(s, t, names, verb, i)
    if verb == "thesis":
        return "Submit the Thesis"
    if verb == "explore":
        return "Explore"
    if verb == "move":
        z = int(s[pf(actor, L.PF_ZONE)])
        nb = int(s[L.S_NB + z * 8 + i])
        where = names.zones[nb] if nb >= 0 else "?"
        return f"Move {DIRECTIONS[i // 2]} to {where}"
    if verb == "draw_zone":
        z = int(s[pf(actor, L.PF_ZONE)])
        return f"Draw a Zone from the Floor {FLOOR_NAMES[int(t[L.T_Z_FLOOR + z])]} stack"
    if verb == "place_zone":
        tile = int(s[L.S_PL_TILE])
        anchor = int(s[L.S_PL_FROM])
        tname = names.zones[tile] if tile >= 0 else "?"
        side, shift = divmod(i // L.NROTATIONS, L.NSHIFTS)
        shift -= 1
        along = ("west", "east") if side % 2 == 0 else ("north", "south")
        shifted = "" if shift == 0 else f", shifted half a tile {along[shift > 0]}"
        turn = 90 * (i % L.NROTATIONS)
        return f"Place {tname} {SIDES[side]} of {names.zones[anchor]}{shifted}, rotated {turn} degrees"
    if verb == "stairs_pile":
        return f"Stairs: draw from the Floor {FLOOR_NAMES[i]} stack"
    if verb == "end_movement":
        return "End the Movement Phase"
    if verb == "study":
        return "Study"
    if verb == "study_size":
        return f"Study {i + 1} cube{'s' if i else ''}"
    if verb == "espionage":
        seat, c = divmod(i, L.MAX_COL)
        sch = names.scholars[int(s[pf(seat, L.PF_SCHOLAR)])]
        if int(s[L.S_PHASE]) == L.PH_ME_STEAL:
            return f"Steal a {names.colors[c]} cube from seat {seat} ({sch})"
        return f"Espionage on seat {seat} ({sch}): a {names.colors[c]} cube"
    if verb == "commit":
        return f"Commit {names.kinds[i]} (Bonus Value {int(t[L.T_KIND_BONUS + i])})"
    if verb == "declare":
        return "Declare the Stealth Value"
    if verb == "play":
        kind, r = divmod(i, L.MAX_AUX * L.MAX_OPTS)
        aux, opt = divmod(r, L.MAX_OPTS)
        prog = int(t[L.T_KIND_PROG + (kind * 2 + aux) * L.MAX_OPTS + opt])
        aux_name = names.kind_aux[kind][aux] if aux < len(names.kind_aux[kind]) else "?"
        return f"Play {names.kinds[kind]}: {aux_name} ({option_label(t, prog)})"
    if verb == "skill":
        sk, opt = divmod(i, L.MAX_OPTS)
        sch = int(s[pf(actor, L.PF_SCHOLAR)])
        side = int(s[pf(actor, L.PF_EXALTED)])
        skills = names.skills[sch][side]
        row = (sch * 2 + side) * L.MAX_SKILLS + sk
        prog = int(t[L.T_SCH_SK_PROG + row * L.MAX_OPTS + opt])
        return f"Skill {skills[sk] if sk < len(skills) else '?'} ({option_label(t, prog)})"
    if verb == "pass":
        return "Pass"
    if verb == "end_turn":
        return "End the turn"
    if verb == "stun_accept":
        return "Take the Stun Token"
    if verb == "stun_sacrifice":
        return "Sacrifice a Student to avoid the Stun Token"
    if verb == "discard":
        return f"Discard {names.kinds[i]}"
    if verb == "target":
        sch = names.scholars[int(s[pf(i, L.PF_SCHOLAR)])]
        if int(s[L.S_PHASE]) == L.PH_RC_TOKEN:
            return f"Give the {names.interns[int(s[L.S_P_TYPE])]}'s token to seat {i} ({sch})"
        return f"Target seat {i} ({sch})"
    if verb == "choose_color":
        if int(s[L.S_PHASE]) == L.PH_ME_GIVE:
            to = int(s[L.S_P_CALLER])
            return f"Give a {names.colors[i]} cube to seat {to} ({names.scholars[int(s[pf(to, L.PF_SCHOLAR)])]})"
        if int(s[L.S_PHASE]) == L.PH_RC_UNIVERSAL:
            return f"Put the Universal cube in the {names.colors[i]} column"
        return f"Drop a {names.colors[i]} cube"
    if verb == "zone":
        where = names.zones[i] if i < len(names.zones) else "?"
        ph = int(s[L.S_PHASE])
        if ph == L.PH_BOSS_MOVE and int(s[L.S_BOSS]) >= 0:
            return f"Move {names.boss_names[int(s[L.S_BOSS])]} to {where}"
        if ph == L.PH_ME_ZONE:
            return f"Move to {where}"
        if ph == L.PH_TELEPORT:
            return f"Teleport to {where}"
        if ph in (L.PH_MOVE, L.PH_ACTION):
            return f"Secret Passage to {where}"
        return f"Zone {where}"
    if verb == "zone_effect":
        if i == L.MAX_ZEFF:
            return "Teleport"
        z = int(s[pf(actor, L.PF_ZONE)])
        kind = int(t[L.T_Z_EFF + (z * L.MAX_ZEFF + i) * L.ZE_W])
        return ZONE_EFFECT_TEXT.get(kind, "Zone Effect")
    if verb == "main":
        timing = ("", ", Instant", ", Reaction")[int(t[L.T_ME_TIMING + i])]
        action = ", ACTION" if int(t[L.T_ME_ACTION + i]) else ""
        return f"Main Effect: {names.mains[i]} ({names.kinds[i]}{action}{timing}; pay: {main_cost_text(t, i)})"
    if verb == "option":
        if int(s[L.S_PHASE]) == L.PH_PROTECT:
            color = names.colors[int(s[L.S_PR_COLOR])]
            return f"Keep the Protected {color} cube" if i == 0 else f"Lose the Protected {color} cube"
        top = int(s[L.S_ME_CHAIN_N]) - 1
        if int(s[L.S_PHASE]) == L.PH_ME_COST and top >= 0:
            kind = int(s[L.S_ME_KIND + top])
            prog = int(t[L.T_ME_COST + kind * L.MAX_ME_COSTS + i])
            return f"Pay {cost_label(t, prog)} for {names.mains[kind]}"
        return f"Option {i + 1}"
    if verb == "research":
        card = int(s[L.S_RESEARCH_UP + i]) - 1
        name = names.research[card] if 0 <= card < len(names.research) else "?"
        return f"Complete the Research {name} ({int(t[L.T_RESEARCH_POINTS + card]) if card >= 0 else 0} points)"
    jx = int(s[L.S_JLOC + i])
    shown = names.jinx[i] if jx == L.JX_UP else "a face-down Jinx Card"
    return f"Discard {shown}"


CG_EFFECT_TEXT = {L.CGE_GUARD_ZONE: "place it in your Zone", L.CGE_DISCARD_STUN: "discard {n} Stun Tokens",
                  L.CGE_DISCARD_JINX: "discard {n} Jinx Card", L.CGE_PLACE_TRAP: "place {n} Trap Token"}


def congregation_text(s: np.ndarray, t: np.ndarray, names: Names, verb: str, i: int) -> str:
    """Student Congregations: an effect used, a Student placed at the Bonfire, a choice of PH_CG_CHOICE."""
    if verb == "congregation":
        c, e = divmod(i, L.MAX_CG_EFFECTS)
        o = L.T_CG_EFF + i * L.CGE_W
        what = CG_EFFECT_TEXT.get(int(t[o]), "effect").format(n=int(t[o + 2]))
        return f"Sacrifice {int(t[o + 1])} {L.CONGREGATIONS[c].capitalize()} Student: {what}"
    if verb == "bonfire_order":
        return f"Place a {L.STUDENT_KINDS[i]} Student at the Bonfire"
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
