"""The game state: ONE flat ``int64`` array, every field named here.

Each ``S_*`` is the offset of a section of the state (its size: the argument
of ``_s``); each ``PF_*`` the offset of a field inside a player block, read
with ``sim.dungeonology.core.components.scholars.pf(seat, field)``. Cloning a game is ``state.copy()``.
Sections marked *reserved* are room for Rocca Civetta: documented, zero in
the base game, read by no rule yet. docs/ACTIONS.md ("The state layout")
lists every section with its offset and size (``sim.dungeonology.layout.describe``).
"""

from __future__ import annotations

from sim.dungeonology.layout.alloc import Alloc
from sim.dungeonology.layout.codes import NPASSIVE, TRAP_KINDS
from sim.dungeonology.layout.limits import (
    KSTACK_DEPTH,
    KSTACK_W,
    MAX_BONFIRE,
    MAX_BOSSES_IN_PLAY,
    MAX_CHAIN,
    MAX_COL,
    MAX_DECK,
    MAX_FAMILIARS,
    MAX_INTERNS,
    MAX_JINX,
    MAX_KINDS,
    MAX_OMEGA_CARDS,
    MAX_RESEARCH,
    MAX_SEATS,
    MAX_SET_DRAWS,
    MAX_SKILLS,
    MAX_TOME,
    MAX_ZONES,
    MAX_ZSLOTS,
    MAXP,
    NCONGREGATIONS,
    NFLOORS,
    NPASSAGES,
    NSTUDENT_KINDS,
    RESEARCH_UP,
)

