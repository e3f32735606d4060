"""The New Clan Cards (Rocca Civetta "New Clan Cards"): a successful Thesis
needs the Target Score (A) and the Star Tokens shown (B); the bonus points
for every Star shown under the name (C) are added last at End Game Scoring
and never count toward the Target Score."""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.noteboard import board_points
from sim.dungeonology.core.components.scholars import pf
from sim.kit.jit import kernel


@kernel
def holds_star_tokens(s, t, seat, row):
    """The seat holds every Star Token of the [colour] masks at t[row:]."""
    for c in range(t[L.T_NCOL]):
        need = t[row + c]
        if s[pf(seat, L.PF_STAR_TOKENS) + c] & need != need:
            return False
    return True


@kernel
def clan_stars_met(s, t, seat, clan):
    """(B): the Stars of the Clan Card's colours, silver or gold, are reached."""
    return holds_star_tokens(s, t, seat, L.T_CLAN_STARS + clan * L.MAX_COL)


@kernel
def thesis_passes(s, t, seat, clan):
    """Submit the Thesis SUCCESS with this Clan Card: (A) and (B)."""
    return board_points(s, t, seat) >= t[L.T_CLAN_TARGET + clan] and clan_stars_met(s, t, seat, clan)


@kernel
def clan_bonus(s, t, seat):
    """(C): the Clan Card's bonus points when every Star shown is reached."""
    clan = s[L.S_CLAN]
    bonus = t[L.T_CLAN_BONUS + clan]
    if bonus != 0 and holds_star_tokens(s, t, seat, L.T_CLAN_BONUS_STARS + clan * L.MAX_COL):
        return bonus
    return 0
