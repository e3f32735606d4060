"""The Maximum Alert advanced rule's manifest ("Maximum Alert", Setup I; sim.dungeonology.manifest):
the Panic Card and deck, the rule's state, tables and continuation."""

from __future__ import annotations

from sim.dungeonology.layout.bounds import FLAG
from sim.dungeonology.layout.codes import NPASSIVE
from sim.dungeonology.layout.limits import MAX_PANIC, MAX_SEATS
from sim.dungeonology.manifest import RULE, Column, Field, Hook, Manifest, ViewKey

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
    codes={
        "K_MA_EXPLORE": 24,  # Maximum Alert: the turn-start card effects done, Exploration begins
        "K_MA_FORCED_THESIS": 25,  # the Forced Thesis of the Scholar ending her turn in the Starting Zone
        "PANIC_HIDDEN": -2,  # the observation's value of the Panic Card face down (-1: no Panic Card)
    },
    continuations={
        "K_MA_EXPLORE": "sim.dungeonology.core.procedures.turn:begin_explore(s, t, s[L.S_CUR])",
        "K_MA_FORCED_THESIS": "forced:forced_thesis(s, t)",
    },
    state=STATE,
    tables=TABLES,
    hooks=(
        Hook("setup_after_deal", "maximum_alert:setup_panic(s, t)"),  # Setup I
        Hook("alert_card_full", "trigger:alert_card_full(s, t)"),
        Hook("thesis_succeeded", "trigger:first_thesis(s, t, seat)"),
        Hook("exhausted_reason", "ends:exhausted_reason(s, t)"),
        Hook("turn_start_end", "maximum_alert:start_end_reason(s, t)"),
        Hook("inactive_turn", "maximum_alert:inactive_turn_effects(s, t, cur)"),
        Hook("turn_begins", "maximum_alert:max_alert_turn(s, t, cur)"),
        Hook("turn_ends", "maximum_alert:end_of_turn_checks(s, t)"),
        Hook("check", "maximum_alert:max_alert_check(s, t)", order=10, always=True),
        Hook("determinize_cards", "maximum_alert:resample_panic(s, t, seat, rng)", always=True),
        Hook("observe", "maximum_alert:hide_panic(s, t, viewer, out, h)", always=True),
    ),
    games=(Column("panic", "maximum_alert:panic_card(s)"), Column("max_alert", "maximum_alert:triggered(s)")),
    invariants={
        35: "Maximum Alert: the Panic Card is not in the Panic deck, or the rule is off",
        36: "Maximum Alert: Omega Students on the Alert Card after it left the game",
        37: "Maximum Alert: a Scholar removed by a forced Thesis is still in the game",
    },
    view=(
        ViewKey("state", "max_alert", "view:max_alert_view", after="alert"),
        ViewKey("result", "panic", "view:panic_result", after="clan"),
        ViewKey("result", "max_alert", "view:max_alert_result", after="panic"),
    ),
    scenario="scenario:MaxAlertSetup",  # its operations of the Scenario builder
    compile=(("end", "tables:compile_panic"),),  # its table compiler (sim.dungeonology.tables.STAGES)
    data="models:DATA",  # its GameData keys and their models
)