_s = Alloc()
S_RNG0 = _s()  # first word of the game's random number generator (xoroshiro64**, 32-bit words)
S_RNG1 = _s()  # second word of the game's random number generator
S_NPLAYERS = _s()  # Scholar seats in the game (1..MAXP)
S_TURN = _s()  # turns started (all seats)
S_ROUND = _s()  # rounds started (turns of the first player)
S_CUR = _s()  # seat whose turn it is
S_FIRST = _s()  # first player (Setup D)
S_PHASE = _s()  # decision phase (PH_*), PH_NONE while resolving
S_ACTOR = _s()  # seat that decides now
S_OVER = _s()  # 1 once the game has ended
S_END_REASON = _s()  # why the game ended (END_*)
S_END_AT_SEAT = _s()  # game ends when this seat's turn would begin (-1)
S_FIRST_SUBMITTER = _s()  # seat of the first successful Thesis (-1)
S_THESIS_COUNT = _s()  # successful Theses so far
S_CLAN = _s()  # Clan Card index
S_CLAN_PUBLIC = _s()  # 1 once revealed to everybody
S_ALERT_FILLED = _s()  # Omega Students on the Alert Card
S_UNIV_GREY = _s()  # University bag
S_UNIV_OMEGA = _s()  # Omega Students in the University bag
S_BONFIRE = _s()  # Students at the Campus Bonfire
S_RES_GREY = _s()  # Reserve
S_RES_OMEGA = _s()  # Omega Students in the Reserve
S_RES_STUN = _s()  # Stun Tokens in the Reserve
S_RES_KNOW = _s()  # Knowledge Tokens in the Reserve
S_STAIR_USED = _s()  # Stair Tokens on the table
S_WALL_USED = _s()  # Wall Tokens on the table
S_RES_CUBES = _s(MAX_COL)  # Information Cubes in the Reserve, per colour
# Trick deck: DECK[0:DECK_N] bottom..top; discard pile and cards on the table
# (played in the current Stealth Test) as counts per kind.
S_DECK_N = _s()
S_DECK = _s(MAX_DECK)  # Trick Card kinds of the deck, bottom..top
S_DISCARD = _s(MAX_KINDS)  # Trick Cards in the discard pile, per kind
S_PLAYED = _s(MAX_KINDS)  # Trick Cards on the table in the current Stealth Test, per kind
# Jinx: deck order JDECK[0:JDECK_N] bottom..top; per card location and owner.
S_JDECK_N = _s()
S_JDECK = _s(MAX_JINX)  # Jinx Cards of the Jinx deck, bottom..top
S_JLOC = _s(MAX_JINX)  # per Jinx Card: where it is (JX_*)
S_JOWNER = _s(MAX_JINX)  # per Jinx Card: the seat holding it
# Zone stacks per Floor: STACK[f*MAX_ZONES + i], i < STACK_N[f], top = last.
S_STACK_N = _s(NFLOORS)
S_STACK = _s(NFLOORS * MAX_ZONES)  # per Floor: the Zone tiles of its stack, bottom..top (STACK[f*MAX_ZONES + i])
# Placed Zones: position in half-tile units (a tile covers [x, x+2) x [y, y+2);
# tiles may be shifted by half a tile along a side), rotation (quarter turns
# clockwise), entered.
S_ZPLACED = _s(MAX_ZONES)
S_ZX = _s(MAX_ZONES)  # per Zone: x of its placed tile (half-tile units)
S_ZY = _s(MAX_ZONES)  # per Zone: y of its placed tile (half-tile units)
S_ZROT = _s(MAX_ZONES)  # per Zone: rotation of its placed tile (quarter turns clockwise)
S_ZENTERED = _s(MAX_ZONES)  # per Zone: 1 once a Scholar has entered it
S_ZCUBE = _s(MAX_ZONES * MAX_ZSLOTS)  # colour+1, 0 = empty space
# Per Passage position p (world, 0..7: N1 N2 E1 E2 S1 S2 W1 W2) of each Zone:
S_NB = _s(MAX_ZONES * NPASSAGES)  # the Adjacent Zone across that half side, -1
S_NBQ = _s(MAX_ZONES * NPASSAGES)  # the facing Passage position on that Zone
S_LINK = _s(MAX_ZONES * NPASSAGES)  # 1: both Passages exist and are open (same Floor, or Stairs)
S_STAIRS = _s(MAX_ZONES * NPASSAGES)  # 1: the link is a Stair link
# Zone Effect Tokens ("Zone Effect Tokens"), placed by Main Effects and
# honoured with or without the Dangerous Zones rule.
S_ZTRAP_KIND = _s(MAX_ZONES)  # hidden Trap effect (ZK_AMBUSH/STOP/TOLL), 0 none
S_ZTRAP_N = _s(MAX_ZONES)  # its N
S_ZTELEPORT = _s(MAX_ZONES)  # 1: Teleport Token
S_ZSECRET = _s(MAX_ZONES)  # 1: Secret Passage Marker (letter X)
# --- Boss state (S_PANIC and S_MAX_ALERT belong to Maximum Alert) ---
# [slot]: one entry per Boss in play. Slot 0 is the Boss of the game (the
# engine reads s[S_BOSS] etc.); slot 1 is reserved for the second card of
# Scilla and Cariddi (RC "Big Boss"; 0 in the base game).
S_BOSS = _s(MAX_BOSSES_IN_PLAY)  # Boss Card in use (index in boss data), -1 without the Boss rule
S_BOSS_PROFILE = _s(MAX_BOSSES_IN_PLAY)  # its profile (0, 1), -1 none
S_BOSS_ZONE = _s(MAX_BOSSES_IN_PLAY)  # Zone of the Boss model, -1 = not in the Dungeon
S_PANIC = _s()  # Panic Card under the Alert Card (index in panic data), -1 none
S_MAX_ALERT = _s()  # 1 once Maximum Alert has been triggered
S_BOSS_TURN = _s(MAX_BOSSES_IN_PLAY)  # S_TURN when the Boss Effect was last activated (once per turn), -1
S_BOSS_EZONE = _s(MAX_BOSSES_IN_PLAY)  # Zone where the Boss Effect was last activated (Sighting), -1
S_BOSS_MOVING = _s()  # reserved (0): the slot of the Boss whose move is in progress
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
S_ME_CHAIN_N = _s()
S_ME_SEAT = _s(MAX_CHAIN)  # who declared it
S_ME_KIND = _s(MAX_CHAIN)  # the card kind
S_ME_CANCEL = _s(MAX_CHAIN)  # 1 once a Reaction cancelled it
S_ME_ACTIONS = _s()  # ACTION Main Effects played this turn
S_ME_MOVED = _s()  # 1 once the current player acted in her Movement Phase this turn (no more "before_movement")
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
S_PR_COLOR = _s()  # its colour
S_PR_N = _s()  # cubes of that colour the effect would remove
S_PR_MODE = _s()  # PRM_*: what losing means
S_PR_OTHER = _s()  # the thief (PRM_STEAL)


