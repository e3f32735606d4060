"""The basic game's effect opcodes (1-18): Students, cards, Speed, Stealth
Test values and Divinations, discards, Stun Tokens, losing, giving and
Dropping cubes, random moves through the Randomizer Deck.

Rulebook: "Icon Effects", "Auxiliary Effects", "Jinx Cards", "Randomizer
Deck"; the Rocca Civetta keywords for Lose / Give / Drop. The other ranges
belong to their modules' packages (``sim.dungeonology.core.engine.registry``).
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.decks import divination, draw_tricks
from sim.dungeonology.core.components.dungeon import passable, player_colors
from sim.dungeonology.core.components.noteboard import give
from sim.dungeonology.core.components.randomizer import (
    direction_passable,
    information_held,
    passage_of_zone,
    target_scholar,
)
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.core.components.stun import can_gain_stun, gain_stun_token, give_stun
from sim.dungeonology.core.components.university import draw_students, sacrifice, take_bonfire
from sim.dungeonology.core.effects.steps import ask_discard, discard_targets, move_through
from sim.dungeonology.core.engine.dispatch_cubes import lose_cubes
from sim.kit.jit import kernel


@kernel
def exec_basic_op(s, t, op, n, type1, cost, actor):
    """Run one step of the basic game's opcodes. It may open a decision
    (S_PHASE != PH_NONE)."""
    if op == L.OP_SACRIFICE:
        sacrifice(s, t, actor, n)  # a choice (on the stack) suspends the program
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
    elif op == L.OP_GIVE_RANDOM_SCHOLAR:
        target = target_scholar(s, t, actor)
        if target >= 0:
            c = information_held(s, t, actor)
            if c >= 0:
                give(s, t, actor, target, c)
