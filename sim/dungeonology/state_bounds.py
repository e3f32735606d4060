"""The range of every field of the game state, checked before a state from
outside (a record's ``initial_state``) reaches compiled code.

The kernels index arrays with state values and do not check bounds, so a
tampered index could read or write outside an array. :data:`BOUNDS` gives
each section of :mod:`sim.dungeonology.layout.state` (and each field of a player block)
its allowed range, in the layout's own maxima (``sim.dungeonology.layout.limits``: seats,
Zones, colours, card kinds, ...) and codes (phases, continuations, end
reasons). :func:`state_problem` names the first field out of range; the
invariant checker (``sim.dungeonology.core.checks``) is run only on a state in range.
Counts that the rules conserve (cubes, Students, tokens) get the wide range
``COUNT`` here: the invariant checker compares them with the box.
"""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.layout import limits as X

COUNT = 2**31 - 1  # a count: any number (conservation is the invariant checker's job)
SEAT = (-1, X.MAX_SEATS - 1)  # a seat or -1 (none); the automaton seat included
ZONE = (-1, X.MAX_ZONES - 1)  # a Zone tile or -1
FLAG = (0, 1)
NUM = (0, COUNT)
SIGNED = (-COUNT, COUNT)
COORD = (-2 * X.MAX_ZONES - 2, 2 * X.MAX_ZONES + 2)  # half-tile units: a chain of every tile from (0, 0)
SEAT1 = (0, X.MAX_SEATS)  # a seat + 1, 0 none
COLOUR = (-1, X.MAX_COL - 1)
COLOUR1 = (0, X.MAX_COL)  # a colour + 1, 0 none
KIND = (-1, X.MAX_KINDS - 1)
ARG = (-1, X.MAX_OPS)  # a continuation argument: program, step, seat, Zone, index
_CODES = sorted(L.PHASES)
_K = [v for k, v in vars(L).items() if k.startswith("K_") and isinstance(v, int) and k not in ("K_NONE",)]

