"""The rule tables: ONE flat ``int64`` array compiled for one configuration
(``sim.dungeonology.tables.compile_tables``) and read, never written, by the core.

Each ``T_*`` is the offset of a section. The basic game's sections are declared
here (``BASE``); each module's in its manifest (``Manifest.tables``), after them
in manifest order (``sim.dungeonology.layout.manifests``). Sections marked
*reserved* are room for Rocca Civetta, zero in the base game.
"""

from __future__ import annotations

from sim.dungeonology.layout.codes import NPASSIVE, NSTATS, ZE_W
from sim.dungeonology.layout.limits import (
    MAX_ALERT_SLOTS,
    MAX_CLANS,
    MAX_COL,
    MAX_COL_SLOTS,
    MAX_INTEL,
    MAX_JINX,
    MAX_KINDS,
    MAX_OPS,
    MAX_OPTS,
    MAX_PROGS,
    MAX_RAND,
    MAX_SCH,
    MAX_SKILLS,
    MAX_ZEFF,
    MAX_ZONES,
    MAX_ZSLOTS,
    MAXP,
    NPASSAGES,
)
from sim.dungeonology.layout.manifests import allocate, arrange
from sim.dungeonology.layout.opdefs import OP_W
from sim.dungeonology.manifest import Field

BASE: tuple[Field, ...] = (
    Field("T_NCOL", meaning="Information Cube colours of the data"),
    Field("T_COL_POINTS", MAX_COL, meaning="points per cube, per colour"),
    Field("T_COL_COUNT", MAX_COL, meaning="cubes in the box, per colour"),
    Field("T_COL_SLOTS", MAX_COL, meaning="Note Board spaces per column"),
    Field("T_STAR_AT", MAX_COL * (MAX_COL_SLOTS + 1), meaning="1 if a Star at count k"),
    Field("T_ARROW_AT", MAX_COL * (MAX_COL_SLOTS + 1), meaning="1 if an Arrow at count k of a column"),
    Field("T_LOSS_ORDER", MAX_COL, meaning="colours in the order a failed Thesis loses them"),
    Field("T_GREY", meaning="grey Students in the box"),
    Field("T_OMEGA", meaning="Omega Students in the box"),
    Field("T_STUN_TOKENS", meaning="Stun Tokens in the box"),
    Field("T_KNOW_TOKENS", meaning="Knowledge Tokens in the box"),
    Field("T_STAIR_TOKENS", meaning="Stair Tokens in the box"),
    Field("T_WALL_TOKENS", meaning="Wall Tokens in the box"),
    Field("T_BONFIRE_SPACES", meaning="spaces at the Campus Bonfire"),
    Field("T_THESIS_MIN_STARS", meaning="Stars needed to Submit the Thesis"),
    Field("T_THESIS_BONUS", MAXP, meaning="bonus points of the 1st..4th Thesis"),
    Field("T_STUDY_PENALTY", MAX_INTEL + 1, meaning="by cubes indicated (index 1..)"),
    Field("T_FAIL_STUN", meaning="Stun Tokens for a failed Stealth Test"),
    Field("T_FAIL_STUDENTS", meaning="Students drawn for a failed Stealth Test"),
    Field("T_ESP_SACRIFICE", meaning="Students sacrificed for an Espionage"),
    Field("T_EOT_STUDENTS", meaning="Students drawn in the End of Turn Phase"),
    Field("T_DEAL_PER_POS", meaning="Trick Cards dealt per position in turn order (Setup E)"),
    Field("T_ROUND_CAP", meaning="engine safeguard: rounds before the game ends (round_cap)"),
    Field("T_LEVEL_REDUCTION", meaning="Player Level: the reduction it brings"),
    Field("T_NCOLORS", meaning="Note Board colours"),
    Field("T_AL_NSLOTS", meaning="Alert Card of this configuration"),
    Field("T_AL_UNIV_STUD", meaning="grey Students per player in the University"),
    Field("T_AL_UNIV_OMEGA", meaning="Omega Students in the University"),
    Field("T_AL_BONUS", MAX_ALERT_SLOTS, meaning="per space: bonus of the space"),
    Field("T_AL_STUD", MAX_ALERT_SLOTS, meaning="per space: Students it adds"),
    Field("T_AL_OMEGA", MAX_ALERT_SLOTS, meaning="per space: Omega Students it adds"),
    Field("T_NSCH", meaning="Scholars: [sch][side]"),
    Field("T_SCH_STAT", MAX_SCH * 2 * NSTATS, meaning="[sch][side][stat] Students, Hand, Speed, Intelligence, Stamina"),
    Field("T_SCH_KNOW", MAX_SCH * 2 * MAX_COL, meaning="[sch][side][colour] Knowledge"),
    Field("T_SCH_PASSIVE", MAX_SCH * 2 * NPASSIVE, meaning="[sch][side][passive] passive modifiers"),
    Field("T_SCH_NSKILLS", MAX_SCH * 2, meaning="[sch][side] skills"),
    Field("T_SCH_SK_TIMING", MAX_SCH * 2 * MAX_SKILLS, meaning="[sch][side][skill] timing bits (TM_*)"),
    Field("T_SCH_SK_NOPTS", MAX_SCH * 2 * MAX_SKILLS, meaning="[sch][side][skill] options"),
    Field("T_SCH_SK_PROG", MAX_SCH * 2 * MAX_SKILLS * MAX_OPTS, meaning="[sch][side][skill][option] program"),
    Field("T_NCLANS", meaning="Clans"),
    Field("T_CLAN_TARGET", MAX_CLANS, meaning="per Clan Card: points needed"),
    Field("T_CLAN_MOD", MAX_CLANS * MAX_COL, meaning="[clan][colour] point modifier"),
    Field("T_NKINDS", meaning="Trick card kinds"),
    Field("T_DECK_TOTAL", meaning="Trick Cards in the deck"),
    Field("T_KIND_TYPE", MAX_KINDS, meaning="per kind: Trick type"),
    Field("T_KIND_BONUS", MAX_KINDS, meaning="per kind: Bonus Value"),
    Field("T_KIND_COPIES", MAX_KINDS, meaning="per kind: copies in the deck"),
    Field("T_KIND_NAUX", MAX_KINDS, meaning="per kind: Auxiliary Effects"),
    Field("T_KIND_TIMING", MAX_KINDS * 2, meaning="[kind][aux] timing bits (TM_*)"),
    Field("T_KIND_NOPTS", MAX_KINDS * 2, meaning="[kind][aux] options"),
    Field("T_KIND_PROG", MAX_KINDS * 2 * MAX_OPTS, meaning="[kind][aux][option] program"),
    Field("T_NPROGS", meaning="Effect programs"),
    Field("T_PROG_START", MAX_PROGS, meaning="per program: its first step in T_OPS"),
    Field("T_PROG_LEN", MAX_PROGS, meaning="per program: its steps"),
    Field("T_OPS", MAX_OPS * OP_W, meaning="the steps, OP_W ints each (sim/dungeonology/layout/ops.py: OPF_*)"),
    Field("T_NJINX", meaning="Jinx"),
    Field("T_JINX_PROG", MAX_JINX, meaning="-1 none"),
    Field("T_JINX_PASSIVE", MAX_JINX * NPASSIVE, meaning="[jinx][passive] passive modifiers"),
    Field("T_JINX_PENALTY", MAX_JINX, meaning="per Jinx Card: penalty points at the end"),
    Field("T_NRAND", meaning="Randomizer"),
    Field("T_RAND_COLOR", MAX_RAND, meaning="per Randomizer card: colour"),
    Field("T_RAND_DIR", MAX_RAND, meaning="per Randomizer card: direction"),
    Field("T_RAND_PASSAGE", MAX_RAND, meaning="per Randomizer card: Passage"),
    Field("T_RAND_INFO", MAX_RAND, meaning="per Randomizer card: Information (colour)"),
    Field("T_NZONES", meaning="Zones (0 = Starting Zone)"),
    Field("T_NFLOORS", meaning="Floors the Zones of the data use (3 in the base box)"),
    Field("T_Z_FLOOR", MAX_ZONES, meaning="0-based floor"),
    Field("T_Z_ALERT", MAX_ZONES, meaning="per Zone: Alert Value"),
    Field("T_Z_NCUBES", MAX_ZONES, meaning="per Zone: cube spaces"),
    Field("T_Z_CUBES", MAX_ZONES * MAX_ZSLOTS, meaning="colour index"),
    Field("T_Z_PASSAGES", MAX_ZONES, meaning="bit p set: Passage p (unrotated)"),
    Field("T_Z_DOOR", MAX_ZONES * NPASSAGES, meaning="colour bitmask needed at Passage p"),
    Field("T_Z_EFFECTS", MAX_ZONES, meaning="bit 1 << ZK_* per printed effect kind"),
    Field("T_Z_NEFF", MAX_ZONES, meaning="printed Zone Effects, left to right"),
    Field("T_Z_EFF", MAX_ZONES * MAX_ZEFF * ZE_W,
          meaning="[zone][effect] kind (ZK_*), n, colour+1, Secret Passage letter+1"),
    Field("T_RULES", meaning="Advanced rules in use (RULE_* bits)"),
)

TABLE_FIELDS = arrange(BASE, "tables")
_offsets = allocate(TABLE_FIELDS)
TABLE_SIZE = sum(f.size for f in TABLE_FIELDS)
globals().update(_offsets)

__all__ = [*_offsets, "TABLE_SIZE", "TABLE_FIELDS"]
