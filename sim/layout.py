"""Array layouts of the numba core: the game state and the rule tables.

The whole game state is ONE flat ``int64`` array (``state``); the rule data
compiled for one configuration is another (``tables``). Every field has a
name here, an offset and a length; the core never uses a bare index. Cloning
a game is ``state.copy()``.

Sizes are fixed maxima (room for the expansion), so offsets are compile-time
constants for numba.
"""

from __future__ import annotations

# ----------------------------------------------------------------- maxima
MAXP = 4  # seats
MAX_COL = 6  # Information Cube colours (Note Board columns)
MAX_COL_SLOTS = 12  # cubes per Note Board column
MAX_ZONES = 32  # Zone tiles, index 0 = Starting Zone
MAX_ZSLOTS = 6  # cube spaces on one Zone
MAX_KINDS = 32  # distinct Trick Card kinds
MAX_DECK = 192  # Trick Cards in the deck
MAX_JINX = 32  # Jinx Cards
MAX_SCH = 12  # Scholars
MAX_SKILLS = 3  # skills on one Scholar side
MAX_OPTS = 2  # options of one effect (e.g. Stealth or Alert)
MAX_CLANS = 16
MAX_ALERT_SLOTS = 8
MAX_INTEL = 8  # largest Intelligence (cubes indicated in a Study)
MAX_PROGS = 256  # effect programs
MAX_OPS = 1024  # effect steps in all programs
MAX_RAND = 32  # Randomizer cards
MAX_BOSS = 4  # Boss Cards (two profiles each)
MAX_BOSS_STEPS = 6  # Zones one Boss move may cover
MAX_PANIC = 16  # Panic Cards
NFLOORS = 3
NPASSIVE = 10
MAX_INTERNS = 16  # Intern Cards (one copy each)
KSTACK_DEPTH = 32  # continuation stack entries (Main Effect Reaction chains nest)
KSTACK_W = 4  # ints per continuation entry

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

