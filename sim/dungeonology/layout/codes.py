"""Named codes of the basic game: passive modifiers, stats, timings, Zone Effect
kinds, end reasons, cube kinds, decision phases and continuations.

A module's codes (its phases, continuations and constants) and the number
ranges it owns are in its manifest (``sim.dungeonology.manifest``); the layout
exports them with these (``sim.dungeonology.layout.module_codes``). A new part
takes a free range (RESERVED_RANGES holds those of the parts to come).
"""

from __future__ import annotations

# ------------------------------------------------------ passive modifiers
PV_SPEED = 0
PV_HAND = 1
PV_INTEL = 2
PV_STAMINA = 3
PV_STUDENTS = 4
PV_STUDY_BONUS = 5
PV_TEST_ALERT = 6
PV_NO_ESPIONAGE = 7
PV_IGNORE_STUDENTS = 8
PV_EXTRA_MAIN_ACTIONS = 9  # ACTION Main Effects allowed per turn beyond the first (Exalted Sofia)
PASSIVE_NAMES = (
    "speed",
    "hand",
    "intelligence",
    "stamina",
    "students",
    "study_bonus",
    "test_alert",
    "no_espionage",
    "espionage_ignore_students",
    "extra_main_actions",
)
NPASSIVE = len(PASSIVE_NAMES)

# Scholar stats (per side)
ST_STUDENTS = 0
ST_HAND = 1
ST_SPEED = 2
ST_INTEL = 3
ST_STAMINA = 4
NSTATS = 5

# Timing bits (see docs/DATA_FORMAT.md): where an effect may be played.
TM_OWN = 1  # own Movement / Action Phase, outside a Stealth Test
TM_OWN_STUDY = 2  # own Study test
TM_OWN_ESP = 4  # own Espionage test
TM_OTHER_TEST = 8  # a test of another Scholar in which you may play
TM_OTHER_TURN = 16  # another Scholar's Movement / Action Phase (Priority, Main Effects rule)
TIMING_MASKS = {
    "own": TM_OWN,
    "own_test": TM_OWN_STUDY | TM_OWN_ESP,
    "own_espionage": TM_OWN_ESP,
    "test": TM_OWN_STUDY | TM_OWN_ESP | TM_OTHER_TEST,
    "instant": TM_OWN | TM_OWN_STUDY | TM_OWN_ESP | TM_OTHER_TEST | TM_OTHER_TURN,
}

# The RULE_* bits of the modules in T_RULES are their registry entries' ``bit``
# (sim/dungeonology/modules.py), exported by sim.dungeonology.layout.module_codes.

# Secret Passage letter+1 (0 = none). MAX_ZEFF: sim/dungeonology/layout/limits.py.
ZE_W = 4
ZK_STAIRS = 1
ZK_BOSS = 2
ZK_GOOD_LUCK = 3
ZK_BAD_LUCK = 4
ZK_DANGER = 5
ZK_AMBUSH = 6
ZK_STOP = 7
ZK_TOLL = 8
ZK_BIVOUAC = 9
ZK_SECRET_PASSAGE = 10
ZK_TELEPORT = 11
ZONE_EFFECT_KINDS = {
    "stairs": ZK_STAIRS,
    "boss": ZK_BOSS,
    "good_luck": ZK_GOOD_LUCK,
    "bad_luck": ZK_BAD_LUCK,
    "danger": ZK_DANGER,
    "ambush": ZK_AMBUSH,
    "stop": ZK_STOP,
    "toll": ZK_TOLL,
    "bivouac": ZK_BIVOUAC,
    "secret_passage": ZK_SECRET_PASSAGE,
    "teleport": ZK_TELEPORT,
}
# Effects that take a number N, and the ones hidden under a Trap Token.
ZONE_EFFECTS_WITH_N = ("good_luck", "bad_luck", "danger", "ambush", "toll")
TRAP_KINDS = ("ambush", "stop", "toll")
SECRET_LETTERS = "ABCDEFGHX"  # X: the Secret Passage Marker (Zone Effect Token)
# T_Z_EFFECTS[z]: bit (1 << ZK_*) for each printed kind (fast checks).
ZE_STAIRS = 1 << ZK_STAIRS

