"""The turn's choices outside movement: the Activity (Submit the Thesis,
Rest or Explore) and the Action Phase (Study, Espionage, a Main Effect, an
Action Zone Effect, a useful card, or end the turn).

Cites "Game Turn - Choose an Activity!", "Rest" (it recovers Stun Tokens,
Students and cards), "Submit the Thesis" (it succeeds only with the Clan
Card's Target Score: without the Knowledge Token the heuristic counts the
Clans it would pass with, ``thesis_confidence``), "Action Phase" (one Action:
Study, Espionage, a Main Effect with an "Action" cost, an Action Zone
Effect), "Study - Stealth Test" and "Espionage - Stealth Test" (their worth:
``agents.dungeonology.heuristic.study``), "Dangerous Zones - Zone Effect Types" (Bivouac,
Teleport), "Auxiliary Effects" (Notoriety: Students from the Bonfire),
"Intern Cards" (an effect that gains an Intern is played when the Intern is
worth it) and "Maximum Alert" (Speed left from cards may still take the
Scholar home).
"""

from __future__ import annotations

from agents.dungeonology.heuristic.dungeon import wants_rest
from agents.dungeonology.heuristic.knowledge import action_prog, in_buf, prog_intern_value, thesis_confidence
from agents.dungeonology.heuristic.main_effects import best_turn_main, has_main, moving_main
from agents.dungeonology.heuristic.movement import max_alert_move, teleport_best
from agents.dungeonology.heuristic.params import P_HOARD, P_THESIS, rand01
from agents.dungeonology.heuristic.study import best_espionage, best_study, zone_study_values_into
from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import hand_size, in_start, pf, stat
from sim.dungeonology.layout import MAX_COL, MAX_ZONES  # scratch sizes: constants (jit.scratch_int)
from sim.kit.jit import kernel, scratch_float, scratch_int


@kernel
def activity_decision(s, t, me, buf, n, params, rng):
    """PH_ACTIVITY: the Thesis once confident enough; Rest when out of cards,
    close to the Stamina without Students, or nearly out of both; else Explore."""
    if in_buf(buf, n, L.A_THESIS):
        if thesis_confidence(s, t, me) >= params[P_THESIS]:
            return L.A_THESIS
    stun = s[pf(me, L.PF_STUN)]
    stamina = stat(s, t, me, L.ST_STAMINA)
    students = s[pf(me, L.PF_STUDENTS)]
    if hand_size(s, me) == 0 or (stun >= stamina - 1 and students == 0) or (students == 0 and hand_size(s, me) <= 1):
        return L.A_REST
    return L.A_EXPLORE


@kernel
def action_decision(s, t, me, buf, n, params, rng):
    """PH_ACTION: a Main Effect worth more than keeping its card (an ACTION
    only above the Study / Espionage it replaces), Study, Espionage, a useful
    card, or end the turn."""
    if s[L.S_MAX_ALERT] == 1 and (s[L.S_ACTION_DONE] == 1 or in_start(s, me)):
        a = max_alert_move(s, t, me, buf, n, params)  # Speed left from cards
        if a >= 0 and a != L.A_END_MOVE and a != L.A_END_TURN:
            return a
    es = 0.0
    ea = -1
    if s[L.S_ACTION_DONE] == 0:
        es, ea = best_espionage(s, t, me, params)
    # Study values: only needed before the turn's Action (after it, moving
    # Main Effects are not taken and an ACTION cannot be played)
    studied = False
    study_here = 0.0
    if has_main(buf, n):
        vals = scratch_float(MAX_ZONES)
        if s[L.S_ACTION_DONE] == 0:
            want = scratch_int(MAX_ZONES)
            if moving_main(t, buf, n):
                want[:] = 1
            want[s[pf(me, L.PF_ZONE)]] = 1
            zone_study_values_into(s, t, me, params, want, vals, scratch_int(MAX_COL), rng)
            studied = True
            study_here = vals[s[pf(me, L.PF_ZONE)]]
        no_steps = scratch_int(0)
        v, a = best_turn_main(s, t, me, buf, n, params, False, vals, es, no_steps, no_steps)
        if a >= 0 and v > 0.0:
            return a
    if s[L.S_ACTION_DONE] == 0 and not in_start(s, me):
        z = s[pf(me, L.PF_ZONE)]
        st = study_here if studied else best_study(s, t, me, z, params, 0)[0]
        # Action Zone Effects: Bivouac when worn out, Teleport towards cubes
        zv = 0.0
        za = -1
        for i in range(n):
            a = buf[i]
            if a >= L.A_ZONE_EFFECT and a < L.A_ZONE_EFFECT + L.MAX_ZEFF:
                v = wants_rest(s, t, me) - 2.0
                if v > zv:
                    zv = v
                    za = a
            elif a == L.A_ZONE_EFFECT + L.MAX_ZEFF:
                v = 0.5 * teleport_best(s, t, me, params)[0] - 1.0
                if v > zv:
                    zv = v
                    za = a
        if za >= 0 and zv > st and zv > es:
            return za
        if es > st and es > 0.0 and in_buf(buf, n, ea):
            return ea
        if st > 0.0 and in_buf(buf, n, L.A_STUDY):
            return L.A_STUDY
    # an Intern to gain (or to steal back) is worth a card
    best_v = 1.0
    best_a = -1
    for i in range(n):
        a = buf[i]
        if a >= L.A_PLAY and a < L.A_SKILL:
            v = prog_intern_value(s, t, me, action_prog(s, t, me, a))
            if v > best_v:
                best_v = v
                best_a = a
    if best_a >= 0:
        return best_a
    # Notoriety when the Bonfire has Students and few are at hand
    if s[L.S_BONFIRE] > 0 and s[pf(me, L.PF_STUDENTS)] < 4 and rand01(rng) > params[P_HOARD]:
        for i in range(n):
            a = buf[i]
            if a >= L.A_PLAY and a < L.A_SKILL:
                k = (a - L.A_PLAY) // 4
                if t[L.T_KIND_TYPE + k] == 4 and t[L.T_KIND_BONUS + k] <= 2:  # fame
                    return a
    return L.A_END_TURN