# Effect-step opcodes (names as in the data files).
OP_SACRIFICE = 1
OP_DRAW_STUDENTS = 2
OP_SPEED = 3
OP_TAKE_BONFIRE = 4
OP_DRAW_CARDS = 5
OP_STEALTH = 6
OP_ALERT = 7
OP_DIV_STEALTH = 8
OP_DIV_ALERT = 9
OP_DISCARD_TARGET = 10
OP_DISCARD_OWN = 11
OP_DISCARD_TYPE = 12
OP_STUN = 13
OP_LOSE_RANDOM_INFO = 14
OP_MOVE_RANDOM_DIR = 15
OP_MOVE_RANDOM_PASSAGE = 16
OP_GIVE_RANDOM_SCHOLAR = 17
OP_DROP = 18
# Boss effect steps (range 30-34; only in boss.toml Sighting / Activation)
OP_BOSS_APPEAR = 30
OP_BOSS_MOVE = 31
OP_BOSS_MOVE_RANDOM = 32
OP_BOSS_MOVE_RANDOM_PASSAGE = 33
OP_BOSS_ACTIVATE = 34  # Panic Cards ("Angered Laetus"): the Boss's Activation
# Main Effects opcodes (range 40-59)
OP_SKIP_MOVEMENT = 40
OP_MOVE_FLOOR = 41
OP_MOVE_ANY = 42
OP_MOVE_LINKED = 43
OP_CANCEL = 44
OP_BOOST_SIDE = 45
OP_DIV_SIDE = 46
OP_OPP_SACRIFICE = 47
OP_GAIN_RESERVE = 48
OPCODES = {
    "sacrifice": OP_SACRIFICE,
    "draw_students": OP_DRAW_STUDENTS,
    "speed": OP_SPEED,
    "take_bonfire": OP_TAKE_BONFIRE,
    "draw_cards": OP_DRAW_CARDS,
    "stealth": OP_STEALTH,
    "alert": OP_ALERT,
    "divination_stealth": OP_DIV_STEALTH,
    "divination_alert": OP_DIV_ALERT,
    "discard_target": OP_DISCARD_TARGET,
    "discard_own": OP_DISCARD_OWN,
    "discard_type": OP_DISCARD_TYPE,
    "stun": OP_STUN,
    "lose_random_info": OP_LOSE_RANDOM_INFO,
    "move_random_direction": OP_MOVE_RANDOM_DIR,
    "move_random_passage": OP_MOVE_RANDOM_PASSAGE,
    "give_random_scholar": OP_GIVE_RANDOM_SCHOLAR,
    "drop": OP_DROP,
    "boss_appear": OP_BOSS_APPEAR,
    "boss_move": OP_BOSS_MOVE,
    "boss_move_random": OP_BOSS_MOVE_RANDOM,
    "boss_move_random_passage": OP_BOSS_MOVE_RANDOM_PASSAGE,
    "boss_activate": OP_BOSS_ACTIVATE,
    # Main Effects
    "skip_movement": OP_SKIP_MOVEMENT,
    "move_floor": OP_MOVE_FLOOR,
    "move_any": OP_MOVE_ANY,
    "move_linked": OP_MOVE_LINKED,
    "cancel": OP_CANCEL,
    "boost_side": OP_BOOST_SIDE,
    "divination_side": OP_DIV_SIDE,
    "opponents_sacrifice": OP_OPP_SACRIFICE,
    "gain_reserve": OP_GAIN_RESERVE,
}
BOSS_OPS = ("boss_appear", "boss_move", "boss_move_random", "boss_move_random_passage")
# Steps whose n means "do it n times" (compiled into n single steps).
# Interns, Zone Effect Tokens (range 60-79)
OP_GAIN_INTERN = 60
OP_PLACE_TRAP = 61
OP_PLACE_TELEPORT = 62
OP_PLACE_TELEPORT_LEFT = 63
OP_PLACE_SECRET_PASSAGE = 64
OPCODES.update({
    "gain_intern": OP_GAIN_INTERN,
    "place_trap": OP_PLACE_TRAP,
    "place_teleport": OP_PLACE_TELEPORT,
    "place_teleport_left": OP_PLACE_TELEPORT_LEFT,
    "place_secret_passage": OP_PLACE_SECRET_PASSAGE,
})
REPEATED_OPS = ("move_random_direction", "move_random_passage", "give_random_scholar", "drop", "move_linked")
# Main Effect ops that act on the current player's turn registers: only a
# Standard Main Effect (played in your own turn) may use them.
TURN_ONLY_OPS = ("speed", "skip_movement")
OP_W = 4  # ints per step: opcode, n, type (+1, 0 = any), cost flag

# ------------------------------------------------------- advanced rules
# "Advanced Rules": each one switchable on its own (GameConfig.rules); the
# compiled tables carry the mask in T_RULES.
RULE_BOSS = 1
RULE_DANGEROUS_ZONES = 2
RULE_MAXIMUM_ALERT = 4
RULE_MAIN_EFFECTS = 8
RULE_NAMES = {
    "boss": RULE_BOSS,
    "dangerous_zones": RULE_DANGEROUS_ZONES,
    "maximum_alert": RULE_MAXIMUM_ALERT,
    "main_effects": RULE_MAIN_EFFECTS,
}

# Zone Effects ("Dangerous Zones" - Zone Effect Types; "Zone Effect Tokens").
# A Zone lists up to MAX_ZEFF printed effects, left to right; each is ZE_W
# ints in T_Z_EFF: kind (ZK_*), n, colour+1 (0 = no colour condition),
# Secret Passage letter+1 (0 = none).
MAX_ZEFF = 4
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

# Number ranges reserved per part of the advanced rules, so codes never clash:
#   part                          phases PH_*  continuations K_*  opcodes OP_*
#   Dangerous Zones (+ tokens)    14-19        12-19              19-29
#   Boss                          20-23        20-23              30-34
#   Maximum Alert                 24-27        24-27              35-39
#   Main Effects (play, timing)   28-35        28-35              40-59
#   Interns, tokens, Sofia        36-39        36-39              60-79

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

# Jinx card locations
JX_DECK = 0
JX_DISCARD = 1
JX_DOWN = 2  # held face down
JX_UP = 3  # held face up


