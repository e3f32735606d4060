"""The Main Effects advanced rule: playing a Trick Card's Main Effect, the
Reaction chain, the cost choice, and Priority outside a Stealth Test.

Rulebook: "Main Effects" (Play a Main Effect, the 5 steps: ACTION check,
Timing, Declare, Pay the Cost, Resolve; Priority and its Designer's Note).

A declared Main Effect is an entry of the chain (``S_ME_*``): the card is on
the table, face up. Its declaration opens a Reaction window to the
declarer's opponents in turn order (``K_ME_REACT``); a Reaction is itself
declared (a new chain entry, with its own Reaction window) and resolves
first; a cancelled entry is discarded without paying its cost
(``K_ME_RESOLVE``). Otherwise the cost is paid (a "/" choice when several
options can be paid; none payable: the card is discarded with no effect),
then the effect and the additional costs (G) run as effect programs.

Priority (outside a Stealth Test) is also the basic game's window for the
opponents' Instant plays: ``sim.dungeonology.core.procedures.priority``; with
this rule Instant Main Effects join it (the hooks at the end of this module).
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.decks import hand_to
from sim.dungeonology.core.components.scholars import passive, pf, targetable
from sim.dungeonology.core.effects.plays import payable
from sim.dungeonology.core.engine import kstack
from sim.dungeonology.core.procedures.windows import open_priority
from sim.kit.jit import inline_kernel, kernel

# where a Main Effect would be declared
CTX_OWN = 0  # the current player's Movement / Action Phase
CTX_OTHER_TURN = 1  # Priority in another Scholar's turn
CTX_TEST = 2  # a Stealth Test window (own or another Scholar's)
CTX_REACT = 3  # answering a declared Main Effect


@kernel
def action_limit(s, t, seat):
    """ACTION Main Effects the seat may play this turn ("Check if the Effect is
    an Action"): tricks.main_actions_per_turn, plus the passive
    `extra_main_actions` (Exalted Sofia's side: one more)."""
    extra = passive(s, t, seat, L.PV_EXTRA_MAIN_ACTIONS)
    return t[L.T_ME_ACTION_LIMIT] + (extra if extra > 0 else 0)


@kernel
def cost_option_payable(s, t, seat, k, i, exclude_kind):
    return payable(s, t, seat, t[L.T_ME_COST + k * L.MAX_ME_COSTS + i], exclude_kind)


@kernel
def cost_payable(s, t, seat, k, exclude_kind):
    """No cost, or at least one "/" option the seat can pay in full."""
    nc = t[L.T_ME_NCOST + k]
    if nc == 0:
        return True
    for i in range(nc):
        if cost_option_payable(s, t, seat, k, i, exclude_kind):
            return True
    return False


@kernel
def held_main(s, t, seat, k):
    """The seat holds a `k` card and it has a Main Effect (a cheap filter
    before main_playable in the loops over card kinds)."""
    return t[L.T_ME_HAS + k] != 0 and s[pf(seat, L.PF_HAND) + k] > 0


@kernel
def main_playable(s, t, seat, k, ctx):
    """May the seat declare the Main Effect of a `k` card from her hand now?
    Steps 1-2 (ACTION, Timing) and a payable cost."""
    if t[L.T_ME_HAS + k] == 0 or s[pf(seat, L.PF_HAND) + k] == 0:
        return False
    if s[L.S_ME_CHAIN_N] >= t[L.T_ME_CHAIN_CAP]:
        return False  # never binds in play: each link is a card on the table
    tm = t[L.T_ME_TIMING + k]
    if ctx == CTX_REACT:
        if tm != L.ME_REACTION:
            return False
    else:
        if tm == L.ME_REACTION:
            return False
        if ctx != CTX_OWN and tm != L.ME_INSTANT:
            return False
        if t[L.T_ME_ACTION + k] == 1:
            if ctx != CTX_OWN or s[L.S_PHASE] != L.PH_ACTION:
                return False
            if s[L.S_ME_ACTIONS] >= action_limit(s, t, seat):
                return False
            if s[L.S_ACTION_DONE] == 1 and s[L.S_ME_ACTIONS] == 0:
                return False  # the turn's Action was a Study or an Espionage
        when = t[L.T_ME_WHEN + k]
        if when == 1:  # before the Movement Phase
            if ctx != CTX_OWN or s[L.S_PHASE] != L.PH_MOVE or s[L.S_ME_MOVED] == 1:
                return False
        elif when == 2 and ctx != CTX_TEST:  # during a Stealth Test
            return False
    return cost_payable(s, t, seat, k, k)


@kernel
def add_mains(s, t, seat, ctx, out, n):
    """Append A_MAIN + kind for every Main Effect the seat may declare."""
    for k in range(t[L.T_NKINDS]):
        if held_main(s, t, seat, k) and main_playable(s, t, seat, k, ctx):
            out[n] = L.A_MAIN + k
            n += 1
    return n


@kernel
def has_reaction(s, t, seat):
    for k in range(t[L.T_NKINDS]):
        if held_main(s, t, seat, k) and main_playable(s, t, seat, k, CTX_REACT):
            return True
    return False


# ------------------------------------------------------------- declaring
@kernel
def declare_main(s, t, seat, k):
    """Step 3: the card goes face up on the table; a Reaction window opens,
    then the effect is resolved (both as continuations)."""
    hand_to(s, seat, k, L.S_PLAYED)
    i = s[L.S_ME_CHAIN_N]
    s[L.S_ME_CHAIN_N] = i + 1
    s[L.S_ME_SEAT + i] = seat
    s[L.S_ME_KIND + i] = k
    s[L.S_ME_CANCEL + i] = 0
    s[pf(seat, L.PF_MAINS)] += 1
    if t[L.T_ME_ACTION + k] == 1:
        # step 1: the ACTION is the turn's Action (replaces Study / Espionage)
        s[L.S_ME_ACTIONS] += 1
        s[L.S_ACTION_DONE] = 1
    kstack.push(s, L.K_ME_RESOLVE, i, 0, 0)
    kstack.push(s, L.K_ME_REACT, i, 1, 0)


@kernel
def may_react(s, seat, declarer):
    """Reactions come from the declarer's opponents who may play cards; in an
    Espionage test only the two Scholars involved play cards."""
    if seat == declarer or not targetable(s, seat):  # in the game, out of the Starting Zone
        return False
    if s[L.S_T_KIND] == 2 and seat != s[L.S_T_ACTIVE] and seat != s[L.S_T_TARGET]:
        return False
    return True


@kernel
def react_next(s, t, idx, i):
    """Ask the next opponent (turn order from the declarer) holding a
    playable Reaction; none left, or the effect cancelled: go on."""
    if s[L.S_ME_CANCEL + idx] == 1:
        return
    n = s[L.S_NPLAYERS]
    decl = s[L.S_ME_SEAT + idx]
    while i < n:
        seat = (decl + i) % n
        if may_react(s, seat, decl) and has_reaction(s, t, seat):
            s[L.S_ME_RX_IDX] = idx
            s[L.S_ME_RX_I] = i
            s[L.S_PHASE] = L.PH_ME_REACT
            s[L.S_ACTOR] = seat
            return
        i += 1


@kernel
def pay_main(s, t, idx, opt):
    """Steps 4-5: pay cost option `opt` (-1 = no cost), resolve the effect,
    then the additional costs / effects (G)."""
    seat = s[L.S_ME_SEAT + idx]
    k = s[L.S_ME_KIND + idx]
    kstack.push(s, L.K_ME_DONE, idx, 0, 0)
    after = t[L.T_ME_AFTER + k]
    if after >= 0:
        kstack.push(s, L.K_PROG, after, 0, seat)
    kstack.push(s, L.K_PROG, t[L.T_ME_EFFECT + k], 0, seat)
    if opt >= 0:
        kstack.push(s, L.K_PROG, t[L.T_ME_COST + k * L.MAX_ME_COSTS + opt], 0, seat)


@kernel
def resolve_main(s, t, idx):
    """After the Reaction window: a cancelled effect is discarded unpaid; the
    cost is chosen ("/") and paid; an unpayable cost discards the card."""
    if s[L.S_ME_CANCEL + idx] == 1:
        s[L.S_ME_CHAIN_N] = idx
        return
    seat = s[L.S_ME_SEAT + idx]
    k = s[L.S_ME_KIND + idx]
    nc = t[L.T_ME_NCOST + k]
    if nc == 0:
        pay_main(s, t, idx, -1)
        return
    count = 0
    last = -1
    for i in range(nc):
        if cost_option_payable(s, t, seat, k, i, -1):
            count += 1
            last = i
    if count == 0:
        s[L.S_ME_CHAIN_N] = idx  # discarded with no effect
    elif count == 1:
        pay_main(s, t, idx, last)
    else:
        s[L.S_PHASE] = L.PH_ME_COST
        s[L.S_ACTOR] = seat


@kernel
def main_done(s, idx):
    """The effect is resolved: it leaves the chain (the card stays on the
    table until the phase or the test ends, then is discarded)."""
    s[L.S_ME_CHAIN_N] = idx


# ------------------------------------------------------------- decisions
@kernel
def react_choice(s, t, me, a):
    """PH_ME_REACT: a Reaction declared, or a pass; the window goes on."""
    kstack.push(s, L.K_ME_REACT, s[L.S_ME_RX_IDX], s[L.S_ME_RX_I] + 1, 0)
    if a != L.A_PASS:
        declare_main(s, t, me, a - L.A_MAIN)


@kernel
def react_actions(s, t, me, out):
    """PH_ME_REACT: the Reactions the seat may declare, and pass."""
    n = add_mains(s, t, me, CTX_REACT, out, 0)
    out[n] = L.A_PASS
    return n + 1


@kernel
def cost_actions(s, t, me, out):
    """PH_ME_COST: the "/" cost options of the top of the chain that can be paid."""
    n = 0
    k = s[L.S_ME_KIND + s[L.S_ME_CHAIN_N] - 1]
    for i in range(t[L.T_ME_NCOST + k]):
        if cost_option_payable(s, t, me, k, i, -1):
            out[n] = L.A_OPTION + i
            n += 1
    return n


# ------------------------------------------------------------- the basic game's hooks
@inline_kernel
def own_mains(s, t, me, out, n):
    """The Main Effects the current player may declare in her own phases."""
    return add_mains(s, t, me, CTX_OWN, out, n)


@inline_kernel
def test_mains(s, t, me, out, n):
    """The Main Effects a seat may declare in a Stealth Test window."""
    return add_mains(s, t, me, CTX_TEST, out, n)


@inline_kernel
def instant_mains(s, t, me, out, n):
    """The Instant Main Effects a seat may declare in a Priority decision."""
    return add_mains(s, t, me, CTX_OTHER_TURN, out, n)


@inline_kernel
def instant_main_open(s, t, seat):
    """An Instant Main Effect the seat could declare in a Priority decision."""
    for k in range(t[L.T_NKINDS]):
        if held_main(s, t, seat, k) and main_playable(s, t, seat, k, CTX_OTHER_TURN):
            return True
    return False


@inline_kernel
def own_turn_main(s, t, me, a):
    """A Main Effect declared in the current player's Movement / Action Phase: the phase goes on
    after it, a Priority round first. True if `a` was one."""
    if a >= L.A_MAIN and a < L.A_MAIN + L.MAX_KINDS:
        kstack.push(s, L.K_RESUME, 0, 0, 0)
        open_priority(s, t)
        declare_main(s, t, me, a - L.A_MAIN)
        return True
    return False


@inline_kernel
def play_main(s, t, me, a):
    """A Main Effect declared out of the own phases (a Priority decision, a test window). True if
    `a` was one."""
    if a >= L.A_MAIN and a < L.A_MAIN + L.MAX_KINDS:
        declare_main(s, t, me, a - L.A_MAIN)
        return True
    return False


@inline_kernel
def no_end_of_turn_draw(s, t):
    """With the Main Effects rule the End of Turn Phase draws no Student ("Main Effects")."""
    return True


@kernel
def mains_declared(s, t, p):
    """Result column: the Main Effects the seat declared."""
    return s[pf(p, L.PF_MAINS)]
