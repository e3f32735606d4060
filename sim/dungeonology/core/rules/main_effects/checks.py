"""The invariants of the Main Effects rule (invariants 40, 50-51, 60-61 of
``sim.dungeonology.core.checks.invariants.INVARIANTS``): Interns in one place, the Zone Effect
Tokens conserved, the Reaction chain within bounds, the ACTION Main Effects within their limit."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import passive, pf
from sim.dungeonology.core.rules.main_effects.chain import action_limit
from sim.kit.jit import kernel


@kernel
def check_interns_tokens(s, t):
    """Interns: in the deck (-1) or owned by one seat. Zone Effect Tokens:
    supply + tokens on Zones = the box, per Trap kind too (a flipped Trap is
    back in the supply)."""
    n = s[L.S_NPLAYERS]
    for i in range(L.MAX_INTERNS):
        o = s[L.S_INTERN_OWNER + i]
        if o < -1 or o >= n or (i >= t[L.T_NINTERNS] and o != -1):
            return 60
    tele = s[L.S_TELEPORT_SUPPLY]
    secret = s[L.S_SECRET_SUPPLY]
    if tele < 0 or secret < 0:
        return 13
    for k in range(len(L.TRAP_KINDS)):
        if s[L.S_TRAP_SUPPLY + k] < 0:
            return 13
    for z in range(L.MAX_ZONES):
        tz = s[L.S_ZTELEPORT + z]
        sz = s[L.S_ZSECRET + z]
        kz = s[L.S_ZTRAP_KIND + z]
        if tz == 0 and sz == 0 and kz == 0:
            continue
        if s[L.S_ZTRAP_N + z] < 0 or (kz == 0 and s[L.S_ZTRAP_N + z] != 0):
            return 40
        if z == 0 or z >= t[L.T_NZONES] or s[L.S_ZPLACED + z] != 1 or tz > 1 or sz > 1 or tz < 0 or sz < 0:
            return 61
        tele += tz
        secret += sz
    if tele != t[L.T_TELEPORT_TOKENS] or secret != t[L.T_SECRET_TOKENS]:
        return 61
    for k in range(len(L.TRAP_KINDS)):
        total = s[L.S_TRAP_SUPPLY + k]
        for z in range(L.MAX_ZONES):
            if s[L.S_ZTRAP_KIND + z] == L.ZK_AMBUSH + k:
                total += 1
        if total != t[L.T_TRAP_TOKENS + k]:
            return 61
    for z in range(L.MAX_ZONES):
        kz = s[L.S_ZTRAP_KIND + z]
        if kz != 0 and (kz < L.ZK_AMBUSH or kz >= L.ZK_AMBUSH + len(L.TRAP_KINDS)):
            return 61
    return 0


@kernel
def check_main_effects(s, t):
    """The Reaction chain: within bounds, each declared card face up on the
    table; the ACTION Main Effects of the turn within the limit."""
    m = s[L.S_ME_CHAIN_N]
    if m < 0 or m > t[L.T_ME_CHAIN_CAP]:
        return 50
    for i in range(m):
        k = s[L.S_ME_KIND + i]
        if k < 0 or k >= t[L.T_NKINDS] or t[L.T_ME_HAS + k] == 0:
            return 50
        same = 0
        for j in range(m):
            if s[L.S_ME_KIND + j] == k:
                same += 1
        if s[L.S_PLAYED + k] < same:
            return 50
    if s[L.S_ME_ACTIONS] < 0 or s[L.S_ME_ACTIONS] > most_actions(s, t, s[L.S_CUR]):
        return 51
    return 0


@kernel
def most_actions(s, t, seat):
    """The ACTION Main Effects the seat may have played this turn: the limit now
    (``chain.action_limit``) or on the other side of its Scholar Card. A Scholar
    flips during a turn when the Stars change (Exalted Sofia plays her second
    ACTION, then gains a Star and leads: she flips back, the two stay played)."""
    row = s[pf(seat, L.PF_SCHOLAR)] * 2 * L.NPASSIVE + L.PV_EXTRA_MAIN_ACTIONS
    here = t[L.T_SCH_PASSIVE + row + s[pf(seat, L.PF_EXALTED)] * L.NPASSIVE]
    other = t[L.T_SCH_PASSIVE + row + (1 - s[pf(seat, L.PF_EXALTED)]) * L.NPASSIVE]
    extra = passive(s, t, seat, L.PV_EXTRA_MAIN_ACTIONS) - here + other  # as if flipped
    flipped = t[L.T_ME_ACTION_LIMIT] + (extra if extra > 0 else 0)
    now = action_limit(s, t, seat)
    return flipped if flipped > now else now
