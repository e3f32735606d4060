"""Zone Effect Tokens placed by Main Effects: Trap Tokens (face down, of
three kinds), Teleport Tokens and the Secret Passage Marker X; the Zone a
Scholar left ("Bomf!").

Rulebook: "Zone Effect Tokens", "Game Components" 24-28. Their RESOLUTION
(a Trap flipped, a Teleport, Secret Passage X) is Dangerous Zones code. A Trap
lies face down: its kind is hidden in observations and resampled by the
determinization (the hooks at the end).
"""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.decks import shuffle_with
from sim.kit.jit import allocating, kernel
from sim.kit.rng import randint


@kernel
def trap_zone_kind(i):
    """Zone Effect kind (ZK_*) of TRAP_KINDS index i."""
    return L.ZK_AMBUSH + i


@kernel
def trap_supply_total(s):
    n = 0
    for k in range(len(L.TRAP_KINDS)):
        n += s[L.S_TRAP_SUPPLY + k]
    return n


@kernel
def token_zone_ok(s, t, z):
    """Tokens go on placed Dungeon Zones (not the Starting Zone)."""
    return z > 0 and z < t[L.T_NZONES] and s[L.S_ZPLACED + z] == 1


@kernel
def place_trap(s, t, z):
    """A Trap Token drawn at random from the supply, face down on Zone z (its
    effect is the leftmost of the Zone). Nothing when the supply is empty or
    the Zone already holds a Trap Token. True if placed."""
    if not token_zone_ok(s, t, z) or s[L.S_ZTRAP_KIND + z] != 0:
        return False
    total = trap_supply_total(s)
    if total == 0:
        return False
    r = randint(s, total)
    for k in range(len(L.TRAP_KINDS)):
        if r < s[L.S_TRAP_SUPPLY + k]:
            s[L.S_TRAP_SUPPLY + k] -= 1
            s[L.S_ZTRAP_KIND + z] = trap_zone_kind(k)
            s[L.S_ZTRAP_N + z] = t[L.T_TRAP_N + k]
            return True
        r -= s[L.S_TRAP_SUPPLY + k]
    return False


@kernel
def return_trap_token(s, t, kind, n):
    """A flipped Trap Token (ZK_AMBUSH/STOP/TOLL, its N) goes back to the
    Reserve, which is the supply new Traps are drawn from. The caller clears
    the Zone's S_ZTRAP_KIND / S_ZTRAP_N."""
    k = kind - L.ZK_AMBUSH
    if k >= 0 and k < len(L.TRAP_KINDS):
        s[L.S_TRAP_SUPPLY + k] += 1


@kernel
def place_flag_token(s, t, z, field, supply):
    """A Teleport Token (field S_ZTELEPORT, supply S_TELEPORT_SUPPLY) or a Secret
    Passage Marker X (S_ZSECRET, S_SECRET_SUPPLY) from the supply on Zone z,
    one of a kind per Zone. True if placed."""
    if not token_zone_ok(s, t, z) or s[field + z] != 0 or s[supply] == 0:
        return False
    s[supply] -= 1
    s[field + z] = 1
    return True


@kernel
def place_teleport(s, t, z):
    """A Teleport Token from the supply on Zone z. True if placed."""
    return place_flag_token(s, t, z, L.S_ZTELEPORT, L.S_TELEPORT_SUPPLY)


@kernel
def place_secret_passage(s, t, z):
    """A Secret Passage Marker X from the supply on Zone z. True if placed."""
    return place_flag_token(s, t, z, L.S_ZSECRET, L.S_SECRET_SUPPLY)


@kernel
def note_zone_left(s, seat, old, new):
    """Remember the Zone a Scholar leaves (S_ZONE_LEFT, for "Bomf!")."""
    if old != new and old >= 0:
        s[L.S_ZONE_LEFT + seat] = old


# ------------------------------------------------------- the basic game's hooks
@allocating
def resample_traps(s, t, seat, rng):
    """Determinization: the kinds of the face-down Trap Tokens on Zones and of those in the
    supply form one pool (nobody looks at a Trap when placing it); Zones keep
    their Trap, the kinds are dealt again. Nothing is drawn when no Trap is on
    a Zone (the supply alone is never looked into)."""
    nk = len(L.TRAP_KINDS)
    on_board = 0
    counts = np.zeros(nk, np.int64)
    for k in range(nk):
        counts[k] = s[L.S_TRAP_SUPPLY + k]
    for z in range(L.MAX_ZONES):
        kz = s[L.S_ZTRAP_KIND + z]
        if kz != 0:
            counts[kz - L.ZK_AMBUSH] += 1
            on_board += 1
    if on_board == 0:
        return
    pool = np.empty(counts.sum(), np.int64)
    m = 0
    for k in range(nk):  # canonical order: by kind
        for _ in range(counts[k]):
            pool[m] = k
            m += 1
    shuffle_with(rng, pool, 0, m)
    j = 0
    for z in range(L.MAX_ZONES):
        if s[L.S_ZTRAP_KIND + z] != 0:
            k = pool[j]
            j += 1
            s[L.S_ZTRAP_KIND + z] = L.ZK_AMBUSH + k
            s[L.S_ZTRAP_N + z] = t[L.T_TRAP_N + k]
    for k in range(nk):
        s[L.S_TRAP_SUPPLY + k] = 0
    while j < m:
        s[L.S_TRAP_SUPPLY + pool[j]] += 1
        j += 1


@kernel
def hide_traps(s, t, viewer, out, h):
    """Observation: of a Trap Token on a Zone only that there is one (1); in the supply only how many."""
    for z in range(L.MAX_ZONES):
        if s[L.S_ZTRAP_KIND + z] != 0:
            out[L.S_ZTRAP_KIND + z] = 1
    for k in range(len(L.TRAP_KINDS)):
        out[h + L.H_TRAP_SUPPLY] += s[L.S_TRAP_SUPPLY + k]
