"""Small accessors shared by the core modules (player fields, effective stats)."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.kit.jit import kernel


@kernel
def pf(seat, field):
    """Index of a player field in the state array."""
    return L.P_BASE + seat * L.PSZ + field


@kernel
def side_index(s, seat):
    """Table row of the seat's Scholar card side (front or Exalted)."""
    return s[pf(seat, L.PF_SCHOLAR)] * 2 + s[pf(seat, L.PF_EXALTED)]


@kernel
def passive(s, t, seat, pv):
    """Sum of a passive modifier: Scholar side plus face-up Jinx Cards held
    plus Intern Cards owned, plus the revealed Panic Card's under Maximum Alert."""
    total = t[L.T_SCH_PASSIVE + side_index(s, seat) * L.NPASSIVE + pv] + s[pf(seat, L.PF_PASSIVE) + pv]
    if s[L.S_MAX_ALERT] == 1:
        total += t[L.T_PANIC_PASSIVE + s[L.S_PANIC] * L.NPASSIVE + pv]
    return total


@kernel
def add_passives(s, t, seat, row, sign):
    """Add (sign 1) or remove (-1) one card's passive modifiers, table row
    `row` (T_JINX_PASSIVE / T_INTERN_PASSIVE + index * NPASSIVE), to the
    seat's PF_PASSIVE totals: call it wherever a Jinx Card turns face up or
    leaves its holder face up, and wherever an Intern Card changes owner."""
    for pv in range(L.NPASSIVE):
        s[pf(seat, L.PF_PASSIVE) + pv] += sign * t[row + pv]


@kernel
def passives_from_cards(s, t, seat, out):
    """The seat's Jinx (face up), Intern and Intern token modifiers counted card by card
    into out[:NPASSIVE]: what PF_PASSIVE must hold (invariants, scenarios)."""
    out[:] = 0
    for j in range(t[L.T_NJINX]):
        if s[L.S_JLOC + j] == L.JX_UP and s[L.S_JOWNER + j] == seat:
            for pv in range(L.NPASSIVE):
                out[pv] += t[L.T_JINX_PASSIVE + j * L.NPASSIVE + pv]
    for i in range(t[L.T_NINTERNS]):
        if s[L.S_INTERN_OWNER + i] == seat:
            for pv in range(L.NPASSIVE):
                out[pv] += t[L.T_INTERN_PASSIVE + i * L.NPASSIVE + pv]
        if s[L.S_RC_TOKEN_HOLDER + i] == seat + 1:  # an Intern's token (RC: the Fool's Token)
            for pv in range(L.NPASSIVE):
                out[pv] += t[L.T_RC_INTERN_TOKEN + i * L.NPASSIVE + pv]


@kernel
def refresh_passives(s, t):
    """Recount every seat's PF_PASSIVE from the cards (after a scenario edit)."""
    for seat in range(s[L.S_NPLAYERS]):
        passives_from_cards(s, t, seat, s[pf(seat, L.PF_PASSIVE):pf(seat, L.PF_PASSIVE) + L.NPASSIVE])


@kernel
def stat(s, t, seat, st):
    """Effective Scholar stat (Initial Students, Hand, Speed, Intelligence, Stamina)."""
    base = t[L.T_SCH_STAT + side_index(s, seat) * L.NSTATS + st]
    if st == L.ST_STUDENTS:
        v = base + passive(s, t, seat, L.PV_STUDENTS)
        return v if v > 0 else 0
    if st == L.ST_HAND:
        v = base + passive(s, t, seat, L.PV_HAND)
        return v if v > 0 else 0
    if st == L.ST_SPEED:
        v = base + passive(s, t, seat, L.PV_SPEED)
        return v if v > 0 else 0
    if st == L.ST_INTEL:
        v = base + passive(s, t, seat, L.PV_INTEL)
        if v > L.MAX_INTEL:
            v = L.MAX_INTEL
        return v if v > 1 else 1
    v = base + passive(s, t, seat, L.PV_STAMINA)
    return v if v > 1 else 1


@kernel
def in_start(s, seat):
    """The Scholar stands in the Starting Zone (zone 0)."""
    return s[pf(seat, L.PF_ZONE)] == 0


@kernel
def active(s, seat):
    """Still in the game (has not left it by a successful Thesis)."""
    return s[pf(seat, L.PF_IN_GAME)] == 1


@kernel
def targetable(s, seat):
    """May be the subject of effects and Randomizations (Starting Zone rules)."""
    return s[pf(seat, L.PF_IN_GAME)] == 1 and s[pf(seat, L.PF_ZONE)] != 0


@kernel
def hand_size(s, seat):
    return s[pf(seat, L.PF_HAND_N)]


@kernel
def next_seat(s, seat):
    return (seat + 1) % s[L.S_NPLAYERS]
