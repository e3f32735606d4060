"""Effect steps that ask a player (discards, targets) or move things for an
effect (a Passage crossed, a cube Dropped).

Rulebook: "Icon Effects" (discard), "Auxiliary Effects"; Rocca Civetta
"Information Cube Keywords" (Drop).
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.decks import hand_to
from sim.dungeonology.core.components.dungeon import passable
from sim.dungeonology.core.components.noteboard import cubes, drop_cube
from sim.dungeonology.core.components.scholars import hand_size, pf, targetable
from sim.dungeonology.core.components.stun import gain_stun_token, stun_continue
from sim.dungeonology.core.components.university import sacrifice
from sim.dungeonology.core.effects.plays import count_type, type_matches
from sim.dungeonology.core.engine import kstack
from sim.dungeonology.core.engine.dispatch_steps import drop_kept
from sim.dungeonology.core.engine.dispatch_zones import enter_zone
from sim.kit.jit import kernel


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


# ------------------------------------------------------------ decisions
@kernel
def stun_choice(s, t, me, a):
    """PH_STUN: take the Stun Token, or sacrifice a Student instead; next token."""
    if a == L.A_STUN_ACCEPT:
        gain_stun_token(s, me)
    elif sacrifice(s, t, me, 1):
        s[L.S_P_COUNT] -= 1
        kstack.push_below(s, L.K_STUN_NEXT, 0, 0, 0)  # the next token once she has chosen
        return
    s[L.S_P_COUNT] -= 1
    stun_continue(s, t)


@kernel
def stun_actions(s, t, me, out):
    out[0] = L.A_STUN_ACCEPT
    out[1] = L.A_STUN_SACRIFICE
    return 2


@kernel
def discard_choice(s, t, me, a):
    """PH_DISCARD: discard one card (next one), or stop where it is optional."""
    if a == L.A_PASS:
        s[L.S_P_COUNT] = 0
    else:
        hand_to(s, me, a - L.A_DISCARD, L.S_DISCARD)
        s[L.S_P_COUNT] -= 1
        discard_continue(s, t)


@kernel
def discard_actions(s, t, me, out):
    """PH_DISCARD: a card kind in hand of the asked type; pass if optional."""
    n = 0
    ty = s[L.S_P_TYPE]
    for k in range(t[L.T_NKINDS]):
        if s[pf(me, L.PF_HAND) + k] > 0 and type_matches(t, k, ty):
            out[n] = L.A_DISCARD + k
            n += 1
    if s[L.S_P_OPTIONAL] == 1:
        out[n] = L.A_PASS
        n += 1
    return n


@kernel
def target_actions(s, t, me, out):
    """PH_TARGET: the seats the effect may make discard."""
    n = 0
    m = discard_targets(s, t, me)
    for p in range(s[L.S_NPLAYERS]):
        if (m >> p) & 1:
            out[n] = L.A_TARGET + p
            n += 1
    return n


@kernel
def color_choice(s, t, me, a):
    """PH_COLOR: Drop the top cube of the chosen colour (a Protected one may be kept)."""
    c = a - L.A_COLOR
    if not drop_kept(s, t, me, c):  # a module's: the owner of a Protected cube decides first
        drop_cube(s, t, me, c)


@kernel
def color_actions(s, t, me, out):
    """PH_COLOR: a colour the seat holds a cube of."""
    n = 0
    for c in range(t[L.T_NCOL]):
        if cubes(s, me, c) > 0:
            out[n] = L.A_COLOR + c
            n += 1
    return n
