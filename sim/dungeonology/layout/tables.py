"""The rule tables: ONE flat ``int64`` array compiled for one configuration
(``sim.dungeonology.tables.compile_tables``) and read, never written, by the core.

Each ``T_*`` is the offset of a section (its size: the argument of ``_t``).
Sections marked *reserved* are room for Rocca Civetta, zero in the base game.
"""

from __future__ import annotations

from sim.dungeonology.layout.alloc import Alloc
from sim.dungeonology.layout.codes import CGE_W, NPASSIVE, NSTATS, QC_W, TRAP_KINDS, ZE_W
from sim.dungeonology.layout.limits import (
    MAX_ALERT_SLOTS,
    MAX_BOSS,
    MAX_CG_EFFECTS,
    MAX_CLANS,
    MAX_COL,
    MAX_COL_SLOTS,
    MAX_INTEL,
    MAX_INTERNS,
    MAX_JINX,
    MAX_KINDS,
    MAX_ME_COSTS,
    MAX_OPS,
    MAX_OPTS,
    MAX_PANIC,
    MAX_PROFILES,
    MAX_PROGS,
    MAX_QUEST_CONDS,
    MAX_RAND,
    MAX_RESEARCH,
    MAX_SCH,
    MAX_SKILLS,
    MAX_ZEFF,
    MAX_ZONES,
    MAX_ZSLOTS,
    MAXP,
    NCONGREGATIONS,
    NPASSAGES,
)
from sim.dungeonology.layout.ops import OP_W