# ------------------------------------------------------------ allocator
class _Alloc:
    def __init__(self) -> None:
        self.size = 0

    def __call__(self, n: int = 1) -> int:
        start = self.size
        self.size += n
        return start


# ================================================================ STATE
_s = _Alloc()
S_RNG0 = _s()  # xoroshiro64** words (32-bit each)
S_RNG1 = _s()
S_NPLAYERS = _s()
S_TURN = _s()  # turns started (all seats)
S_ROUND = _s()  # rounds started (turns of the first player)
S_CUR = _s()  # seat whose turn it is
S_FIRST = _s()  # first player (Setup D)
S_PHASE = _s()  # decision phase (PH_*), PH_NONE while resolving
S_ACTOR = _s()  # seat that decides now
S_OVER = _s()  # 1 once the game has ended
S_END_REASON = _s()
S_END_AT_SEAT = _s()  # game ends when this seat's turn would begin (-1)
S_FIRST_SUBMITTER = _s()  # seat of the first successful Thesis (-1)
S_THESIS_COUNT = _s()  # successful Theses so far
S_CLAN = _s()  # Clan Card index
S_CLAN_PUBLIC = _s()  # 1 once revealed to everybody
S_ALERT_FILLED = _s()  # Omega Students on the Alert Card
S_UNIV_GREY = _s()  # University bag
S_UNIV_OMEGA = _s()
S_BONFIRE = _s()
S_RES_GREY = _s()  # Reserve
S_RES_OMEGA = _s()
S_RES_STUN = _s()
S_RES_KNOW = _s()
S_STAIR_USED = _s()  # Stair Tokens on the table
S_WALL_USED = _s()  # Wall Tokens on the table
S_RES_CUBES = _s(MAX_COL)
# Trick deck: DECK[0:DECK_N] bottom..top; discard pile and cards on the table
# (played in the current Stealth Test) as counts per kind.
S_DECK_N = _s()
S_DECK = _s(MAX_DECK)
S_DISCARD = _s(MAX_KINDS)
S_PLAYED = _s(MAX_KINDS)
# Jinx: deck order JDECK[0:JDECK_N] bottom..top; per card location and owner.
S_JDECK_N = _s()
S_JDECK = _s(MAX_JINX)
S_JLOC = _s(MAX_JINX)
S_JOWNER = _s(MAX_JINX)
# Zone stacks per Floor: STACK[f*MAX_ZONES + i], i < STACK_N[f], top = last.
S_STACK_N = _s(NFLOORS)
S_STACK = _s(NFLOORS * MAX_ZONES)
# Placed Zones: position in half-tile units (a tile covers [x, x+2) x [y, y+2);
# tiles may be shifted by half a tile along a side), rotation (quarter turns
# clockwise), entered.
S_ZPLACED = _s(MAX_ZONES)
S_ZX = _s(MAX_ZONES)
S_ZY = _s(MAX_ZONES)
S_ZROT = _s(MAX_ZONES)
S_ZENTERED = _s(MAX_ZONES)
S_ZCUBE = _s(MAX_ZONES * MAX_ZSLOTS)  # colour+1, 0 = empty space
# Per Passage position p (world, 0..7: N1 N2 E1 E2 S1 S2 W1 W2) of each Zone:
S_NB = _s(MAX_ZONES * 8)  # the Adjacent Zone across that half side, -1
S_NBQ = _s(MAX_ZONES * 8)  # the facing Passage position on that Zone
S_LINK = _s(MAX_ZONES * 8)  # 1: both Passages exist and are open (same Floor, or Stairs)
S_STAIRS = _s(MAX_ZONES * 8)  # 1: the link is a Stair link
# Zone Effect Tokens ("Zone Effect Tokens"), placed by Main Effects and
# honoured with or without the Dangerous Zones rule.
S_ZTRAP_KIND = _s(MAX_ZONES)  # hidden Trap effect (ZK_AMBUSH/STOP/TOLL), 0 none
S_ZTRAP_N = _s(MAX_ZONES)  # its N
S_ZTELEPORT = _s(MAX_ZONES)  # 1: Teleport Token
S_ZSECRET = _s(MAX_ZONES)  # 1: Secret Passage Marker (letter X)
# --- Boss state (S_PANIC and S_MAX_ALERT belong to Maximum Alert) ---
S_BOSS = _s()  # Boss Card in use (index in boss data), -1 without the Boss rule
S_BOSS_PROFILE = _s()  # its profile (0, 1), -1 none
S_BOSS_ZONE = _s()  # Zone of the Boss model, -1 = not in the Dungeon
S_PANIC = _s()  # Panic Card under the Alert Card (index in panic data), -1 none
S_MAX_ALERT = _s()  # 1 once Maximum Alert has been triggered
S_BOSS_TURN = _s()  # S_TURN when the Boss Effect was last activated (once per turn), -1
S_BOSS_EZONE = _s()  # Zone where the Boss Effect was last activated (Sighting), -1
S_BOSS_SEAT = _s()  # seat moving the Boss now (the activating player), -1
S_BOSS_STEPS = _s()  # Zones the Boss still has to move in the move in progress
S_BOSS_PREV = _s()  # Zone the Boss has just left (he may not retrace his steps), -1
S_BOSS_TARGET = _s()  # seat Randomized as the target of the last boss_move_random, -1
S_BOSS_MODE = _s()  # move in progress: 0 chosen steps, 1 towards a target, 2 Randomized Passages


