"""Rocca Civetta's cubes in the view dicts (``sim.dungeonology.view``): the Star Tokens and the
Universal Information cubes on each Note Board, the Star Token supply (public)."""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.core.rules.rocca_civetta.clans import clan_bonus
from sim.dungeonology.tables import Names


def star_tokens(s: np.ndarray, t: np.ndarray, names: Names, seat: int, viewer: int | None) -> dict[str, list[str]]:
    """The Star Tokens in front of the Note Board (RC "Star Tokens"), per column."""
    out = {}
    for i, c in enumerate(names.colors):
        m = int(s[pf(seat, L.PF_STAR_TOKENS) + i])
        if m:
            out[c] = [k for b, k in enumerate(L.STAR_KINDS) if m >> b & 1]
    return out


def star_token_supply(s: np.ndarray, t: np.ndarray, names: Names, viewer: int | None) -> dict[str, dict[str, int]]:
    """The Star Tokens in the supply, per column and kind: the box holds one token of each Star of a
    Note Board per Note Board (MAXP), less those in front of the Note Boards (public)."""
    out: dict[str, dict[str, int]] = {}
    for i, c in enumerate(names.colors):
        row = L.T_STAR_TOKEN + i * (L.MAX_COL_SLOTS + 1)
        stars = 0
        for k in range(L.MAX_COL_SLOTS + 1):
            stars |= int(t[row + k])
        held = [int(s[pf(p, L.PF_STAR_TOKENS) + i]) for p in range(int(s[L.S_NPLAYERS]))]
        kinds = {k: L.MAXP - sum(m >> b & 1 for m in held) for b, k in enumerate(L.STAR_KINDS) if stars >> b & 1}
        if kinds:
            out[c] = kinds
    return out


def universal_cubes(s: np.ndarray, t: np.ndarray, names: Names, seat: int, viewer: int | None) -> dict[str, int]:
    """Universal Information cubes per column (they count as its colour)."""
    out = {}
    for i, c in enumerate(names.colors):
        n = bin(int(s[pf(seat, L.PF_UNIVERSAL) + i])).count("1")
        if n:
            out[c] = n
    return out


def clan_bonus_part(s: np.ndarray, t: np.ndarray, names: Names, p: int) -> int | None:
    """The score breakdown: the Clan Card's Star bonus (RC "New Clan Cards" C), only in a box whose
    Clans have a bonus (None otherwise)."""
    if not any(int(t[L.T_CLAN_BONUS + i]) for i in range(int(t[L.T_NCLANS]))):
        return None
    return int(clan_bonus(s, t, p))
