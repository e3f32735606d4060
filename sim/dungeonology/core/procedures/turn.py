"""The Game Turn: the three Activities and the End of Turn Phase.

Rulebook: "Choose an Activity!", "Rest", "Submit the Thesis" (SUCCESS and
FAILURE), "Exploration" (three phases), "End of Turn Phase", "End Game" (the
three ways the game ends: ``end_game.py``). Scoring lives in ``scoring.py``.
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.decks import (
    discard_jinx,
    draw_jinx,
    draw_to_hand_value,
    flush_played,
    holds_jinx,
    jinx_held,
    reveal_jinx,
)
from sim.dungeonology.core.components.noteboard import board_points, gain_knowledge, update_exalted
from sim.dungeonology.core.components.scholars import active, in_start, next_seat, pf, stat
from sim.dungeonology.core.components.stun import discard_stun, normalize_stun
from sim.dungeonology.core.components.university import draw_students, place_omega_on_card, refill_students
from sim.dungeonology.core.effects.steps import ask_discard
from sim.dungeonology.core.engine import kstack
from sim.dungeonology.core.engine.dispatch_cubes import lose_cubes
from sim.dungeonology.core.engine.dispatch_turn import (
    before_turn_ends,
    inactive_turn,
    skips_end_of_turn_draw,
    thesis_requirements,
    thesis_succeeded,
    turn_begins,
    turn_ends,
    turn_start_end,
    turn_starts,
)
from sim.dungeonology.core.procedures.end_game import any_active, check_exhausted, end_game_now, trigger_end_at_current
from sim.kit.jit import kernel


@kernel
def thesis_clock(s, t):
    """First submitter's turn: an Omega Student from the Reserve (or the
    University) onto the Alert Card; no free space starts the last round."""
    if s[L.S_ALERT_FILLED] < t[L.T_AL_NSLOTS]:
        if s[L.S_RES_OMEGA] > 0:
            s[L.S_RES_OMEGA] -= 1
            place_omega_on_card(s, t)
            return
        if s[L.S_UNIV_OMEGA] > 0:
            s[L.S_UNIV_OMEGA] -= 1
            place_omega_on_card(s, t)
            return
    trigger_end_at_current(s, L.END_THESIS_CLOCK)


@kernel
def begin_explore(s, t, seat):
    s[L.S_MOVE_PHASE] = 1
    s[L.S_SPEED] = stat(s, t, seat, L.ST_SPEED)
    s[L.S_CARD_SPEED] = 0
    s[L.S_ACTION_DONE] = 0
    s[L.S_ME_ACTIONS] = 0
    s[L.S_ME_MOVED] = 0
    s[L.S_PHASE] = L.PH_MOVE
    s[L.S_ACTOR] = seat


@kernel
def turn_start(s, t):
    cur = s[L.S_CUR]
    if s[L.S_END_AT_SEAT] == cur:
        end_game_now(s, s[L.S_END_REASON])
        return
    reason = turn_start_end(s, t)  # a module's end of the game (Maximum Alert: "The Game Ends if...")
    if reason != L.END_NONE:
        end_game_now(s, reason)
        return
    if not any_active(s):
        end_game_now(s, L.END_ALL_SUBMITTED)
        return
    if cur == s[L.S_FIRST]:
        s[L.S_ROUND] += 1
        if s[L.S_ROUND] > t[L.T_ROUND_CAP]:
            end_game_now(s, L.END_ROUND_CAP)
            return
    turn_starts(s, t, cur)
    if not active(s, cur):
        if inactive_turn(s, t, cur):  # Maximum Alert: the Panic Card's "each player" effects reach her too
            return
        if cur == s[L.S_FIRST_SUBMITTER]:
            thesis_clock(s, t)
        kstack.push(s, L.K_END_TURN, 0, 0, 0)
        return
    s[L.S_TURN] += 1
    if s[pf(cur, L.PF_EXALTED)] == 1:
        s[pf(cur, L.PF_EXALTED_TURNS)] += 1
    if turn_begins(s, t, cur):
        pass  # a module's start of the turn (Maximum Alert: Exploration only, the Panic Card's effects first)
    elif s[pf(cur, L.PF_STUN)] >= stat(s, t, cur, L.ST_STAMINA):
        kstack.push(s, L.K_REST, 0, 0, 0)  # forced Rest
    elif in_start(s, cur):
        begin_explore(s, t, cur)  # forced Exploration
    else:
        s[L.S_PHASE] = L.PH_ACTIVITY
        s[L.S_ACTOR] = cur


@kernel
def recover(s, t, stage, code):
    """The recovery shared by Rest and the Bivouac Zone Effect, in order: Stun
    Tokens discarded, one Jinx Card discarded (a choice when several), Students
    up to the Initial Student value from the Reserve, optional discards, draw
    to the Hand Value. Stage by stage on the continuation `code`; returns True
    once done."""
    cur = s[L.S_CUR]
    if stage == 0:
        discard_stun(s, cur, s[pf(cur, L.PF_STUN)])
        kstack.push(s, code, 1, 0, 0)
        n = jinx_held(s, t, cur)
        if n == 1:
            for j in range(t[L.T_NJINX]):
                if holds_jinx(s, cur, j):
                    discard_jinx(s, t, j)
                    break
        elif n > 1:
            s[L.S_PHASE] = L.PH_JINX
            s[L.S_ACTOR] = cur
        return False
    if stage == 1:
        normalize_stun(s, t, cur)
        refill_students(s, t, cur)
        kstack.push(s, code, 2, 0, 0)
        ask_discard(s, t, cur, s[pf(cur, L.PF_HAND_N)], 0, 1)
        return False
    draw_to_hand_value(s, t, cur)
    return True


@kernel
def rest(s, t, stage):
    """Rest, in order: Starting Zone, then the recovery (Stun Tokens, one
    Jinx, Students, optional discards, draw to Hand Value); the turn ends (no
    End of Turn Phase)."""
    if stage == 0:
        s[pf(s[L.S_CUR], L.PF_ZONE)] = 0
    if recover(s, t, stage, L.K_REST):
        kstack.push(s, L.K_END_TURN, 0, 0, 0)


@kernel
def bivouac(s, t, stage):
    """Bivouac - ACTION ("Zone Effect Types"): the recovery of Rest without
    going back to the Starting Zone; it is the turn's Action, then the Action
    Phase goes on."""
    if recover(s, t, stage, L.K_BIVOUAC):
        kstack.push(s, L.K_RESUME, 0, 0, 0)


@kernel
def thesis_success(s, t, seat):
    """SUCCESS: the Clan Card revealed, the Thesis order noted, the Scholar
    leaves the game (the first submitter starts the Omega clock)."""
    s[L.S_CLAN_PUBLIC] = 1
    s[L.S_THESIS_COUNT] += 1
    s[pf(seat, L.PF_THESIS)] = s[L.S_THESIS_COUNT]
    s[pf(seat, L.PF_IN_GAME)] = 0
    if s[L.S_FIRST_SUBMITTER] < 0:
        s[L.S_FIRST_SUBMITTER] = seat
    update_exalted(s, t, -1)
    thesis_succeeded(s, t, seat)  # Maximum Alert rule: the first Thesis triggers it


@kernel
def submit_thesis(s, t):
    """Submit the Thesis: Starting Zone, Knowledge Token, Clan Card check."""
    cur = s[L.S_CUR]
    s[pf(cur, L.PF_ZONE)] = 0
    gain_knowledge(s, t, cur)
    # the Target Score, and what a module adds (the Stars a New Clan Card shows, RC "New Clan Cards")
    clan = s[L.S_CLAN]
    if board_points(s, t, cur) >= t[L.T_CLAN_TARGET + clan] and thesis_requirements(s, t, cur, clan):
        thesis_success(s, t, cur)
        kstack.push(s, L.K_END_TURN, 0, 0, 0)
    else:
        s[pf(cur, L.PF_THESIS_FAILS)] += 1
        kstack.push(s, L.K_THESIS_FAIL, 0, 0, 0)


@kernel
def thesis_failure(s, t, stage):
    """FAILURE: a Jinx Card revealed at once, then the most valuable cube lost."""
    cur = s[L.S_CUR]
    if stage == 0:
        kstack.push(s, L.K_THESIS_FAIL, 1, 0, 0)
        j = draw_jinx(s, t, cur, L.JX_UP)
        if j >= 0:
            normalize_stun(s, t, cur)
            prog = t[L.T_JINX_PROG + j]
            if prog >= 0:
                kstack.push(s, L.K_PROG, prog, 0, cur)
        return
    kstack.push(s, L.K_END_TURN, 0, 0, 0)
    for i in range(t[L.T_NCOL]):
        c = t[L.T_LOSS_ORDER + i]
        if s[pf(cur, L.PF_CUBES) + c] > 0:
            # a Lose: if Protected, the Scholar may keep it (no other cube is lost)
            lose_cubes(s, t, cur, c, 1, L.PRM_ELIMINATE, -1)
            break


@kernel
def end_of_turn(s, t, stage):
    """End of Turn Phase: a Student drawn (not with the Main Effects rule);
    face-down Jinx Cards revealed one at a time (turn order from the active
    player); draw to the Hand Value."""
    cur = s[L.S_CUR]
    n = s[L.S_NPLAYERS]
    if stage == 0:
        kstack.push(s, L.K_EOT, 1, 0, 0)
        if not skips_end_of_turn_draw(s, t):  # the Main Effects rule draws none
            draw_students(s, t, cur, t[L.T_EOT_STUDENTS])
        return
    if stage == 1:
        for i in range(n):
            seat = (cur + i) % n
            if not active(s, seat) or in_start(s, seat):
                continue  # out of the game, or safe in the Starting Zone
            for j in range(t[L.T_NJINX]):
                if s[L.S_JLOC + j] == L.JX_DOWN and s[L.S_JOWNER + j] == seat:
                    reveal_jinx(s, t, j)
                    normalize_stun(s, t, seat)
                    kstack.push(s, L.K_EOT, 1, 0, 0)
                    prog = t[L.T_JINX_PROG + j]
                    if prog >= 0:
                        kstack.push(s, L.K_PROG, prog, 0, seat)
                    return
        kstack.push(s, L.K_EOT, 2, 0, 0)
        return
    draw_to_hand_value(s, t, cur)
    kstack.push(s, L.K_END_TURN, 0, 0, 0)


@kernel
def end_turn(s, t):
    if before_turn_ends(s, t):
        return  # a module's decision first (Research Cards: the End of Turn claim point)
    flush_played(s, t)
    s[L.S_SPEED] = 0
    s[L.S_CARD_SPEED] = 0
    s[L.S_MOVE_PHASE] = 0
    s[L.S_ACTION_DONE] = 0
    if turn_ends(s, t):
        return  # a module's end (Maximum Alert: the Forced Thesis, "The Game Ends if...")
    s[L.S_ME_ACTIONS] = 0
    s[L.S_ME_MOVED] = 0
    if check_exhausted(s, t):
        return
    if not any_active(s):
        end_game_now(s, L.END_ALL_SUBMITTED)
        return
    s[L.S_CUR] = next_seat(s, s[L.S_CUR])
    kstack.push(s, L.K_TURN_START, 0, 0, 0)


@kernel
def resume_turn(s, t):
    """Back to the Movement or Action Phase after an effect resolved."""
    flush_played(s, t)
    if check_exhausted(s, t):
        return
    s[L.S_PHASE] = L.PH_MOVE if s[L.S_MOVE_PHASE] == 1 else L.PH_ACTION
    s[L.S_ACTOR] = s[L.S_CUR]


# ------------------------------------------------------------ decisions
@kernel
def choose_activity(s, t, me, a):
    """PH_ACTIVITY: Rest, Submit the Thesis or Exploration."""
    if a == L.A_REST:
        kstack.push(s, L.K_REST, 0, 0, 0)
    elif a == L.A_THESIS:
        submit_thesis(s, t)
    else:
        begin_explore(s, t, me)


@kernel
def activity_actions(s, t, me, out):
    """PH_ACTIVITY: Rest, Exploration, and the Thesis with enough Stars;
    Exploration only under Maximum Alert (turn_start skips the decision)."""
    if s[L.S_MAX_ALERT] == 1:
        out[0] = L.A_EXPLORE
        return 1
    out[0] = L.A_REST
    out[1] = L.A_EXPLORE
    if s[pf(me, L.PF_STARS)] >= t[L.T_THESIS_MIN_STARS]:
        out[2] = L.A_THESIS
        return 3
    return 2
