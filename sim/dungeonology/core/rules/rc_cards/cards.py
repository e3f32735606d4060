"""Rocca Civetta Trick Cards and Interns that need rules of their own (the
Specialists' and the Spriggan's are in their own packages).

- The Fool's Token (Fool's Token (1), "New Components"; its rule is
  provisional, docs/RULES_COVERAGE.md): the Fool's new owner gives it to
  another Scholar, who suffers the Intern's ``token`` passives while she holds
  it (opcode ``give_token``, phase PH_RC_TOKEN).
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import add_passives, targetable
from sim.dungeonology.core.components.stun import normalize_stun
from sim.kit.jit import kernel


@kernel
def token_targets(s, me):
    """Bit mask of the Scholars the token may go to: the others in the Dungeon."""
    m = 0
    for p in range(s[L.S_NPLAYERS]):
        if p != me and targetable(s, p):
            m |= 1 << p
    return m


@kernel
def move_token(s, t, i, seat):
    """Intern i's token goes to `seat` (-1: the Reserve); its passives leave
    the old holder and apply to the new one."""
    row = L.T_RC_INTERN_TOKEN + i * L.NPASSIVE
    old = s[L.S_RC_TOKEN_HOLDER + i] - 1
    if old == seat:
        return
    if old >= 0:
        add_passives(s, t, old, row, -1)
        normalize_stun(s, t, old)
    s[L.S_RC_TOKEN_HOLDER + i] = seat + 1
    if seat >= 0:
        add_passives(s, t, seat, row, 1)
        normalize_stun(s, t, seat)


@kernel
def exec_rc_cards_op(s, t, op, n, actor, prog):
    """One step of the rc_cards range; `prog` is the running program (its
    Trick Card kind names the Intern whose token moves)."""
    if op == L.OP_GIVE_TOKEN:
        k = t[L.T_PROG_KIND + prog] - 1
        if k < 0:
            return
        i = t[L.T_KIND_INTERN + k] - 1
        if i < 0 or s[L.S_INTERN_OWNER + i] != actor:
            return
        if token_targets(s, actor) == 0:
            move_token(s, t, i, -1)
            return
        s[L.S_P_TYPE] = i
        s[L.S_PHASE] = L.PH_RC_TOKEN
        s[L.S_ACTOR] = actor


# ------------------------------------------------------------ decisions
@kernel
def token_choice(s, t, me, a):
    """PH_RC_TOKEN: the token of Intern S_P_TYPE goes to the chosen Scholar."""
    move_token(s, t, s[L.S_P_TYPE], a - L.A_TARGET)


@kernel
def token_actions(s, t, me, out):
    """PH_RC_TOKEN: another Scholar in the Dungeon."""
    n = 0
    m = token_targets(s, me)
    for p in range(s[L.S_NPLAYERS]):
        if (m >> p) & 1:
            out[n] = L.A_TARGET + p
            n += 1
    return n


@kernel
def check_rc_cards(s, t):
    """RC cards: an Intern's token is in the Reserve (0) or held by a seat of
    the game, and only an Intern with a token has one out."""
    for i in range(L.MAX_INTERNS):
        h = s[L.S_RC_TOKEN_HOLDER + i]
        if h < 0 or h > s[L.S_NPLAYERS]:
            return 105
        if h > 0:
            has = False
            for pv in range(L.NPASSIVE):
                if t[L.T_RC_INTERN_TOKEN + i * L.NPASSIVE + pv] != 0:
                    has = True
            if not has or i >= t[L.T_NINTERNS]:
                return 105
    return 0
