"""The Main Effects advanced rule's manifest ("Main Effects", "Intern Cards", "Zone Effect
Tokens", Setup L; sim.dungeonology.manifest): the Reaction chain, Priority, Interns, Protected
cubes and the Zone Effect Tokens (state, tables), their phases, continuations, opcodes and verbs."""

from __future__ import annotations

from sim.dungeonology.layout.bounds import COLOUR, FLAG, KIND, NUM, SEAT, ZONE
from sim.dungeonology.layout.codes import NPASSIVE, PRM_DROP, PRM_ELIMINATE, TRAP_KINDS, ZONE_EFFECT_KINDS
from sim.dungeonology.layout.limits import (
    MAX_CHAIN,
    MAX_COL_SLOTS,
    MAX_INTERNS,
    MAX_KINDS,
    MAX_ME_COSTS,
    MAX_PROGS,
    MAX_SEATS,
    MAX_ZONES,
    MAXP,
)
from sim.dungeonology.layout.opdefs import DIVINATION, NO_VALUE, Context, NMode, Op, Scale, Target, Value
from sim.dungeonology.manifest import HIDDEN, RULE, Column, Field, Hook, Manifest, Verb, ViewKey

ME_STANDARD = 0
ME_INSTANT = 1
ME_REACTION = 2

