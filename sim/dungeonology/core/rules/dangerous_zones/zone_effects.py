"""Zone Effects: entering a Zone, the left-to-right Zone Effect loop, the
Passive and Action Zone Effects, and the Zone Effect Tokens.

Rulebook: "Dangerous Zones" (Zone Effects, Example: Zone Effects Activation,
Zone Effect Types), "Placing Zones and Stairs" (the Stairs Effect, activated
with the others from left to right when the Dangerous Zones rule is used),
"Action Phase" (Action Zone Effect), "Zone Effect Tokens", "Boss" (Zone
Effect: Boss, always the rightmost).

Which effects count ("Dungeon Zones" D, "Zone Effect Tokens"):

* the Stairs Effect always (for the first Scholar to enter the Zone);
* the Boss Effect only with the Boss rule (it is always the rightmost, so it
  is the last one resolved; :func:`sim.dungeonology.core.rules.boss.boss.boss_zone_effect` decides
  what it does and keeps the once-per-turn limit);
* every other printed effect only with the Dangerous Zones rule;
* the Zone Effect Tokens (Trap, Teleport, Secret Passage Marker X) with or
  without the Dangerous Zones rule.

Colored Effects: an effect printed with a colour affects, or may be used by,
only a Scholar with at least one Information Cube of that colour on his Note
Board (checked when the effect would apply).

Entering. Every way a Scholar comes into a Zone is :func:`enter_zone`:
moving through a Passage, moving into a newly placed Zone, the randomized
moves of effects, a Secret Passage and a Teleport. The Incoming Effects are
resolved then, in order from the left: a Trap Token first ("always to the
left of all other Zone Effects"), then the printed effects. Incoming Effects
other than Stairs act on every entry ("activated every time a Scholar enters
the Zone"); Stairs and a Trap only on the first (Stairs: the first Scholar to
enter the Zone; Trap: the first Scholar to enter after it was placed, who
flips it and puts it back). The Starting Zone has no Zone Effects: entering
it resolves nothing. Passive Effects (Good Luck, Bad Luck, Danger) act in a
Stealth Test in the Zone; Action Zone Effects (Bivouac, Teleport) are Actions
of the Action Phase; a Secret Passage is a move of the Movement Phase.

An effect that opens a decision (the Stairs pile, a Stun Token that may be
avoided, the cube a Toll drops) suspends the loop: its rest is on the
continuation stack (``K_ZONE_EFFECTS``) and resumes with the next effect.
If an effect moves the Scholar into another Zone, the effects of the new
Zone were resolved by that move and the remaining effects of the old Zone
are not applied (the Scholar is no longer in it).
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.decks import divination
from sim.dungeonology.core.components.dungeon import player_colors, secret_reach, stair_piles
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.core.components.stun import give_stun
from sim.dungeonology.core.engine import kstack
from sim.dungeonology.core.rules.boss.boss import boss_zone_effect
from sim.dungeonology.core.rules.main_effects.tokens import note_zone_left, return_trap_token
from sim.kit.jit import inline_kernel, kernel


# ------------------------------------------------------------- helpers
@kernel
def rule_on(t, bit):
    return (t[L.T_RULES] & bit) != 0


@kernel
def eff_at(z, i):
    """Offset in the tables of printed effect i (from the left) of zone z."""
    return L.T_Z_EFF + (z * L.MAX_ZEFF + i) * L.ZE_W


@kernel
def counts(t, kind):
    """Does a printed effect of this kind count under the rules in use?"""
    if kind == L.ZK_STAIRS:
        return True
    if kind == L.ZK_BOSS:
        return rule_on(t, L.RULE_BOSS)
    return rule_on(t, L.RULE_DANGEROUS_ZONES)


@kernel
def colour_ok(s, seat, colour1):
    """Colored Effects: no colour, or the seat holds a cube of that colour."""
    return colour1 == 0 or s[pf(seat, L.PF_CUBES) + colour1 - 1] > 0


@kernel
def applies(s, t, seat, z, i):
    """Printed effect i of zone z counts and its colour condition holds."""
    o = eff_at(z, i)
    return counts(t, t[o]) and colour_ok(s, seat, t[o + 2])


# ------------------------------------------------------ Incoming Effects
@kernel
def stairs_effect(s, t, seat, z):
    """Stairs ("Placing Zones and Stairs"): choose a Floor stack above or below
    and place a Zone from it, joined by Stairs (PH_PILE, then PH_PLACE).
    Under Maximum Alert no new Zone can be placed ("No Zone")."""
    if stair_piles(s, t, z) == 0 or s[L.S_MAX_ALERT] == 1:
        return
    s[L.S_PL_FROM] = z
    s[L.S_PL_SEAT] = seat
    s[L.S_PHASE] = L.PH_PILE
    s[L.S_ACTOR] = seat


@kernel
def toll_step(s, t, seat, n):
    """Toll N: drop the next of n cubes, of the Scholar's choice (PH_COLOR; the
    Drop of ``effects.drop_cube``: leftmost free space of this Zone whatever
    its colour, else an Adjacent and Linked Zone, else the Reserve)."""
    if n > 0 and player_colors(s, t, seat) != 0:
        kstack.push(s, L.K_ZE_TOLL, seat, n - 1, 0)
        s[L.S_PHASE] = L.PH_COLOR
        s[L.S_ACTOR] = seat


@kernel
def incoming(s, t, seat, z, kind, n):
    """Resolve one Incoming Effect (Ambush, Stop, Toll) on the entering seat."""
    if kind == L.ZK_AMBUSH:
        # gain N Stun Tokens; each may be avoided by sacrificing a Student
        # ("Stun Tokens" 1; the Sofia example), none beyond Stamina
        give_stun(s, t, seat, n)
    elif kind == L.ZK_STOP:
        # the remaining Speed points of the turn are lost (only the Scholar
        # whose turn it is has Speed points); Exploration cards can give more
        if seat == s[L.S_CUR]:
            s[L.S_SPEED] = 0
            s[L.S_CARD_SPEED] = 0
    elif kind == L.ZK_TOLL:
        toll_step(s, t, seat, n)


@kernel
def zone_effect(s, t, seat, z, idx, first):
    """Effect number idx of zone z on entry (0: a Trap Token; 1+i: printed i)."""
    if idx == 0:
        kind = s[L.S_ZTRAP_KIND + z]
        if kind != 0:
            n = s[L.S_ZTRAP_N + z]
            s[L.S_ZTRAP_KIND + z] = 0
            s[L.S_ZTRAP_N + z] = 0
            return_trap_token(s, t, kind, n)
            incoming(s, t, seat, z, kind, n)
        return
    i = idx - 1
    o = eff_at(z, i)
    kind = t[o]
    if not counts(t, kind):
        return
    if kind == L.ZK_STAIRS:
        if first:
            stairs_effect(s, t, seat, z)
    elif kind == L.ZK_BOSS:
        boss_zone_effect(s, t, seat, z)
    elif colour_ok(s, seat, t[o + 2]):
        incoming(s, t, seat, z, kind, t[o + 1])


@kernel
def zone_effect_loop(s, t, seat, z, idx, first):
    """Resolve the Incoming Effects of zone z from number idx on, left to
    right; suspends (K_ZONE_EFFECTS) when one opens a decision."""
    last = t[L.T_Z_NEFF + z]
    while idx <= last:
        if s[pf(seat, L.PF_ZONE)] != z or s[L.S_OVER] == 1:
            return  # moved away: the old Zone's remaining effects do not apply
        kstack.push(s, L.K_ZONE_EFFECTS, seat, z, 2 * (idx + 1) + first)
        depth = s[L.S_KSP]
        zone_effect(s, t, seat, z, idx, first)
        if s[L.S_PHASE] != L.PH_NONE or s[L.S_KSP] != depth:
            return  # a decision, or pushed work (the Boss's programs): resume afterwards
        kstack.pop(s)
        idx += 1


@kernel
def enter_zone(s, t, seat, z):
    """Move the Scholar into zone z and resolve its Incoming Effects.

    May open a decision (Stairs pile or placement, a Stun Token, a Toll cube):
    callers push their follow-up on the continuation stack first.
    """
    note_zone_left(s, seat, s[pf(seat, L.PF_ZONE)], z)
    s[pf(seat, L.PF_ZONE)] = z
    first = 1 if s[L.S_ZENTERED + z] == 0 else 0
    s[L.S_ZENTERED + z] = 1
    if z == 0:
        return  # the Starting Zone has no Zone Effects
    zone_effect_loop(s, t, seat, z, 0, first)


# ------------------------------------------------------- Passive Effects
@kernel
def stealth_luck(s, t):
    """Good Luck N / Bad Luck N in the Zone of the Stealth Test in progress,
    after the Stealth Value is generated (declared): reveal N Trick Cards;
    Good Luck (blue) adds the highest Bonus Value to the Stealth Value, Bad
    Luck (red) to the Alert Value. Left to right, each one its own reveal."""
    z = s[L.S_T_ZONE]
    seat = s[L.S_T_ACTIVE]
    for i in range(t[L.T_Z_NEFF + z]):
        kind = t[eff_at(z, i)]
        if (kind == L.ZK_GOOD_LUCK or kind == L.ZK_BAD_LUCK) and applies(s, t, seat, z, i):
            best = divination(s, t, t[eff_at(z, i) + 1])
            if kind == L.ZK_GOOD_LUCK:
                s[L.S_T_STEALTH] += best
            else:
                s[L.S_T_ALERT] += best


@kernel
def fail_students(s, t, seat, z):
    """Students drawn after failing a Stealth Test in zone z: Danger N draws N
    instead of the usual number (the largest N if a Zone showed two)."""
    n = t[L.T_FAIL_STUDENTS]
    found = False
    for i in range(t[L.T_Z_NEFF + z]):
        o = eff_at(z, i)
        if t[o] == L.ZK_DANGER and applies(s, t, seat, z, i):
            if not found or t[o + 1] > n:
                n = t[o + 1]
            found = True
    return n


# ------------------------------------------------------- Action / moves
@kernel
def can_bivouac(s, t, seat, z, i):
    """Printed effect i of zone z is a Bivouac this seat may use."""
    return t[eff_at(z, i)] == L.ZK_BIVOUAC and applies(s, t, seat, z, i)


@kernel
def teleport_dest(s, t, z, d):
    """Teleport moves to any placed Dungeon Zone (not the Starting Zone, not
    the Zone the Scholar is in)."""
    return d != z and d != 0 and s[L.S_ZPLACED + d] == 1


@kernel
def can_teleport(s, t, seat, z):
    """Teleport - ACTION: a Teleport Token here, a Worship cube, and some
    other placed Zone to go to."""
    if s[L.S_ZTELEPORT + z] == 0 or s[pf(seat, L.PF_CUBES) + t[L.T_TELEPORT_COLOR]] == 0:
        return False
    for d in range(t[L.T_NZONES]):
        if teleport_dest(s, t, z, d):
            return True
    return False


@kernel
def secret_dests(s, t, seat, z):
    """Bitmask of the placed Zones d the seat in zone z can reach by a Secret
    Passage: a Secret Passage of the same letter. The letters are the printed
    ones (Dangerous Zones rule, with their colour condition) and the Marker X."""
    return secret_reach(s, t, z, rule_on(t, L.RULE_DANGEROUS_ZONES), player_colors(s, t, seat))


@kernel
def teleport_to(s, t, me, a):
    """PH_TELEPORT: enter the chosen Zone; the turn goes on."""
    kstack.push(s, L.K_RESUME, 0, 0, 0)
    enter_zone(s, t, me, a - L.A_ZONE)


@kernel
def teleport_actions(s, t, me, out):
    """PH_TELEPORT: the Zones a Teleport may take the Scholar to."""
    n = 0
    z = s[pf(me, L.PF_ZONE)]
    for d in range(t[L.T_NZONES]):
        if teleport_dest(s, t, z, d):
            out[n] = L.A_ZONE + d
            n += 1
    return n


# ------------------------------------------------------- the basic game's hooks
@inline_kernel
def secret_passage_actions(s, t, me, z, out, n):
    """Movement Phase: a Secret Passage to each Zone the seat can reach by one (A_ZONE + zone)."""
    if s[L.S_PHASE] == L.PH_MOVE and z != 0:
        dests = secret_dests(s, t, me, z)
        for d in range(t[L.T_NZONES]):
            if (dests >> d) & 1:
                out[n] = L.A_ZONE + d
                n += 1
    return n


@inline_kernel
def action_zone_effects(s, t, me, z, out, n):
    """Action Phase, the turn's Action not taken: the Action Zone Effects, Bivouac (printed, slot i)
    and Teleport (the token, slot MAX_ZEFF)."""
    for i in range(t[L.T_Z_NEFF + z]):
        if can_bivouac(s, t, me, z, i):
            out[n] = L.A_ZONE_EFFECT + i
            n += 1
    if can_teleport(s, t, me, z):
        out[n] = L.A_ZONE_EFFECT + L.MAX_ZEFF
        n += 1
    return n


@inline_kernel
def own_turn_zone_effect(s, t, me, a):
    """An Action Zone Effect used: the turn's Action (instead of Study / Espionage); the Teleport
    Token asks where (PH_TELEPORT), Bivouac recovers. True if `a` was one."""
    if a >= L.A_ZONE_EFFECT and a < L.A_ZONE_EFFECT + L.MAX_ZEFF + 1:
        s[L.S_ACTION_DONE] = 1
        slot = a - L.A_ZONE_EFFECT
        if slot == L.MAX_ZEFF:
            s[L.S_PHASE] = L.PH_TELEPORT  # the Teleport Token: choose where
        elif can_bivouac(s, t, me, s[pf(me, L.PF_ZONE)], slot):
            kstack.push(s, L.K_BIVOUAC, 0, 0, 0)
        return True
    return False