# --- Maximum Alert state (and S_PANIC, S_MAX_ALERT above) ---
S_PANIC_DECK = _s()  # bit per Panic Card in the Panic deck built at Setup I (public)
S_MA_REMOVED = _s()  # bit per seat: Scholar removed by a failed forced Thesis


# --- Main Effects state ---
# Declared Main Effects not yet resolved (the Reaction chain), bottom..top.
MAX_CHAIN = 4
S_ME_CHAIN_N = _s()
S_ME_SEAT = _s(MAX_CHAIN)  # who declared it
S_ME_KIND = _s(MAX_CHAIN)  # the card kind
S_ME_CANCEL = _s(MAX_CHAIN)  # 1 once a Reaction cancelled it
S_ME_ACTIONS = _s()  # ACTION Main Effects played this turn
S_ME_MOVED = _s()  # 1 once the current player spent Speed this turn
S_ME_RX_IDX = _s()  # open Reaction decision: chain entry answered
S_ME_RX_I = _s()  # ... and position in turn order from its declarer
S_ME_PRI_I = _s()  # open Priority decision: position from the current player
S_ME_PRI_PLAYED = _s()  # plays made in this Priority round

# --- Interns, Zone Effect token supply, Exalted Sofia state ---
S_INTERN_OWNER = _s(MAX_INTERNS)  # seat owning each Intern Card, -1 in the Intern deck
S_TRAP_SUPPLY = _s(len(TRAP_KINDS))  # face-down Trap Tokens in the supply, by TRAP_KINDS index
S_TELEPORT_SUPPLY = _s()  # Teleport Tokens not yet placed
S_SECRET_SUPPLY = _s()  # Secret Passage Markers X not yet placed
S_ZONE_LEFT = _s(MAXP)  # per seat: the Zone it last left (-1 none), for "Bomf!"
# Protected cube decision in progress (PH_PROTECT)
S_PR_SEAT = _s()  # owner of the Protected cube
S_PR_COLOR = _s()
S_PR_N = _s()  # cubes of that colour the effect would remove
S_PR_MODE = _s()  # PRM_*: what losing means
S_PR_OTHER = _s()  # the thief (PRM_STEAL)