# --- Rocca Civetta, reserved sections (0 in the base game; no rule reads them yet) ---
# Students of the Congregations (RC "Student Congregations", part congregations:
# sim/dungeonology/core/rules/congregations), CONGREGATIONS order; the grey and Omega ones
# stay in S_UNIV_GREY / S_UNIV_OMEGA / S_RES_*.
S_UNIV_CONGREGATION = _s(NCONGREGATIONS)  # in the University
S_RES_CONGREGATION = _s(NCONGREGATIONS)  # in the Reserve (its Students of the game, at Setup)
# The Campus Bonfire in order (from the space with the arrow): the kind of
# each Student there, index in STUDENT_KINDS (0 = grey: the base game's
# Bonfire, whose Students S_BONFIRE counts, is all grey); the last one
# (index S_BONFIRE - 1) is picked up first.
S_BONFIRE_KINDS = _s(MAX_BONFIRE)
S_ZIOTA = _s(MAX_ZONES)  # Iota Student standing in the Zone: its owner's seat + 1 (0 none); kind: S_CG_ZKIND
# Research Cards (RC "Research Cards", module research; 0 without it): the
# deck (card indices, bottom..top), the cards face up near the Campus (card
# + 1, 0 an empty place), each card's owner (seat + 1, 0 none).
S_RESEARCH_N = _s()  # Research Cards in the deck
S_RESEARCH_DECK = _s(MAX_RESEARCH)  # Research deck: card indices, bottom..top (order hidden)
S_RESEARCH_UP = _s(RESEARCH_UP)  # Research Cards face up near the Campus: card + 1, 0 none
S_RESEARCH_OWNER = _s(MAX_RESEARCH)  # per Research Card: the seat + 1 of the Scholar who completed it, 0 none
S_RESEARCH_TURN = _s()  # S_TURN + 1 of the turn of the last Quest completed ("only once per turn"), 0 none
# Familiars (RC "Familiars"): Linked Scholar's seat + 1 (0 none), Zone of the model + 1 (0 Reserve)
S_FAMILIAR_OWNER = _s(MAX_FAMILIARS)
S_FAMILIAR_ZONE = _s(MAX_FAMILIARS)  # per Familiar: Zone of its model + 1, 0 in the Reserve (reserved)
# The automaton Omega (its Scholar fields: player block OMEGA_SEAT): the
# Omega Action deck bottom..top, the discards, the Tome of Secrets spaces
# (colour + 1 per space, first space first, 0 empty).
S_OMEGA_ON = _s()  # 1 when the automaton seat plays (Solitary Mode, Omega Against All)
S_OMEGA_DECK_N = _s()  # Omega Action Cards in the deck (reserved)
S_OMEGA_DECK = _s(MAX_OMEGA_CARDS)  # Omega Action deck, bottom..top (reserved)
S_OMEGA_DISCARD_N = _s()  # Omega Action Cards discarded (reserved)
S_OMEGA_DISCARD = _s(MAX_OMEGA_CARDS)  # Omega Action discards, in order (reserved)
S_TOME = _s(MAX_TOME)  # Tome of Secrets: colour + 1 per space, first space first, 0 empty (reserved)

# --- Rocca Civetta, part cubes: Star Tokens, False / Universal Information, New Clan Cards ---
#     (this part's fields go below this line)
S_RC_UNIV_N = _s()  # Universal Information cubes gained and not yet placed (PH_RC_UNIVERSAL)
S_RC_UNIV_SEAT = _s()  # the Scholar who places them

# --- Rocca Civetta, part scholars: New Scholars, Camp Z ---
#     (this part's fields go below this line)

