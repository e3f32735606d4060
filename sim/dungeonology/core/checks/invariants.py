"""Invariants of a game state: every finite component conserved, Stun never
above Stamina, no cube or tile in two places, ... ``check`` returns 0 or the
number of the first violated invariant (names in ``INVARIANTS``)."""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.noteboard import count_marks, star_tokens_of, whites
from sim.dungeonology.core.components.scholars import active, passive, passives_from_cards, pf, stat
from sim.dungeonology.core.rules.congregations.students import check_congregations, grey_adjust
from sim.dungeonology.core.rules.main_effects.chain import action_limit
from sim.dungeonology.core.rules.rc_scholars.skills import rc_scholars_check, zone_in_game
from sim.dungeonology.core.rules.research.research import research_check
from sim.kit.jit import allocating, kernel

INVARIANTS = {
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
    20: "the Boss model stands in a Zone that is not placed, or the Boss Card is not in the data",
    21: "a Scholar's passive totals (PF_PASSIVE) differ from her face-up Jinx and Intern Cards",
    35: "Maximum Alert: the Panic Card is not in the Panic deck, or the rule is off",
    36: "Maximum Alert: Omega Students on the Alert Card after it left the game",
    37: "Maximum Alert: a Scholar removed by a forced Thesis is still in the game",
    40: "a Trap Token is malformed (N < 0, or an N without a Trap)",
    120: "Student Congregations: a Congregation's Students not conserved",
    121: "Student Congregations: a Congregation Student without the rule, or a bad kind at the Bonfire",
    122: "Student Congregations: a Scholar holds more Congregation Students than Students",
    60: "an Intern Card is neither in the Intern deck nor owned by one Scholar",
    61: "Zone Effect Tokens not conserved (supply + Zones != box), a bad Trap kind or flag, or a token on a "
        "Zone not placed (or on the Starting Zone)",
    50: "Main Effects: the declared chain is out of bounds, or a declared card is not on the table",
    51: "Main Effects: more ACTION Main Effects this turn than allowed (on either side of the Scholar Card)",
    64: "Research Cards: a card is in two places or nowhere, or owned by no seat of the game",
    65: "Research Cards: a face-up place is empty while the Research deck has cards",
    66: "Research Cards: a Quest marked completed in a turn not yet begun",
    90: "New Scholars: a once-per-turn skill stamp (PF_RC_ONCE) lies after the current turn",
    91: "New Scholars: one Scholar Card at two seats, or a seat without a Scholar Card of the data",
    80: "Star Tokens (PF_STAR_TOKENS) do not match the Stars the cubes on the Note Board reach",
    81: "False or Universal Information cubes not conserved (Reserve + Zones + Note Boards + in hand != box)",
    82: "a Universal Information mark (PF_UNIVERSAL) above the cubes of its column, or a decision on a Universal "
        "cube with none in hand",
    105: "an Intern's token (the Fool's Token) is held by no seat of the game, or the Intern has no token",
    99: "a game did not end within the decision limit",
}


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
    grey = s[L.S_RES_GREY] + s[L.S_UNIV_GREY] + s[L.S_BONFIRE] + grey_adjust(s, t)
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
    if s[L.S_RES_OMEGA] + s[L.S_UNIV_OMEGA] + s[L.S_ALERT_FILLED] + s[L.S_CG_OMEGAS] != t[L.T_OMEGA]:
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
    # Maximum Alert (the Omega Students: Omega Infinity puts them back in the
    # bag, so invariant 3 covers them)
    if s[L.S_PANIC] >= 0:
        if (t[L.T_RULES] & L.RULE_MAXIMUM_ALERT) == 0 or ((s[L.S_PANIC_DECK] >> s[L.S_PANIC]) & 1) == 0:
            return 35
    elif s[L.S_MAX_ALERT] == 1 or ((t[L.T_RULES] & L.RULE_MAXIMUM_ALERT) != 0 and t[L.T_PANIC_N] > 0):
        return 35
    if s[L.S_MAX_ALERT] == 1 and s[L.S_ALERT_FILLED] != 0:
        return 36
    for p in range(n):
        if (s[L.S_MA_REMOVED] >> p) & 1 and (active(s, p) or s[pf(p, L.PF_THESIS)] > 0):
            return 37
    code = boss_check(s, t)
    if code:
        return code
    code = check_rc_cubes(s, t)
    if code:
        return code
    code = check_interns_tokens(s, t)
    if code:
        return code
    code = research_check(s, t)
    if code:
        return code
    code = rc_scholars_check(s, t)
    if code:
        return code
    code = check_rc_cards(s, t)
    if code:
        return code
    code = check_congregations(s, t)
    if code:
        return code
    return check_main_effects(s, t)


