"""The New Scholars' skill steps and Camp Z (Rocca Civetta, "New Scholars",
"Special Zones").

The Scholar texts are not printed in the rulebook: the skills are provisional
data (sim/dungeonology/data/rocca_civetta/scholars.toml) written with the ops below and the
base ones. ``once_per_turn`` and ``at_own_zone`` are costs: they make a skill
payable (``rc_payable``) and do nothing when run, except that
``once_per_turn`` stamps its slot with the turn. A Zone may belong to a
Scholar (zones.toml ``scholar``, table T_Z_SCHOLAR): it is in the game only
when that Scholar is ("Camp Z ... is exploited by the student Caterina").
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.noteboard import gain_knowledge
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.core.components.stun import discard_stun
from sim.kit.jit import kernel
from sim.kit.rng import randint


@kernel
def scholar_dealt(s, sch):
    """Some seat plays Scholar card `sch`."""
    for p in range(s[L.S_NPLAYERS]):
        if s[pf(p, L.PF_SCHOLAR)] == sch:
            return True
    return False


@kernel
def zone_in_game(s, t, z):
    """Zone tile z takes part in this game: every tile, except one that belongs
    to a Scholar nobody plays (Camp Z without Caterina stays in the box)."""
    owner = t[L.T_Z_SCHOLAR + z]
    return owner == 0 or scholar_dealt(s, owner - 1)


@kernel
def at_own_zone(s, t, seat):
    """The seat's Scholar stands in a Zone that belongs to her (Camp Z for Caterina)."""
    return t[L.T_Z_SCHOLAR + s[pf(seat, L.PF_ZONE)]] == s[pf(seat, L.PF_SCHOLAR)] + 1


@kernel
def rc_payable(s, t, seat, op, n):
    """Whether one cost step of this range can be paid by the seat."""
    if op == L.OP_ONCE_PER_TURN:
        return s[pf(seat, L.PF_RC_ONCE) + n - 1] != s[L.S_TURN] + 1
    if op == L.OP_AT_OWN_ZONE:
        return at_own_zone(s, t, seat)
    if op == L.OP_DISCARD_STUN:
        return s[pf(seat, L.PF_STUN)] >= n and s[L.S_MAX_ALERT] == 0
    if op == L.OP_GAIN_KNOWLEDGE:
        return s[pf(seat, L.PF_KNOWLEDGE)] == 0 and s[L.S_RES_KNOW] > 0
    if op == L.OP_EXHUME:
        return discard_pile_size(s, t) >= n
    return True


@kernel
def discard_pile_size(s, t):
    total = 0
    for k in range(t[L.T_NKINDS]):
        total += s[L.S_DISCARD + k]
    return total


@kernel
def exhume_one(s, t, seat):
    """A Trick Card chosen at random from the discard pile goes to the hand."""
    total = discard_pile_size(s, t)
    if total == 0:
        return
    r = randint(s, total)
    for k in range(t[L.T_NKINDS]):
        if r < s[L.S_DISCARD + k]:
            s[L.S_DISCARD + k] -= 1
            s[pf(seat, L.PF_HAND) + k] += 1
            s[pf(seat, L.PF_HAND_N)] += 1
            return
        r -= s[L.S_DISCARD + k]


@kernel
def exec_rc_scholars_op(s, t, op, n, actor):
    """The New Scholars' opcodes (range 90-104)."""
    if op == L.OP_ONCE_PER_TURN:
        s[pf(actor, L.PF_RC_ONCE) + n - 1] = s[L.S_TURN] + 1
    elif op == L.OP_DISCARD_STUN:
        discard_stun(s, actor, n)
    elif op == L.OP_GAIN_KNOWLEDGE:
        gain_knowledge(s, t, actor)
    elif op == L.OP_EXHUME:
        for _ in range(n):
            exhume_one(s, t, actor)
    # OP_AT_OWN_ZONE: a condition only (rc_payable)


@kernel
def rc_scholars_check(s, t):
    """Invariants 90-91 (sim.dungeonology.core.checks.invariants.INVARIANTS)."""
    n = s[L.S_NPLAYERS]
    for p in range(n):
        sch = s[pf(p, L.PF_SCHOLAR)]
        if sch < 0 or sch >= t[L.T_NSCH]:
            return 91
        for q in range(p):
            if s[pf(q, L.PF_SCHOLAR)] == sch:
                return 91
        for k in range(L.MAX_SKILLS):
            if s[pf(p, L.PF_RC_ONCE) + k] > s[L.S_TURN] + 1:
                return 90
    return 0
