"""Compiling the part cubes' data into the tables (``compile_cubes``, the manifest's compiler):
Star Tokens (T_STAR_TOKEN), False / Universal Information in the box
(T_COL_COUNT at L.CUBE_FALSE / L.CUBE_UNIV), the New Clan Cards' Stars
(T_CLAN_STARS, T_CLAN_BONUS_STARS, T_CLAN_BONUS)."""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.schema import GameData
from sim.dungeonology.schema.rc_checks import column_tokens
from sim.dungeonology.tables import TableContext

KIND_INDEX = {name: L.CUBE_FALSE + i for i, name in enumerate(L.CUBE_KINDS)}  # L.CUBE_KINDS -> index


def star_mask(kinds: list[str]) -> int:
    """Bits of Star Tokens: 1 silver, 2 gold."""
    return sum(1 << L.STAR_KINDS.index(k) for k in kinds)


def compile_rc_cubes(t: np.ndarray, data: GameData, cidx: dict[str, int]) -> None:
    for name, column in data.noteboard.columns.items():
        if name not in cidx:
            continue
        row = L.T_STAR_TOKEN + cidx[name] * (L.MAX_COL_SLOTS + 1)
        for k, kind in zip(column.stars, column_tokens(column), strict=True):
            t[row + k] |= star_mask([kind])
    for name, kind in data.cube_kinds.items():
        t[L.T_COL_COUNT + KIND_INDEX[name]] = kind.count
    for i, clan in enumerate(data.clans.values()):
        for c, kinds in clan.stars.items():
            t[L.T_CLAN_STARS + i * L.MAX_COL + cidx[c]] = star_mask(kinds)
        for c, kinds in clan.bonus_stars.items():
            t[L.T_CLAN_BONUS_STARS + i * L.MAX_COL + cidx[c]] = star_mask(kinds)
        t[L.T_CLAN_BONUS + i] = clan.bonus


def compile_cubes(ctx: TableContext) -> None:
    """Star Tokens, the cube kinds in the box, the New Clan Cards' Stars."""
    compile_rc_cubes(ctx.t, ctx.data, ctx.cidx)