@kernel
def check_rc_cards(s, t):
    """RC cards: an Intern's token is in the Reserve (0) or held by a seat of
    the game, and only an Intern with a token has one out."""
    for i in range(L.MAX_INTERNS):
        h = s[L.S_RC_TOKEN_HOLDER + i]
        if h < 0 or h > s[L.S_NPLAYERS]:
            return 105
        if h > 0:
            has = False
            for pv in range(L.NPASSIVE):
                if t[L.T_RC_INTERN_TOKEN + i * L.NPASSIVE + pv] != 0:
                    has = True
            if not has or i >= t[L.T_NINTERNS]:
                return 105
    return 0


@kernel
def boss_check(s, t):
    """Boss: a Boss Card (and profile) only with the rule; the model in a placed Zone or out (-1)."""
    if s[L.S_BOSS] >= 0:
        if (t[L.T_RULES] & L.RULE_BOSS) == 0 or s[L.S_BOSS] >= t[L.T_NBOSS]:
            return 20
        if s[L.S_BOSS_PROFILE] < 0 or s[L.S_BOSS_PROFILE] > 1:
            return 20
    bz = s[L.S_BOSS_ZONE]
    if bz != -1 and (s[L.S_BOSS] < 0 or bz < 0 or bz >= t[L.T_NZONES] or s[L.S_ZPLACED + bz] != 1):
        return 20
    return 0


@kernel
def check_rc_cubes(s, t):
    """Star Tokens agree with the cubes; False / Universal Information
    conserved; white marks only on cubes (RC "Star Tokens", "False
    Information", "Universal Information")."""
    false = s[L.S_RES_CUBES + L.CUBE_FALSE]
    white = s[L.S_RES_CUBES + L.CUBE_UNIV] + s[L.S_RC_UNIV_N]
    if false < 0 or white < 0 or s[L.S_RC_UNIV_N] < 0:
        return 13
    for z in range(t[L.T_NZONES]):
        for i in range(L.MAX_ZSLOTS):
            v = s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i]
            if v == L.CUBE_FALSE + 1:
                false += 1
            elif v == L.CUBE_UNIV + 1:
                white += 1
    for p in range(s[L.S_NPLAYERS]):
        for c in range(L.MAX_COL):
            marks = s[pf(p, L.PF_UNIVERSAL) + c]
            k = s[pf(p, L.PF_CUBES) + c] if c < t[L.T_NCOL] else 0
            if marks < 0 or marks >> k != 0:
                return 82
            white += whites(s, p, c)
            tokens = star_tokens_of(s, t, p, c) if c < t[L.T_NCOL] else 0
            if s[pf(p, L.PF_STAR_TOKENS) + c] != tokens:
                return 80
    if false != t[L.T_COL_COUNT + L.CUBE_FALSE] or white != t[L.T_COL_COUNT + L.CUBE_UNIV]:
        return 81
    if s[L.S_RC_UNIV_N] > 0 and s[L.S_OVER] == 0 and s[L.S_PHASE] != L.PH_RC_UNIVERSAL:
        return 82
    return 0


