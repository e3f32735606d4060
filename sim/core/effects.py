"""The effect interpreter: Auxiliary Effects, Scholar skills and Jinx Cards
are programs of steps (data, compiled from the TOML files) run here.

Rulebook: "Icon Effects", "Auxiliary Effects", "Jinx Cards"; the Rocca
Civetta keywords for Lose / Give. A step that needs a player's choice (a Stun
Token, a discard, a target, Stairs) suspends the program: it is resumed from
the continuation stack (K_PROG) once the choice is made.
"""

from __future__ import annotations

from sim import layout as L
from sim.core import kstack
from sim.core.board import give, take_top
from sim.core.boss import exec_boss_op
from sim.core.common import hand_size, pf, side_index, stat, targetable
from sim.core.dungeon import passable, player_colors
from sim.core.interns import exec_intern_op, is_intern_op, lose_cubes
from sim.core.jit import kernel
from sim.core.randomizer import (
    direction_passable,
    information_held,
    passage_of_zone,
    target_scholar,
)
from sim.core.supply import (
    can_gain_stun,
    divination,
    draw_students,
    draw_tricks,
    gain_stun_token,
    give_stun,
    sacrifice,
    take_bonfire,
)
from sim.core.zone_effects import enter_zone


@kernel
def count_type(s, t, seat, type1, exclude_kind):
    """Cards in hand of a type (type1 = type+1, 0 any), not counting one card
    of `exclude_kind` (the card being played)."""
    n = 0
    for k in range(t[L.T_NKINDS]):
        if type1 == 0 or t[L.T_KIND_TYPE + k] == type1 - 1:
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
        if t[o + 3] == 0:
            continue
        op = t[o]
        n = t[o + 1]
        if op == L.OP_SACRIFICE:
            if s[pf(seat, L.PF_STUDENTS)] < n:
                return False
        elif op == L.OP_DISCARD_TYPE:
            if count_type(s, t, seat, t[o + 2], exclude_kind) < n:
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
def discard_continue(s, t):
    """Ask S_P_SEAT to discard the pending cards (S_P_COUNT) one at a time."""
    seat = s[L.S_P_SEAT]
    if s[L.S_P_COUNT] > 0 and count_type(s, t, seat, s[L.S_P_TYPE], -1) > 0:
        s[L.S_PHASE] = L.PH_DISCARD
        s[L.S_ACTOR] = seat
    else:
        s[L.S_P_COUNT] = 0


@kernel
def ask_discard(s, t, seat, n, type1, optional):
    s[L.S_P_SEAT] = seat
    s[L.S_P_COUNT] = n
    s[L.S_P_TYPE] = type1
    s[L.S_P_OPTIONAL] = optional
    discard_continue(s, t)


@kernel
def discard_targets(s, t, actor):
    """Bitmask of seats an effect may make discard: yourself or a targetable
    opponent, each holding at least one card."""
    m = 0
    for p in range(s[L.S_NPLAYERS]):
        if hand_size(s, p) == 0:
            continue
        if p == actor or targetable(s, p):
            m |= 1 << p
    return m


@kernel
def move_through(s, t, seat, world_p):
    """Move through one Passage of the Scholar's Zone if it is open to him."""
    z = s[pf(seat, L.PF_ZONE)]
    if passable(s, t, seat, z, world_p):
        enter_zone(s, t, seat, s[L.S_NB + z * 8 + world_p])


@kernel
def first_empty_space(s, t, z):
    for i in range(t[L.T_Z_NCUBES + z]):
        if s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i] == 0:
            return i
    return -1