# Number ranges of the parts not implemented yet, per part (phases PH_*,
# continuations K_*, opcodes OP_*), each [first, last]: the implemented parts
# declare theirs in their manifests (RANGES: sim.dungeonology.layout.module_codes).
RESERVED_RANGES = {
    "omega": ((68, 75), (68, 75), (140, 159)),  # the automaton: Omega Against All, Solitary Mode
    "big_boss": ((76, 79), (76, 79), (160, 179)),
}


# End reasons
END_NONE = 0
END_ALERT_FULL = 1  # an Omega Student found no free space on the Alert Card
END_THESIS_CLOCK = 2  # the first submitter's Omega clock filled the Alert Card
END_DUNGEON_EXHAUSTED = 3  # no cube in the Dungeon and no Zone can be placed
END_ALL_SUBMITTED = 4  # every Scholar has left the game
END_ROUND_CAP = 5  # engine safeguard (rules.round_cap)
# Maximum Alert ("The Game Ends if..."): these replace the End Game rules.
END_MA_NO_CUBES = 6  # no Information Cube left in the Dungeon
END_MA_BAG_EMPTY = 7  # an Omega Student drawn and the bag empty before it goes back
END_MA_UNABLE = 8  # every Scholar still in the Dungeon is unable to play
END_MA_ALL_SUBMITTED = 9  # every Scholar has submitted (or been removed by a forced Thesis)
END_REASONS = (
    "none",
    "alert_full",
    "thesis_clock",
    "dungeon_exhausted",
    "all_submitted",
    "round_cap",
    "max_alert_no_cubes",
    "max_alert_bag_empty",
    "max_alert_unable",
    "max_alert_all_submitted",
)

# ------------------------------------------- Rocca Civetta: cube kinds
# False Information (black) and Universal Information (white) have no Note
# Board column of their own (RC "False Information", "Universal Information"):
# their index in S_RES_CUBES / T_COL_COUNT, colour + 1 in S_ZCUBE. The data's
# colours (the columns) must stay below CUBE_FALSE.
CUBE_FALSE = 6
CUBE_UNIV = 7
CUBE_KINDS = ("false", "universal")  # their names (box.toml [cube_kinds], zones, scenarios, views)

# Jinx card locations
JX_DECK = 0
JX_DISCARD = 1
JX_DOWN = 2  # held face down
JX_UP = 3  # held face up



# ---------------------------------------------------------- decision phases
# The basic game's phases (a module's: its manifest's phase_names; every phase's
# name: PHASE_NAMES, sim.dungeonology.layout.module_codes).
PHASES = {
    0: "none",
    1: "activity",
    2: "movement",
    3: "place_zone",
    4: "stairs_pile",
    5: "action",
    6: "study_size",
    7: "commit",
    8: "test_window",
    9: "stun",
    10: "discard",
    11: "target",
    12: "jinx_discard",
    13: "choose_color",
}
PH_NONE = 0
PH_ACTIVITY = 1
PH_MOVE = 2
PH_PLACE = 3
PH_PILE = 4
PH_ACTION = 5
PH_STUDY_N = 6
PH_COMMIT = 7
PH_WINDOW = 8
PH_STUN = 9
PH_DISCARD = 10
PH_TARGET = 11
PH_JINX = 12
PH_COLOR = 13

# What losing a cube means (S_PR_MODE, the "Lose" keyword: a Protected cube may be kept)
PRM_ELIMINATE = 0  # to the Reserve
PRM_STEAL = 1  # to the thief's Note Board (Reserve if full there)
PRM_DROP = 2  # Dropped in the Zone (or a Linked Zone, or the Reserve)

# ------------------------------------------------------------ continuations
# Continuation codes (what the engine does next while resolving); a module's: its manifest's codes
K_TURN_START = 1
K_PROG = 2  # resume effect program: a=prog, b=pc, c=actor
K_TEST_NEXT = 3  # open the next Stealth Test window
K_TEST_AFTER_FAIL = 4  # a=seat: draw the failure Students
K_TEST_CLOSE = 5  # finish the test, back to the Action Phase
K_EOT = 6  # End of Turn Phase, a = stage, b = position
K_REST = 7  # Rest, a = stage
K_THESIS_FAIL = 8  # a = stage
K_END_TURN = 9
K_RESUME = 10  # back to the Movement / Action Phase of the turn
K_WINDOW = 11  # reopen the current Stealth Test window
K_STUN_NEXT = 68  # the pending Stun Tokens, after a Student sacrificed for one (a choice of which)
K_ESPIONAGE = 69  # a=seat, b=target, c=colour: the Espionage test, after its Student sacrificed
