"""The heuristic family: a rule-based player for every decision of the game
and its advanced rules, tuned by a few parameters, with named personas.
Registered as the agent ``heuristic``.

It reads only what its seat may know (``knowledge``). One module per family
of decisions, each citing the rulebook sections it plays by:

  dispatch.py       ``act``: one handler per decision phase (PHASE_HANDLERS);
                    a phase without one is counted (params[P_FALLBACKS])
  turn.py           Choose an Activity! (Thesis, Rest, Explore) and the Action
                    Phase (Study, Espionage, Main Effect, Zone Effect, card)
  movement.py       Movement Phase, Placing Zones and Stairs, Teleport, the
                    Boss's next Zone, Maximum Alert's way home
  study.py          the worth of a Study / an Espionage; how many cubes
  stealth_tests.py  Stealth Tests: cards committed, then the windows
  main_effects.py   Main Effects: own turn, Priority, Reactions, costs, destinations
  prompts.py        discards, Stun Tokens, targets, Jinx Cards, colours, Protected cubes
  values.py         reads what each effect op is worth from the op table (sim/dungeonology/layout/ops.py)
  knowledge.py      what the seat knows; what cubes, cards and Interns are worth
  dungeon.py        where the Scholar can walk; Zone Effects and the Boss; rest
  params.py         parameters, personas, the noise
  personas.toml     personas as data (the tuned one; agents/personas.py reads it)
"""

from __future__ import annotations

from pathlib import Path

from agents.dungeonology.heuristic.dispatch import PHASE_HANDLERS, act
from agents.dungeonology.heuristic.params import (
    DEFAULTS,
    P_AGGRESSION,
    P_DEFEND,
    P_DEPTH,
    P_FALLBACKS,
    P_HOARD,
    P_NOISE,
    P_RISK,
    P_SABOTAGE,
    P_THESIS,
    PERSONAS,
)
from agents.personas import load_personas
from agents.registry import AgentKind, register

__all__ = [
    "DEFAULTS", "PERSONAS", "PHASE_HANDLERS", "P_AGGRESSION", "P_DEFEND", "P_DEPTH", "P_FALLBACKS",
    "P_HOARD", "P_NOISE", "P_RISK", "P_SABOTAGE", "P_THESIS", "act",
]

RANGES = {k: (0.0, 1.0) for k in DEFAULTS}
DATA_PERSONAS = load_personas(Path(__file__).with_name("personas.toml"), DEFAULTS, RANGES)  # e.g. the tuned one
register(AgentKind(
    "heuristic", act, "rule-based player with tunable parameters and personas",
    params=DEFAULTS, ranges=RANGES, personas={**PERSONAS, **DATA_PERSONAS}, game="dungeonology",
))
