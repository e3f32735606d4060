"""What a seat may play now: Trick Card Auxiliary Effects and Scholar skills
whose Timing fits (TM_* masks) and whose costs can be paid; playing one
(its program goes on the continuation stack).

Rulebook: "Auxiliary Effects" (Timing, costs), "Scholar Card" (skills).
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.decks import hand_to
from sim.dungeonology.core.components.scholars import hand_size, pf, side_index, stat
from sim.dungeonology.core.engine import kstack
from sim.dungeonology.core.engine.dispatch_costs import op_payable
from sim.kit.jit import kernel


@kernel
def type_matches(t, k, type1):
    """Kind k is of the asked type: type1 = type+1 (0 any), plus WILD_TYPE_UNIT x
    (a second type + 1) in a skill under RC "Add 1 or More Types" (Fate cards too)."""
    ty = type1 % L.WILD_TYPE_UNIT
    wild = type1 // L.WILD_TYPE_UNIT
    kt = t[L.T_KIND_TYPE + k]
    return ty == 0 or kt == ty - 1 or kt == wild - 1


@kernel
def count_type(s, t, seat, type1, exclude_kind):
    """Cards in hand of a type (type1: see type_matches), not counting one card
    of `exclude_kind` (the card being played)."""
    n = 0
    for k in range(t[L.T_NKINDS]):
        if type_matches(t, k, type1):
            n += s[pf(seat, L.PF_HAND) + k]
            if k == exclude_kind:
                n -= 1
    return n


@kernel
def payable(s, t, seat, prog, exclude_kind):
    """Every `cost` step of the program can be paid by the seat."""
    start = t[L.T_PROG_START + prog]
    for i in range(t[L.T_PROG_LEN + prog]):
        o = L.T_OPS + (start + i) * L.OP_W
        if t[o + L.OPF_COST] == 0:
            continue
        op = t[o + L.OPF_CODE]
        n = t[o + L.OPF_N]
        if op == L.OP_SACRIFICE:
            if s[pf(seat, L.PF_STUDENTS)] < n:
                return False
        elif op == L.OP_DISCARD_TYPE:
            if count_type(s, t, seat, t[o + L.OPF_TYPE], exclude_kind) < n:
                return False
        elif op == L.OP_STUN:
            if (
                s[pf(seat, L.PF_STUN)] + n > stat(s, t, seat, L.ST_STAMINA)
                or s[L.S_RES_STUN] < n
            ):
                return False
        elif op == L.OP_DISCARD_OWN:
            if hand_size(s, seat) - (1 if exclude_kind >= 0 else 0) < n:
                return False
        elif not op_payable(s, t, seat, op, n):  # a module's cost step (RC, New Scholars)
            return False
    return True


@kernel
def add_plays(s, t, seat, mask, out, n):
    """Trick Card Auxiliary Effects and Scholar skills playable under `mask`
    (TM_* bits): their actions go to out[n:]; returns the new n."""
    return _plays(s, t, seat, mask, out, n, False)


@kernel
def timed_play_open(s, t, seat, mask):
    """Any Auxiliary Effect or skill playable under `mask` (see add_plays);
    stops at the first one and writes nothing."""
    return _plays(s, t, seat, mask, s[:0], 0, True) > 0


@kernel
def _plays(s, t, seat, mask, out, n, first_only):
    for k in range(t[L.T_NKINDS]):
        if s[pf(seat, L.PF_HAND) + k] == 0:
            continue
        for aux in range(t[L.T_KIND_NAUX + k]):
            if (t[L.T_KIND_TIMING + k * 2 + aux] & mask) == 0:
                continue
            for opt in range(t[L.T_KIND_NOPTS + k * 2 + aux]):
                prog = t[L.T_KIND_PROG + (k * 2 + aux) * L.MAX_OPTS + opt]
                if payable(s, t, seat, prog, k):
                    if first_only:
                        return n + 1
                    out[n] = L.A_PLAY + k * 4 + aux * 2 + opt
                    n += 1
    row = side_index(s, seat)
    for sk in range(t[L.T_SCH_NSKILLS + row]):
        i = row * L.MAX_SKILLS + sk
        if (t[L.T_SCH_SK_TIMING + i] & mask) == 0:
            continue
        for opt in range(t[L.T_SCH_SK_NOPTS + i]):
            if payable(s, t, seat, t[L.T_SCH_SK_PROG + i * L.MAX_OPTS + opt], -1):
                if first_only:
                    return n + 1
                out[n] = L.A_SKILL + sk * 2 + opt
                n += 1
    return n


@kernel
def play_card(s, t, seat, kind, aux, opt):
    """Play a Trick Card for one option of one of its Auxiliary Effects."""
    hand_to(s, seat, kind, L.S_PLAYED)
    prog = t[L.T_KIND_PROG + (kind * 2 + aux) * L.MAX_OPTS + opt]
    kstack.push(s, L.K_PROG, prog, 0, seat)


@kernel
def use_skill(s, t, seat, sk, opt):
    """Use one option of a skill of the seat's Scholar (its program runs next)."""
    i = side_index(s, seat) * L.MAX_SKILLS + sk
    kstack.push(s, L.K_PROG, t[L.T_SCH_SK_PROG + i * L.MAX_OPTS + opt], 0, seat)
