"""The Main Effects opcodes (range 40-59): movement to a chosen Zone, the
Cancel Reaction, boosts of the acting Scholar's side of a Stealth Test,
the opponents' sacrifice, Students from the Reserve; the choice of the
Zone a movement effect goes to (PH_ME_ZONE).

Rulebook: "Main Effects" (the card texts of the Main Effects).
"""

from __future__ import annotations

from sim import layout as L
from sim.core.components.decks import divination
from sim.core.components.dungeon import passable
from sim.core.components.scholars import pf, targetable
from sim.core.components.university import sacrifice
from sim.core.engine.jit import kernel
from sim.core.rules.dangerous_zones.zone_effects import enter_zone


@kernel
def zone_destination(s, t, seat, mode, z):
    """May a Main Effect movement (mode = OP_MOVE_FLOOR / OP_MOVE_ANY /
    OP_MOVE_LINKED) take the Scholar to zone z? Never the Starting Zone nor
    the Zone he is in."""
    here = s[pf(seat, L.PF_ZONE)]
    if z == 0 or z == here or s[L.S_ZPLACED + z] == 0:
        return False
    if mode == L.OP_MOVE_FLOOR:
        return t[L.T_Z_FLOOR + z] == t[L.T_Z_FLOOR + here]
    if mode == L.OP_MOVE_LINKED:
        for p in range(8):
            if s[L.S_NB + here * 8 + p] == z and passable(s, t, seat, here, p):
                return True
        return False
    return True


@kernel
def any_destination(s, t, seat, mode):
    for z in range(1, t[L.T_NZONES]):
        if zone_destination(s, t, seat, mode, z):
            return True
    return False


@kernel
def side_of(s, actor):
    """1: the actor's side of the Stealth Test is the Stealth Value (his own
    test), 0: the Alert Value; -1: no test."""
    if s[L.S_T_KIND] == 0:
        return -1
    return 1 if actor == s[L.S_T_ACTIVE] else 0


@kernel
def exec_main_op(s, t, op, n, actor):
    """Main Effects opcodes (advanced rule, range 40-59)."""
    if op == L.OP_SKIP_MOVEMENT:
        # the rest of the Movement Phase is skipped: the Scholar card's Speed
        # is lost, Speed from effects stays (as at the end of the phase)
        if s[L.S_CUR] == actor and s[L.S_MOVE_PHASE] == 1:
            s[L.S_MOVE_PHASE] = 2
            s[L.S_SPEED] = s[L.S_CARD_SPEED]
    elif op == L.OP_MOVE_FLOOR or op == L.OP_MOVE_ANY or op == L.OP_MOVE_LINKED:
        if any_destination(s, t, actor, op):
            s[L.S_P_TYPE] = op
            s[L.S_P_OPTIONAL] = 1 if op == L.OP_MOVE_LINKED else 0
            s[L.S_PHASE] = L.PH_ME_ZONE
            s[L.S_ACTOR] = actor
    elif op == L.OP_CANCEL:
        # the Reaction resolving is the top of the chain; it answers the one below
        i = s[L.S_ME_CHAIN_N] - 2
        if i >= 0:
            s[L.S_ME_CANCEL + i] = 1
    elif op == L.OP_BOOST_SIDE:
        side = side_of(s, actor)
        if side == 1:
            s[L.S_T_STEALTH] += n
        elif side == 0:
            s[L.S_T_ALERT] += n
    elif op == L.OP_DIV_SIDE:
        side = side_of(s, actor)
        if side == 1:
            s[L.S_T_STEALTH] += divination(s, t, n)
        elif side == 0:
            s[L.S_T_ALERT] += divination(s, t, n)
    elif op == L.OP_OPP_SACRIFICE:
        for p in range(s[L.S_NPLAYERS]):
            if p != actor and targetable(s, p):
                sacrifice(s, p, n)
    elif op == L.OP_GAIN_RESERVE:
        k = n if n < s[L.S_RES_GREY] else s[L.S_RES_GREY]
        s[L.S_RES_GREY] -= k
        s[pf(actor, L.PF_STUDENTS)] += k


@kernel
def zone_choice(s, t, me, a):
    """PH_ME_ZONE: move to the chosen Zone (or stay, where the move is optional)."""
    if a != L.A_PASS:
        enter_zone(s, t, me, a - L.A_ZONE)


@kernel
def zone_choice_actions(s, t, me, out):
    """PH_ME_ZONE: the Zones the movement effect may take the Scholar to."""
    n = 0
    for z in range(1, t[L.T_NZONES]):
        if zone_destination(s, t, me, s[L.S_P_TYPE], z):
            out[n] = L.A_ZONE + z
            n += 1
    if s[L.S_P_OPTIONAL] == 1:
        out[n] = L.A_PASS
        n += 1
    return n
