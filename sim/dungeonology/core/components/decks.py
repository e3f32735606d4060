"""The decks: the Trick deck (draw, reshuffle, Divination, cards on the
table) and the Jinx deck (face down / face up, passive modifiers).

Rulebook: "Trick Cards" (reshuffle), "Jinx Cards", "Omega Students, Jinx
Cards, Alert Card and the University" (a Jinx Card per Omega Student).
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import add_passives, pf, stat
from sim.kit.jit import kernel
from sim.kit.rng import randint


# --------------------------------------------------------------- Jinx
@kernel
def shuffle_range(s, base, n):
    """Shuffle s[base:base+n] with the game's own generator."""
    shuffle_with(s, s, base, n)


@kernel
def shuffle_with(rng, a, base, n):
    """Shuffle a[base:base+n] (Fisher-Yates) with the generator in ``rng``'s first words (the game's
    state, or a determinization's own)."""
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        tmp = a[base + i]
        a[base + i] = a[base + j]
        a[base + j] = tmp


@kernel
def draw_jinx(s, t, seat, loc):
    """Draw the top Jinx Card to `seat` face down (JX_DOWN) or up; -1 if none.

    An empty deck is rebuilt from the Jinx discards (the rulebook is silent).
    """
    if s[L.S_JDECK_N] == 0:
        n = 0
        for j in range(t[L.T_NJINX]):
            if s[L.S_JLOC + j] == L.JX_DISCARD:
                s[L.S_JLOC + j] = L.JX_DECK
                s[L.S_JDECK + n] = j
                n += 1
        s[L.S_JDECK_N] = n
        shuffle_range(s, L.S_JDECK, n)
        if n == 0:
            return -1
    s[L.S_JDECK_N] -= 1
    j = s[L.S_JDECK + s[L.S_JDECK_N]]
    s[L.S_JLOC + j] = loc
    s[L.S_JOWNER + j] = seat
    if loc == L.JX_UP:
        add_passives(s, t, seat, L.T_JINX_PASSIVE + j * L.NPASSIVE, 1)
    return j


@kernel
def reveal_jinx(s, t, j):
    """A held Jinx Card turns face up: its passive modifiers start to count."""
    s[L.S_JLOC + j] = L.JX_UP
    add_passives(s, t, s[L.S_JOWNER + j], L.T_JINX_PASSIVE + j * L.NPASSIVE, 1)


@kernel
def discard_jinx(s, t, j):
    if s[L.S_JLOC + j] == L.JX_UP:
        add_passives(s, t, s[L.S_JOWNER + j], L.T_JINX_PASSIVE + j * L.NPASSIVE, -1)
    s[L.S_JLOC + j] = L.JX_DISCARD
    s[L.S_JOWNER + j] = -1


@kernel
def holds_jinx(s, seat, j):
    """Jinx Card j is in the seat's possession (face up or face down)."""
    return s[L.S_JOWNER + j] == seat and (s[L.S_JLOC + j] == L.JX_DOWN or s[L.S_JLOC + j] == L.JX_UP)


@kernel
def jinx_held(s, t, seat):
    n = 0
    for j in range(t[L.T_NJINX]):
        if holds_jinx(s, seat, j):
            n += 1
    return n


# ---------------------------------------------------------- Trick deck
@kernel
def reshuffle_tricks(s, t):
    """The deck ran out: shuffle the discards into a new deck."""
    n = 0
    for k in range(t[L.T_NKINDS]):
        c = s[L.S_DISCARD + k]
        for _ in range(c):
            s[L.S_DECK + n] = k
            n += 1
        s[L.S_DISCARD + k] = 0
    s[L.S_DECK_N] = n
    shuffle_range(s, L.S_DECK, n)


@kernel
def pop_trick(s, t):
    """Top card of the deck (reshuffling if empty); -1 if none anywhere."""
    if s[L.S_DECK_N] == 0:
        reshuffle_tricks(s, t)
        if s[L.S_DECK_N] == 0:
            return -1
    s[L.S_DECK_N] -= 1
    return s[L.S_DECK + s[L.S_DECK_N]]


@kernel
def divination(s, t, n):
    """Reveal n Trick Cards from the deck; the highest Bonus Value counts.
    Revealed cards stay on the table until the test ends (Spell /
    Subterfuge Divinations, Good Luck / Bad Luck Zone Effects)."""
    best = 0
    for _ in range(n):
        k = pop_trick(s, t)
        if k < 0:
            break
        s[L.S_PLAYED + k] += 1
        b = t[L.T_KIND_BONUS + k]
        if b > best:
            best = b
    return best


@kernel
def draw_tricks(s, t, seat, n):
    for _ in range(n):
        k = pop_trick(s, t)
        if k < 0:
            return
        s[pf(seat, L.PF_HAND) + k] += 1
        s[pf(seat, L.PF_HAND_N)] += 1


@kernel
def draw_to_hand_value(s, t, seat):
    want = stat(s, t, seat, L.ST_HAND) - s[pf(seat, L.PF_HAND_N)]
    if want > 0:
        draw_tricks(s, t, seat, want)


@kernel
def hand_to(s, seat, kind, dest):
    """Move one card of `kind` from the hand to the discard pile or the table."""
    s[pf(seat, L.PF_HAND) + kind] -= 1
    s[pf(seat, L.PF_HAND_N)] -= 1
    s[dest + kind] += 1


@kernel
def flush_played(s, t):
    """Cards on the table (played in a test or effect) go to the discard pile."""
    for k in range(t[L.T_NKINDS]):
        s[L.S_DISCARD + k] += s[L.S_PLAYED + k]
        s[L.S_PLAYED + k] = 0


@kernel
def jinx_actions(s, t, me, out):
    """PH_JINX: a Jinx Card the seat holds (to discard)."""
    n = 0
    for j in range(t[L.T_NJINX]):
        if holds_jinx(s, me, j):
            out[n] = L.A_JINX + j
            n += 1
    return n
