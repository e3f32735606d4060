"""Legal actions of the decision now open (the OpenSpiel-style action space of
``sim.layout``; documented in docs/ACTIONS.md)."""

from __future__ import annotations

from sim import layout as L
from sim.core.components.decks import holds_jinx
from sim.core.components.dungeon import passable, placement_links, zone_cube_count
from sim.core.components.noteboard import cubes
from sim.core.components.scholars import hand_size, in_start, passive, pf, stat
from sim.core.effects.plays import add_plays
from sim.core.effects.steps import discard_targets
from sim.core.engine.jit import kernel
from sim.core.procedures.stealth import can_spy_on
from sim.core.rules.boss.boss import boss_steps
from sim.core.rules.dangerous_zones.zone_effects import can_bivouac, can_teleport, secret_dests, teleport_dest
from sim.core.rules.main_effects.chain import (
    CTX_OTHER_TURN,
    CTX_OWN,
    CTX_REACT,
    CTX_TEST,
    add_mains,
    cost_option_payable,
)
from sim.core.rules.main_effects.ops import zone_destination


@kernel
def window_mask(s, seat):
    """Timing bit of a Stealth Test window for this seat."""
    if seat != s[L.S_T_ACTIVE]:
        return L.TM_OTHER_TEST
    return L.TM_OWN_STUDY if s[L.S_T_KIND] == 1 else L.TM_OWN_ESP


@kernel
def add_turn_actions(s, t, me, out, n):
    """Movement / Action Phase: move, draw Zones, play, Study, Espionage."""
    z = s[pf(me, L.PF_ZONE)]
    if s[L.S_SPEED] > 0:
        for p in range(8):  # one action per destination: its first open Passage
            if passable(s, t, me, z, p):
                nb = s[L.S_NB + z * 8 + p]
                first = True
                for q in range(p):
                    if s[L.S_NB + z * 8 + q] == nb and passable(s, t, me, z, q):
                        first = False
                if first:
                    out[n] = L.A_MOVE + p
                    n += 1
        if s[L.S_STACK_N + t[L.T_Z_FLOOR + z]] > 0 and s[L.S_MAX_ALERT] == 0:
            out[n] = L.A_DRAW_ZONE
            n += 1
        if s[L.S_PHASE] == L.PH_MOVE and z != 0:
            dests = secret_dests(s, t, me, z)
            for d in range(t[L.T_NZONES]):  # Secret Passage (Movement Phase)
                if (dests >> d) & 1:
                    out[n] = L.A_ZONE + d
                    n += 1
    if not in_start(s, me):
        n = add_plays(s, t, me, L.TM_OWN, out, n)
        if t[L.T_RULES] & L.RULE_MAIN_EFFECTS:
            n = add_mains(s, t, me, CTX_OWN, out, n)
    if s[L.S_PHASE] == L.PH_MOVE:
        out[n] = L.A_END_MOVE
        return n + 1
    if s[L.S_ACTION_DONE] == 0 and not in_start(s, me) and hand_size(s, me) > 0:
        if zone_cube_count(s, t, z) > 0:
            out[n] = L.A_STUDY
            n += 1
        if s[pf(me, L.PF_STUDENTS)] >= t[L.T_ESP_SACRIFICE] and passive(s, t, me, L.PV_NO_ESPIONAGE) == 0:
            for p in range(s[L.S_NPLAYERS]):
                if can_spy_on(s, t, me, p):
                    for c in range(t[L.T_NCOL]):
                        if cubes(s, p, c) > 0:
                            out[n] = L.A_SPY + p * L.MAX_COL + c
                            n += 1
    if s[L.S_ACTION_DONE] == 0 and not in_start(s, me):
        # Action Zone Effects: Bivouac (printed), Teleport (token)
        for i in range(t[L.T_Z_NEFF + z]):
            if can_bivouac(s, t, me, z, i):
                out[n] = L.A_ZONE_EFFECT + i
                n += 1
        if can_teleport(s, t, me, z):
            out[n] = L.A_ZONE_EFFECT + L.MAX_ZEFF
            n += 1
    out[n] = L.A_END_TURN
    return n + 1