T, N, C = Target, NMode, Context
_MAIN, _INT = "main_effects", "interns"
OPS = (
    # Main Effects (advanced rule)
    Op(40, "skip_movement", "SKIP_MOVEMENT", _MAIN, T.SELF, N.IGNORED, False, C.OWN_TURN, "",
       "Skip the rest of the Movement Phase",
       "skip the rest of your Movement Phase (Standard Main Effects only)",
       Value(worth=-0.3, scale=Scale.UNSPENT_SPEED)),
    Op(41, "move_floor", "MOVE_FLOOR", _MAIN, T.SELF, N.IGNORED, False, C.ANY, "", "Move to a Zone of your Floor",
       "move to a placed Zone of your choice on your Floor (not the Starting Zone)", Value(threat=1.0, move=2)),
    Op(42, "move_any", "MOVE_ANY", _MAIN, T.SELF, N.IGNORED, False, C.ANY, "", "Move to any Zone",
       "move to any placed Zone of your choice (not the Starting Zone)", Value(threat=1.0, move=2)),
    Op(43, "move_linked", "MOVE_LINKED", _MAIN, T.SELF, N.REPEAT, False, C.ANY, "", "Move to a Linked Zone",
       "n times: you may move to an Adjacent and Linked Zone of your choice", Value(threat=1.0, move=1)),
    Op(44, "cancel", "CANCEL", _MAIN, T.MAIN_EFFECT, N.IGNORED, False, C.REACTION, "", "Cancel the Main Effect",
       "cancel the Main Effect this Reaction answers (its cost is not paid)", Value(threat=2.0)),
    Op(45, "boost_side", "BOOST_SIDE", _MAIN, T.TEST, N.COUNT, False, C.ANY, "", "+{n} to your side of the test",
       "add n to your side of the Stealth Test: your Stealth Value if it is your test, else the Alert Value",
       Value(stealth=(0.0, 1.0), alert=(0.0, 1.0))),
    Op(46, "divination_side", "DIV_SIDE", _MAIN, T.TEST, N.COUNT, False, C.ANY, "",
       "Divination {n} for your side of the test",
       "Divination n for your side of the Stealth Test (Stealth if it is your test, else Alert)",
       Value(stealth=DIVINATION, alert=DIVINATION)),
    Op(47, "opponents_sacrifice", "OPP_SACRIFICE", _MAIN, T.OPPONENTS, N.COUNT, False, C.ANY, "",
       "Every opponent Sacrifices {n} Student{s}", "every other Scholar in the Dungeon Sacrifices up to n Students",
       Value(worth=0.4, scale=Scale.OPPONENTS_WITH_STUDENTS, threat=1.0)),
    Op(48, "gain_reserve", "GAIN_RESERVE", _MAIN, T.SELF, N.COUNT, False, C.ANY, "",
       "Take {n} Student{s} from the Reserve", "take up to n grey Students from the Reserve",
       Value(worth=0.6, scale=Scale.RESERVE_GREY)),
    Op(49, "opponents_give", "OPP_GIVE", _MAIN, T.OPPONENTS, N.REPEAT, False, C.ANY, "",
       "Every other Scholar with cubes Gives you a cube",
       "n times: every other Scholar in the Dungeon holding cubes Gives you a cube of his choice "
       "(Give: the top cube of a column, to the Reserve if your column is full)",
       Value(worth=1.0, scale=Scale.GIVEN_POINTS, threat=1.0)),
    Op(50, "steal", "STEAL", _MAIN, T.CHOSEN_OPPONENT, N.REPEAT, False, C.ANY, "",
       "Steal a cube from a target Scholar",
       "n times: Steal the top cube of a column of your choice from an opponent in the Dungeon of your choice "
       "(to the Reserve if your column is full; a Protected cube may be kept)",
       Value(worth=1.3, scale=Scale.STOLEN_POINTS, threat=1.0)),
    # Interns and Zone Effect Tokens
    Op(60, "gain_intern", "GAIN_INTERN", _INT, T.SELF, N.SINGLE, False, C.TRICK_CARD, "", "Gain the Intern",
       "get the Intern Card linked to the played Trick Card kind (stolen from its owner if taken)",
       Value(scale=Scale.INTERN)),
    Op(61, "place_trap", "PLACE_TRAP", _INT, T.ZONE, N.SINGLE, False, C.ANY, "", "Place a Trap Token",
       "place a random face-down Trap Token from the supply on your Zone", NO_VALUE),
    Op(62, "place_teleport", "PLACE_TELEPORT", _INT, T.ZONE, N.SINGLE, False, C.ANY, "", "Place a Teleport Token",
       "place a Teleport Token from the supply on your Zone", NO_VALUE),
    Op(63, "place_teleport_left", "PLACE_TELEPORT_LEFT", _INT, T.LEFT_ZONE, N.SINGLE, False, C.ANY, "",
       "Place a Teleport Token on the Zone you left",
       "place a Teleport Token from the supply on the Zone you last left", NO_VALUE),
    Op(64, "place_secret_passage", "PLACE_SECRET_PASSAGE", _INT, T.ZONE, N.SINGLE, False, C.ANY, "",
       "Place a Secret Passage Marker", "place a Secret Passage Marker X from the supply on your Zone", NO_VALUE),
)
del T, N, C
# (the Zone Effect Tokens on the Zones stand after the Dungeon's sections, where layout version 4 has them)
STATE = (
    Field("S_ME_CHAIN_N", meaning="Declared Main Effects not yet resolved (the Reaction chain), bottom..top.",
          bounds=(0, MAX_CHAIN)),
    Field("S_ME_SEAT", MAX_CHAIN, meaning="who declared it", bounds=SEAT),
    Field("S_ME_KIND", MAX_CHAIN, meaning="the card kind", bounds=KIND),
    Field("S_ME_CANCEL", MAX_CHAIN, meaning="1 once a Reaction cancelled it", bounds=FLAG),
    Field("S_ME_ACTIONS", meaning="ACTION Main Effects played this turn", bounds=NUM),
    Field("S_ME_MOVED",
          meaning="1 once the current player acted in her Movement Phase this turn (no more \"before_movement\")",
          bounds=FLAG),
    Field("S_ME_RX_IDX", meaning="open Reaction decision: chain entry answered", bounds=(-1, MAX_CHAIN)),
    Field("S_ME_RX_I", meaning="... and position in turn order from its declarer", bounds=(0, MAX_SEATS)),
    Field("S_ME_PRI_I", meaning="open Priority decision: position from the current player", bounds=(0, MAX_SEATS)),
    Field("S_ME_PRI_PLAYED", meaning="plays made in this Priority round", bounds=NUM),
    Field("S_INTERN_OWNER", MAX_INTERNS, meaning="seat owning each Intern Card, -1 in the Intern deck", bounds=SEAT),
    Field("S_TRAP_SUPPLY", len(TRAP_KINDS), meaning="face-down Trap Tokens in the supply, by TRAP_KINDS index",
          visibility=HIDDEN, bounds=NUM),
    Field("S_TELEPORT_SUPPLY", meaning="Teleport Tokens not yet placed", bounds=NUM),
    Field("S_SECRET_SUPPLY", meaning="Secret Passage Markers X not yet placed", bounds=NUM),
    Field("S_ZONE_LEFT", MAXP, meaning="per seat: the Zone it last left (-1 none), for \"Bomf!\"", bounds=ZONE),
    Field("S_PR_SEAT", meaning="owner of the Protected cube", bounds=SEAT),
    Field("S_PR_COLOR", meaning="its colour", bounds=COLOUR),
    Field("S_PR_N", meaning="cubes of that colour the effect would remove", bounds=(0, MAX_COL_SLOTS)),
    Field("S_PR_MODE", meaning="PRM_*: what losing means", bounds=(PRM_ELIMINATE, PRM_DROP)),
    Field("S_PR_OTHER", meaning="the thief (PRM_STEAL)", bounds=SEAT),
    Field("S_ZTRAP_KIND", MAX_ZONES, meaning="hidden Trap effect (ZK_AMBUSH/STOP/TOLL), 0 none", visibility=RULE,
          bounds=(0, max(ZONE_EFFECT_KINDS.values())), after="S_STAIRS"),
    Field("S_ZTRAP_N", MAX_ZONES, meaning="its N", visibility=HIDDEN, bounds=NUM),
    Field("S_ZTELEPORT", MAX_ZONES, meaning="1: Teleport Token", bounds=FLAG),
    Field("S_ZSECRET", MAX_ZONES, meaning="1: Secret Passage Marker (letter X)", bounds=FLAG),
)
TABLES = (
    Field("T_ME_ACTION_LIMIT", meaning="ACTION Main Effects per turn"),
    Field("T_ME_CHAIN_CAP",
          meaning="longest Reaction chain: 1 + the Reaction cards in the deck (each link is a card on the table)"),
    Field("T_ME_HAS", MAX_KINDS, meaning="1: the kind has a Main Effect"),
    Field("T_ME_TIMING", MAX_KINDS, meaning="ME_*"),
    Field("T_ME_ACTION", MAX_KINDS, meaning="1: ACTION"),
    Field("T_ME_WHEN", MAX_KINDS, meaning="ME_WHEN value"),
    Field("T_ME_NCOST", MAX_KINDS, meaning="\"/\" options (0 = no cost)"),
    Field("T_ME_COST", MAX_KINDS * MAX_ME_COSTS, meaning="program of each option"),
    Field("T_ME_EFFECT", MAX_KINDS, meaning="program"),
    Field("T_ME_AFTER", MAX_KINDS, meaning="program of the additional costs/effects (G), -1 none"),
    Field("T_NINTERNS", meaning="Intern Cards of the data"),
    Field("T_INTERN_POINTS", MAX_INTERNS, meaning="End of Game Bonus Points"),
    Field("T_INTERN_PASSIVE", MAX_INTERNS * NPASSIVE, meaning="[intern][passive] passive modifiers"),
    Field("T_INTERN_PROTECT", MAX_INTERNS, meaning="bit per Protected cube colour"),
    Field("T_KIND_INTERN", MAX_KINDS, meaning="Intern linked to a Trick Card kind, +1 (0 none)"),
    Field("T_PROG_KIND", MAX_PROGS, meaning="Trick Card kind whose effect a program is, +1 (0 none)"),
    Field("T_TRAP_TOKENS", len(TRAP_KINDS), meaning="Trap Tokens in the box, by TRAP_KINDS index"),
    Field("T_TRAP_N", len(TRAP_KINDS), meaning="the N printed under each kind"),
    Field("T_TELEPORT_TOKENS", meaning="Teleport Tokens in the box"),
    Field("T_SECRET_TOKENS", meaning="Secret Passage Markers X in the box"),
)

