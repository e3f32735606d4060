"""The game state: ONE flat ``int64`` array, every field named.

Each ``S_*`` is the offset of a section of the state; each ``PF_*`` the offset
of a field inside a player block, read with
``sim.dungeonology.core.components.scholars.pf(seat, field)``. Cloning a game is
``state.copy()``. The basic game's sections are declared here (:class:`Field`:
size, meaning, visibility, range, value at Game Setup); each module's in its
manifest (``Manifest.state``, ``Manifest.player``), allocated between the basic
game's board sections (``HEAD``) and its turn registers (``TAIL``) in manifest
order (``sim.dungeonology.layout.manifests``). Sections marked *reserved* are
room for Rocca Civetta: documented, zero in the base game, read by no rule yet.
docs/ACTIONS.md ("The state layout") lists every section with its offset and
size (``sim.dungeonology.layout.describe``).
"""

from __future__ import annotations

import numpy as np

from sim.dungeonology.layout.bounds import ARG, COLOUR, COLOUR1, COORD, FLAG, KIND, NUM, SEAT, SIGNED, ZONE
from sim.dungeonology.layout.codes import JX_DECK, JX_UP, NPASSIVE
from sim.dungeonology.layout.limits import (
    KSTACK_DEPTH,
    KSTACK_W,
    MAX_ALERT_SLOTS,
    MAX_BONFIRE,
    MAX_CLANS,
    MAX_COL,
    MAX_COL_SLOTS,
    MAX_DECK,
    MAX_JINX,
    MAX_KINDS,
    MAX_RAND,
    MAX_SCH,
    MAX_SEATS,
    MAX_SET_DRAWS,
    MAX_ZONES,
    MAX_ZSLOTS,
    MAXP,
    NFLOORS,
    NPASSAGES,
    NSTUDENT_KINDS,
)
from sim.dungeonology.layout.manifests import allocate, arrange
from sim.dungeonology.manifest import HIDDEN, OWN, RULE, Field

