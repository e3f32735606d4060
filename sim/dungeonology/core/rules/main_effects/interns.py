"""Intern Cards, Protected Information Cubes, the Zone Effect Token supply and
Exalted Sofia's two ACTION Main Effects, parts of the Main Effects advanced rule
(the tokens themselves are in ``tokens``).

Rulebook: "Game Setup" L, "Intern Cards", "Protected Information Cubes",
"Zone Effect Tokens", "Game Components" 17 and 24-28, "Game Scoring", "Main
Effects" ("Check if the Effect is an Action"); Rocca Civetta "Information
Cube Keywords" (Lose, Give, Protected). Interpretations are written down in
docs/RULES_COVERAGE.md ("Main Effects: Interns, tokens, Sofia").

The RESOLUTION of Zone Effect Tokens (a Trap flipped by the first Scholar who
enters, Teleport, Secret Passage X) belongs to the Dangerous Zones code; it
gives a flipped Trap back with :func:`return_trap_token`.
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.noteboard import cubes, drop_cube, eliminate, steal
from sim.dungeonology.core.components.scholars import add_passives, pf, targetable
from sim.dungeonology.core.components.stun import normalize_stun
from sim.dungeonology.core.rules.main_effects.tokens import place_secret_passage, place_teleport, place_trap
from sim.kit.jit import inline_kernel, kernel


@kernel
def setup_interns_and_tokens(s, t):
    """Setup L: the Intern deck on the table (every Intern owned by nobody), and
    the Zone Effect Tokens in the supply.

    The shuffle of Setup L is not simulated: Interns are only ever taken by
    name (the one linked to the played Trick Card), never drawn, so the deck
    order has no observable effect (and no random number is used)."""
    for i in range(L.MAX_INTERNS):
        s[L.S_INTERN_OWNER + i] = -1
    for k in range(len(L.TRAP_KINDS)):
        s[L.S_TRAP_SUPPLY + k] = t[L.T_TRAP_TOKENS + k]
    s[L.S_TELEPORT_SUPPLY] = t[L.T_TELEPORT_TOKENS]
    s[L.S_SECRET_SUPPLY] = t[L.T_SECRET_TOKENS]
    for p in range(L.MAXP):
        s[L.S_ZONE_LEFT + p] = -1


@kernel
def intern_owner(s, i):
    return s[L.S_INTERN_OWNER + i]


@kernel
def gain_intern(s, t, seat, i):
    """The seat gets Intern i: from the deck, or stolen from its owner (one copy
    of each Intern). The old owner loses its benefits at once. An owner who
    cannot be the subject of effects (in the Starting Zone, or out of the game
    after a successful Thesis, his score final) keeps it: the card gives
    nothing."""
    old = s[L.S_INTERN_OWNER + i]
    if old == seat or (old >= 0 and not targetable(s, old)):
        return
    s[L.S_INTERN_OWNER + i] = seat
    row = L.T_INTERN_PASSIVE + i * L.NPASSIVE
    add_passives(s, t, seat, row, 1)
    if old >= 0:
        add_passives(s, t, old, row, -1)
        normalize_stun(s, t, old)  # a Stamina bonus may have gone with it


@kernel
def intern_bonus(s, t, seat):
    """End of Game Bonus Points of the Interns the seat owns."""
    total = 0
    for i in range(t[L.T_NINTERNS]):
        if s[L.S_INTERN_OWNER + i] == seat:
            total += t[L.T_INTERN_POINTS + i]
    return total


@kernel
def interns_owned(s, t, seat):
    """How many Intern Cards the seat owns."""
    n = 0
    for i in range(t[L.T_NINTERNS]):
        if s[L.S_INTERN_OWNER + i] == seat:
            n += 1
    return n


@kernel
def protected_colors(s, t, seat):
    """Bitmask of the cube colours Protected by the seat's Interns."""
    m = 0
    for i in range(t[L.T_NINTERNS]):
        if s[L.S_INTERN_OWNER + i] == seat:
            m |= t[L.T_INTERN_PROTECT + i]
    return m


@kernel
def is_protected(s, t, seat, c):
    return (protected_colors(s, t, seat) >> c) & 1 == 1