# state section -> (lowest, highest) for every int of the section
BOUNDS: dict[str, tuple[int, int]] = {
    "S_RNG0": (0, 2**32 - 1), "S_RNG1": (0, 2**32 - 1), "S_NPLAYERS": (1, X.MAXP), "S_TURN": NUM, "S_ROUND": NUM,
    "S_CUR": SEAT, "S_FIRST": SEAT, "S_PHASE": (min(_CODES), max(_CODES)), "S_ACTOR": SEAT, "S_OVER": FLAG,
    "S_END_REASON": (0, len(L.END_REASONS) - 1), "S_END_AT_SEAT": SEAT, "S_FIRST_SUBMITTER": SEAT,
    "S_THESIS_COUNT": (0, X.MAX_SEATS), "S_CLAN": (0, X.MAX_CLANS - 1), "S_CLAN_PUBLIC": FLAG,
    "S_ALERT_FILLED": (0, X.MAX_ALERT_SLOTS), "S_UNIV_GREY": NUM, "S_UNIV_OMEGA": NUM, "S_BONFIRE": (0, X.MAX_BONFIRE),
    "S_RES_GREY": NUM, "S_RES_OMEGA": NUM, "S_RES_STUN": NUM, "S_RES_KNOW": NUM, "S_STAIR_USED": NUM,
    "S_WALL_USED": NUM, "S_RES_CUBES": NUM,
    "S_DECK_N": (0, X.MAX_DECK), "S_DECK": KIND, "S_DISCARD": (0, X.MAX_DECK), "S_PLAYED": (0, X.MAX_DECK),
    "S_JDECK_N": (0, X.MAX_JINX), "S_JDECK": (-1, X.MAX_JINX - 1), "S_JLOC": (L.JX_DECK, L.JX_UP), "S_JOWNER": SEAT,
    "S_STACK_N": (0, X.MAX_ZONES), "S_STACK": ZONE,
    "S_ZPLACED": FLAG, "S_ZX": COORD, "S_ZY": COORD, "S_ZROT": (0, 3), "S_ZENTERED": FLAG, "S_ZCUBE": COLOUR1,
    "S_NB": ZONE, "S_NBQ": (-1, X.NPASSAGES - 1), "S_LINK": FLAG, "S_STAIRS": FLAG,
    "S_ZTRAP_KIND": (0, max(L.ZONE_EFFECT_KINDS.values())), "S_ZTRAP_N": NUM, "S_ZTELEPORT": FLAG, "S_ZSECRET": FLAG,
    "S_BOSS": (-1, X.MAX_BOSS - 1), "S_BOSS_PROFILE": (-1, X.MAX_PROFILES - 1), "S_BOSS_ZONE": ZONE,
    "S_PANIC": (-1, X.MAX_PANIC - 1), "S_MAX_ALERT": FLAG, "S_BOSS_TURN": (-1, COUNT), "S_BOSS_EZONE": ZONE,
    "S_BOSS_MOVING": (0, X.MAX_BOSSES_IN_PLAY - 1), "S_BOSS_SEAT": SEAT, "S_BOSS_STEPS": (0, X.MAX_BOSS_STEPS),
    "S_BOSS_PREV": ZONE, "S_BOSS_TARGET": SEAT, "S_BOSS_MODE": (0, 2),
    "S_PANIC_DECK": (0, 2**X.MAX_PANIC - 1), "S_MA_REMOVED": (0, 2**X.MAX_SEATS - 1),
    "S_ME_CHAIN_N": (0, X.MAX_CHAIN), "S_ME_SEAT": SEAT, "S_ME_KIND": KIND, "S_ME_CANCEL": FLAG, "S_ME_ACTIONS": NUM,
    "S_ME_MOVED": FLAG, "S_ME_RX_IDX": (-1, X.MAX_CHAIN), "S_ME_RX_I": (0, X.MAX_SEATS),
    "S_ME_PRI_I": (0, X.MAX_SEATS), "S_ME_PRI_PLAYED": NUM,
    "S_INTERN_OWNER": SEAT, "S_TRAP_SUPPLY": NUM, "S_TELEPORT_SUPPLY": NUM, "S_SECRET_SUPPLY": NUM,
    "S_ZONE_LEFT": ZONE, "S_PR_SEAT": SEAT, "S_PR_COLOR": COLOUR, "S_PR_N": (0, X.MAX_COL_SLOTS),
    "S_PR_MODE": (L.PRM_ELIMINATE, L.PRM_DROP), "S_PR_OTHER": SEAT,
    "S_RC_TOKEN_HOLDER": SEAT1,  # RC cards: an Intern's token, seat + 1 (0 in the Reserve)
    "S_UNIV_CONGREGATION": NUM, "S_RES_CONGREGATION": NUM, "S_BONFIRE_KINDS": (0, len(X.STUDENT_KINDS) - 1),
    "S_ZIOTA": SEAT1, "S_RESEARCH_N": (0, X.MAX_RESEARCH), "S_RESEARCH_DECK": (0, X.MAX_RESEARCH - 1),
    "S_RESEARCH_UP": (0, X.MAX_RESEARCH), "S_RESEARCH_OWNER": SEAT1, "S_RESEARCH_TURN": NUM, "S_RESEARCH_EOT": NUM,
    "S_FAMILIAR_OWNER": SEAT1, "S_FAMILIAR_ZONE": (0, X.MAX_ZONES), "S_OMEGA_ON": FLAG,
    "S_OMEGA_DECK_N": (0, X.MAX_OMEGA_CARDS), "S_OMEGA_DECK": (-1, X.MAX_OMEGA_CARDS - 1),
    "S_OMEGA_DISCARD_N": (0, X.MAX_OMEGA_CARDS), "S_OMEGA_DISCARD": (-1, X.MAX_OMEGA_CARDS - 1), "S_TOME": COLOUR1,
    "S_RC_UNIV_N": (0, X.MAX_COL_SLOTS * X.MAX_COL), "S_RC_UNIV_SEAT": SEAT,
    "S_SPEED": SIGNED, "S_CARD_SPEED": SIGNED, "S_MOVE_PHASE": (0, 2), "S_ACTION_DONE": FLAG,
    "S_PL_TILE": ZONE, "S_PL_FROM": ZONE, "S_PL_MODE": FLAG, "S_PL_SEAT": SEAT,
    "S_T_KIND": (0, 2), "S_T_STAGE": (0, 2), "S_T_ACTIVE": SEAT, "S_T_TARGET": SEAT, "S_T_COLOR": COLOUR,
    "S_T_NCUBES": (0, X.MAX_ZSLOTS), "S_T_ALERT": SIGNED, "S_T_STEALTH": SIGNED, "S_T_WINDOW": SEAT,
    "S_T_WPLAYS": NUM, "S_T_ORDER_I": (0, 2 * X.MAX_SEATS), "S_T_ZONE": ZONE, "S_T_DECLARED": SIGNED,
    "S_LT_KIND": (0, 2), "S_LT_SEAT": SEAT, "S_LT_TARGET": SEAT, "S_LT_DECLARED": SIGNED, "S_LT_STEALTH": SIGNED,
    "S_LT_ALERT": SIGNED, "S_LT_SUCCESS": FLAG, "S_LT_TURN": NUM,
    "S_SET_RAND_N": (0, X.MAX_SET_DRAWS), "S_SET_RAND": (0, X.MAX_RAND - 1), "S_SET_RAND_I": (0, X.MAX_SET_DRAWS),
    "S_SET_UNIV_N": (0, X.MAX_SET_DRAWS), "S_SET_UNIV": (0, X.NSTUDENT_KINDS - 1),
    "S_SET_UNIV_I": (0, X.MAX_SET_DRAWS),
    "S_P_COUNT": NUM, "S_P_TYPE": (0, max(X.MAX_KINDS * (L.WILD_TYPE_UNIT + 1),  # type+1 (+ a wild type) or an op
                       *(r[2][1] for r in L.RANGES.values()))),
    "S_P_SEAT": SEAT, "S_P_OPTIONAL": FLAG, "S_P_CALLER": SEAT,
    # Student Congregations (part congregations)
    "S_CG_USED": (0, 2 ** (16 + X.NCONGREGATIONS) - 1), "S_CG_SAC_GAIN": NUM, "S_CG_SAC_GOLD": FLAG,
    "S_CG_DRAWER": SEAT, "S_CG_DRAWN": NUM, "S_CG_PEND": NUM, "S_CG_OMEGAS": NUM, "S_CG_MODE": (0, L.CGM_JINX),
    "S_CG_KIND": (0, X.NCONGREGATIONS - 1), "S_CG_SEAT": SEAT, "S_CG_TRAP": (0, len(L.TRAP_KINDS) - 1),
    "S_CG_ZKIND": (0, X.NCONGREGATIONS - 1),
    "S_KSP": (0, X.KSTACK_DEPTH), "S_KSTACK": ARG,  # codes: checked entry by entry below
}
# player block field -> (lowest, highest), for every seat block
PLAYER_BOUNDS: dict[str, tuple[int, int]] = {
    "PF_SCHOLAR": (0, X.MAX_SCH - 1), "PF_EXALTED": FLAG, "PF_ZONE": ZONE, "PF_STUDENTS": NUM, "PF_STUN": NUM,
    "PF_STARS": (0, X.MAX_COL), "PF_ARROWS": NUM, "PF_KNOWLEDGE": NUM, "PF_IN_GAME": FLAG,
    "PF_THESIS": (0, X.MAX_SEATS), "PF_AGE": (0, X.MAX_SEATS), "PF_HAND_N": (0, X.MAX_DECK),
    "PF_HAND": (0, X.MAX_DECK), "PF_CUBES": (0, X.MAX_COL_SLOTS), "PF_PASSIVE": SIGNED, "PF_EXALTED_TURNS": NUM,
    "PF_STUDIES": NUM, "PF_STUDY_WINS": NUM, "PF_SPIES": NUM, "PF_SPY_WINS": NUM, "PF_THESIS_FAILS": NUM,
    "PF_MAINS": NUM, "PF_CONGREGATION": NUM, "PF_STAR_TOKENS": (0, 2 ** len(X.STAR_KINDS) - 1),
    "PF_UNIVERSAL": (0, 2**X.MAX_COL_SLOTS - 1), "PF_HOT_WATER": (0, 2), "PF_FAMILIAR": (0, X.MAX_FAMILIARS),
    "PF_RC_ONCE": NUM,  # New Scholars: S_TURN + 1 of a skill slot's last use (invariant 90: not after this turn)
}


