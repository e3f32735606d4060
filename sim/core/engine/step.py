"""Applying one action and resolving the rules until the next decision.

``apply_action`` handles the decision now open (``S_PHASE``); ``advance``
pops the continuation stack until a player must choose again, applying on
its own every decision that has a single legal action (a forced choice).
"""

from __future__ import annotations

from sim import layout as L
from sim.core.components.decks import discard_jinx, hand_to
from sim.core.components.dungeon import begin_placement, passable, place_tile, placement_position
from sim.core.components.scholars import pf, side_index
from sim.core.components.stun import gain_stun_token, stun_continue
from sim.core.components.university import draw_students, sacrifice
from sim.core.effects.interpreter import run_prog
from sim.core.effects.steps import ask_discard, discard_continue, drop_cube
from sim.core.engine import kstack
from sim.core.engine.jit import kernel
from sim.core.engine.legal import legal_actions
from sim.core.procedures.stealth import begin_espionage, begin_study, close_test, commit, declare, test_next
from sim.core.procedures.turn import (
    begin_explore,
    bivouac,
    end_of_turn,
    end_turn,
    rest,
    resume_turn,
    submit_thesis,
    thesis_failure,
    turn_start,
)
from sim.core.rules.boss.boss import boss_step, move_next
from sim.core.rules.dangerous_zones.zone_effects import can_bivouac, enter_zone, toll_step, zone_effect_loop
from sim.core.rules.main_effects.chain import (
    declare_main,
    main_done,
    open_priority,
    pay_main,
    priority_next,
    react_next,
    resolve_main,
)
from sim.core.rules.main_effects.interns import ask_protect, drop_protected, lose_now


@kernel
def play_card(s, t, seat, kind, aux, opt):
    """Play a Trick Card for one option of one of its Auxiliary Effects."""
    hand_to(s, seat, kind, L.S_PLAYED)
    prog = t[L.T_KIND_PROG + (kind * 2 + aux) * L.MAX_OPTS + opt]
    kstack.push(s, L.K_PROG, prog, 0, seat)


@kernel
def use_skill(s, t, seat, sk, opt):
    i = side_index(s, seat) * L.MAX_SKILLS + sk
    kstack.push(s, L.K_PROG, t[L.T_SCH_SK_PROG + i * L.MAX_OPTS + opt], 0, seat)


@kernel
def spend_speed(s):
    """Spend one Speed point, the Scholar card's points first."""
    s[L.S_ME_MOVED] = 1
    s[L.S_SPEED] -= 1
    if s[L.S_CARD_SPEED] > s[L.S_SPEED]:
        s[L.S_CARD_SPEED] = s[L.S_SPEED]