@kernel
def check_interns_tokens(s, t):
    """Interns: in the deck (-1) or owned by one seat. Zone Effect Tokens:
    supply + tokens on Zones = the box, per Trap kind too (a flipped Trap is
    back in the supply)."""
    n = s[L.S_NPLAYERS]
    for i in range(L.MAX_INTERNS):
        o = s[L.S_INTERN_OWNER + i]
        if o < -1 or o >= n or (i >= t[L.T_NINTERNS] and o != -1):
            return 60
    tele = s[L.S_TELEPORT_SUPPLY]
    secret = s[L.S_SECRET_SUPPLY]
    if tele < 0 or secret < 0:
        return 13
    for k in range(len(L.TRAP_KINDS)):
        if s[L.S_TRAP_SUPPLY + k] < 0:
            return 13
    for z in range(L.MAX_ZONES):
        tz = s[L.S_ZTELEPORT + z]
        sz = s[L.S_ZSECRET + z]
        kz = s[L.S_ZTRAP_KIND + z]
        if tz == 0 and sz == 0 and kz == 0:
            continue
        if s[L.S_ZTRAP_N + z] < 0 or (kz == 0 and s[L.S_ZTRAP_N + z] != 0):
            return 40
        if z == 0 or z >= t[L.T_NZONES] or s[L.S_ZPLACED + z] != 1 or tz > 1 or sz > 1 or tz < 0 or sz < 0:
            return 61
        tele += tz
        secret += sz
    if tele != t[L.T_TELEPORT_TOKENS] or secret != t[L.T_SECRET_TOKENS]:
        return 61
    for k in range(len(L.TRAP_KINDS)):
        total = s[L.S_TRAP_SUPPLY + k]
        for z in range(L.MAX_ZONES):
            if s[L.S_ZTRAP_KIND + z] == L.ZK_AMBUSH + k:
                total += 1
        if total != t[L.T_TRAP_TOKENS + k]:
            return 61
    for z in range(L.MAX_ZONES):
        kz = s[L.S_ZTRAP_KIND + z]
        if kz != 0 and (kz < L.ZK_AMBUSH or kz >= L.ZK_AMBUSH + len(L.TRAP_KINDS)):
            return 61
    return 0


@kernel
def check_main_effects(s, t):
    """The Reaction chain: within bounds, each declared card face up on the
    table; the ACTION Main Effects of the turn within the limit."""
    m = s[L.S_ME_CHAIN_N]
    if m < 0 or m > t[L.T_ME_CHAIN_CAP]:
        return 50
    for i in range(m):
        k = s[L.S_ME_KIND + i]
        if k < 0 or k >= t[L.T_NKINDS] or t[L.T_ME_HAS + k] == 0:
            return 50
        same = 0
        for j in range(m):
            if s[L.S_ME_KIND + j] == k:
                same += 1
        if s[L.S_PLAYED + k] < same:
            return 50
    if s[L.S_ME_ACTIONS] < 0 or s[L.S_ME_ACTIONS] > most_actions(s, t, s[L.S_CUR]):
        return 51
    return 0


@kernel
def most_actions(s, t, seat):
    """The ACTION Main Effects the seat may have played this turn: the limit now
    (``chain.action_limit``) or on the other side of its Scholar Card. A Scholar
    flips during a turn when the Stars change (Exalted Sofia plays her second
    ACTION, then gains a Star and leads: she flips back, the two stay played)."""
    row = s[pf(seat, L.PF_SCHOLAR)] * 2 * L.NPASSIVE + L.PV_EXTRA_MAIN_ACTIONS
    here = t[L.T_SCH_PASSIVE + row + s[pf(seat, L.PF_EXALTED)] * L.NPASSIVE]
    other = t[L.T_SCH_PASSIVE + row + (1 - s[pf(seat, L.PF_EXALTED)]) * L.NPASSIVE]
    extra = passive(s, t, seat, L.PV_EXTRA_MAIN_ACTIONS) - here + other  # as if flipped
    flipped = t[L.T_ME_ACTION_LIMIT] + (extra if extra > 0 else 0)
    now = action_limit(s, t, seat)
    return flipped if flipped > now else now