# Turn registers
S_SPEED = _s()  # Speed points left
S_CARD_SPEED = _s()  # of which gained from effects (kept after the Movement Phase)
S_MOVE_PHASE = _s()  # 1 Movement Phase, 2 Action Phase
S_ACTION_DONE = _s()  # 1 after Study / Espionage this turn
# Zone placement in progress
S_PL_TILE = _s()  # drawn tile (-1)
S_PL_FROM = _s()  # zone it must attach to
S_PL_MODE = _s()  # 0 normal (move in), 1 stairs
S_PL_SEAT = _s()  # who places
# Stealth Test in progress
S_T_KIND = _s()  # 0 none, 1 Study, 2 Espionage
S_T_STAGE = _s()  # 1 committing, 2 windows
S_T_ACTIVE = _s()
S_T_TARGET = _s()
S_T_COLOR = _s()
S_T_NCUBES = _s()
S_T_ALERT = _s()
S_T_STEALTH = _s()
S_T_WINDOW = _s()  # seat whose window is open
S_T_WPLAYS = _s()  # plays made in the open window
S_T_ORDER_I = _s()  # Study: position in the opponents' round
S_T_ZONE = _s()
# Prompts
S_P_COUNT = _s()  # cards / tokens still to resolve in the prompt
S_P_TYPE = _s()  # discard filter: card type + 1, 0 any
S_P_SEAT = _s()  # seat who must respond (discard target ...)
S_P_OPTIONAL = _s()  # 1 when PASS may end the prompt
S_P_CALLER = _s()  # seat whose effect caused the prompt
# Continuation stack
S_KSP = _s()
S_KSTACK = _s(KSTACK_DEPTH * KSTACK_W)
# Players
P_BASE = _s.size
_p = _Alloc()
PF_SCHOLAR = _p()
PF_EXALTED = _p()
PF_ZONE = _p()
PF_STUDENTS = _p()
PF_STUN = _p()
PF_STARS = _p()
PF_ARROWS = _p()
PF_KNOWLEDGE = _p()
PF_IN_GAME = _p()  # 0 once the Thesis is submitted successfully
PF_THESIS = _p()  # order of the successful Thesis, 0 none
PF_AGE = _p()  # seeded stand-in for "youngest player" (0 = youngest)
PF_HAND_N = _p()
PF_HAND = _p(MAX_KINDS)
PF_CUBES = _p(MAX_COL)
# passive modifiers of the face-up Jinx Cards held and the Intern Cards owned,
# kept up to date where those change (common.add_passives) so passive() is O(1)
PF_PASSIVE = _p(NPASSIVE)
# statistics for results
PF_EXALTED_TURNS = _p()
PF_STUDIES = _p()
PF_STUDY_WINS = _p()
PF_SPIES = _p()
PF_SPY_WINS = _p()
PF_THESIS_FAILS = _p()
PF_MAINS = _p()  # Main Effects declared (Main Effects rule)
PSZ = _p.size
_s(MAXP * PSZ)
STATE_SIZE = _s.size

# Decision phases
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
PHASE_NAMES = (
    "none",
    "activity",
    "movement",
    "place_zone",
    "stairs_pile",
    "action",
    "study_size",
    "commit",
    "test_window",
    "stun",
    "discard",
    "target",
    "jinx_discard",
    "choose_color",
)
# Dangerous Zones (range 14-19)
PH_TELEPORT = 14  # choose the destination of a Teleport (A_ZONE + zone)
PHASE_NAMES = PHASE_NAMES + ("teleport",)  # index 14

# Boss (range 20-23)
PH_BOSS_MOVE = 20  # the activating player picks the Boss's next Zone (A_ZONE + zone)
PHASE_NAMES = (*PHASE_NAMES, *("unused",) * (PH_BOSS_MOVE - len(PHASE_NAMES)), "boss_move")
# Main Effects phases (range 28-35)
PH_ME_REACT = 28  # play a Reaction to the declared Main Effect, or pass
PH_ME_COST = 29  # choose which "/" cost option to pay
PH_ME_PRIORITY = 30  # Priority: play one Instant card or skill, or pass
PH_ME_ZONE = 31  # choose the destination Zone of a movement effect
_ME_PHASES = {
    PH_ME_REACT: "main_reaction",
    PH_ME_COST: "main_cost",
    PH_ME_PRIORITY: "priority",
    PH_ME_ZONE: "main_zone",
}
PHASE_NAMES = tuple(
    PHASE_NAMES[i] if i < len(PHASE_NAMES) else _ME_PHASES.get(i, f"reserved_{i}")
    for i in range(max(len(PHASE_NAMES), max(_ME_PHASES) + 1))
)

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