@kernel
def turn_action(s, t, me, a):
    """Movement / Action Phase actions."""
    z = s[pf(me, L.PF_ZONE)]
    if a >= L.A_MOVE and a < L.A_MOVE + 8:
        spend_speed(s)
        kstack.push(s, L.K_RESUME, 0, 0, 0)
        enter_zone(s, t, me, s[L.S_NB + z * 8 + a - L.A_MOVE])
    elif a == L.A_DRAW_ZONE:
        spend_speed(s)  # spent even when no Zone can be Linked
        kstack.push(s, L.K_RESUME, 0, 0, 0)
        begin_placement(s, t, me, t[L.T_Z_FLOOR + z], z, 0)
    elif a == L.A_END_MOVE:
        # the Scholar card's Speed ends with the Movement Phase; Speed from
        # other effects can still move the Scholar in the Action Phase
        s[L.S_MOVE_PHASE] = 2
        s[L.S_SPEED] = s[L.S_CARD_SPEED]
        if t[L.T_RULES] & L.RULE_MAIN_EFFECTS:
            kstack.push(s, L.K_RESUME, 0, 0, 0)
            open_priority(s, t)
        else:
            s[L.S_PHASE] = L.PH_ACTION
    elif a >= L.A_PLAY and a < L.A_SKILL:
        r = a - L.A_PLAY
        kstack.push(s, L.K_RESUME, 0, 0, 0)
        open_priority(s, t)
        play_card(s, t, me, r // 4, (r // 2) % 2, r % 2)
    elif a >= L.A_SKILL and a < L.A_PASS:
        r = a - L.A_SKILL
        kstack.push(s, L.K_RESUME, 0, 0, 0)
        open_priority(s, t)
        use_skill(s, t, me, r // 2, r % 2)
    elif a >= L.A_MAIN and a < L.A_MAIN + L.MAX_KINDS:
        kstack.push(s, L.K_RESUME, 0, 0, 0)
        open_priority(s, t)
        declare_main(s, t, me, a - L.A_MAIN)
    elif a == L.A_STUDY:
        s[L.S_PHASE] = L.PH_STUDY_N
    elif a >= L.A_SPY and a < L.A_COMMIT:
        r = a - L.A_SPY
        begin_espionage(s, t, me, r // L.MAX_COL, r % L.MAX_COL)
    elif a == L.A_END_TURN:
        kstack.push(s, L.K_EOT, 0, 0, 0)
        open_priority(s, t)
    elif a >= L.A_ZONE and a < L.A_ZONE_EFFECT:
        # Secret Passage (Movement Phase): one Speed point to a Zone showing
        # a Secret Passage of the same letter
        spend_speed(s)
        kstack.push(s, L.K_RESUME, 0, 0, 0)
        enter_zone(s, t, me, a - L.A_ZONE)
    elif a >= L.A_ZONE_EFFECT and a < L.A_MAIN:
        # Action Zone Effect: the turn's Action (instead of Study / Espionage)
        s[L.S_ACTION_DONE] = 1
        slot = a - L.A_ZONE_EFFECT
        if slot == L.MAX_ZEFF:
            s[L.S_PHASE] = L.PH_TELEPORT  # the Teleport Token: choose where
        elif can_bivouac(s, t, me, z, slot):
            kstack.push(s, L.K_BIVOUAC, 0, 0, 0)


@kernel
def out_of_turn_play(s, t, me, a):
    """A play of any seat outside her own phase decisions: an Auxiliary
    Effect, a skill or a Main Effect declaration."""
    if a >= L.A_MAIN and a < L.A_MAIN + L.MAX_KINDS:
        declare_main(s, t, me, a - L.A_MAIN)
    elif a < L.A_SKILL:
        r = a - L.A_PLAY
        play_card(s, t, me, r // 4, (r // 2) % 2, r % 2)
    else:
        r = a - L.A_SKILL
        use_skill(s, t, me, r // 2, r % 2)


@kernel
def apply_action(s, t, a):
    """Apply a legal action of the open decision (legality checked by callers)."""
    ph = s[L.S_PHASE]
    me = s[L.S_ACTOR]
    s[L.S_PHASE] = L.PH_NONE
    if ph == L.PH_ACTIVITY:
        if a == L.A_REST:
            kstack.push(s, L.K_REST, 0, 0, 0)
        elif a == L.A_THESIS:
            submit_thesis(s, t)
        else:
            begin_explore(s, t, me)
    elif ph == L.PH_MOVE or ph == L.PH_ACTION:
        turn_action(s, t, me, a)
    elif ph == L.PH_PLACE:
        r = a - L.A_PLACE
        side = r // 12
        tile = s[L.S_PL_TILE]
        anchor = s[L.S_PL_FROM]
        stairs = s[L.S_PL_MODE] == 1
        x, y = placement_position(s, anchor, side, (r // 4) % 3 - 1)
        place_tile(s, t, tile, x, y, r % 4, anchor if stairs else -1)
        s[L.S_PL_TILE] = -1
        if not stairs:
            # move in, unless every Passage from the anchor is barred by a Door
            for p in range(8):
                if s[L.S_NB + anchor * 8 + p] == tile and passable(s, t, me, anchor, p):
                    enter_zone(s, t, me, tile)
                    break
    elif ph == L.PH_PILE:
        begin_placement(s, t, me, a - L.A_PILE, s[L.S_PL_FROM], 1)
    elif ph == L.PH_STUDY_N:
        begin_study(s, t, me, a - L.A_NCUBES + 1)
    elif ph == L.PH_COMMIT:
        if a == L.A_DECLARE:
            declare(s, t)
        else:
            commit(s, t, a - L.A_COMMIT)
            s[L.S_PHASE] = L.PH_COMMIT
    elif ph == L.PH_WINDOW:
        if a == L.A_PASS:
            kstack.push(s, L.K_TEST_NEXT, 0, 0, 0)
        else:
            s[L.S_T_WPLAYS] += 1
            kstack.push(s, L.K_WINDOW, 0, 0, 0)
            out_of_turn_play(s, t, me, a)
    elif ph == L.PH_STUN:
        if a == L.A_STUN_ACCEPT:
            gain_stun_token(s, me)
        else:
            sacrifice(s, me, 1)
        s[L.S_P_COUNT] -= 1
        stun_continue(s, t)
    elif ph == L.PH_DISCARD:
        if a == L.A_PASS:
            s[L.S_P_COUNT] = 0
        else:
            hand_to(s, me, a - L.A_DISCARD, L.S_DISCARD)
            s[L.S_P_COUNT] -= 1
            discard_continue(s, t)
    elif ph == L.PH_TARGET:
        ask_discard(s, t, a - L.A_TARGET, s[L.S_P_COUNT], 0, 0)
    elif ph == L.PH_JINX:
        discard_jinx(s, t, a - L.A_JINX)
    elif ph == L.PH_COLOR:
        c = a - L.A_COLOR
        if drop_protected(s, t, me, c):
            ask_protect(s, t, me, c, 1, L.PRM_DROP, -1)
        else:
            drop_cube(s, t, me, c)
    elif ph == L.PH_TELEPORT:
        kstack.push(s, L.K_RESUME, 0, 0, 0)
        enter_zone(s, t, me, a - L.A_ZONE)
    elif ph == L.PH_BOSS_MOVE:
        boss_step(s, t, a - L.A_ZONE)
    elif ph == L.PH_PROTECT:
        if a == L.A_OPTION + 1:  # lose it; A_OPTION: keep the Protected cube
            if s[L.S_PR_MODE] == L.PRM_DROP:
                drop_cube(s, t, me, s[L.S_PR_COLOR])
            else:
                lose_now(s, t, me, s[L.S_PR_COLOR], s[L.S_PR_N], s[L.S_PR_MODE], s[L.S_PR_OTHER])
    elif ph == L.PH_ME_REACT:
        kstack.push(s, L.K_ME_REACT, s[L.S_ME_RX_IDX], s[L.S_ME_RX_I] + 1, 0)
        if a != L.A_PASS:
            declare_main(s, t, me, a - L.A_MAIN)
    elif ph == L.PH_ME_COST:
        pay_main(s, t, s[L.S_ME_CHAIN_N] - 1, a - L.A_OPTION)
    elif ph == L.PH_ME_PRIORITY:
        kstack.push(s, L.K_PRIORITY, s[L.S_ME_PRI_I] + 1, 0, 0)
        if a != L.A_PASS:
            s[L.S_ME_PRI_PLAYED] += 1
            out_of_turn_play(s, t, me, a)
    elif ph == L.PH_ME_ZONE:
        if a != L.A_PASS:
            enter_zone(s, t, me, a - L.A_ZONE)


@kernel
def run_continuation(s, t, code, a, b, c):
    if code == L.K_TURN_START:
        turn_start(s, t)
    elif code == L.K_PROG:
        run_prog(s, t, a, b, c)
    elif code == L.K_TEST_NEXT:
        test_next(s, t)
    elif code == L.K_TEST_AFTER_FAIL:
        draw_students(s, t, a, b)  # after the Stun Token (b: the usual number, or Danger N)
    elif code == L.K_TEST_CLOSE:
        close_test(s, t)
        resume_turn(s, t)
    elif code == L.K_EOT:
        end_of_turn(s, t, a)
    elif code == L.K_REST:
        rest(s, t, a)
    elif code == L.K_THESIS_FAIL:
        thesis_failure(s, t, a)
    elif code == L.K_END_TURN:
        end_turn(s, t)
    elif code == L.K_RESUME:
        resume_turn(s, t)
    elif code == L.K_BOSS_STEP:
        move_next(s, t)
    elif code == L.K_MA_EXPLORE:
        begin_explore(s, t, s[L.S_CUR])
    elif code == L.K_WINDOW:
        s[L.S_PHASE] = L.PH_WINDOW
        s[L.S_ACTOR] = s[L.S_T_WINDOW]
    elif code == L.K_ZONE_EFFECTS:
        zone_effect_loop(s, t, a, b, c // 2, c % 2)
    elif code == L.K_ZE_TOLL:
        toll_step(s, t, a, b)
    elif code == L.K_BIVOUAC:
        bivouac(s, t, a)
    elif code == L.K_ME_REACT:
        react_next(s, t, a, b)
    elif code == L.K_ME_RESOLVE:
        resolve_main(s, t, a)
    elif code == L.K_ME_DONE:
        main_done(s, a)
    elif code == L.K_PRIORITY:
        priority_next(s, t, a)


@kernel
def advance(s, t, buf):
    """Resolve until a player must choose (or the game is over).

    Returns the number of legal actions now (0 when over); `buf` receives them.
    """
    while True:
        if s[L.S_OVER] == 1:
            return 0
        if s[L.S_PHASE] != L.PH_NONE:
            n = legal_actions(s, t, buf)
            if n == 1:
                apply_action(s, t, buf[0])
                continue
            return n
        code, a, b, c = kstack.pop(s)
        if code == 0:
            return 0
        run_continuation(s, t, code, a, b, c)


@kernel
def step(s, t, a, buf):
    """Apply action `a` and advance; returns the number of legal actions."""
    apply_action(s, t, a)
    return advance(s, t, buf)
