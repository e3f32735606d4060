"""Zone Effect Tokens placed by Main Effects: Trap Tokens (face down, of
three kinds), Teleport Tokens and the Secret Passage Marker X; the Zone a
Scholar left ("Bomf!").

Rulebook: "Zone Effect Tokens", "Game Components" 24-28. Their RESOLUTION
(a Trap flipped, a Teleport, Secret Passage X) is Dangerous Zones code.
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.kit.jit import kernel
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