@kernel
def drop_cube(s, t, seat, c):
    """Drop (Rocca Civetta keywords): the top cube of column c goes to the first
    free space of the Scholar's Zone, else of a Linked Zone (Passage order N1..W2),
    else to the Reserve (Eliminated)."""
    if not take_top(s, t, seat, c):
        return
    z = s[pf(seat, L.PF_ZONE)]
    i = first_empty_space(s, t, z)
    if i < 0:
        for p in range(8):
            if s[L.S_LINK + z * 8 + p] == 1:
                nb = s[L.S_NB + z * 8 + p]
                i = first_empty_space(s, t, nb)
                if i >= 0:
                    z = nb
                    break
    if i >= 0:
        s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i] = c + 1
    else:
        s[L.S_RES_CUBES + c] += 1


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
def exec_op(s, t, op, n, type1, cost, actor):
    """Run one step. It may open a decision (S_PHASE != PH_NONE)."""
    if op == L.OP_SACRIFICE:
        sacrifice(s, actor, n)
    elif op == L.OP_DRAW_STUDENTS:
        draw_students(s, t, actor, n)
    elif op == L.OP_SPEED:
        s[L.S_SPEED] += n
        s[L.S_CARD_SPEED] += n
    elif op == L.OP_TAKE_BONFIRE:
        take_bonfire(s, actor, n)
    elif op == L.OP_DRAW_CARDS:
        draw_tricks(s, t, actor, n)
    elif op == L.OP_STEALTH:
        if s[L.S_T_KIND] > 0:
            s[L.S_T_STEALTH] += n
    elif op == L.OP_ALERT:
        if s[L.S_T_KIND] > 0:
            s[L.S_T_ALERT] += n
    elif op == L.OP_DIV_STEALTH:
        if s[L.S_T_KIND] > 0:
            s[L.S_T_STEALTH] += divination(s, t, n)
    elif op == L.OP_DIV_ALERT:
        if s[L.S_T_KIND] > 0:
            s[L.S_T_ALERT] += divination(s, t, n)
    elif op == L.OP_DISCARD_TARGET:
        if discard_targets(s, t, actor) != 0:
            s[L.S_P_COUNT] = n
            s[L.S_P_CALLER] = actor
            s[L.S_PHASE] = L.PH_TARGET
            s[L.S_ACTOR] = actor
    elif op == L.OP_DISCARD_OWN:
        ask_discard(s, t, actor, n, 0, 0)
    elif op == L.OP_DISCARD_TYPE:
        ask_discard(s, t, actor, n, type1, 0)
    elif op == L.OP_STUN:
        if cost:
            # a Stun Token paid as a cost is taken: the Student sacrifice
            # avoids tokens inflicted on the Scholar, not a price he pays
            for _ in range(n):
                if can_gain_stun(s, t, actor):
                    gain_stun_token(s, actor)
        else:
            give_stun(s, t, actor, n)
    elif op == L.OP_LOSE_RANDOM_INFO:
        c = information_held(s, t, actor)
        if c >= 0:
            # Lose: a Protected colour may be kept (one decision for the step)
            lose_cubes(s, t, actor, c, n, L.PRM_ELIMINATE, -1)
    elif op == L.OP_MOVE_RANDOM_DIR:
        d = direction_passable(s, t, actor)
        if d >= 0:
            z = s[pf(actor, L.PF_ZONE)]
            move_through(s, t, actor, 2 * d if passable(s, t, actor, z, 2 * d) else 2 * d + 1)
    elif op == L.OP_MOVE_RANDOM_PASSAGE:
        p = passage_of_zone(s, t, s[pf(actor, L.PF_ZONE)])
        if p >= 0:
            move_through(s, t, actor, p)
    elif op == L.OP_DROP:
        if player_colors(s, t, actor) != 0:
            s[L.S_PHASE] = L.PH_COLOR
            s[L.S_ACTOR] = actor
    elif op >= L.OP_BOSS_APPEAR and op <= L.OP_BOSS_ACTIVATE:
        exec_boss_op(s, t, op, n, actor)
    elif op == L.OP_GIVE_RANDOM_SCHOLAR:
        target = target_scholar(s, t, actor)
        if target >= 0:
            c = information_held(s, t, actor)
            if c >= 0:
                give(s, t, actor, target, c)
    elif op >= 40 and op < 60:
        exec_main_op(s, t, op, n, actor)


@kernel
def run_prog(s, t, prog, pc, actor):
    """Run program `prog` from step `pc` until it ends or asks for a choice."""
    start = t[L.T_PROG_START + prog]
    length = t[L.T_PROG_LEN + prog]
    while pc < length:
        o = L.T_OPS + (start + pc) * L.OP_W
        pc += 1
        kstack.push(s, L.K_PROG, prog, pc, actor)
        sp = s[L.S_KSP]
        if is_intern_op(t[o]):
            exec_intern_op(s, t, t[o], t[o + 1], actor, prog)
        else:
            exec_op(s, t, t[o], t[o + 1], t[o + 2], t[o + 3], actor)
        # a step that opened a decision, or pushed what must happen before the
        # program goes on (a Boss Effect on entering a Zone ...), leaves the
        # rest of the program to the continuation stack
        if s[L.S_PHASE] != L.PH_NONE or s[L.S_KSP] != sp or s[L.S_OVER] == 1:
            return
        kstack.pop(s)