# The basic game's sections before the modules' (the table and the board)
HEAD: tuple[Field, ...] = (
    Field("S_RNG0", meaning="first word of the game's random number generator (xoroshiro64**, 32-bit words)",
          visibility=HIDDEN, bounds=(0, 2**32 - 1)),
    Field("S_RNG1", meaning="second word of the game's random number generator", visibility=HIDDEN,
          bounds=(0, 2**32 - 1)),
    Field("S_NPLAYERS", meaning="Scholar seats in the game (1..MAXP)", bounds=(1, MAXP)),
    Field("S_TURN", meaning="turns started (all seats)", bounds=NUM),
    Field("S_ROUND", meaning="rounds started (turns of the first player)", bounds=NUM),
    Field("S_CUR", meaning="seat whose turn it is", bounds=SEAT),
    Field("S_FIRST", meaning="first player (Setup D)", bounds=SEAT),
    Field("S_PHASE", meaning="decision phase (PH_*), PH_NONE while resolving"),
    Field("S_ACTOR", meaning="seat that decides now", bounds=SEAT, init=-1),
    Field("S_OVER", meaning="1 once the game has ended", bounds=FLAG),
    Field("S_END_REASON", meaning="why the game ended (END_*)"),
    Field("S_END_AT_SEAT", meaning="game ends when this seat's turn would begin (-1)", bounds=SEAT, init=-1),
    Field("S_FIRST_SUBMITTER", meaning="seat of the first successful Thesis (-1)", bounds=SEAT, init=-1),
    Field("S_THESIS_COUNT", meaning="successful Theses so far", bounds=(0, MAX_SEATS)),
    Field("S_CLAN", meaning="Clan Card index", visibility=RULE, bounds=(0, MAX_CLANS - 1)),
    Field("S_CLAN_PUBLIC", meaning="1 once revealed to everybody", bounds=FLAG),
    Field("S_ALERT_FILLED", meaning="Omega Students on the Alert Card", bounds=(0, MAX_ALERT_SLOTS)),
    Field("S_UNIV_GREY", meaning="University bag", bounds=NUM),
    Field("S_UNIV_OMEGA", meaning="Omega Students in the University bag", bounds=NUM),
    Field("S_BONFIRE", meaning="Students at the Campus Bonfire", bounds=(0, MAX_BONFIRE)),
    Field("S_RES_GREY", meaning="Reserve", bounds=NUM),
    Field("S_RES_OMEGA", meaning="Omega Students in the Reserve", bounds=NUM),
    Field("S_RES_STUN", meaning="Stun Tokens in the Reserve", bounds=NUM),
    Field("S_RES_KNOW", meaning="Knowledge Tokens in the Reserve", bounds=NUM),
    Field("S_STAIR_USED", meaning="Stair Tokens on the table", bounds=NUM),
    Field("S_WALL_USED", meaning="Wall Tokens on the table", bounds=NUM),
    Field("S_RES_CUBES", MAX_COL, meaning="Information Cubes in the Reserve, per colour", bounds=NUM),
    Field("S_DECK_N",
          meaning="Trick deck: DECK[0:DECK_N] bottom..top; discard pile and cards on the table (played in the "
                  "current Stealth Test) as counts per kind.",
           bounds=(0, MAX_DECK)),
    Field("S_DECK", MAX_DECK, meaning="Trick Card kinds of the deck, bottom..top", visibility=HIDDEN, bounds=KIND),
    Field("S_DISCARD", MAX_KINDS, meaning="Trick Cards in the discard pile, per kind", bounds=(0, MAX_DECK)),
    Field("S_PLAYED", MAX_KINDS, meaning="Trick Cards on the table in the current Stealth Test, per kind",
          bounds=(0, MAX_DECK)),
    Field("S_JDECK_N", meaning="Jinx: deck order JDECK[0:JDECK_N] bottom..top; per card location and owner.",
          bounds=(0, MAX_JINX)),
    Field("S_JDECK", MAX_JINX, meaning="Jinx Cards of the Jinx deck, bottom..top", visibility=HIDDEN,
          bounds=(-1, MAX_JINX - 1)),
    Field("S_JLOC", MAX_JINX, meaning="per Jinx Card: where it is (JX_*)", visibility=RULE, bounds=(JX_DECK, JX_UP)),
    Field("S_JOWNER", MAX_JINX, meaning="per Jinx Card: the seat holding it", visibility=RULE, bounds=SEAT),
    Field("S_STACK_N", NFLOORS, meaning="Zone stacks per Floor: STACK[f*MAX_ZONES + i], i < STACK_N[f], top = last.",
          bounds=(0, MAX_ZONES)),
    Field("S_STACK", NFLOORS * MAX_ZONES,
          meaning="per Floor: the Zone tiles of its stack, bottom..top (STACK[f*MAX_ZONES + i])", visibility=RULE,
          bounds=ZONE),
    Field("S_ZPLACED", MAX_ZONES,
          meaning="Placed Zones: position in half-tile units (a tile covers [x, x+2) x [y, y+2); tiles may be "
                  "shifted by half a tile along a side), rotation (quarter turns clockwise), entered.",
           bounds=FLAG),
    Field("S_ZX", MAX_ZONES, meaning="per Zone: x of its placed tile (half-tile units)", bounds=COORD),
    Field("S_ZY", MAX_ZONES, meaning="per Zone: y of its placed tile (half-tile units)", bounds=COORD),
    Field("S_ZROT", MAX_ZONES, meaning="per Zone: rotation of its placed tile (quarter turns clockwise)",
          bounds=(0, 3)),
    Field("S_ZENTERED", MAX_ZONES, meaning="per Zone: 1 once a Scholar has entered it", bounds=FLAG),
    Field("S_ZCUBE", MAX_ZONES * MAX_ZSLOTS, meaning="colour+1, 0 = empty space", bounds=COLOUR1),
    Field("S_NB", MAX_ZONES * NPASSAGES, meaning="the Adjacent Zone across that half side, -1", bounds=ZONE),
    Field("S_NBQ", MAX_ZONES * NPASSAGES, meaning="the facing Passage position on that Zone",
          bounds=(-1, NPASSAGES - 1)),
    Field("S_LINK", MAX_ZONES * NPASSAGES, meaning="1: both Passages exist and are open (same Floor, or Stairs)",
          bounds=FLAG),
    Field("S_STAIRS", MAX_ZONES * NPASSAGES, meaning="1: the link is a Stair link", bounds=FLAG),
)
# ... and after them (the turn registers, the decision in progress, the continuation stack)
TAIL: tuple[Field, ...] = (
    Field("S_SPEED", meaning="Speed points left", bounds=SIGNED),
    Field("S_CARD_SPEED", meaning="of which gained from effects (kept after the Movement Phase)", bounds=SIGNED),
    Field("S_MOVE_PHASE", meaning="1 Movement Phase, 2 Action Phase", bounds=(0, 2)),
    Field("S_ACTION_DONE", meaning="1 after Study / Espionage this turn", bounds=FLAG),
    Field("S_PL_TILE", meaning="drawn tile (-1)", bounds=ZONE, init=-1),
    Field("S_PL_FROM", meaning="zone it must attach to", bounds=ZONE),
    Field("S_PL_MODE", meaning="0 normal (move in), 1 stairs", bounds=FLAG),
    Field("S_PL_SEAT", meaning="who places", bounds=SEAT),
    Field("S_T_KIND", meaning="0 none, 1 Study, 2 Espionage", bounds=(0, 2)),
    Field("S_T_STAGE", meaning="1 committing, 2 windows", bounds=(0, 2)),
    Field("S_T_ACTIVE", meaning="seat making the test", bounds=SEAT),
    Field("S_T_TARGET", meaning="Espionage: the target seat", bounds=SEAT),
    Field("S_T_COLOR", meaning="Espionage: the colour of the cube sought", bounds=COLOUR),
    Field("S_T_NCUBES", meaning="Study: cubes indicated", bounds=(0, MAX_ZSLOTS)),
    Field("S_T_ALERT", meaning="the Alert Value so far", bounds=SIGNED),
    Field("S_T_STEALTH", meaning="the Stealth Value so far", bounds=SIGNED),
    Field("S_T_WINDOW", meaning="seat whose window is open", bounds=SEAT),
    Field("S_T_WPLAYS", meaning="plays made in the open window", bounds=NUM),
    Field("S_T_ORDER_I", meaning="Study: position in the opponents' round", bounds=(0, 2 * MAX_SEATS)),
    Field("S_T_ZONE", meaning="Zone where the test takes place", bounds=ZONE),
    Field("S_T_DECLARED", meaning="the Stealth Value as declared (Bonus Values + Study Bonus)", bounds=SIGNED),
    Field("S_LT_KIND", meaning="0 none yet, 1 Study, 2 Espionage", bounds=(0, 2)),
    Field("S_LT_SEAT", meaning="the Scholar who made it", bounds=SEAT),
    Field("S_LT_TARGET", meaning="Espionage: the target seat (-1 for a Study)", bounds=SEAT),
    Field("S_LT_DECLARED", meaning="the declared Stealth Value", bounds=SIGNED),
    Field("S_LT_STEALTH", meaning="the final Stealth Value", bounds=SIGNED),
    Field("S_LT_ALERT", meaning="the final Alert Value", bounds=SIGNED),
    Field("S_LT_SUCCESS", meaning="1 SUCCESS, 0 FAILURE", bounds=FLAG),
    Field("S_LT_TURN", meaning="S_TURN when it resolved", bounds=NUM),
    Field("S_SET_RAND_N", meaning="Randomizer cards still fixed", visibility=HIDDEN, bounds=(0, MAX_SET_DRAWS)),
    Field("S_SET_RAND", MAX_SET_DRAWS, meaning="their indices in the data, next drawn first (in order from 0)",
          visibility=HIDDEN, bounds=(0, MAX_RAND - 1)),
    Field("S_SET_RAND_I", meaning="how many of S_SET_RAND were drawn", visibility=HIDDEN, bounds=(0, MAX_SET_DRAWS)),
    Field("S_SET_UNIV_N", meaning="Students out of the University still fixed", visibility=HIDDEN,
          bounds=(0, MAX_SET_DRAWS)),
    Field("S_SET_UNIV", MAX_SET_DRAWS, meaning="0 grey, 1 Omega, in drawing order", visibility=HIDDEN,
          bounds=(0, NSTUDENT_KINDS - 1)),
    Field("S_SET_UNIV_I", meaning="how many of S_SET_UNIV were drawn", visibility=HIDDEN, bounds=(0, MAX_SET_DRAWS)),
    Field("S_P_COUNT", meaning="cards / tokens still to resolve in the prompt", bounds=NUM),
    Field("S_P_TYPE", meaning="discard filter: card type + 1, 0 any"),
    Field("S_P_SEAT", meaning="seat who must respond (discard target ...)", bounds=SEAT),
    Field("S_P_OPTIONAL", meaning="1 when PASS may end the prompt", bounds=FLAG),
    Field("S_P_CALLER", meaning="seat whose effect caused the prompt", bounds=SEAT),
    Field("S_KSP", meaning="Continuation stack", bounds=(0, KSTACK_DEPTH)),
    Field("S_KSTACK", KSTACK_DEPTH * KSTACK_W, meaning="continuation entries (code, a, b, c), KSTACK_W ints each",
          visibility=HIDDEN, bounds=ARG),
)
# The fields of a player block before the modules' (MAX_SEATS blocks of PSZ ints from P_BASE)
PLAYER: tuple[Field, ...] = (
    Field("PF_SCHOLAR", meaning="Scholar Card (index in the data)", bounds=(0, MAX_SCH - 1)),
    Field("PF_EXALTED", meaning="1 while the Scholar is Exalted (the card's back side)", bounds=FLAG),
    Field("PF_ZONE", meaning="Zone of the Scholar model", bounds=ZONE),
    Field("PF_STUDENTS", meaning="Students held", bounds=NUM),
    Field("PF_STUN", meaning="Stun Tokens held", bounds=NUM),
    Field("PF_STARS", meaning="Stars reached on the Note Board", bounds=(0, MAX_COL)),
    Field("PF_ARROWS", meaning="Arrows reached on the Note Board", bounds=NUM),
    Field("PF_KNOWLEDGE", meaning="Knowledge Tokens held", bounds=NUM),
    Field("PF_IN_GAME", meaning="0 once the Thesis is submitted successfully", bounds=FLAG),
    Field("PF_THESIS", meaning="order of the successful Thesis, 0 none", bounds=(0, MAX_SEATS)),
    Field("PF_AGE", meaning="seeded stand-in for \"youngest player\" (0 = youngest)", bounds=(0, MAX_SEATS)),
    Field("PF_HAND_N", meaning="Trick Cards in hand", bounds=(0, MAX_DECK)),
    Field("PF_HAND", MAX_KINDS, meaning="Trick Cards in hand, per kind", visibility=OWN, bounds=(0, MAX_DECK)),
    Field("PF_CUBES", MAX_COL, meaning="Information Cubes on the Note Board, per column", bounds=(0, MAX_COL_SLOTS)),
    Field("PF_PASSIVE", NPASSIVE,
          meaning="passive modifiers of the face-up Jinx Cards held and the Intern Cards owned, kept up to date "
                  "where those change (common.add_passives) so passive() is O(1)",
           bounds=SIGNED),
    Field("PF_EXALTED_TURNS", meaning="statistics for results", bounds=NUM),
    Field("PF_STUDIES", meaning="Studies made", bounds=NUM),
    Field("PF_STUDY_WINS", meaning="Studies won", bounds=NUM),
    Field("PF_SPIES", meaning="Espionages made", bounds=NUM),
    Field("PF_SPY_WINS", meaning="Espionages won", bounds=NUM),
    Field("PF_THESIS_FAILS", meaning="failed Theses", bounds=NUM),
)