MANIFEST = Manifest(
    module="main_effects",
    # playing Main Effects (28-35), Interns, Protected cubes and tokens (36-39; opcodes 60-79)
    ranges={"main_effects": ((28, 35), (28, 35), (40, 59)),  # play, timing, Priority
            "interns": ((36, 39), (36, 39), (60, 79))},  # Interns, Zone Effect Tokens, Exalted Sofia
    codes={
        "PH_ME_REACT": 28,  # play a Reaction to the declared Main Effect, or pass
        "PH_ME_COST": 29,  # choose which "/" cost option to pay
        "PH_ME_PRIORITY": 30,  # Priority: play one Instant card or skill, or pass
        "PH_ME_ZONE": 31,  # choose the destination Zone of a movement effect
        "PH_ME_STEAL": 32,  # Steal: the target Scholar and the colour of the cube (A_SPY + seat*MAX_COL + colour)
        "PH_ME_GIVE": 33,  # Give: the giver chooses the colour of the cube he Gives (A_COLOR + colour) to S_P_CALLER
        "PH_PROTECT": 36,  # the owner of a Protected cube: keep it (A_OPTION) or lose it (A_OPTION + 1)
        "K_ME_REACT": 28,  # a=chain entry, b=position: ask the next seat for a Reaction
        "K_ME_RESOLVE": 29,  # a=chain entry: pay the cost (or discard if cancelled)
        "K_ME_DONE": 30,  # a=chain entry: the effect is resolved, leave the chain
        "K_PRIORITY": 31,  # a=position from the current player: next Priority decision
        "K_ME_GIVE": 32,  # a=receiver, b=position from him: ask the next Scholar with cubes to Give one
        "ME_STANDARD": ME_STANDARD,
        "ME_INSTANT": ME_INSTANT,
        "ME_REACTION": ME_REACTION,
        "ME_TIMINGS": {"standard": ME_STANDARD, "instant": ME_INSTANT, "reaction": ME_REACTION},
        "ME_WHEN": {"any": 0, "before_movement": 1, "test": 2},
    },
    phase_names={28: "main_reaction", 29: "main_cost", 30: "priority", 31: "main_zone", 32: "main_steal",
                 33: "main_give", 36: "protect_cube"},
    phases={
        "PH_ME_REACT": ("chain:react_choice(s, t, me, a)", "chain:react_actions(s, t, me, out)"),
        "PH_ME_COST": ("chain:pay_main(s, t, s[L.S_ME_CHAIN_N] - 1, a - L.A_OPTION)",
                       "chain:cost_actions(s, t, me, out)"),
        # Priority is also the basic game's window for the opponents' Instant plays: the basic game's calls
        "PH_ME_PRIORITY": ("sim.dungeonology.core.procedures.priority:priority_choice(s, t, me, a)",
                           "sim.dungeonology.core.procedures.priority:priority_actions(s, t, me, out)"),
        "PH_ME_ZONE": ("ops:zone_choice(s, t, me, a)", "ops:zone_choice_actions(s, t, me, out)"),
        "PH_ME_STEAL": ("ops:steal_choice(s, t, me, a)", "ops:steal_actions(s, t, me, out)"),
        "PH_ME_GIVE": ("ops:give_choice(s, t, me, a)", "ops:give_actions(s, t, me, out)"),
        "PH_PROTECT": ("interns:protect_choice(s, t, me, a)", "interns:protect_actions(s, t, me, out)"),
    },
    continuations={
        "K_ME_REACT": "chain:react_next(s, t, a, b)",
        "K_ME_RESOLVE": "chain:resolve_main(s, t, a)",
        "K_ME_DONE": "chain:main_done(s, a)",
        "K_PRIORITY": "sim.dungeonology.core.procedures.priority:priority_next(s, t, a)",
        "K_ME_GIVE": "ops:give_next(s, t, a, b)",
    },
    ops={(40, 59): "ops:exec_main_op(s, t, op, n, actor)",
         (60, 79): "interns:exec_intern_op(s, t, op, n, actor, prog)"},
    op_table=OPS,
    state=STATE,
    player=(
        Field("PF_MAINS", meaning="Main Effects declared (Main Effects rule)", bounds=NUM),
    ),
    tables=TABLES,
    verbs=(
        Verb("main", "A_MAIN", MAX_KINDS, "text:main_text"),  # + kind: declare a Trick Card's Main Effect
        # + i: one of the options of a choice (a "/" cost ...)
        Verb("option", "A_OPTION", MAX_ME_COSTS, "text:option_text"),
    ),
    hooks=(
        Hook("own_turn_action", "chain:own_turn_main(s, t, me, a)", always=True),
        Hook("own_turn_plays", "chain:own_mains(s, t, me, out, n)"),
        Hook("test_window_plays", "chain:test_mains(s, t, me, out, n)"),
        Hook("instant_open", "chain:instant_main_open(s, t, seat)"),
        Hook("priority_plays", "chain:instant_mains(s, t, me, out, n)"),
        Hook("module_play", "chain:play_main(s, t, me, a)", always=True),
        Hook("skips_end_of_turn_draw", "chain:no_end_of_turn_draw(s, t)"),
        # Interns and tokens: a Protected cube, the Intern deck and the token supply in every game
        # (nothing is Protected, placed or owned without the rule)
        Hook("lose_cubes", "interns:lose_cubes(s, t, seat, c, n, mode, other)", always=True),
        Hook("drop_kept", "interns:protect_drop(s, t, me, c)", always=True),
        Hook("setup_end", "interns:setup_interns_and_tokens(s, t)", always=True),  # Setup L
        Hook("score_bonus", "interns:intern_bonus(s, t, seat)", always=True),
        Hook("check", "checks:check_interns_tokens(s, t)", order=40, always=True),
        Hook("check", "checks:check_main_effects(s, t)", order=90, always=True),
        Hook("determinize_zones", "tokens:resample_traps(s, t, seat, rng)", always=True),
        Hook("observe", "tokens:hide_traps(s, t, viewer, out, h)", always=True),
    ),
    rows=(
        Column("intern_bonus", "interns:intern_bonus(s, t, p)"),
        Column("interns", "interns:interns_owned(s, t, p)"),
        Column("main_effects", "chain:mains_declared(s, t, p)"),
    ),
    observation=(Field("H_TRAP_SUPPLY", meaning="face-down Trap Tokens in the supply (kinds hidden)",
                       after="H_JINX_DOWN"),),
    invariants={
        40: "a Trap Token is malformed (N < 0, or an N without a Trap)",
        60: "an Intern Card is neither in the Intern deck nor owned by one Scholar",
        61: "Zone Effect Tokens not conserved (supply + Zones != box), a bad Trap kind or flag, or a token on a "
            "Zone not placed (or on the Starting Zone)",
        50: "Main Effects: the declared chain is out of bounds, or a declared card is not on the table",
        51: "Main Effects: more ACTION Main Effects this turn than allowed (on either side of the Scholar Card)",
    },
    heuristic={
        "PH_ME_PRIORITY": "agents.dungeonology.heuristic.main_effects:priority_decision",  # an Instant effect, or pass
        "PH_ME_REACT": "agents.dungeonology.heuristic.main_effects:react_decision",  # a Reaction, or pass
        "PH_ME_COST": "agents.dungeonology.heuristic.main_effects:cost_decision",  # which "/" cost to pay
        "PH_ME_ZONE": "agents.dungeonology.heuristic.main_effects:zone_decision",  # where a movement effect leads
        # the cube a Scholar Gives (worth least to him)
        "PH_ME_GIVE": "agents.dungeonology.heuristic.prompts:color_decision",
        # the cube a Scholar Steals, and from whom
        "PH_ME_STEAL": "agents.dungeonology.heuristic.prompts:steal_decision",
        "PH_PROTECT": "agents.dungeonology.heuristic.prompts:protect_decision",  # keep a Protected cube
    },
    view=(
        ViewKey("player", "interns", "view:interns_owned"),  # Intern Cards owned (public)
        ViewKey("zone", "tokens", "view:zone_tokens"),  # Zone Effect Tokens on the Zone
        # the Zone Effect Token supply; the Trap kinds in it are hidden
        ViewKey("reserve", "teleport_tokens", "view:teleport_tokens"),
        ViewKey("reserve", "secret_passage_markers", "view:secret_passage_markers"),
        ViewKey("reserve", "trap_tokens", "view:trap_tokens"),
        ViewKey("state", "intern_deck", "view:intern_deck", after="reserve"),
        ViewKey("state", "main_effects", "view:main_effects_view", always=False),
        ViewKey("breakdown", "intern_bonus", "view:intern_points", after="jinx_penalty"),
    ),
    texts={
        ("PH_ME_STEAL", "espionage"): "text:steal_text",
        ("PH_ME_GIVE", "choose_color"): "text:give_text",
        ("PH_ME_ZONE", "zone"): "text:move_text",
    },
    scenario="scenario:TokenSetup",  # its operations of the Scenario builder
    compile=(("kinds", "tables:compile_main_effects"),),  # its table compiler (sim.dungeonology.tables.STAGES)
    data="models:DATA",  # its GameData keys and their models
    data_after={"interns": "boss"},  # where layout version 4 has it
)
