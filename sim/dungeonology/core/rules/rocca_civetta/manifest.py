"""Rocca Civetta's manifest for the box's content in every game (module ``rocca_civetta``, part
cubes; sim.dungeonology.manifest): Star Tokens, False and Universal Information, the New Clan Cards'
Stars, their phase, continuation and opcodes, and the sections the box reserves for the modules to
come (Familiars, Omega)."""

from __future__ import annotations

from sim.dungeonology.layout.bounds import COLOUR1, FLAG, SEAT, SEAT1
from sim.dungeonology.layout.limits import (
    MAX_CLANS,
    MAX_COL,
    MAX_COL_SLOTS,
    MAX_FAMILIARS,
    MAX_OMEGA_CARDS,
    MAX_PROGS,
    MAX_TOME,
    MAX_ZONES,
    STAR_KINDS,
)
from sim.dungeonology.layout.opdefs import NO_VALUE, Context, NMode, Op, Target, Value
from sim.dungeonology.manifest import HIDDEN, Field, Hook, Manifest, ViewKey

T, N, C = Target, NMode, Context
_RC = "rocca_civetta"
OPS = (
    # Rocca Civetta, part cubes: False and Universal Information
    Op(80, "gain_universal", "GAIN_UNIVERSAL", _RC, T.SELF, N.COUNT, False, C.ANY, "",
       "Gain {n} Universal Information cube{s}",
       "gain n Universal Information cubes from the Reserve (fewer if it runs out), each into a column of your "
       "choice with a free space",
       Value(worth=3.0)),
    Op(81, "false_to_zone", "FALSE_TO_ZONE", _RC, T.ZONE, N.COUNT, False, C.ANY, "",
       "Put {n} False Information cube{s} into your Zone",
       "put n False Information cubes from the Reserve into the free spaces of your Zone, leftmost first "
       "(fewer if the Reserve or the spaces run out; none in the Starting Zone)", NO_VALUE),
    Op(82, "universal_to_zone", "UNIVERSAL_TO_ZONE", _RC, T.ZONE, N.COUNT, False, C.ANY, "",
       "Put {n} Universal Information cube{s} into your Zone",
       "put n Universal Information cubes from the Reserve into the free spaces of your Zone, leftmost first "
       "(fewer if the Reserve or the spaces run out; none in the Starting Zone)", NO_VALUE),
)
del T, N, C
STATE = (
    Field("S_FAMILIAR_OWNER", MAX_FAMILIARS,
          meaning="Familiars (RC \"Familiars\"): Linked Scholar's seat + 1 (0 none), Zone of the model + 1 (0 Reserve)",
          bounds=SEAT1, owner="familiars"),
    Field("S_FAMILIAR_ZONE", MAX_FAMILIARS, meaning="per Familiar: Zone of its model + 1, 0 in the Reserve (reserved)",
          bounds=(0, MAX_ZONES), owner="familiars"),
    Field("S_OMEGA_ON", meaning="1 when the automaton seat plays (Solitary Mode, Omega Against All)", bounds=FLAG,
          owner="omega_against_all"),
    Field("S_OMEGA_DECK_N", meaning="Omega Action Cards in the deck (reserved)", bounds=(0, MAX_OMEGA_CARDS),
          owner="omega_against_all"),
    Field("S_OMEGA_DECK", MAX_OMEGA_CARDS, meaning="Omega Action deck, bottom..top (reserved)", visibility=HIDDEN,
          bounds=(-1, MAX_OMEGA_CARDS - 1), owner="omega_against_all"),
    Field("S_OMEGA_DISCARD_N", meaning="Omega Action Cards discarded (reserved)", bounds=(0, MAX_OMEGA_CARDS),
          owner="omega_against_all"),
    Field("S_OMEGA_DISCARD", MAX_OMEGA_CARDS, meaning="Omega Action discards, in order (reserved)",
          bounds=(-1, MAX_OMEGA_CARDS - 1), owner="omega_against_all"),
    Field("S_TOME", MAX_TOME, meaning="Tome of Secrets: colour + 1 per space, first space first, 0 empty (reserved)",
          bounds=COLOUR1, owner="omega_against_all"),
    Field("S_RC_UNIV_N", meaning="Universal Information cubes gained and not yet placed (PH_RC_UNIVERSAL)",
          bounds=(0, MAX_COL_SLOTS * MAX_COL)),
    Field("S_RC_UNIV_SEAT", meaning="the Scholar who places them", bounds=SEAT),
)
PLAYER = (
    Field("PF_STAR_TOKENS", MAX_COL,
          meaning="per column: bit 0 its silver, bit 1 its gold Star Token (\"Star Tokens\")",
          bounds=(0, 2 ** len(STAR_KINDS) - 1)),
    Field("PF_UNIVERSAL", MAX_COL,
          meaning="per column: bit k set = the cube at height k is Universal Information (white)",
          bounds=(0, 2**MAX_COL_SLOTS - 1)),
    Field("PF_HOT_WATER", meaning="Hot Water Tokens held (\"Bucket\", at most 2)", bounds=(0, 2), owner="floor_iv"),
    Field("PF_FAMILIAR", meaning="Familiar linked to the Scholar, +1 (0 none)", bounds=(0, MAX_FAMILIARS),
          owner="familiars"),
)
TABLES = (
    Field("T_CLAN_STARS", MAX_CLANS * MAX_COL,
          meaning="[clan][colour]: Stars needed to Submit the Thesis (B) (reserved)"),
    Field("T_CLAN_BONUS_STARS", MAX_CLANS * MAX_COL,
          meaning="[clan][colour]: Stars that earn the bonus (C) (reserved)"),
    Field("T_CLAN_BONUS", MAX_CLANS, meaning="per Clan Card: the bonus points for those Stars (C) (reserved)"),
    Field("T_PROG_TRIGGER", MAX_PROGS, meaning="per program: what makes it run (ops.Trigger; 0 = PLAYED) (reserved)"),
    Field("T_PROG_TRIGGER_ARG", MAX_PROGS,
          meaning="per program: the trigger's argument, e.g. a Student kind (reserved)"),
    Field("T_STAR_TOKEN", MAX_COL * (MAX_COL_SLOTS + 1),
          meaning="[column][count k]: Star Token of the Star at k (1 silver, 2 gold)"),
)

