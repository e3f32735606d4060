"""Rocca Civetta Trick Cards and Interns that need rules of their own.

- "Spriggan Cards": "a Bonus Value of 8 that you can use to declare your
  Stealth Value. The Scholar who uses it takes the Spriggan Intern Card from
  the Intern deck or from the Scholar who currently owns it"
  (:func:`declared_interns`, a card kind's ``declare_intern``).
- The Fool's Token (Fool's Token (1), "New Components"; its rule is
  provisional, docs/RULES_COVERAGE.md): the Fool's new owner gives it to
  another Scholar, who suffers the Intern's ``token`` passives while she holds
  it (opcode ``give_token``, phase PH_RC_TOKEN).
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import add_passives, targetable
from sim.dungeonology.core.components.stun import normalize_stun
from sim.dungeonology.core.rules.main_effects.interns import gain_intern
from sim.kit.jit import kernel


@kernel
def declared_interns(s, t):
    """The Stealth Value is declared: whoever used the Bonus Value of a kind
    with ``declare_intern`` (the Spriggan) takes its Intern (Main Effects rule)."""
    if (t[L.T_RULES] & L.RULE_MAIN_EFFECTS) == 0:
        return
    for k in range(t[L.T_NKINDS]):
        if t[L.T_RC_DECLARE_INTERN + k] == 1 and s[L.S_PLAYED + k] > 0:
            i = t[L.T_KIND_INTERN + k] - 1
            if i >= 0:
                gain_intern(s, t, s[L.S_T_ACTIVE], i)


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
