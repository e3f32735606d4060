"""False Information (black) and Universal Information (white) cubes.

Rocca Civetta "False Information", "Universal Information", "Information
Cube Keywords" (Collect). A False cube is collected by the normal rules and
goes straight to the Reserve: it has no value, it only takes one of the cubes
indicated. A Universal cube is collected when some column has room and goes
into the column its Scholar chooses (PH_RC_UNIVERSAL); there it counts as that
colour (``noteboard.push_cube``, PF_UNIVERSAL). The other keywords (Steal,
Lose, Drop, Eliminate, Give) are ``noteboard``'s: a white cube that leaves a
board is white again.
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.noteboard import has_space, push_cube
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.core.engine import kstack
from sim.kit.jit import kernel


@kernel
def universal_room(s, t, seat):
    """Some column of the seat's Note Board has a free space."""
    for c in range(t[L.T_NCOL]):
        if has_space(s, t, seat, c):
            return True
    return False


@kernel
def next_universal(s, t):
    """Ask for the column of the next Universal cube in hand; with no room
    left, the cubes still in hand go to the Reserve."""
    seat = s[L.S_RC_UNIV_SEAT]
    if s[L.S_RC_UNIV_N] > 0 and universal_room(s, t, seat):
        s[L.S_PHASE] = L.PH_RC_UNIVERSAL
        s[L.S_ACTOR] = seat
        return
    s[L.S_RES_CUBES + L.CUBE_UNIV] += s[L.S_RC_UNIV_N]
    s[L.S_RC_UNIV_N] = 0


@kernel
def gain_universal(s, t, seat, n):
    """The seat has gained n Universal cubes (already out of a Zone or the
    Reserve): each goes into a column of her choice."""
    s[L.S_RC_UNIV_SEAT] = seat
    s[L.S_RC_UNIV_N] = n
    next_universal(s, t)


@kernel
def universal_choice(s, t, me, a):
    """PH_RC_UNIVERSAL: the Universal cube goes into column a - A_COLOR."""
    push_cube(s, t, me, a - L.A_COLOR, True)
    s[L.S_RC_UNIV_N] -= 1
    next_universal(s, t)


@kernel
def universal_actions(s, t, me, out):
    """PH_RC_UNIVERSAL: every column with a free space."""
    n = 0
    for c in range(t[L.T_NCOL]):
        if has_space(s, t, me, c):
            out[n] = L.A_COLOR + c
            n += 1
    return n


@kernel
def collect_cubes(s, t, seat, z, n):
    """Collect n cubes of Zone z from the left ("Collect"): a cube that cannot
    be placed (its column full; a Universal cube with every column full) is
    skipped for the next one that can; a False cube goes to the Reserve. After
    a Universal cube the collection waits for its column (K_RC_COLLECT)."""
    taken = 0
    for i in range(t[L.T_Z_NCUBES + z]):
        if taken == n:
            return
        idx = L.S_ZCUBE + z * L.MAX_ZSLOTS + i
        c = s[idx] - 1
        if c == L.CUBE_FALSE:
            s[idx] = 0
            s[L.S_RES_CUBES + L.CUBE_FALSE] += 1
            taken += 1
        elif c == L.CUBE_UNIV:
            if universal_room(s, t, seat):
                s[idx] = 0
                taken += 1
                if taken < n:
                    kstack.push(s, L.K_RC_COLLECT, seat, z, n - taken)
                gain_universal(s, t, seat, 1)
                return
        elif c >= 0 and push_cube(s, t, seat, c, False):
            s[idx] = 0
            taken += 1


@kernel
def reserve_to_zone(s, t, z, kind, n):
    """Put up to n cubes of `kind` from the Reserve into the free spaces of
    Zone z, leftmost first (fewer when the Reserve or the spaces run out)."""
    for i in range(t[L.T_Z_NCUBES + z]):
        if n == 0 or s[L.S_RES_CUBES + kind] == 0:
            return
        idx = L.S_ZCUBE + z * L.MAX_ZSLOTS + i
        if s[idx] == 0:
            s[idx] = kind + 1
            s[L.S_RES_CUBES + kind] -= 1
            n -= 1


@kernel
def exec_cube_op(s, t, op, n, actor):
    """Opcodes 80-89 (docs/DATA_FORMAT.md, "Rocca Civetta ops")."""
    if op == L.OP_GAIN_UNIVERSAL:
        k = min(n, s[L.S_RES_CUBES + L.CUBE_UNIV])
        if k > 0 and universal_room(s, t, actor):
            s[L.S_RES_CUBES + L.CUBE_UNIV] -= k
            gain_universal(s, t, actor, k)
    elif op == L.OP_FALSE_TO_ZONE:
        z = s[pf(actor, L.PF_ZONE)]
        if z > 0:
            reserve_to_zone(s, t, z, L.CUBE_FALSE, n)
    elif op == L.OP_UNIVERSAL_TO_ZONE:
        z = s[pf(actor, L.PF_ZONE)]
        if z > 0:
            reserve_to_zone(s, t, z, L.CUBE_UNIV, n)