MANIFEST = Manifest(
    module="rocca_civetta",
    ranges={"rocca_civetta": ((40, 43), (40, 43), (80, 89))},  # Star Tokens, False / Universal Information, Clans
    codes={
        "PH_RC_UNIVERSAL": 40,  # a Universal Information cube gained: the column it goes into (A_COLOR + column)
        # a=seat, b=Zone, c=cubes still to Collect: go on collecting after a Universal cube's column
        "K_RC_COLLECT": 40,
    },
    phase_names={40: "universal_column"},
    phases={"PH_RC_UNIVERSAL": ("cubes:universal_choice(s, t, me, a)", "cubes:universal_actions(s, t, me, out)")},
    continuations={"K_RC_COLLECT": "cubes:collect_cubes(s, t, a, b, c)"},
    ops={(80, 89): "cubes:exec_cube_op(s, t, op, n, actor)"},
    op_table=OPS,
    state=STATE,
    player=PLAYER,
    tables=TABLES,
    # the box's content joins every game: its rules act through its data (zero without the box)
    hooks=(
        Hook("thesis_requirements", "clans:clan_stars_met(s, t, seat, clan)", always=True),  # New Clan Cards B
        Hook("score_bonus", "clans:clan_bonus(s, t, seat)", always=True),  # New Clan Cards C
        Hook("collect_cubes", "cubes:collect_cubes(s, t, seat, z, n)", always=True),  # Collect, with False / Universal
        Hook("check", "checks:check_rc_cubes(s, t)", order=30, always=True),
    ),
    invariants={
        80: "Star Tokens (PF_STAR_TOKENS) do not match the Stars the cubes on the Note Board reach",
        81: "False or Universal Information cubes not conserved (Reserve + Zones + Note Boards + in hand != box)",
        82: "a Universal Information mark (PF_UNIVERSAL) above the cubes of its column, or a decision on a Universal "
            "cube with none in hand",
    },
    # the column of a Universal cube
    heuristic={"PH_RC_UNIVERSAL": "agents.dungeonology.heuristic.rc_cubes:universal_decision"},
    view=(
        ViewKey("player", "universal_cubes", "view:universal_cubes", after="cubes"),  # of those, white
        ViewKey("player", "star_tokens", "view:star_tokens", after="universal_cubes"),
        ViewKey("reserve", "star_tokens", "view:star_token_supply", after="stun"),  # the supply
        ViewKey("breakdown", "clan_bonus", "view:clan_bonus_part"),  # New Clan Cards C
    ),
    texts={("PH_RC_UNIVERSAL", "choose_color"): "text:universal_text"},
    compile=(("end", "tables:compile_cubes"),),  # its table compiler (sim.dungeonology.tables.STAGES)
    data="models:DATA",  # its GameData keys and their models
)