@kernel
def lose_now(s, t, seat, c, n, mode, other):
    """Lose n cubes of colour c (top of the column) without asking."""
    for _ in range(n):
        if cubes(s, seat, c) == 0:
            return
        if mode == L.PRM_STEAL:
            steal(s, t, other, seat, c)
        else:
            eliminate(s, t, seat, c)


@kernel
def ask_protect(s, t, seat, c, n, mode, other):
    """Open the owner's decision: keep the Protected cube(s) or lose them."""
    s[L.S_PR_SEAT] = seat
    s[L.S_PR_COLOR] = c
    s[L.S_PR_N] = n
    s[L.S_PR_MODE] = mode
    s[L.S_PR_OTHER] = other
    s[L.S_PHASE] = L.PH_PROTECT
    s[L.S_ACTOR] = seat


@kernel
def lose_cubes(s, t, seat, c, n, mode, other):
    """An effect makes the seat Lose n cubes of colour c (Eliminated: mode
    PRM_ELIMINATE, or Stolen by `other`: PRM_STEAL). If the colour is
    Protected by one of the seat's Interns, the seat decides first (PH_PROTECT;
    callers push their follow-up on the continuation stack before calling).
    Give is not a Lose: it never comes here."""
    if n <= 0 or cubes(s, seat, c) == 0:
        return
    if is_protected(s, t, seat, c):
        ask_protect(s, t, seat, c, n, mode, other)
        return
    lose_now(s, t, seat, c, n, mode, other)


@kernel
def drop_protected(s, t, seat, c):
    """A Drop of colour c (the Scholar's own choice) may be refused only when the
    cube is Protected and every cube the Scholar holds is Protected: with an
    unprotected cube at hand the effect does not target a Protected one."""
    if not is_protected(s, t, seat, c):
        return False
    prot = protected_colors(s, t, seat)
    for col in range(t[L.T_NCOL]):
        if cubes(s, seat, col) > 0 and (prot >> col) & 1 == 0:
            return False
    return True


@kernel
def exec_intern_op(s, t, op, n, actor, prog):
    """Run one step of the Interns / token range. `prog` is the running
    program: its Trick Card kind (T_PROG_KIND) names the Intern to gain."""
    z = s[pf(actor, L.PF_ZONE)]
    if op == L.OP_GAIN_INTERN:
        k = t[L.T_PROG_KIND + prog] - 1
        if k >= 0:
            i = t[L.T_KIND_INTERN + k] - 1
            if i >= 0:
                gain_intern(s, t, actor, i)
    elif op == L.OP_PLACE_TRAP:
        place_trap(s, t, z)
    elif op == L.OP_PLACE_TELEPORT:
        place_teleport(s, t, z)
    elif op == L.OP_PLACE_TELEPORT_LEFT:
        left = s[L.S_ZONE_LEFT + actor]
        if left >= 0:
            place_teleport(s, t, left)
    elif op == L.OP_PLACE_SECRET_PASSAGE:
        place_secret_passage(s, t, z)


# ------------------------------------------------------------ decisions
@kernel
def protect_choice(s, t, me, a):
    """PH_PROTECT: keep the Protected cube (A_OPTION) or lose it (A_OPTION + 1)."""
    if a == L.A_OPTION + 1:
        if s[L.S_PR_MODE] == L.PRM_DROP:
            drop_cube(s, t, me, s[L.S_PR_COLOR])
        else:
            lose_now(s, t, me, s[L.S_PR_COLOR], s[L.S_PR_N], s[L.S_PR_MODE], s[L.S_PR_OTHER])


@kernel
def protect_actions(s, t, me, out):
    """PH_PROTECT: keep it, or lose it."""
    out[0] = L.A_OPTION
    out[1] = L.A_OPTION + 1
    return 2


@inline_kernel
def protect_drop(s, t, me, c):
    """A Drop of colour c the seat may refuse (a Protected cube, ``drop_protected``): her decision is
    opened (PH_PROTECT). True when it was."""
    if drop_protected(s, t, me, c):
        ask_protect(s, t, me, c, 1, L.PRM_DROP, -1)
        return True
    return False
