"""The heuristic's entry point: one handler per decision phase.

``act`` answers a forced choice (one legal action) at once, plays a random
legal action with probability ``noise`` (the exploration parameter), and
otherwise asks the handler of the phase (``sim.dungeonology.layout`` ``PH_*``).
``PHASE_HANDLERS`` names that handler for every decision phase; ``act``'s
chain calls exactly these (``tests/test_heuristic.py`` checks the table
against every ``PH_*`` constant and against the chain). Every handler takes
``(s, t, me, buf, n, params, rng)`` and returns a legal action.

No phase is played at random by design. A phase without a handler (one the
engine gained after this table) is played at random by ``unknown_phase``,
which counts it in ``params[P_FALLBACKS]``: the tests play heuristic games
under every rule and require that count to stay 0. The count costs nothing
in the decisions that have a handler.
"""

from __future__ import annotations

from collections.abc import Callable

from agents.heuristic.main_effects import cost_decision, priority_decision, react_decision, zone_decision
from agents.heuristic.movement import (
    boss_move_decision,
    move_decision,
    pile_decision,
    place_decision,
    teleport_decision,
)
from agents.heuristic.params import P_FALLBACKS, P_NOISE, rand01
from agents.heuristic.prompts import (
    color_decision,
    discard_decision,
    jinx_decision,
    protect_decision,
    steal_decision,
    stun_decision,
    target_decision,
)
from agents.heuristic.rc_cards import rc_action_decision, rc_window_decision, token_decision
from agents.heuristic.rc_congregations import choice_decision, congregation_use, order_decision
from agents.heuristic.rc_cubes import universal_decision
from agents.heuristic.rc_research import claim_choice, research_decision, without_claims
from agents.heuristic.rc_scholars import rc_skill_choice
from agents.heuristic.stealth_tests import commit_decision
from agents.heuristic.study import study_size_decision
from agents.heuristic.turn import activity_decision
from sim.dungeonology import layout as L
from sim.kit.jit import kernel
from sim.kit.rng import randint

PHASE_HANDLERS: dict[int, Callable] = {
    L.PH_ACTIVITY: activity_decision,  # turn.py: Thesis, Rest or Explore
    L.PH_MOVE: move_decision,  # movement.py: walk, draw a Zone, stop
    L.PH_ACTION: rc_action_decision,  # turn.py: Study, Espionage, Main Effect, Zone Effect, card; rc_cards.py: Alchemy
    L.PH_PLACE: place_decision,  # movement.py: where a drawn Zone goes
    L.PH_PILE: pile_decision,  # movement.py: which stack the Stairs draw from
    L.PH_STUDY_N: study_size_decision,  # study.py: how many cubes to Study
    L.PH_COMMIT: commit_decision,  # stealth_tests.py: cards for their Bonus Value
    L.PH_WINDOW: rc_window_decision,  # stealth_tests.py: one card at a time, or pass; rc_cards.py: Specialists
    L.PH_STUN: stun_decision,  # prompts.py: a Student for the Stun Token, or not
    L.PH_DISCARD: discard_decision,  # prompts.py: which card to discard
    L.PH_TARGET: target_decision,  # prompts.py: whom an effect aims at
    L.PH_TELEPORT: teleport_decision,  # movement.py: where a Teleport leads
    L.PH_BOSS_MOVE: boss_move_decision,  # movement.py: where the Boss goes
    L.PH_JINX: jinx_decision,  # prompts.py: which Jinx Card a Rest discards
    L.PH_PROTECT: protect_decision,  # prompts.py: keep a Protected cube
    L.PH_COLOR: color_decision,  # prompts.py: which colour to drop or lose
    L.PH_ME_PRIORITY: priority_decision,  # main_effects.py: an Instant effect, or pass
    L.PH_ME_REACT: react_decision,  # main_effects.py: a Reaction, or pass
    L.PH_ME_COST: cost_decision,  # main_effects.py: which "/" cost to pay
    L.PH_ME_ZONE: zone_decision,  # main_effects.py: where a movement effect leads
    L.PH_ME_GIVE: color_decision,  # prompts.py: the cube a Scholar Gives (the one worth least to him)
    L.PH_ME_STEAL: steal_decision,  # prompts.py: the cube a Scholar Steals, and from whom
    L.PH_RESEARCH: research_decision,  # rc_research.py: complete a Quest at the End of Turn, or pass
    L.PH_RC_UNIVERSAL: universal_decision,  # rc_cubes.py: the column of a Universal Information cube
    L.PH_RC_TOKEN: token_decision,  # rc_cards.py: whom the Fool's Token goes to
    L.PH_CG_CHOICE: choice_decision,  # rc_congregations.py: keep a drawn Student, a Trap, a Jinx
    L.PH_CG_ORDER: order_decision,  # rc_congregations.py: the Bonfire order
}


@kernel
def unknown_phase(buf, n, params, rng):
    """A phase without a handler: a random legal action, counted in
    params[P_FALLBACKS] (when the vector has that slot)."""
    if params.shape[0] > P_FALLBACKS:
        params[P_FALLBACKS] += 1.0
    return buf[randint(rng, n)]


@kernel
def act(s, t, buf, n, params, rng):
    """The heuristic's choice among buf[:n] (in the order of PHASE_HANDLERS)."""
    if n == 1:
        return buf[0]
    if params[P_NOISE] > 0.0 and rand01(rng) < params[P_NOISE]:
        return buf[randint(rng, n)]
    if (t[L.T_RULES] & L.RULE_RESEARCH) != 0:  # Research Cards: a Quest first (rc_research.py)
        c = claim_choice(s, t, buf, n)
        if c >= 0:
            return c
        n = without_claims(buf, n)
        if n == 1:
            return buf[0]
    ph = s[L.S_PHASE]
    me = s[L.S_ACTOR]
    a = rc_skill_choice(s, t, me, ph, buf, n)  # the New Scholars' turn skills (rc_scholars.py)
    if a >= 0:
        return a
    a = congregation_use(s, t, ph, me, buf, n, params, rng)  # Student Congregations: an effect worth using
    if a >= 0:
        return a
    if ph == L.PH_ACTIVITY:
        return activity_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_MOVE:
        return move_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_ACTION:
        return rc_action_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_PLACE:
        return place_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_PILE:
        return pile_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_STUDY_N:
        return study_size_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_COMMIT:
        return commit_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_WINDOW:
        return rc_window_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_STUN:
        return stun_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_DISCARD:
        return discard_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_TARGET:
        return target_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_TELEPORT:
        return teleport_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_BOSS_MOVE:
        return boss_move_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_JINX:
        return jinx_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_PROTECT:
        return protect_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_COLOR:
        return color_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_ME_PRIORITY:
        return priority_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_ME_REACT:
        return react_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_ME_COST:
        return cost_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_ME_ZONE:
        return zone_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_ME_GIVE:
        return color_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_ME_STEAL:
        return steal_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_RESEARCH:
        return research_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_RC_UNIVERSAL:
        return universal_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_RC_TOKEN:
        return token_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_CG_CHOICE:
        return choice_decision(s, t, me, buf, n, params, rng)
    if ph == L.PH_CG_ORDER:
        return order_decision(s, t, me, buf, n, params, rng)
    return unknown_phase(buf, n, params, rng)
