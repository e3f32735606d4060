"""The action space in words: ``action_to_string`` and the verb table.

The numbers are fixed ranges in ``sim.dungeonology.layout`` (A_*); docs/ACTIONS.md lists
them. Every choice of every player is one action: opponents' Instant plays
during a Stealth Test are actions of the opponent. The basic game's verbs are
worded here, a module's in its manifest (its verbs' ``text``, and ``texts`` for
the words of an action in one of its phases).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.layout.manifests import MANIFESTS, resolve
from sim.dungeonology.schema import DIRECTIONS
from sim.dungeonology.tables import Names

SIDES = ("north", "east", "south", "west")

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


@functools.cache
def _module_texts() -> tuple[dict[tuple[int, str], Callable[..., str | None]], dict[str, Callable[..., str]]]:
    """The manifests' words: (phase, verb or "*") -> function, and verb -> function (Verb.text)."""
    by_phase: dict[tuple[int, str], Callable[..., str | None]] = {}
    by_verb: dict[str, Callable[..., str]] = {}
    for package, m in MANIFESTS.items():
        for (phase, verb), spec in m.texts.items():
            by_phase[(int(getattr(L, phase)) if isinstance(phase, str) else phase, verb)] = resolve(package, spec)
        by_verb.update({v.name: resolve(package, v.text) for v in m.verbs if v.text})
    return by_phase, by_verb


def action_to_string(state: np.ndarray, tables: np.ndarray, names: Names, action: int) -> str:
    """Describe an action in the context of the state where it is taken: the words a module gives
    it in the phase now open (``Manifest.texts``), else its verb's (a module's ``Verb.text``, or the
    basic game's below)."""
    verb, i = verb_of(int(action))
    s, t = state, tables
    if verb == "rest":
        return "Rest"
    by_phase, by_verb = _module_texts()
    ph = int(s[L.S_PHASE])
    for key in ((ph, verb), (ph, "*")):
        if key in by_phase:
            text = by_phase[key](s, t, names, i)
            if text is not None:
                return text
    if verb in by_verb:
        return by_verb[verb](s, t, names, i)
    return _base_text(s, t, names, verb, i)


def _base_text(s: np.ndarray, t: np.ndarray, names: Names, verb: str, i: int) -> str:
    """The basic game's words of its verbs."""
    actor = int(s[L.S_ACTOR])
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
        return f"Target seat {i} ({sch})"
    if verb == "choose_color":
        return f"Drop a {names.colors[i]} cube"
    if verb == "zone":
        where = names.zones[i] if i < len(names.zones) else "?"
        if int(s[L.S_PHASE]) in (L.PH_MOVE, L.PH_ACTION):
            return f"Secret Passage to {where}"
        return f"Zone {where}"
    jx = int(s[L.S_JLOC + i])
    shown = names.jinx[i] if jx == L.JX_UP else "a face-down Jinx Card"
    return f"Discard {shown}"
