"""Fixed maxima of the engine, sized for the base box and Rocca Civetta.

Every array of the state and of the tables has one of these sizes, so offsets
are compile-time constants for numba. A maximum is the number the two boxes
need (counted in the rulebooks' component lists) plus a little room; data
that exceeds one is refused when the tables are compiled (sim.dungeonology.tables).

Counts: ``dungeonology-the-expedition.txt`` "Game Components" (base) and
``dungeonology-rocca-civetta.txt`` "New Components" (RC).
"""

from __future__ import annotations

# Version of the state and action layout (offsets, sizes, action numbers).
# Records carry it (sim.dungeonology.game.Game.record); a record of another version is refused.
# 1: the base-box layout; 2: limits for Rocca Civetta; 3: Reaction chains as long as the
# Reaction cards allow, the last Stealth Test, scenario draws;
# 4: Rocca Civetta: Research Cards (the verb research, S_RESEARCH_EOT, T_RESEARCH_*),
#    the New Scholars' once-per-turn stamps, Universal Information cubes in hand, Star Tokens kept,
#    the Fool's Token, Student Congregations (the congregation and bonfire_order verbs).
LAYOUT_VERSION = 4

# ------------------------------------------------------------------ seats
MAXP = 4  # Scholar seats (agents): 1 (Solitary Mode) to 4 players
MAX_SEATS = MAXP + 1  # player blocks: the Scholar seats plus the automaton seat
OMEGA_SEAT = MAXP  # the automaton seat (Omega: Solitary Mode, Omega Against All); never an agent, zero in the base game

# ------------------------------------------------------ Information Cubes
# Colours: base 5 (Civilization, Militia, Worship, Riches, Caste) + RC False
# (black) and Universal (white) Information = 7. A colour is also its Note
# Board column index; False and Universal Information have no column of
# their own (False goes to the Reserve, Universal into any of the five).
MAX_COL = 8
MAX_COL_SLOTS = 12  # cubes per Note Board column
MAX_INTEL = 8  # largest Intelligence (cubes indicated in a Study)

# ------------------------------------------------------------------ Zones
# Base 18 + the Starting Zone; RC: Floor IV Zones (6), Crypt, Catacomb, Camp Z,
# Burrow of Marconiglio, Thermal Bath, the Lair of Cariddi Megazone = 31; the
# issue asks for 40+. Zone sets are int64 bit masks (bit z): at most 63.
MAX_ZONES = 48  # Zone tiles, index 0 = Starting Zone
MAX_ZSLOTS = 8  # cube spaces on one Zone (6 in the base box; room for the Megazone)
MAX_ZEFF = 4  # printed Zone Effects on one Zone, left to right
NFLOORS = 4  # Floors I-III (base) and IV (RC "Floor IV Zones")
FLOOR_NAMES = ("I", "II", "III", "IV")
NPASSAGES = 8  # Passage positions of a tile: N1 N2 E1 E2 S1 S2 W1 W2

# ------------------------------------------------------------- cards
MAX_KINDS = 32  # Trick Card kinds: base 17; RC Alchemy 1-3, Specialists, Spriggan, Fate 4/5
MAX_DECK = 192  # Trick Cards in the deck: base 105 + RC 46 = 151
MAX_JINX = 32  # Jinx Cards: base 15 + RC 8 = 23
MAX_SCH = 16  # Scholar Cards: base 4 + RC 7 = 11
MAX_SKILLS = 3  # skills on one Scholar side
MAX_OPTS = 2  # options of one effect (e.g. Stealth or Alert)
MAX_CLANS = 24  # Clan Cards: base 3 + RC 12 = 15
MAX_ALERT_SLOTS = 8  # spaces on an Alert Card
MAX_RAND = 32  # Randomizer cards
MAX_SET_DRAWS = 16  # draws a scenario may fix in advance (Randomizer cards, Students out of the University)
MAX_PANIC = 16  # Panic Cards: base 3 + RC 5 = 8 (a bit mask of the deck: at most 63)
MAX_INTERNS = 32  # Intern Cards (one copy each): base 10 + RC 10 = 20
MAX_RESEARCH = 16  # Research Cards: RC 12
RESEARCH_UP = 3  # Research Cards face up near the Campus (RC "Research Cards": Setup)
MAX_QUEST_CONDS = 4  # conditions of one Research Card's Quest (all must hold)
MAX_FAMILIARS = 4  # Familiar Cards: RC 2 (Yocca, Manticore; reserved)
MAX_OMEGA_CARDS = 32  # Omega Action Cards: RC 21 (reserved)
MAX_TOME = 16  # Information Cube spaces on a Tome of Secrets (reserved; not counted in the rulebook)
MAX_EGGS = 8  # Egg Hunting: 7 Eggs (reserved)

# ------------------------------------------------------------------ Bosses
# Boss Cards: base 1 (Laetus) + RC 12 (Scilla and Cariddi are two cards).
MAX_BOSS = 16
MAX_PROFILES = 2  # profiles of one Boss Card: two, or one for a Big Boss
MAX_BOSSES_IN_PLAY = 2  # Scilla and Cariddi: two Bosses at once (slot 0 is the Boss of the game)
MAX_BOSS_STEPS = 6  # Zones one Boss move may cover

# ---------------------------------------------------------------- Students
# grey and Omega (base), and the four Congregations of RC "Student
# Congregations": Iota, Zeta, Phi, Lambda.
STUDENT_KINDS = ("grey", "omega", "iota", "zeta", "phi", "lambda")
CONGREGATIONS = STUDENT_KINDS[2:]
NCONGREGATIONS = len(CONGREGATIONS)
MAX_BONFIRE = 16  # Students at the Campus Bonfire (in order from the arrow)
NSTUDENT_KINDS = len(STUDENT_KINDS)
MAX_CG_EFFECTS = 2  # effects printed on one Student Congregation Card (Zeta and Phi: two)

# ---------------------------------------------------------------- Star Tokens
# RC "Star Tokens": a silver and a gold Star per column (48 tokens in the box).
STAR_KINDS = ("silver", "gold")

# ----------------------------------------------------------- effect programs
MAX_PROGS = 256  # effect programs (the base box with every rule: 91)
MAX_OPS = 1024  # effect steps in all programs (the base box with every rule: 138)
# room for the Reaction chain: a declared Main Effect + the Reaction cards of the data
# (T_ME_CHAIN_CAP, counted by sim.dungeonology.tables, which refuses data needing more)
MAX_CHAIN = 32
MAX_ME_COSTS = 4  # "/" options of one Main Effect cost (A_OPTION + i)
KSTACK_DEPTH = 24 + 2 * MAX_CHAIN  # continuation stack entries (each link of a Reaction chain holds two)
KSTACK_W = 4  # ints per continuation entry

assert MAX_ZONES <= 63 and MAX_PANIC <= 63 and MAX_SCH <= 63, "bit masks are int64"
assert MAX_SEATS * MAX_COL <= 64 and MAX_INTERNS <= 63