def _spans(bounds: dict[str, tuple[int, int]], prefix: str, module_alloc: str, total: int) -> list[tuple]:
    """(name, offset, size, lo, hi) of every section (RuntimeError naming a section without a range)."""
    from sim.dungeonology.layout import describe, state

    out = []
    for sec in describe.sections(state, module_alloc, total):
        if not sec.name.startswith(prefix):
            continue  # the player blocks themselves (an unnamed _s call)
        if sec.name not in bounds:
            raise RuntimeError(f"sim/dungeonology/state_bounds.py: no range for the state section {sec.name} "
                               "(add it to "
                               f"{'PLAYER_BOUNDS' if prefix == 'PF_' else 'BOUNDS'})")
        lo, hi = bounds[sec.name]
        out.append((sec.name, sec.offset, sec.size, lo, hi))
    return out


_TABLE: tuple[np.ndarray, np.ndarray, list[str]] | None = None


def field_ranges() -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Per state index: lowest, highest and the field's name (built once)."""
    global _TABLE
    if _TABLE is None:
        lo = np.zeros(L.STATE_SIZE, np.int64)
        hi = np.zeros(L.STATE_SIZE, np.int64)
        names = [""] * L.STATE_SIZE
        for name, off, size, a, b in _spans(BOUNDS, "S_", "_s", L.P_BASE):
            lo[off:off + size], hi[off:off + size] = a, b
            for i in range(size):
                names[off + i] = name if size == 1 else f"{name}[{i}]"
        for name, off, size, a, b in _spans(PLAYER_BOUNDS, "PF_", "_p", L.PSZ):
            for seat in range(X.MAX_SEATS):
                base = L.P_BASE + seat * L.PSZ + off
                lo[base:base + size], hi[base:base + size] = a, b
                for i in range(size):
                    names[base + i] = f"seat {seat} {name}" + ("" if size == 1 else f"[{i}]")
        _TABLE = (lo, hi, names)
    return _TABLE


def state_problem(state: np.ndarray, players: int) -> str | None:
    """None, or what is out of range in ``state`` (a game of ``players`` seats): the first field outside
    its range, a player count that differs, or a continuation with an unknown code."""
    lo, hi, names = field_ranges()
    bad = np.flatnonzero((state < lo) | (state > hi))
    if bad.size:
        i = int(bad[0])
        return f"{names[i]} = {int(state[i])} is out of range (allowed: {int(lo[i])} to {int(hi[i])})"
    if int(state[L.S_NPLAYERS]) != players:
        return f"S_NPLAYERS = {int(state[L.S_NPLAYERS])} differs from the config's {players} players"
    if int(state[L.S_PHASE]) not in L.PHASES:
        return f"S_PHASE = {int(state[L.S_PHASE])} is not a decision phase"
    for e in range(int(state[L.S_KSP])):
        code = int(state[L.S_KSTACK + e * L.KSTACK_W])
        if code not in _K:
            return f"S_KSTACK[{e * L.KSTACK_W}] = {code} is not a continuation code"
    return None