STATE_FIELDS = arrange(HEAD, "state", TAIL)
PLAYER_FIELDS = arrange(PLAYER, "player")
_offsets = allocate(STATE_FIELDS)
P_BASE = sum(f.size for f in STATE_FIELDS)
_player = allocate(PLAYER_FIELDS)
PSZ = sum(f.size for f in PLAYER_FIELDS)
# Player blocks: seats 0..MAXP-1 are the Scholars; seat OMEGA_SEAT is the
# automaton (Omega, RC "Solitary Mode" / "Omega Against All": a Scholar for
# the rules, never an agent; all zero in the base game).
STATE_SIZE = P_BASE + MAX_SEATS * PSZ
globals().update(_offsets)
globals().update(_player)
FIELDS = {f.name: f for f in (*STATE_FIELDS, *PLAYER_FIELDS)}  # every state and player field by name


def _initial() -> np.ndarray:
    rows = []
    for f in STATE_FIELDS:
        values = (f.init,) * f.size if isinstance(f.init, int) else f.init
        rows += [(_offsets[f.name] + i, v) for i, v in enumerate(values) if v]
    return np.array(rows, dtype=np.int64).reshape(-1, 2)


INITIAL = _initial()  # (offset, value) of every int whose value at Game Setup is not 0 (Field.init)

__all__ = [*_offsets, *_player, "P_BASE", "PSZ", "STATE_SIZE", "HEAD", "TAIL", "PLAYER", "STATE_FIELDS",
           "PLAYER_FIELDS", "FIELDS", "INITIAL"]