# --- Interns, Protected cubes (phases 36-39) ---
PH_PROTECT = 36  # the owner of a Protected cube: keep it (A_OPTION) or lose it (A_OPTION + 1)
PHASE_NAMES = (
    PHASE_NAMES
    + tuple(f"phase_{i}" for i in range(len(PHASE_NAMES), PH_PROTECT))
    + ("protect_cube",)
)
# What losing a Protected cube means (S_PR_MODE)
PRM_ELIMINATE = 0  # to the Reserve
PRM_STEAL = 1  # to the thief's Note Board (Reserve if full there)
PRM_DROP = 2  # Dropped in the Zone (or a Linked Zone, or the Reserve)
K_MA_EXPLORE = 24  # Maximum Alert: the turn-start card effects done, Exploration begins
# Main Effects (range 28-35)
K_ME_REACT = 28  # a=chain entry, b=position: ask the next seat for a Reaction
K_ME_RESOLVE = 29  # a=chain entry: pay the cost (or discard if cancelled)
K_ME_DONE = 30  # a=chain entry: the effect is resolved, leave the chain
K_PRIORITY = 31  # a=position from the current player: next Priority decision


# ================================================================ TABLES
_t = _Alloc()
T_NCOL = _t()
T_COL_POINTS = _t(MAX_COL)
T_COL_COUNT = _t(MAX_COL)
T_COL_SLOTS = _t(MAX_COL)
T_STAR_AT = _t(MAX_COL * (MAX_COL_SLOTS + 1))  # 1 if a Star at count k
T_ARROW_AT = _t(MAX_COL * (MAX_COL_SLOTS + 1))
T_LOSS_ORDER = _t(MAX_COL)
T_GREY = _t()
T_OMEGA = _t()
T_STUN_TOKENS = _t()
T_KNOW_TOKENS = _t()
T_STAIR_TOKENS = _t()
T_WALL_TOKENS = _t()
T_BONFIRE_SPACES = _t()
T_THESIS_MIN_STARS = _t()
T_THESIS_BONUS = _t(MAXP)
T_STUDY_PENALTY = _t(MAX_INTEL + 1)  # by cubes indicated (index 1..)
T_FAIL_STUN = _t()
T_FAIL_STUDENTS = _t()
T_ESP_SACRIFICE = _t()
T_EOT_STUDENTS = _t()
T_DEAL_PER_POS = _t()
T_ROUND_CAP = _t()
T_LEVEL_REDUCTION = _t()
T_NCOLORS = _t()  # Note Board colours
# Alert Card of this configuration
T_AL_NSLOTS = _t()
T_AL_UNIV_STUD = _t()
T_AL_UNIV_OMEGA = _t()
T_AL_BONUS = _t(MAX_ALERT_SLOTS)
T_AL_STUD = _t(MAX_ALERT_SLOTS)
T_AL_OMEGA = _t(MAX_ALERT_SLOTS)
# Scholars: [sch][side]
T_NSCH = _t()
T_SCH_STAT = _t(MAX_SCH * 2 * NSTATS)
T_SCH_KNOW = _t(MAX_SCH * 2 * MAX_COL)
T_SCH_PASSIVE = _t(MAX_SCH * 2 * NPASSIVE)
T_SCH_NSKILLS = _t(MAX_SCH * 2)
T_SCH_SK_TIMING = _t(MAX_SCH * 2 * MAX_SKILLS)
T_SCH_SK_NOPTS = _t(MAX_SCH * 2 * MAX_SKILLS)
T_SCH_SK_PROG = _t(MAX_SCH * 2 * MAX_SKILLS * MAX_OPTS)
# Clans
T_NCLANS = _t()
T_CLAN_TARGET = _t(MAX_CLANS)
T_CLAN_MOD = _t(MAX_CLANS * MAX_COL)
# Trick card kinds
T_NKINDS = _t()
T_DECK_TOTAL = _t()
T_KIND_TYPE = _t(MAX_KINDS)
T_KIND_BONUS = _t(MAX_KINDS)
T_KIND_COPIES = _t(MAX_KINDS)
T_KIND_NAUX = _t(MAX_KINDS)
T_KIND_TIMING = _t(MAX_KINDS * 2)
T_KIND_NOPTS = _t(MAX_KINDS * 2)
T_KIND_PROG = _t(MAX_KINDS * 2 * MAX_OPTS)
# Effect programs
T_NPROGS = _t()
T_PROG_START = _t(MAX_PROGS)
T_PROG_LEN = _t(MAX_PROGS)
T_OPS = _t(MAX_OPS * OP_W)
# Jinx
T_NJINX = _t()
T_JINX_PROG = _t(MAX_JINX)  # -1 none
T_JINX_PASSIVE = _t(MAX_JINX * NPASSIVE)
T_JINX_PENALTY = _t(MAX_JINX)
# Randomizer
T_NRAND = _t()
T_RAND_COLOR = _t(MAX_RAND)
T_RAND_DIR = _t(MAX_RAND)
T_RAND_PASSAGE = _t(MAX_RAND)
T_RAND_INFO = _t(MAX_RAND)
# Zones (0 = Starting Zone)
T_NZONES = _t()
T_Z_FLOOR = _t(MAX_ZONES)  # 0-based floor
T_Z_ALERT = _t(MAX_ZONES)
T_Z_NCUBES = _t(MAX_ZONES)
T_Z_CUBES = _t(MAX_ZONES * MAX_ZSLOTS)  # colour index
T_Z_PASSAGES = _t(MAX_ZONES)  # bit p set: Passage p (unrotated)
T_Z_DOOR = _t(MAX_ZONES * 8)  # colour bitmask needed at Passage p
T_Z_EFFECTS = _t(MAX_ZONES)  # bit 1 << ZK_* per printed effect kind
T_Z_NEFF = _t(MAX_ZONES)  # printed Zone Effects, left to right
T_Z_EFF = _t(MAX_ZONES * MAX_ZEFF * ZE_W)
# Advanced rules in use (RULE_* bits)
T_RULES = _t()
# --- Dangerous Zones tables ---
T_TELEPORT_COLOR = _t()  # cube colour a Scholar needs to Teleport (Worship)


