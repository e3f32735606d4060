"""Invariants of a game state: every finite component conserved, Stun never
above Stamina, no cube or tile in two places, ... ``check`` returns 0 or the
number of the first violated invariant (names in ``INVARIANTS``): the basic
game's, then each module's (the hook ``check``, its manifest's ``invariants``)."""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.noteboard import count_marks, whites
from sim.dungeonology.core.components.scholars import active, passives_from_cards, pf, stat
from sim.dungeonology.core.engine.dispatch_checks import check as module_check
from sim.dungeonology.core.engine.dispatch_checks import grey_held, omegas_held
from sim.dungeonology.core.engine.dispatch_setup import zone_in_game
from sim.dungeonology.layout.manifests import MANIFESTS
from sim.kit.jit import allocating

BASE_INVARIANTS = {
    1: "Information Cubes not conserved (Reserve + Zones + Note Boards != box)",
    2: "grey Students not conserved",
    3: "Omega Students not conserved",
    4: "Trick Cards not conserved, or a hand count is wrong",
    5: "a Jinx Card is in two places or nowhere",
    6: "a Scholar has more Stun Tokens than Stamina",
    7: "Stun Tokens not conserved",
    8: "Knowledge Tokens not conserved",
    9: "Stars or Study Bonus arrows do not match the cubes",
    10: "a Note Board column holds more cubes than it has slots",
    11: "a Zone tile is in two places or nowhere",
    12: "more Omega Students on the Alert Card than it has spaces",
    13: "a count went negative",
    14: "a Scholar stands in a Zone that is not placed",
    15: "more Students at the Bonfire than it has spaces",
    16: "the continuation stack overflowed",
    17: "no legal action although the game is not over",
    18: "an Exalted Scholar has the most Stars",
    19: "Stair or Wall Tokens beyond the box",
    21: "a Scholar's passive totals (PF_PASSIVE) differ from her face-up Jinx and Intern Cards",
    99: "a game did not end within the decision limit",
}


def _invariants() -> dict[int, str]:
    out = dict(BASE_INVARIANTS)
    for package, manifest in MANIFESTS.items():
        for code, text in manifest.invariants.items():
            if code in out:
                raise ValueError(f"{package}: invariant {code} is already {out[code]!r}")
            out[code] = text
    return out


INVARIANTS = _invariants()  # the basic game's and each module's (its manifest's invariants), by code


@allocating
def check(s, t):
    n = s[L.S_NPLAYERS]
    counted = np.zeros(L.NPASSIVE, np.int64)
    ncol = t[L.T_NCOL]
    for c in range(ncol):
        total = s[L.S_RES_CUBES + c]
        if total < 0:
            return 13
        for z in range(t[L.T_NZONES]):
            for i in range(L.MAX_ZSLOTS):
                if s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i] == c + 1:
                    total += 1
        for p in range(n):
            k = s[pf(p, L.PF_CUBES) + c]
            if k < 0:
                return 13
            if k > t[L.T_COL_SLOTS + c]:
                return 10
            total += k - whites(s, p, c)  # a Universal cube is counted with its kind
        if total != t[L.T_COL_COUNT + c]:
            return 1
    grey = s[L.S_RES_GREY] + s[L.S_UNIV_GREY] + s[L.S_BONFIRE] + grey_held(s, t)
    if s[L.S_RES_GREY] < 0 or s[L.S_UNIV_GREY] < 0 or s[L.S_BONFIRE] < 0:
        return 13
    if s[L.S_BONFIRE] > t[L.T_BONFIRE_SPACES]:
        return 15
    stun = s[L.S_RES_STUN]
    know = s[L.S_RES_KNOW]
    cards = s[L.S_DECK_N]
    for k in range(t[L.T_NKINDS]):
        cards += s[L.S_DISCARD + k] + s[L.S_PLAYED + k]
        if s[L.S_DISCARD + k] < 0 or s[L.S_PLAYED + k] < 0:
            return 13
    for p in range(n):
        st = s[pf(p, L.PF_STUDENTS)]
        if st < 0 or s[pf(p, L.PF_STUN)] < 0:
            return 13
        grey += st
        stun += s[pf(p, L.PF_STUN)]
        know += s[pf(p, L.PF_KNOWLEDGE)]
        if s[pf(p, L.PF_STUN)] > stat(s, t, p, L.ST_STAMINA):
            return 6
        hn = 0
        for k in range(t[L.T_NKINDS]):
            h = s[pf(p, L.PF_HAND) + k]
            if h < 0:
                return 13
            hn += h
        if hn != s[pf(p, L.PF_HAND_N)]:
            return 4
        passives_from_cards(s, t, p, counted)
        for pv in range(L.NPASSIVE):
            if s[pf(p, L.PF_PASSIVE) + pv] != counted[pv]:
                return 21
        cards += hn
        if s[pf(p, L.PF_STARS)] != count_marks(s, t, p, L.T_STAR_AT):
            return 9
        if s[pf(p, L.PF_ARROWS)] != count_marks(s, t, p, L.T_ARROW_AT):
            return 9
        if s[L.S_ZPLACED + s[pf(p, L.PF_ZONE)]] != 1:
            return 14
    if grey != t[L.T_GREY]:
        return 2
    if s[L.S_RES_OMEGA] < 0 or s[L.S_UNIV_OMEGA] < 0:
        return 13
    if s[L.S_RES_OMEGA] + s[L.S_UNIV_OMEGA] + s[L.S_ALERT_FILLED] + omegas_held(s, t) != t[L.T_OMEGA]:
        return 3
    if s[L.S_ALERT_FILLED] > t[L.T_AL_NSLOTS]:
        return 12
    if cards != t[L.T_DECK_TOTAL]:
        return 4
    if stun != t[L.T_STUN_TOKENS]:
        return 7
    if know != t[L.T_KNOW_TOKENS]:
        return 8
    # Jinx: location codes and the deck order agree
    for j in range(t[L.T_NJINX]):
        in_deck = 0
        for i in range(s[L.S_JDECK_N]):
            if s[L.S_JDECK + i] == j:
                in_deck += 1
        loc = s[L.S_JLOC + j]
        if (loc == L.JX_DECK) != (in_deck == 1) or in_deck > 1:
            return 5
        if (loc == L.JX_DOWN or loc == L.JX_UP) and (s[L.S_JOWNER + j] < 0 or s[L.S_JOWNER + j] >= n):
            return 5
    # Zone tiles: placed, or in exactly one stack
    for z in range(1, t[L.T_NZONES]):
        where = s[L.S_ZPLACED + z]
        for f in range(L.NFLOORS):
            for i in range(s[L.S_STACK_N + f]):
                if s[L.S_STACK + f * L.MAX_ZONES + i] == z:
                    where += 1
        if z == s[L.S_PL_TILE]:
            where += 1
        if where != (1 if zone_in_game(s, t, z) else 0):
            return 11
    if s[L.S_KSP] < 0 or s[L.S_KSP] >= L.KSTACK_DEPTH:
        return 16
    best = -1
    for p in range(n):
        if active(s, p) and s[pf(p, L.PF_STARS)] > best:
            best = s[pf(p, L.PF_STARS)]
    for p in range(n):
        if active(s, p) and s[pf(p, L.PF_EXALTED)] == 1 and s[pf(p, L.PF_STARS)] == best:
            return 18
    if s[L.S_STAIR_USED] > t[L.T_STAIR_TOKENS] or s[L.S_WALL_USED] > t[L.T_WALL_TOKENS]:
        return 19
    return module_check(s, t)  # each module's invariants (its manifest's), in their order


