"""Checks of the Rocca Civetta part cubes' data (run by ``checks.Checker``):
Star Tokens of the Note Board columns, the New Clan Cards' Stars, the cube
kinds False and Universal Information (RC "Star Tokens", "New Clan Cards",
"False Information", "Universal Information")."""

from __future__ import annotations

from typing import Any

from sim.dungeonology.layout import CUBE_FALSE, CUBE_KINDS, STAR_KINDS


def column_tokens(column: Any) -> list[str]:
    """The Star Token of each Star of a column, in `stars` order."""
    return list(column.star_tokens) if column.star_tokens else list(STAR_KINDS[: len(column.stars)])


def check_rc_cubes(ck: Any) -> None:
    """Raise the checker's DataError at the first problem."""
    data = ck.data
    if len(ck.colors) > CUBE_FALSE:
        ck.fail(("cubes",), list(ck.colors), f"too many cube colours (allowed: at most {CUBE_FALSE} columns)")
    for name in data.cube_kinds:
        if name not in CUBE_KINDS:
            ck.fail(("cube_kinds", name), name, f"unknown cube kind {name!r} (allowed: {', '.join(CUBE_KINDS)})")
    stars: dict[str, list[str]] = {}
    for name, column in data.noteboard.columns.items():
        parts = ("noteboard", "columns", name, "star_tokens")
        if len(column.stars) > len(STAR_KINDS) and not column.star_tokens:
            ck.fail(("noteboard", "columns", name, "stars"), column.stars,
                    "more Stars than Star Tokens per column (allowed: at most one silver and one gold Star)")
        if column.star_tokens:
            if len(column.star_tokens) != len(column.stars):
                ck.fail(parts, column.star_tokens, f"needs one Star Token per Star (allowed: {len(column.stars)} "
                        f"of {', '.join(STAR_KINDS)})")
            for kind in column.star_tokens:
                if kind not in STAR_KINDS:
                    ck.fail(parts, kind, f"unknown Star Token {kind!r} (allowed: {', '.join(STAR_KINDS)})")
            ck.unique(parts, column.star_tokens, "Star Token")
        stars[name] = column_tokens(column)
    for name, clan in data.clans.items():
        for field in ("stars", "bonus_stars"):
            for color, kinds in getattr(clan, field).items():
                parts = ("clans", name, field, color)
                ck.color(parts, color, "colour of a Star", kinds)
                for kind in kinds:
                    if kind not in stars.get(color, []):
                        ck.fail(parts, kinds, f"no {kind} Star in the {color} column (allowed: "
                                f"{', '.join(stars.get(color, [])) or 'none'}: noteboard.columns.{color})")
                ck.unique(parts, kinds, "Star")
        if (clan.bonus > 0) != bool(clan.bonus_stars):
            ck.fail(("clans", name, "bonus"), clan.bonus,
                    "a bonus needs the Stars that earn it, and the Stars a bonus (allowed: both or neither)")
