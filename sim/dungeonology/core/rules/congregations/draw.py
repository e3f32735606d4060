"""Drawing Students out of the University with Student Congregations (Rocca Civetta,
"Student Congregations"): each kind is taken out of the bag and held aside; the
continuations of ``students`` then keep or place them and resolve the Omega Students last,
as in the base game. Also: the Congregations' Students entering the University first."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.bag import kind_drawn, kind_drawn_total
from sim.dungeonology.core.components.decks import draw_jinx
from sim.dungeonology.core.engine import kstack
from sim.dungeonology.core.procedures.end_game import end_game_now
from sim.kit.jit import inline_kernel, kernel


@kernel
def draw_student_kinds(s, t, seat, n):
    """Draw n Students with Student Congregations: each kind is taken out of
    the bag and held aside (S_CG_DRAWN, S_CG_PEND, S_CG_OMEGAS); K_CG_DRAWN
    then lets the drawer keep Congregation Students, the current player
    order those placed at the Bonfire, and resolves the Omega Students last,
    as in the base game. Under Maximum Alert (Omega Infinity) an Omega
    Student drawn gives its Jinx Card and goes back in the bag at once.
    Returns True: the draw is this rule's (``draw_students_instead``)."""
    s[L.S_CG_DRAWER] = seat
    for _ in range(n):
        kind = kind_drawn(s)
        if kind < 0:
            break
        if kind == 1:
            s[L.S_UNIV_OMEGA] -= 1
            if s[L.S_MAX_ALERT] == 1:
                draw_jinx(s, t, seat, L.JX_DOWN)
                empty = kind_drawn_total(s) == 0
                s[L.S_UNIV_OMEGA] += 1
                if empty:
                    end_game_now(s, L.END_MA_BAG_EMPTY)
                    return True
            else:
                s[L.S_CG_OMEGAS] += 1
        elif kind == 0:
            s[L.S_UNIV_GREY] -= 1
            s[L.S_CG_PEND] += 1
        else:
            s[L.S_UNIV_CONGREGATION + kind - 2] -= 1
            s[L.S_CG_DRAWN + kind - 2] += 1
    kstack.push(s, L.K_CG_DRAWN, 0, 0, 0)
    return True


@inline_kernel
def enter_congregations(s, t, grey, setup):
    """Students entering the University (Setup O, an Alert Card space): first one Student of each
    Congregation in the game still in the Reserve, each replacing a standard one (not more than the
    standard Students to enter; at Setup not those a Boss or Scholar keeps out, S_CG_USED bit 16+k).
    Returns the standard Students still to enter."""
    for k in range(L.NCONGREGATIONS):
        if grey > 0 and (s[L.S_CG_USED] >> k) & 1 and s[L.S_RES_CONGREGATION + k] > 0:
            if not (setup and (s[L.S_CG_USED] >> (16 + k)) & 1):
                s[L.S_RES_CONGREGATION + k] -= 1
                s[L.S_UNIV_CONGREGATION + k] += 1
                grey -= 1
    return grey