_t = Alloc()
T_NCOL = _t()  # Information Cube colours of the data
T_COL_POINTS = _t(MAX_COL)  # points per cube, per colour
T_COL_COUNT = _t(MAX_COL)  # cubes in the box, per colour
T_COL_SLOTS = _t(MAX_COL)  # Note Board spaces per column
T_STAR_AT = _t(MAX_COL * (MAX_COL_SLOTS + 1))  # 1 if a Star at count k
T_ARROW_AT = _t(MAX_COL * (MAX_COL_SLOTS + 1))  # 1 if an Arrow at count k of a column
T_LOSS_ORDER = _t(MAX_COL)  # colours in the order a failed Thesis loses them
T_GREY = _t()  # grey Students in the box
T_OMEGA = _t()  # Omega Students in the box
T_STUN_TOKENS = _t()  # Stun Tokens in the box
T_KNOW_TOKENS = _t()  # Knowledge Tokens in the box
T_STAIR_TOKENS = _t()  # Stair Tokens in the box
T_WALL_TOKENS = _t()  # Wall Tokens in the box
T_BONFIRE_SPACES = _t()  # spaces at the Campus Bonfire
T_THESIS_MIN_STARS = _t()  # Stars needed to Submit the Thesis
T_THESIS_BONUS = _t(MAXP)  # bonus points of the 1st..4th Thesis
T_STUDY_PENALTY = _t(MAX_INTEL + 1)  # by cubes indicated (index 1..)
T_FAIL_STUN = _t()  # Stun Tokens for a failed Stealth Test
T_FAIL_STUDENTS = _t()  # Students drawn for a failed Stealth Test
T_ESP_SACRIFICE = _t()  # Students sacrificed for an Espionage
T_EOT_STUDENTS = _t()  # Students drawn in the End of Turn Phase
T_DEAL_PER_POS = _t()  # Trick Cards dealt per position in turn order (Setup E)
T_ROUND_CAP = _t()  # engine safeguard: rounds before the game ends (round_cap)
T_LEVEL_REDUCTION = _t()  # Player Level: the reduction it brings
T_NCOLORS = _t()  # Note Board colours
# Alert Card of this configuration
T_AL_NSLOTS = _t()
T_AL_UNIV_STUD = _t()  # grey Students per player in the University
T_AL_UNIV_OMEGA = _t()  # Omega Students in the University
T_AL_BONUS = _t(MAX_ALERT_SLOTS)  # per space: bonus of the space
T_AL_STUD = _t(MAX_ALERT_SLOTS)  # per space: Students it adds
T_AL_OMEGA = _t(MAX_ALERT_SLOTS)  # per space: Omega Students it adds
# Scholars: [sch][side]
T_NSCH = _t()
T_SCH_STAT = _t(MAX_SCH * 2 * NSTATS)  # [sch][side][stat] Students, Hand, Speed, Intelligence, Stamina
T_SCH_KNOW = _t(MAX_SCH * 2 * MAX_COL)  # [sch][side][colour] Knowledge
T_SCH_PASSIVE = _t(MAX_SCH * 2 * NPASSIVE)  # [sch][side][passive] passive modifiers
T_SCH_NSKILLS = _t(MAX_SCH * 2)  # [sch][side] skills
T_SCH_SK_TIMING = _t(MAX_SCH * 2 * MAX_SKILLS)  # [sch][side][skill] timing bits (TM_*)
T_SCH_SK_NOPTS = _t(MAX_SCH * 2 * MAX_SKILLS)  # [sch][side][skill] options
T_SCH_SK_PROG = _t(MAX_SCH * 2 * MAX_SKILLS * MAX_OPTS)  # [sch][side][skill][option] program
# Clans
T_NCLANS = _t()
T_CLAN_TARGET = _t(MAX_CLANS)  # per Clan Card: points needed
T_CLAN_MOD = _t(MAX_CLANS * MAX_COL)  # [clan][colour] point modifier
# Trick card kinds
T_NKINDS = _t()
T_DECK_TOTAL = _t()  # Trick Cards in the deck
T_KIND_TYPE = _t(MAX_KINDS)  # per kind: Trick type
T_KIND_BONUS = _t(MAX_KINDS)  # per kind: Bonus Value
T_KIND_COPIES = _t(MAX_KINDS)  # per kind: copies in the deck
T_KIND_NAUX = _t(MAX_KINDS)  # per kind: Auxiliary Effects
T_KIND_TIMING = _t(MAX_KINDS * 2)  # [kind][aux] timing bits (TM_*)
T_KIND_NOPTS = _t(MAX_KINDS * 2)  # [kind][aux] options
T_KIND_PROG = _t(MAX_KINDS * 2 * MAX_OPTS)  # [kind][aux][option] program
# Effect programs
T_NPROGS = _t()
T_PROG_START = _t(MAX_PROGS)  # per program: its first step in T_OPS
T_PROG_LEN = _t(MAX_PROGS)  # per program: its steps
T_OPS = _t(MAX_OPS * OP_W)  # the steps, OP_W ints each (sim/dungeonology/layout/ops.py: OPF_*)
# Jinx
T_NJINX = _t()
T_JINX_PROG = _t(MAX_JINX)  # -1 none
T_JINX_PASSIVE = _t(MAX_JINX * NPASSIVE)  # [jinx][passive] passive modifiers
T_JINX_PENALTY = _t(MAX_JINX)  # per Jinx Card: penalty points at the end
# Randomizer
T_NRAND = _t()
T_RAND_COLOR = _t(MAX_RAND)  # per Randomizer card: colour
T_RAND_DIR = _t(MAX_RAND)  # per Randomizer card: direction
T_RAND_PASSAGE = _t(MAX_RAND)  # per Randomizer card: Passage
T_RAND_INFO = _t(MAX_RAND)  # per Randomizer card: Information (colour)
# Zones (0 = Starting Zone)
T_NZONES = _t()
T_NFLOORS = _t()  # Floors the Zones of the data use (3 in the base box)
T_Z_FLOOR = _t(MAX_ZONES)  # 0-based floor
T_Z_ALERT = _t(MAX_ZONES)  # per Zone: Alert Value
T_Z_NCUBES = _t(MAX_ZONES)  # per Zone: cube spaces
T_Z_CUBES = _t(MAX_ZONES * MAX_ZSLOTS)  # colour index
T_Z_PASSAGES = _t(MAX_ZONES)  # bit p set: Passage p (unrotated)
T_Z_DOOR = _t(MAX_ZONES * NPASSAGES)  # colour bitmask needed at Passage p
T_Z_EFFECTS = _t(MAX_ZONES)  # bit 1 << ZK_* per printed effect kind
T_Z_NEFF = _t(MAX_ZONES)  # printed Zone Effects, left to right
T_Z_EFF = _t(MAX_ZONES * MAX_ZEFF * ZE_W)  # [zone][effect] kind (ZK_*), n, colour+1, Secret Passage letter+1
# Advanced rules in use (RULE_* bits)
T_RULES = _t()
# --- Dangerous Zones tables ---
T_TELEPORT_COLOR = _t()  # cube colour a Scholar needs to Teleport (Worship)