@kernel
def legal_actions(s, t, out):
    """Fill `out` with the legal actions; return how many (0 when over)."""
    if s[L.S_OVER] == 1:
        return 0
    ph = s[L.S_PHASE]
    me = s[L.S_ACTOR]
    n = 0
    if ph == L.PH_ACTIVITY and s[L.S_MAX_ALERT] == 1:
        out[0] = L.A_EXPLORE  # "Exploration only" (turn_start skips this decision)
        n = 1
    elif ph == L.PH_ACTIVITY:
        out[0] = L.A_REST
        out[1] = L.A_EXPLORE
        n = 2
        if s[pf(me, L.PF_STARS)] >= t[L.T_THESIS_MIN_STARS]:
            out[2] = L.A_THESIS
            n = 3
    elif ph == L.PH_MOVE or ph == L.PH_ACTION:
        n = add_turn_actions(s, t, me, out, 0)
    elif ph == L.PH_PLACE:
        for side in range(4):
            for shift in range(-1, 2):
                for rot in range(4):
                    if placement_links(s, t, s[L.S_PL_TILE], s[L.S_PL_FROM], side, shift, rot) != 0:
                        out[n] = L.A_PLACE + (side * 3 + shift + 1) * 4 + rot
                        n += 1
    elif ph == L.PH_PILE:
        from_floor = t[L.T_Z_FLOOR + s[L.S_PL_FROM]]
        for f in range(L.NFLOORS):
            if (f == from_floor - 1 or f == from_floor + 1) and s[L.S_STACK_N + f] > 0:
                out[n] = L.A_PILE + f
                n += 1
    elif ph == L.PH_STUDY_N:
        top = stat(s, t, me, L.ST_INTEL)
        have = zone_cube_count(s, t, s[pf(me, L.PF_ZONE)])
        if have < top:
            top = have
        for k in range(1, top + 1):
            out[n] = L.A_NCUBES + k - 1
            n += 1
    elif ph == L.PH_COMMIT:
        for k in range(t[L.T_NKINDS]):
            if s[pf(me, L.PF_HAND) + k] > 0:
                out[n] = L.A_COMMIT + k
                n += 1
        if s[L.S_T_WPLAYS] > 0:
            out[n] = L.A_DECLARE
            n += 1
    elif ph == L.PH_WINDOW:
        n = add_plays(s, t, me, window_mask(s, me), out, 0)
        if t[L.T_RULES] & L.RULE_MAIN_EFFECTS:
            n = add_mains(s, t, me, CTX_TEST, out, n)
        out[n] = L.A_PASS
        n += 1
    elif ph == L.PH_ME_REACT:
        n = add_mains(s, t, me, CTX_REACT, out, 0)
        out[n] = L.A_PASS
        n += 1
    elif ph == L.PH_ME_PRIORITY:
        n = add_plays(s, t, me, L.TM_OTHER_TURN, out, 0)
        n = add_mains(s, t, me, CTX_OTHER_TURN, out, n)
        out[n] = L.A_PASS
        n += 1
    elif ph == L.PH_ME_COST:
        top = s[L.S_ME_CHAIN_N] - 1
        k = s[L.S_ME_KIND + top]
        for i in range(t[L.T_ME_NCOST + k]):
            if cost_option_payable(s, t, me, k, i, -1):
                out[n] = L.A_OPTION + i
                n += 1
    elif ph == L.PH_ME_ZONE:
        for z in range(1, t[L.T_NZONES]):
            if zone_destination(s, t, me, s[L.S_P_TYPE], z):
                out[n] = L.A_ZONE + z
                n += 1
        if s[L.S_P_OPTIONAL] == 1:
            out[n] = L.A_PASS
            n += 1
    elif ph == L.PH_STUN:
        out[0] = L.A_STUN_ACCEPT
        out[1] = L.A_STUN_SACRIFICE
        n = 2
    elif ph == L.PH_DISCARD:
        ty = s[L.S_P_TYPE]
        for k in range(t[L.T_NKINDS]):
            if s[pf(me, L.PF_HAND) + k] > 0 and (ty == 0 or t[L.T_KIND_TYPE + k] == ty - 1):
                out[n] = L.A_DISCARD + k
                n += 1
        if s[L.S_P_OPTIONAL] == 1:
            out[n] = L.A_PASS
            n += 1
    elif ph == L.PH_TARGET:
        m = discard_targets(s, t, me)
        for p in range(s[L.S_NPLAYERS]):
            if (m >> p) & 1:
                out[n] = L.A_TARGET + p
                n += 1
    elif ph == L.PH_COLOR:
        for c in range(t[L.T_NCOL]):
            if cubes(s, me, c) > 0:
                out[n] = L.A_COLOR + c
                n += 1
    elif ph == L.PH_TELEPORT:
        z = s[pf(me, L.PF_ZONE)]
        for d in range(t[L.T_NZONES]):
            if teleport_dest(s, t, z, d):
                out[n] = L.A_ZONE + d
                n += 1
    elif ph == L.PH_BOSS_MOVE:
        n = boss_steps(s, t, out, 0)
    elif ph == L.PH_PROTECT:
        out[0] = L.A_OPTION  # keep the Protected cube
        out[1] = L.A_OPTION + 1  # lose it
        n = 2
    elif ph == L.PH_JINX:
        for j in range(t[L.T_NJINX]):
            if holds_jinx(s, me, j):
                out[n] = L.A_JINX + j
                n += 1
    return n