# --- Boss tables ---
T_NBOSS = _t()  # Boss Cards in the data
T_BOSS_PICK = _t()  # configured Boss Card (GameConfig.boss), -1 = drawn at random (Setup G)
T_BOSS_PICK_PROFILE = _t()  # configured profile (0, 1), -1 = chosen at random
T_BOSS_ALERT = _t(MAX_BOSS * 2)  # [boss][profile] Alert Modifier
T_BOSS_SIGHT = _t(MAX_BOSS * 2)  # Sighting program
T_BOSS_ACT = _t(MAX_BOSS * 2)  # Activation program
T_BOSS_ENC = _t(MAX_BOSS * 2)  # Encounter program (run with each encountered Scholar as actor), -1


# --- Maximum Alert tables ---
T_PANIC_N = _t()  # Panic Cards in the data
T_PANIC_FORCED = _t()  # GameConfig.panic: card index, -1 = drawn from the deck
T_PANIC_ALLOWED = _t(MAX_PANIC)  # 1: may go in the Panic deck (Dungeon / Boss, config)
T_PANIC_BOSS = _t(MAX_PANIC)  # required Boss: its index in the Boss data + 1, 0 none/unknown
T_PANIC_GREY = _t(MAX_PANIC)  # University fill (D): grey Students per player
T_PANIC_OMEGA = _t(MAX_PANIC)  # University fill (D): Omega Students
T_PANIC_ALERT_MOD = _t(MAX_PANIC)  # Alert Modifier (F), all Zones
T_PANIC_PASSIVE = _t(MAX_PANIC * NPASSIVE)  # Maximum Alert Effects (E): passive modifiers
T_PANIC_PROG_EACH = _t(MAX_PANIC)  # (E) each player at the start of her turn, -1 none
T_PANIC_PROG_SCHOLAR = _t(MAX_PANIC)  # (E) each Scholar in the Dungeon at her turn start, -1


