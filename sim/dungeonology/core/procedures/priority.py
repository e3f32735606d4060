"""Priority outside a Stealth Test, and the plays of a seat out of her own phases.

Rulebook: "Exploration" ("Your opponents can do it too, but they can only use the
Effects indicated by the Instant timing icon"), "Main Effects" (Priority and its
Designer's Note). After each action of the current player in her Movement / Action
Phase (``windows.open_priority``), the other Scholars in turn order from her left
may each play one Instant card or skill (K_PRIORITY, PH_ME_PRIORITY); the modules
add their plays (Instant Main Effects, gold-symbol Student effects: the hooks
``instant_open``, ``priority_plays``, ``module_play``). A seat is asked only when it
holds such a play, so games without Instant effects never stop.
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import targetable
from sim.dungeonology.core.effects.plays import add_plays, play_card, timed_play_open, use_skill
from sim.dungeonology.core.engine import kstack
from sim.dungeonology.core.engine.dispatch_priority import instant_open, module_play, priority_plays
from sim.kit.jit import kernel


@kernel
def priority_next(s, t, i):
    """Ask the next Scholar after the current player (position i) who holds
    an Instant play; after the last one, the round is over. Only a Scholar in
    the game and out of the Starting Zone plays cards."""
    n = s[L.S_NPLAYERS]
    cur = s[L.S_CUR]
    while i < n:
        seat = (cur + i) % n
        if targetable(s, seat) and (instant_open(s, t, seat) or timed_play_open(s, t, seat, L.TM_OTHER_TURN)):
            s[L.S_ME_PRI_I] = i
            s[L.S_PHASE] = L.PH_ME_PRIORITY
            s[L.S_ACTOR] = seat
            return
        i += 1


@kernel
def out_of_turn_play(s, t, me, a):
    """A play of any seat outside her own phase decisions: an Auxiliary
    Effect, a skill, or a module's play (a Main Effect declared, a Student's effect)."""
    if module_play(s, t, me, a):
        return
    if a < L.A_SKILL:
        r = a - L.A_PLAY
        play_card(s, t, me, r // 4, (r // 2) % 2, r % 2)
    else:
        r = a - L.A_SKILL
        use_skill(s, t, me, r // 2, r % 2)


# ------------------------------------------------------------- decisions
@kernel
def priority_choice(s, t, me, a):
    """PH_ME_PRIORITY: one Instant play, or a pass; the round goes on."""
    kstack.push(s, L.K_PRIORITY, s[L.S_ME_PRI_I] + 1, 0, 0)
    if a != L.A_PASS:
        s[L.S_ME_PRI_PLAYED] += 1
        out_of_turn_play(s, t, me, a)


@kernel
def priority_actions(s, t, me, out):
    """PH_ME_PRIORITY: Instant Auxiliary Effects and skills, the modules' plays, and pass."""
    n = add_plays(s, t, me, L.TM_OTHER_TURN, out, 0)
    n = priority_plays(s, t, me, out, n)
    out[n] = L.A_PASS
    return n + 1
