"""Named codes of the engine: passive modifiers, stats, timings, advanced-rule
bits, Zone Effect kinds, end reasons, decision phases and continuations.

Numbers are reserved per part of the rules so codes never clash (RANGES);
a new part (a Rocca Civetta module) takes the next free range.
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

# ------------------------------------------------------- advanced rules
# "Advanced Rules": each one switchable on its own (GameConfig.rules); the
# compiled tables carry the mask in T_RULES.
RULE_BOSS = 1
RULE_DANGEROUS_ZONES = 2
RULE_MAXIMUM_ALERT = 4
RULE_MAIN_EFFECTS = 8
# Rocca Civetta advanced rules (one bit each, spaced so the parts of issue 16 do not collide)
RULE_RESEARCH = 1 << 12  # RC "Research Cards"
RULE_CONGREGATIONS = 512  # Rocca Civetta "Student Congregations" (advanced rule)
# (module names -> bits: the registry, sim/dungeonology/modules.py)

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

# Number ranges reserved per part of the rules, so codes never clash:
# part: (phases PH_*, continuations K_*, opcodes OP_*), each [first, last].
RANGES = {
    "basic": ((0, 13), (1, 11), (1, 18)),
    "dangerous_zones": ((14, 19), (12, 19), (19, 29)),  # and the Zone Effect Tokens
    "boss": ((20, 23), (20, 23), (30, 34)),
    "maximum_alert": ((24, 27), (24, 27), (35, 39)),
    "main_effects": ((28, 35), (28, 35), (40, 59)),  # play, timing, Priority
    "interns": ((36, 39), (36, 39), (60, 79)),  # Interns, Zone Effect Tokens, Exalted Sofia
    # Rocca Civetta (issue 16 splits the box's range by part of its rulebook)
    "rocca_civetta": ((40, 43), (40, 43), (80, 89)),  # Star Tokens, False / Universal Information, Clan Cards
    "rc_scholars": ((44, 49), (44, 49), (90, 104)),  # the New Scholars' skills, Camp Z
    "rc_cards": ((50, 59), (50, 59), (105, 119)),  # Jinx, Intern, Panic Cards; Alchemy, Specialists, Spriggan
    "congregations": ((60, 63), (60, 63), (120, 129)),
    "research": ((64, 67), (64, 67), (130, 139)),
    "omega": ((68, 75), (68, 75), (140, 159)),  # the automaton: Omega Against All, Solitary Mode
    "big_boss": ((76, 79), (76, 79), (160, 179)),
}


def ranges_of(*parts: str, skip_none: bool = False) -> dict[str, tuple[tuple[int, int], ...]]:
    """The RANGES of these parts as a dispatch registration takes them
    (sim.dungeonology.core.engine.registry): {"PH": ..., "K": ..., "OP": ...}. skip_none:
    leave out code 0 (PH_NONE, K_NONE: no phase, no continuation)."""
    out: dict[str, tuple[tuple[int, int], ...]] = {}
    for i, kind in enumerate(("PH", "K", "OP")):
        spans = []
        for part in parts:
            first, last = RANGES[part][i]
            spans.append((max(first, 1) if skip_none else first, last))
        out[kind] = tuple(spans)
    return out


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
    14: "teleport",
    20: "boss_move",
    28: "main_reaction",
    29: "main_cost",
    30: "priority",
    31: "main_zone",
    32: "main_steal",
    33: "main_give",
    36: "protect_cube",
    64: "research",
    40: "universal_column",
    50: "give_token",
    60: "congregation_choice",
    61: "bonfire_order",
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
# Dangerous Zones (range 14-19)
PH_TELEPORT = 14  # choose the destination of a Teleport (A_ZONE + zone)
# Boss (range 20-23)
PH_BOSS_MOVE = 20  # the activating player picks the Boss's next Zone (A_ZONE + zone)
# Main Effects phases (range 28-35)
PH_ME_REACT = 28  # play a Reaction to the declared Main Effect, or pass
PH_ME_COST = 29  # choose which "/" cost option to pay
PH_ME_PRIORITY = 30  # Priority: play one Instant card or skill, or pass
PH_ME_ZONE = 31  # choose the destination Zone of a movement effect
PH_ME_STEAL = 32  # Steal: the target Scholar and the colour of the cube (A_SPY + seat*MAX_COL + colour)
PH_ME_GIVE = 33  # Give: the giver chooses the colour of the cube he Gives (A_COLOR + colour) to S_P_CALLER
# Interns, Protected cubes (range 36-39)
PH_PROTECT = 36  # the owner of a Protected cube: keep it (A_OPTION) or lose it (A_OPTION + 1)
# Research Cards (range 64-67)
PH_RESEARCH = 64  # the End of Turn claim point: complete a face-up Research (A_RESEARCH + slot) or pass
# Rocca Civetta, part cubes (range 40-43)
PH_RC_UNIVERSAL = 40  # a Universal Information cube gained: the column it goes into (A_COLOR + column)
# Rocca Civetta cards (range 50-59)
PH_RC_TOKEN = 50  # the new owner of the Fool gives the Fool's Token to another Scholar (A_TARGET + seat)
# Student Congregations (range 60-63)
PH_CG_CHOICE = 60  # a Congregation Student's choice, by S_CG_MODE (CGM_*): keep it, a Trap kind, a Zone, a Jinx
PH_CG_ORDER = 61  # the current player places the next drawn Student at the Bonfire (A_STUDENT_KIND + kind)
# PHASE_NAMES[code]: the phase's name; codes no phase uses read "reserved_<code>".
PHASE_NAMES = tuple(PHASES.get(i, f"reserved_{i}") for i in range(max(PHASES) + 1))

# What losing a Protected cube means (S_PR_MODE)
PRM_ELIMINATE = 0  # to the Reserve
PRM_STEAL = 1  # to the thief's Note Board (Reserve if full there)
PRM_DROP = 2  # Dropped in the Zone (or a Linked Zone, or the Reserve)

# ------------------------------------------------------------ continuations
# Continuation codes (what the engine does next while resolving)
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
# Dangerous Zones (range 12-19)
K_ZONE_EFFECTS = 12  # resume the Zone Effect loop: a=seat, b=zone, c=2*next index + first entry
K_ZE_TOLL = 13  # Toll: a=seat, b=cubes still to drop
K_BIVOUAC = 14  # Bivouac (Action Zone Effect), a = stage
# Boss (range 20-23)
K_BOSS_STEP = 21  # the Boss has moved one Zone (Encounters resolved): next step or end
# Maximum Alert (range 24-27)
K_MA_EXPLORE = 24  # Maximum Alert: the turn-start card effects done, Exploration begins
# Main Effects (range 28-35)
K_ME_REACT = 28  # a=chain entry, b=position: ask the next seat for a Reaction
K_ME_RESOLVE = 29  # a=chain entry: pay the cost (or discard if cancelled)
K_ME_DONE = 30  # a=chain entry: the effect is resolved, leave the chain
K_PRIORITY = 31  # a=position from the current player: next Priority decision
K_ME_GIVE = 32  # a=receiver, b=position from him: ask the next Scholar with cubes to Give one
# Rocca Civetta, part cubes (range 40-43)
K_RC_COLLECT = 40  # a=seat, b=Zone, c=cubes still to Collect: go on collecting after a Universal cube's column
# Student Congregations (range 60-63)
K_CG_DRAWN = 60  # the Students of a draw: keep or place the next Congregation Student, then the Bonfire order
K_CG_ORDER = 61  # place the next Student of the draw at the Bonfire, then resolve its Omega Students
K_CG_EFFECT = 62  # a=seat, b=Congregation, c=effect slot: the next step of a Congregation Student's effect

# ------------------------------------------------------ Student Congregations
# Effects of a Student Congregation Card (congregations.toml `effect`), CGE_W ints each in T_CG_EFF
CGE_NONE = 0
CGE_GUARD_ZONE = 1  # Iota: Sacrifice -> the Student stays in your Zone, its cubes only yours to collect
CGE_DISCARD_STUN = 2  # Zeta: Sacrifice -> discard n Stun Tokens
CGE_DISCARD_JINX = 3  # Zeta: Sacrifice -> discard n Jinx Cards
CGE_KEEP_FREE = 4  # Phi: when drawn from the University, kept without sacrificing a standard Student
CGE_GAIN_RESERVE = 5  # Phi: when sacrificed, take n standard Students from the Reserve
CGE_PLACE_TRAP = 6  # Lambda: Sacrifice -> n Trap Tokens of your choice in any Dungeon Zone
CG_EFFECT_KINDS = {"guard_zone": CGE_GUARD_ZONE, "discard_stun": CGE_DISCARD_STUN,
                   "discard_jinx": CGE_DISCARD_JINX, "keep_free": CGE_KEEP_FREE,
                   "gain_reserve": CGE_GAIN_RESERVE, "place_trap": CGE_PLACE_TRAP}
CG_TRIGGERED = (CGE_KEEP_FREE, CGE_GAIN_RESERVE)  # "When you ...": not activated, they happen
CGE_W = 4  # kind, Students of the Congregation sacrificed to activate it, n, gold symbol
# What the open PH_CG_CHOICE asks (S_CG_MODE)
CGM_KEEP = 1  # the drawer: keep the drawn Student by Sacrificing a standard one (A_OPTION) or not (A_OPTION + 1)
CGM_TRAP_KIND = 2  # Lambda: which Trap Token (A_OPTION + TRAP_KINDS index)
CGM_TRAP_ZONE = 3  # Lambda: in which Dungeon Zone (A_ZONE + zone)
CGM_JINX = 4  # Zeta: which Jinx Card to discard (A_JINX + card)

# -------------------------------------------------------------- Main Effects
ME_STANDARD = 0
ME_INSTANT = 1
ME_REACTION = 2
ME_TIMINGS = {"standard": ME_STANDARD, "instant": ME_INSTANT, "reaction": ME_REACTION}
ME_WHEN = {"any": 0, "before_movement": 1, "test": 2}


# ------------------------------------------------------------ Research Cards
# Quest conditions of a Research Card (RC "Research Cards"; research.toml,
# docs/DATA_FORMAT.md): what each one reads of the Scholar, compared with its n
# (at least n, or at most n with at_most). T_RESEARCH_COND rows: QC_W ints.
QC_STUDENTS = 1  # Students held
QC_CUBES = 2  # Information Cubes on the Note Board (of one colour: arg = colour + 1; 0 = all)
QC_COLUMNS = 3  # Note Board columns holding at least arg cubes
QC_STARS = 4  # Stars reached
QC_ARROWS = 5  # Study Bonus arrows reached
QC_KNOWLEDGE = 6  # Knowledge Tokens held
QC_INTERNS = 7  # Intern Cards owned (Main Effects rule)
QC_FLOOR = 8  # the Floor (1-4) of the Zone she stands in; 0 in the Starting Zone
QC_STUDY_WINS = 9  # Studies won
QC_ESPIONAGE_WINS = 10  # Espionages won
QC_TRICKS = 11  # Trick Cards in hand
QC_EXALTED = 12  # 1 while Exalted
QC_STUN = 13  # Stun Tokens held
QUEST_CONDITIONS = {
    "students": QC_STUDENTS,
    "cubes": QC_CUBES,
    "columns": QC_COLUMNS,
    "stars": QC_STARS,
    "arrows": QC_ARROWS,
    "knowledge": QC_KNOWLEDGE,
    "interns": QC_INTERNS,
    "floor": QC_FLOOR,
    "study_wins": QC_STUDY_WINS,
    "espionage_wins": QC_ESPIONAGE_WINS,
    "tricks": QC_TRICKS,
    "exalted": QC_EXALTED,
    "stun": QC_STUN,
}
QC_W = 4  # ints per condition: code, n, arg, at_most
QCF_CODE = 0
QCF_N = 1
QCF_ARG = 2
QCF_AT_MOST = 3
