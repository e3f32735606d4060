"""The Note Board: Information Cubes, Stars, Study Bonus arrows, Exalted
Scholars and the Knowledge Token.

Rulebook: "Note Board and Scholar Card" (H-M), "Exalted Scholars", "Knowledge
Token"; Rocca Civetta "Information Cube Keywords" (Gain, Collect, Steal,
Lose, Drop, Eliminate, Give) define what happens with full columns, "Star
Tokens" the tokens of the Stars reached (PF_STAR_TOKENS), "Universal
Information" the white cubes: a column's cube at height h is white when bit h
of PF_UNIVERSAL is set; it counts as the column's colour while on the board
and is white again (L.CUBE_UNIV) once it leaves it (docs/RULES_COVERAGE.md).
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.decks import holds_jinx
from sim.dungeonology.core.components.scholars import active, passive, pf
from sim.dungeonology.core.components.stun import normalize_stun
from sim.kit.jit import kernel


@kernel
def cubes(s, seat, c):
    return s[pf(seat, L.PF_CUBES) + c]


@kernel
def has_space(s, t, seat, c):
    return s[pf(seat, L.PF_CUBES) + c] < t[L.T_COL_SLOTS + c]


@kernel
def count_marks(s, t, seat, base):
    """Stars (base=T_STAR_AT) or arrows (T_ARROW_AT) reached by the cubes."""
    n = 0
    for c in range(t[L.T_NCOL]):
        k = s[pf(seat, L.PF_CUBES) + c]
        row = base + c * (L.MAX_COL_SLOTS + 1)
        for i in range(1, k + 1):
            n += t[row + i]
    return n


@kernel
def star_tokens_of(s, t, seat, c):
    """Star Tokens of column c the cubes reach: bit 0 silver, bit 1 gold."""
    m = 0
    row = L.T_STAR_TOKEN + c * (L.MAX_COL_SLOTS + 1)
    for i in range(1, s[pf(seat, L.PF_CUBES) + c] + 1):
        m |= t[row + i]
    return m


@kernel
def whites(s, seat, c):
    """Universal Information cubes in column c."""
    m = s[pf(seat, L.PF_UNIVERSAL) + c]
    n = 0
    while m:
        n += m & 1
        m >>= 1
    return n


@kernel
def study_bonus(s, t, seat):
    """The Study Bonus wheel: one per arrow reached (plus passive modifiers)."""
    return s[pf(seat, L.PF_ARROWS)] + passive(s, t, seat, L.PV_STUDY_BONUS)


@kernel
def flip(s, t, seat, exalted):
    s[pf(seat, L.PF_EXALTED)] = exalted
    normalize_stun(s, t, seat)
    check_knowledge(s, t, seat)


@kernel
def update_exalted(s, t, gainer):
    """Exalted Scholars: when `gainer` (>= 0) earns a Star, Scholars with fewer
    Stars flip; any Exalted Scholar with the most Stars flips back."""
    n = s[L.S_NPLAYERS]
    if gainer >= 0:
        g = s[pf(gainer, L.PF_STARS)]
        for p in range(n):
            if (
                p != gainer
                and active(s, p)
                and s[pf(p, L.PF_STARS)] < g
                and s[pf(p, L.PF_EXALTED)] == 0
            ):
                flip(s, t, p, 1)
    best = -1
    for p in range(n):
        if active(s, p) and s[pf(p, L.PF_STARS)] > best:
            best = s[pf(p, L.PF_STARS)]
    for p in range(n):
        if (
            active(s, p)
            and s[pf(p, L.PF_EXALTED)] == 1
            and s[pf(p, L.PF_STARS)] == best
        ):
            flip(s, t, p, 0)


@kernel
def check_knowledge(s, t, seat):
    """Knowledge Combo: gain the Knowledge Token the moment the combo is held."""
    if s[pf(seat, L.PF_KNOWLEDGE)] == 1:
        return
    row = (
        L.T_SCH_KNOW
        + (s[pf(seat, L.PF_SCHOLAR)] * 2 + s[pf(seat, L.PF_EXALTED)]) * L.MAX_COL
    )
    for c in range(t[L.T_NCOL]):
        if s[pf(seat, L.PF_CUBES) + c] < t[row + c]:
            return
    gain_knowledge(s, t, seat)


@kernel
def gain_knowledge(s, t, seat):
    if s[pf(seat, L.PF_KNOWLEDGE)] == 1 or s[L.S_RES_KNOW] == 0:
        return
    s[pf(seat, L.PF_KNOWLEDGE)] = 1
    s[L.S_RES_KNOW] -= 1
    # Every Scholar in the game holds one: the Clan Card may be revealed.
    for p in range(s[L.S_NPLAYERS]):
        if s[pf(p, L.PF_KNOWLEDGE)] == 0:
            return
    s[L.S_CLAN_PUBLIC] = 1


@kernel
def board_changed(s, t, seat):
    """Recount Stars and arrows after cubes moved; apply Exalted and Knowledge."""
    old = s[pf(seat, L.PF_STARS)]
    new = count_marks(s, t, seat, L.T_STAR_AT)
    s[pf(seat, L.PF_STARS)] = new
    s[pf(seat, L.PF_ARROWS)] = count_marks(s, t, seat, L.T_ARROW_AT)
    # RC "Star Tokens": take the token of a Star reached, discard a lost one
    for c in range(t[L.T_NCOL]):
        s[pf(seat, L.PF_STAR_TOKENS) + c] = star_tokens_of(s, t, seat, c)
    update_exalted(s, t, seat if new > old else -1)
    check_knowledge(s, t, seat)


@kernel
def push_cube(s, t, seat, c, white):
    """Place a cube on column c (a Universal one when `white`); False when full."""
    if not has_space(s, t, seat, c):
        return False
    if white:
        s[pf(seat, L.PF_UNIVERSAL) + c] |= 1 << s[pf(seat, L.PF_CUBES) + c]
    s[pf(seat, L.PF_CUBES) + c] += 1
    board_changed(s, t, seat)
    return True


@kernel
def gain_cube(s, t, seat, c):
    """Place a gained cube on its column; False when the column is full."""
    return push_cube(s, t, seat, c, False)


@kernel
def pop_top(s, t, seat, c):
    """Lose the top cube of a column: -1 none, 0 a cube of the colour, 1 a
    Universal one (white again off the board)."""
    k = s[pf(seat, L.PF_CUBES) + c]
    if k == 0:
        return -1
    bit = 1 << (k - 1)
    white = 1 if s[pf(seat, L.PF_UNIVERSAL) + c] & bit else 0
    s[pf(seat, L.PF_UNIVERSAL) + c] &= ~bit
    s[pf(seat, L.PF_CUBES) + c] = k - 1
    board_changed(s, t, seat)
    return white


@kernel
def kind_off_board(c, white):
    """What a cube of column c is once it leaves the board."""
    return L.CUBE_UNIV if white == 1 else c


@kernel
def take_top(s, t, seat, c):
    """Lose the top cube of a column (it leaves the board); False if none."""
    return pop_top(s, t, seat, c) >= 0


@kernel
def eliminate(s, t, seat, c):
    """Lose a cube to the Reserve (Eliminate)."""
    w = pop_top(s, t, seat, c)
    if w >= 0:
        s[L.S_RES_CUBES + kind_off_board(c, w)] += 1


@kernel
def steal(s, t, thief, victim, c):
    """Steal the highest cube of a colour; to the Reserve if the thief's column
    is full. A Universal cube goes to the same column, still Universal."""
    w = pop_top(s, t, victim, c)
    if w < 0:
        return
    if not push_cube(s, t, thief, c, w == 1):
        s[L.S_RES_CUBES + kind_off_board(c, w)] += 1


@kernel
def give(s, t, giver, receiver, c):
    """Give the top cube of a column to another Scholar (Reserve if full there)."""
    steal(s, t, receiver, giver, c)


@kernel
def board_points(s, t, seat):
    """Note Board points with the Clan Card modifiers, per cube."""
    total = 0
    clan = s[L.S_CLAN]
    for c in range(t[L.T_NCOL]):
        k = s[pf(seat, L.PF_CUBES) + c]
        total += k * (t[L.T_COL_POINTS + c] + t[L.T_CLAN_MOD + clan * L.MAX_COL + c])
    return total


@kernel
def jinx_penalty(s, t, seat):
    total = 0
    for j in range(t[L.T_NJINX]):
        if holds_jinx(s, seat, j):
            total += t[L.T_JINX_PENALTY + j]
    return total


@kernel
def first_empty_space(s, t, z):
    for i in range(t[L.T_Z_NCUBES + z]):
        if s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i] == 0:
            return i
    return -1


@kernel
def drop_cube(s, t, seat, c):
    """Drop (Rocca Civetta keywords): the top cube of column c goes to the first
    free space of the Scholar's Zone, else of a Linked Zone (Passage order N1..W2),
    else to the Reserve (Eliminated); a Universal cube lands white."""
    w = pop_top(s, t, seat, c)
    if w < 0:
        return
    kind = kind_off_board(c, w)
    z = s[pf(seat, L.PF_ZONE)]
    i = first_empty_space(s, t, z)
    if i < 0:
        for p in range(8):
            if s[L.S_LINK + z * 8 + p] == 1:
                nb = s[L.S_NB + z * 8 + p]
                i = first_empty_space(s, t, nb)
                if i >= 0:
                    z = nb
                    break
    if i >= 0:
        s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i] = kind + 1
    else:
        s[L.S_RES_CUBES + kind] += 1