# --- Boss tables ---
T_NBOSS = _t()  # Boss Cards in the data
T_BOSS_PICK = _t()  # configured Boss Card (GameConfig.boss), -1 = drawn at random (Setup G)
T_BOSS_PICK_PROFILE = _t()  # configured profile (0, 1), -1 = chosen at random
T_BOSS_NPROFILES = _t(MAX_BOSS)  # profiles on the card: 2, or 1 for a Big Boss (RC "Big Boss" A)
T_BOSS_ALERT = _t(MAX_BOSS * MAX_PROFILES)  # [boss][profile] Alert Modifier
T_BOSS_SIGHT = _t(MAX_BOSS * MAX_PROFILES)  # Sighting program
T_BOSS_ACT = _t(MAX_BOSS * MAX_PROFILES)  # Activation program
T_BOSS_ENC = _t(MAX_BOSS * MAX_PROFILES)  # Encounter program (run with each encountered Scholar as actor), -1


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
T_ME_ACTION_LIMIT = _t()  # ACTION Main Effects per turn
T_ME_CHAIN_CAP = _t()  # longest Reaction chain: 1 + the Reaction cards in the deck (each link is a card on the table)
T_ME_HAS = _t(MAX_KINDS)  # 1: the kind has a Main Effect
T_ME_TIMING = _t(MAX_KINDS)  # ME_*
T_ME_ACTION = _t(MAX_KINDS)  # 1: ACTION
T_ME_WHEN = _t(MAX_KINDS)  # ME_WHEN value
T_ME_NCOST = _t(MAX_KINDS)  # "/" options (0 = no cost)
T_ME_COST = _t(MAX_KINDS * MAX_ME_COSTS)  # program of each option
T_ME_EFFECT = _t(MAX_KINDS)  # program
T_ME_AFTER = _t(MAX_KINDS)  # program of the additional costs/effects (G), -1 none

# --- Interns, Zone Effect token supply, Exalted Sofia tables ---
T_NINTERNS = _t()  # Intern Cards of the data
T_INTERN_POINTS = _t(MAX_INTERNS)  # End of Game Bonus Points
T_INTERN_PASSIVE = _t(MAX_INTERNS * NPASSIVE)  # [intern][passive] passive modifiers
T_INTERN_PROTECT = _t(MAX_INTERNS)  # bit per Protected cube colour
T_KIND_INTERN = _t(MAX_KINDS)  # Intern linked to a Trick Card kind, +1 (0 none)
T_PROG_KIND = _t(MAX_PROGS)  # Trick Card kind whose effect a program is, +1 (0 none)
T_TRAP_TOKENS = _t(len(TRAP_KINDS))  # Trap Tokens in the box, by TRAP_KINDS index
T_TRAP_N = _t(len(TRAP_KINDS))  # the N printed under each kind
T_TELEPORT_TOKENS = _t()  # Teleport Tokens in the box
T_SECRET_TOKENS = _t()  # Secret Passage Markers X in the box