# --- Rocca Civetta, part cards: Jinx, Intern and Panic Cards; Alchemy, Specialists and Spriggan Trick Cards ---
#     (this part's fields go below this line)
S_RC_TOKEN_HOLDER = _s(MAX_INTERNS)  # per Intern: the seat + 1 holding its token (the Fool's Token), 0 = Reserve

# --- Rocca Civetta, part research: Research Cards ---
#     (this part's fields go below this line)
S_RESEARCH_EOT = _s()  # S_TURN + 1 of the turn whose End of Turn claim point (PH_RESEARCH) was offered, 0 none

# --- Rocca Civetta, part congregations: Student Congregations ---
#     (this part's fields go below this line)
S_CG_USED = _s()  # bit k: Congregation k (CONGREGATIONS order) in the game; bit 16+k: not entered at Setup
S_CG_SAC_GAIN = _s(NCONGREGATIONS)  # per Congregation: standard Students its "When you Sacrifice" effect gives
S_CG_SAC_GOLD = _s(NCONGREGATIONS)  # ... 1 when that effect has the gold symbol (both copied at Setup)
S_CG_DRAWER = _s()  # seat whose draw from the University is being resolved
S_CG_DRAWN = _s(NCONGREGATIONS)  # Congregation Students of that draw still to keep or to place
S_CG_PEND = _s(NSTUDENT_KINDS)  # Students of that draw waiting for their place at the Bonfire, per kind
S_CG_OMEGAS = _s()  # Omega Students of that draw, resolved once the others are placed
S_CG_MODE = _s()  # the open PH_CG_CHOICE: CGM_*
S_CG_KIND = _s()  # ... its Congregation (CONGREGATIONS index)
S_CG_SEAT = _s()  # ... who chooses
S_CG_TRAP = _s()  # Lambda: the Trap kind chosen (TRAP_KINDS index)
S_CG_ZKIND = _s(MAX_ZONES)  # per Zone: the Congregation of the Student standing there (S_ZIOTA), 0 none

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
S_T_ACTIVE = _s()  # seat making the test
S_T_TARGET = _s()  # Espionage: the target seat
S_T_COLOR = _s()  # Espionage: the colour of the cube sought
S_T_NCUBES = _s()  # Study: cubes indicated
S_T_ALERT = _s()  # the Alert Value so far
S_T_STEALTH = _s()  # the Stealth Value so far
S_T_WINDOW = _s()  # seat whose window is open
S_T_WPLAYS = _s()  # plays made in the open window
S_T_ORDER_I = _s()  # Study: position in the opponents' round
S_T_ZONE = _s()  # Zone where the test takes place
S_T_DECLARED = _s()  # the Stealth Value as declared (Bonus Values + Study Bonus)
# The Stealth Test that resolved last (public; kept until the next one resolves)
S_LT_KIND = _s()  # 0 none yet, 1 Study, 2 Espionage
S_LT_SEAT = _s()  # the Scholar who made it
S_LT_TARGET = _s()  # Espionage: the target seat (-1 for a Study)
S_LT_DECLARED = _s()  # the declared Stealth Value
S_LT_STEALTH = _s()  # the final Stealth Value
S_LT_ALERT = _s()  # the final Alert Value
S_LT_SUCCESS = _s()  # 1 SUCCESS, 0 FAILURE
S_LT_TURN = _s()  # S_TURN when it resolved
# Draws fixed in advance by a scenario (sim.dungeonology.scenario; 0 in a game): consumed first
S_SET_RAND_N = _s()  # Randomizer cards still fixed
S_SET_RAND = _s(MAX_SET_DRAWS)  # their indices in the data, next drawn first (in order from 0)
S_SET_RAND_I = _s()  # how many of S_SET_RAND were drawn
S_SET_UNIV_N = _s()  # Students out of the University still fixed
S_SET_UNIV = _s(MAX_SET_DRAWS)  # 0 grey, 1 Omega, in drawing order
S_SET_UNIV_I = _s()  # how many of S_SET_UNIV were drawn
# Prompts
S_P_COUNT = _s()  # cards / tokens still to resolve in the prompt
S_P_TYPE = _s()  # discard filter: card type + 1, 0 any
S_P_SEAT = _s()  # seat who must respond (discard target ...)
S_P_OPTIONAL = _s()  # 1 when PASS may end the prompt
S_P_CALLER = _s()  # seat whose effect caused the prompt
# Continuation stack
S_KSP = _s()
S_KSTACK = _s(KSTACK_DEPTH * KSTACK_W)  # continuation entries (code, a, b, c), KSTACK_W ints each
# Players: MAX_SEATS blocks of PSZ ints from P_BASE (sim.dungeonology.core.components.scholars.pf)
P_BASE = _s.size
_p = Alloc()
PF_SCHOLAR = _p()  # Scholar Card (index in the data)
PF_EXALTED = _p()  # 1 while the Scholar is Exalted (the card's back side)
PF_ZONE = _p()  # Zone of the Scholar model
PF_STUDENTS = _p()  # Students held
PF_STUN = _p()  # Stun Tokens held
PF_STARS = _p()  # Stars reached on the Note Board
PF_ARROWS = _p()  # Arrows reached on the Note Board
PF_KNOWLEDGE = _p()  # Knowledge Tokens held
PF_IN_GAME = _p()  # 0 once the Thesis is submitted successfully
PF_THESIS = _p()  # order of the successful Thesis, 0 none
PF_AGE = _p()  # seeded stand-in for "youngest player" (0 = youngest)
PF_HAND_N = _p()  # Trick Cards in hand
PF_HAND = _p(MAX_KINDS)  # Trick Cards in hand, per kind
PF_CUBES = _p(MAX_COL)  # Information Cubes on the Note Board, per column
# passive modifiers of the face-up Jinx Cards held and the Intern Cards owned,
# kept up to date where those change (common.add_passives) so passive() is O(1)
PF_PASSIVE = _p(NPASSIVE)
# statistics for results
PF_EXALTED_TURNS = _p()
PF_STUDIES = _p()  # Studies made
PF_STUDY_WINS = _p()  # Studies won
PF_SPIES = _p()  # Espionages made
PF_SPY_WINS = _p()  # Espionages won
PF_THESIS_FAILS = _p()  # failed Theses
PF_MAINS = _p()  # Main Effects declared (Main Effects rule)
# --- Rocca Civetta, reserved (0 in the base game; no rule reads them yet) ---
PF_CONGREGATION = _p(NCONGREGATIONS)  # Congregation Students held (CONGREGATIONS order), counted in PF_STUDENTS
PF_STAR_TOKENS = _p(MAX_COL)  # per column: bit 0 its silver, bit 1 its gold Star Token ("Star Tokens")
PF_UNIVERSAL = _p(MAX_COL)  # per column: bit k set = the cube at height k is Universal Information (white)
PF_HOT_WATER = _p()  # Hot Water Tokens held ("Bucket", at most 2)
PF_FAMILIAR = _p()  # Familiar linked to the Scholar, +1 (0 none)
# --- player fields, part cubes: Star Tokens, False / Universal Information, New Clan Cards ---
#     (this part's player fields go below this line)

# --- player fields, part scholars: New Scholars, Camp Z ---
#     (this part's player fields go below this line)
PF_RC_ONCE = _p(MAX_SKILLS)  # once_per_turn slot k: S_TURN + 1 of the turn it was last used, 0 never (rc_scholars)

# --- player fields, part cards: Jinx, Intern and Panic Cards; Trick Card types ---
#     (this part's player fields go below this line)

# --- player fields, part research: Research Cards ---
#     (this part's player fields go below this line)

# --- player fields, part congregations: Student Congregations ---
#     (this part's player fields go below this line)

PSZ = _p.size
# Player blocks: seats 0..MAXP-1 are the Scholars; seat OMEGA_SEAT is the
# automaton (Omega, RC "Solitary Mode" / "Omega Against All": a Scholar for
# the rules, never an agent; all zero in the base game).
_s(MAX_SEATS * PSZ)
STATE_SIZE = _s.size
