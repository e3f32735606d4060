"""The Maximum Alert advanced rule's manifest ("Maximum Alert", Setup I; sim.dungeonology.manifest):
the Panic Card and deck, the rule's state, tables and continuation."""

from __future__ import annotations

from sim.dungeonology.layout.bounds import FLAG
from sim.dungeonology.layout.codes import NPASSIVE
from sim.dungeonology.layout.limits import MAX_PANIC, MAX_SEATS
from sim.dungeonology.manifest import RULE, Field, Manifest

# (S_PANIC and S_MAX_ALERT stand among the Boss's sections, where layout version 4 has them)
STATE = (
    Field("S_PANIC_DECK", meaning="bit per Panic Card in the Panic deck built at Setup I (public)",
          bounds=(0, 2**MAX_PANIC - 1)),
    Field("S_MA_REMOVED", meaning="bit per seat: Scholar removed by a failed forced Thesis",
          bounds=(0, 2**MAX_SEATS - 1)),
    Field("S_PANIC", meaning="Panic Card under the Alert Card (index in panic data), -1 none", visibility=RULE,
          bounds=(-1, MAX_PANIC - 1), init=-1, after="S_BOSS_ZONE"),
    Field("S_MAX_ALERT", meaning="1 once Maximum Alert has been triggered", bounds=FLAG),
)
TABLES = (
    Field("T_PANIC_N", meaning="Panic Cards in the data"),
    Field("T_PANIC_FORCED", meaning="GameConfig.panic: card index, -1 = drawn from the deck"),
    Field("T_PANIC_ALLOWED", MAX_PANIC, meaning="1: may go in the Panic deck (Dungeon / Boss, config)"),
    Field("T_PANIC_BOSS", MAX_PANIC, meaning="required Boss: its index in the Boss data + 1, 0 none/unknown"),
    Field("T_PANIC_GREY", MAX_PANIC, meaning="University fill (D): grey Students per player"),
    Field("T_PANIC_OMEGA", MAX_PANIC, meaning="University fill (D): Omega Students"),
    Field("T_PANIC_ALERT_MOD", MAX_PANIC, meaning="Alert Modifier (F), all Zones"),
    Field("T_PANIC_PASSIVE", MAX_PANIC * NPASSIVE, meaning="Maximum Alert Effects (E): passive modifiers"),
    Field("T_PANIC_PROG_EACH", MAX_PANIC, meaning="(E) each player at the start of her turn, -1 none"),
    Field("T_PANIC_PROG_SCHOLAR", MAX_PANIC, meaning="(E) each Scholar in the Dungeon at her turn start, -1"),
)

MANIFEST = Manifest(
    module="maximum_alert",
    ranges={"maximum_alert": ((24, 27), (24, 27), (35, 39))},
    codes={"K_MA_EXPLORE": 24},  # Maximum Alert: the turn-start card effects done, Exploration begins
    continuations={"K_MA_EXPLORE": "sim.dungeonology.core.procedures.turn:begin_explore(s, t, s[L.S_CUR])"},
    state=STATE,
    tables=TABLES,
)