# --- Main Effects tables ---
MAX_ME_COSTS = 4  # "/" options of one Main Effect cost (A_OPTION + i)
ME_STANDARD = 0
ME_INSTANT = 1
ME_REACTION = 2
ME_TIMINGS = {"standard": ME_STANDARD, "instant": ME_INSTANT, "reaction": ME_REACTION}
ME_WHEN = {"any": 0, "before_movement": 1, "test": 2}
T_ME_ACTION_LIMIT = _t()  # ACTION Main Effects per turn
T_ME_HAS = _t(MAX_KINDS)  # 1: the kind has a Main Effect
T_ME_TIMING = _t(MAX_KINDS)  # ME_*
T_ME_ACTION = _t(MAX_KINDS)  # 1: ACTION
T_ME_WHEN = _t(MAX_KINDS)  # ME_WHEN value
T_ME_NCOST = _t(MAX_KINDS)  # "/" options (0 = no cost)
T_ME_COST = _t(MAX_KINDS * MAX_ME_COSTS)  # program of each option
T_ME_EFFECT = _t(MAX_KINDS)  # program
T_ME_AFTER = _t(MAX_KINDS)  # program of the additional costs/effects (G), -1 none

# --- Interns, Zone Effect token supply, Exalted Sofia tables ---
T_NINTERNS = _t()
T_INTERN_POINTS = _t(MAX_INTERNS)  # End of Game Bonus Points
T_INTERN_PASSIVE = _t(MAX_INTERNS * NPASSIVE)
T_INTERN_PROTECT = _t(MAX_INTERNS)  # bit per Protected cube colour
T_KIND_INTERN = _t(MAX_KINDS)  # Intern linked to a Trick Card kind, +1 (0 none)
T_PROG_KIND = _t(MAX_PROGS)  # Trick Card kind whose effect a program is, +1 (0 none)
T_TRAP_TOKENS = _t(len(TRAP_KINDS))  # Trap Tokens in the box, by TRAP_KINDS index
T_TRAP_N = _t(len(TRAP_KINDS))  # the N printed under each kind
T_TELEPORT_TOKENS = _t()
T_SECRET_TOKENS = _t()


TABLE_SIZE = _t.size

# =============================================================== ACTIONS
# A fixed action space, one range per verb (see docs/ACTIONS.md).
A_REST = 0
A_THESIS = 1
A_EXPLORE = 2
A_MOVE = 3  # + Passage position (0..7) leading to the destination
A_DRAW_ZONE = A_MOVE + 8
A_PLACE = A_DRAW_ZONE + 1  # + (side*3 + shift+1)*4 + rotation
A_PILE = A_PLACE + 48  # + floor (0..2)
A_END_MOVE = A_PILE + 3
A_STUDY = A_END_MOVE + 1
A_NCUBES = A_STUDY + 1  # + n-1 (n = 1..MAX_INTEL)
A_SPY = A_NCUBES + MAX_INTEL  # + seat*MAX_COL + colour
A_COMMIT = A_SPY + MAXP * MAX_COL  # + kind
A_DECLARE = A_COMMIT + MAX_KINDS
A_PLAY = A_DECLARE + 1  # + kind*4 + aux*2 + option
A_SKILL = A_PLAY + MAX_KINDS * 2 * MAX_OPTS  # + skill*2 + option
A_PASS = A_SKILL + MAX_SKILLS * MAX_OPTS
A_END_TURN = A_PASS + 1
A_STUN_ACCEPT = A_END_TURN + 1
A_STUN_SACRIFICE = A_STUN_ACCEPT + 1
A_DISCARD = A_STUN_SACRIFICE + 1  # + kind
A_TARGET = A_DISCARD + MAX_KINDS  # + seat
A_JINX = A_TARGET + MAXP  # + jinx card
A_COLOR = A_JINX + MAX_JINX  # + colour (Drop: which cube)
# Advanced rules
A_ZONE = A_COLOR + MAX_COL  # + zone: a destination Zone (Teleport, Secret Passage, Boss moves ...)
A_ZONE_EFFECT = A_ZONE + MAX_ZONES  # + effect slot: use an Action Zone Effect (slot MAX_ZEFF = a token)
A_MAIN = A_ZONE_EFFECT + MAX_ZEFF + 1  # + kind: declare a Trick Card's Main Effect
A_OPTION = A_MAIN + MAX_KINDS  # + i: one of the options of a choice (a "/" cost ...)
NUM_ACTIONS = A_OPTION + 4
MAX_LEGAL = NUM_ACTIONS