# --- Rocca Civetta, reserved tables (0 in the base game; no rule reads them yet) ---
# Clan Cards with Star requirements (RC "New Clan Cards"); Stars per colour: bit 0 silver, bit 1 gold.
T_CLAN_STARS = _t(MAX_CLANS * MAX_COL)  # [clan][colour]: Stars needed to Submit the Thesis (B) (reserved)
T_CLAN_BONUS_STARS = _t(MAX_CLANS * MAX_COL)  # [clan][colour]: Stars that earn the bonus (C) (reserved)
T_CLAN_BONUS = _t(MAX_CLANS)  # per Clan Card: the bonus points for those Stars (C) (reserved)
T_PROG_TRIGGER = _t(MAX_PROGS)  # per program: what makes it run (ops.Trigger; 0 = PLAYED) (reserved)
T_PROG_TRIGGER_ARG = _t(MAX_PROGS)  # per program: the trigger's argument, e.g. a Student kind (reserved)

# --- Rocca Civetta, part cubes: Star Tokens, False / Universal Information, New Clan Cards ---
#     (this part's fields go below this line)
T_STAR_TOKEN = _t(MAX_COL * (MAX_COL_SLOTS + 1))  # [column][count k]: Star Token of the Star at k (1 silver, 2 gold)

# --- Rocca Civetta, part scholars: New Scholars, Camp Z ---
#     (this part's fields go below this line)
T_Z_SCHOLAR = _t(MAX_ZONES)  # per Zone: the Scholar it belongs to, +1 (Camp Z: Caterina); 0 every other Zone

# --- Rocca Civetta, part cards: Jinx, Intern and Panic Cards; Alchemy, Specialists and Spriggan Trick Cards ---
#     (this part's fields go below this line)
T_RC_WILD_TYPE = _t()  # RC "Add 1 or More Types": the Trick type (+1) Scholar skills' typed discards also accept, 0 off
T_RC_KIND_ADDED = _t(MAX_KINDS)  # 1: the kind's type is one an expansion added (tricks.added_types; read by agents)
T_RC_DECLARE_INTERN = _t(MAX_KINDS)  # 1: who declares a Stealth Value with its Bonus Value takes its Intern (Spriggan)
T_RC_INTERN_TOKEN = _t(MAX_INTERNS * NPASSIVE)  # [intern][passive] the Intern's token for its holder (the Fool's Token)

# --- Rocca Civetta, part research: Research Cards ---
#     (this part's fields go below this line)
T_RESEARCH_N = _t()  # Research Cards in the data (0 without the research module)
T_RESEARCH_POINTS = _t(MAX_RESEARCH)  # per Research Card: its bonus victory points
T_RESEARCH_NCOND = _t(MAX_RESEARCH)  # per Research Card: conditions of its Quest (all must hold)
T_RESEARCH_COND = _t(MAX_RESEARCH * MAX_QUEST_CONDS * QC_W)  # [card][i]: QC_W ints (code, n, arg, at_most)

# --- Rocca Civetta, part congregations: Student Congregations ---
#     (this part's fields go below this line)
T_CG_STUDENTS = _t(NCONGREGATIONS)  # Students put in the Reserve per Congregation chosen (0: not used)
T_CG_OUT_SCH = _t(MAX_SCH)  # per Scholar Card: bit per Congregation not available when she plays
T_CG_OUT_BOSS = _t(MAX_BOSS)  # per Boss Card: bit per Congregation not available when he is the Boss
T_CG_NOSETUP_SCH = _t(MAX_SCH)  # per Scholar Card: bit per Congregation not entered in the University at Setup
T_CG_NOSETUP_BOSS = _t(MAX_BOSS)  # per Boss Card: the same (Jukas: the Phi Students)
T_CG_EFF = _t(NCONGREGATIONS * MAX_CG_EFFECTS * CGE_W)  # [congregation][effect]: CGE_* kind, sacrifice, n, gold

TABLE_SIZE = _t.size
