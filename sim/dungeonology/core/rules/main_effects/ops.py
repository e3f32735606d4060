"""The Main Effects opcodes (range 40-59): movement to a chosen Zone, the
Cancel Reaction, boosts of the acting Scholar's side of a Stealth Test,
the opponents' sacrifice, Students from the Reserve, cubes Given to the
actor by each other Scholar (Love Potion) and a cube Stolen from a target
(Back Stab); the choices they ask for (PH_ME_ZONE, PH_ME_GIVE, PH_ME_STEAL).

Rulebook: "Main Effects" (the card texts of the Main Effects), "Starting
Zone" (its Scholars cannot be targeted); Rocca Civetta "Information Cube
Keywords" (Steal is a Lose, so a Protected cube may be kept; Give is not).
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.decks import divination
from sim.dungeonology.core.components.dungeon import passable, player_colors
from sim.dungeonology.core.components.noteboard import give
from sim.dungeonology.core.components.scholars import pf, targetable
from sim.dungeonology.core.components.university import sacrifice
from sim.dungeonology.core.effects.steps import color_actions
from sim.dungeonology.core.engine import kstack
from sim.dungeonology.core.rules.dangerous_zones.zone_effects import enter_zone
from sim.dungeonology.core.rules.main_effects.interns import lose_cubes
from sim.kit.jit import kernel


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
def holds_cubes(s, t, me, p):
    """Seat p is another Scholar outside the Starting Zone holding a cube:
    one who Gives to `me` (Love Potion) or whom `me` may Steal from (Back Stab)."""
    return p != me and targetable(s, p) and player_colors(s, t, p) != 0


@kernel
def give_next(s, t, receiver, pos):
    """Love Potion ("each other Scholar with cubes passes you a cube"): the
    next Scholar in turn order from the receiver's left, from position `pos`,
    who holds a cube chooses which one he Gives (PH_ME_GIVE)."""
    np_ = s[L.S_NPLAYERS]
    for off in range(pos, np_):
        p = (receiver + off) % np_
        if holds_cubes(s, t, receiver, p):
            kstack.push(s, L.K_ME_GIVE, receiver, off + 1, 0)
            s[L.S_P_CALLER] = receiver
            s[L.S_PHASE] = L.PH_ME_GIVE
            s[L.S_ACTOR] = p
            return


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
                sacrifice(s, t, p, n)
    elif op == L.OP_GAIN_RESERVE:
        k = n if n < s[L.S_RES_GREY] else s[L.S_RES_GREY]
        s[L.S_RES_GREY] -= k
        s[pf(actor, L.PF_STUDENTS)] += k
    elif op == L.OP_OPP_GIVE:
        give_next(s, t, actor, 1)
    elif op == L.OP_STEAL:
        for p in range(s[L.S_NPLAYERS]):
            if holds_cubes(s, t, actor, p):
                s[L.S_PHASE] = L.PH_ME_STEAL
                s[L.S_ACTOR] = actor
                break


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


@kernel
def give_choice(s, t, me, a):
    """PH_ME_GIVE: Give the top cube of the chosen colour to S_P_CALLER (to
    the Reserve if his column is full; Give is not a Lose: no Protection)."""
    give(s, t, me, s[L.S_P_CALLER], a - L.A_COLOR)


@kernel
def give_actions(s, t, me, out):
    """PH_ME_GIVE: a colour the giver holds a cube of."""
    return color_actions(s, t, me, out)


@kernel
def steal_choice(s, t, me, a):
    """PH_ME_STEAL: Steal the top cube of colour a % MAX_COL from seat
    a // MAX_COL (a Lose: its owner may keep a Protected cube, PH_PROTECT)."""
    i = a - L.A_SPY
    lose_cubes(s, t, i // L.MAX_COL, i % L.MAX_COL, 1, L.PRM_STEAL, me)


@kernel
def steal_actions(s, t, me, out):
    """PH_ME_STEAL: each cube colour held by each opponent the thief may target."""
    n = 0
    for p in range(s[L.S_NPLAYERS]):
        if holds_cubes(s, t, me, p):
            for c in range(t[L.T_NCOL]):
                if s[pf(p, L.PF_CUBES) + c] > 0:
                    out[n] = L.A_SPY + p * L.MAX_COL + c
                    n += 1
    return n
