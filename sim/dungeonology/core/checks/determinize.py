"""Determinization for information-set search: resample everything a seat
cannot see, consistent with what it has seen.

Resampled: the other seats' hands together with the Trick deck (hand sizes
kept), every face-down Jinx Card together with the Jinx deck (owners kept),
the order of the three Zone stacks, the Clan Card when the seat holds no
Knowledge Token and it is not public, what the modules hide (their hooks
``determinize_zones`` and ``determinize_cards``: the kinds of the face-down
Trap Tokens, the face-down Panic Card, the order of the Research deck), and the
chance stream itself.
Tiles a seat saw go to the bottom of a stack are not tracked (documented in
docs/RULES_COVERAGE.md).

Every unknown pool is put in a canonical order before it is shuffled, so the
result depends only on what the seat can see and on `rng`: changing hidden
information the seat cannot see does not change any determinization.
"""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.decks import shuffle_with
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.core.engine.dispatch_checks import determinize_cards, determinize_zones
from sim.kit.jit import allocating
from sim.kit.rng import next32, randint


@allocating
def determinize(s, t, seat, rng):
    """Resample in place the hidden information of `s` from `seat`'s view.

    `rng` is a separate state-shaped array whose generator drives the draws.
    """
    n = s[L.S_NPLAYERS]
    # Trick cards: the deck and the other hands form one unknown pool
    counts = np.zeros(L.MAX_KINDS, np.int64)
    for i in range(s[L.S_DECK_N]):
        counts[s[L.S_DECK + i]] += 1
    sizes = np.zeros(L.MAXP, np.int64)
    for p in range(n):
        if p == seat:
            continue
        sizes[p] = s[pf(p, L.PF_HAND_N)]
        for k in range(t[L.T_NKINDS]):
            counts[k] += s[pf(p, L.PF_HAND) + k]
            s[pf(p, L.PF_HAND) + k] = 0
    pool = np.empty(L.MAX_DECK, np.int64)
    m = 0
    for k in range(t[L.T_NKINDS]):  # canonical order: by kind
        for _ in range(counts[k]):
            pool[m] = k
            m += 1
    shuffle_with(rng, pool, 0, m)
    j = 0
    for p in range(n):
        if p == seat:
            continue
        for _ in range(sizes[p]):
            s[pf(p, L.PF_HAND) + pool[j]] += 1
            j += 1
    d = 0
    while j < m:
        s[L.S_DECK + d] = pool[j]
        d += 1
        j += 1
    # Jinx: face-down cards (anyone's) and the deck
    jpool = np.empty(L.MAX_JINX, np.int64)
    jm = 0
    owners = np.zeros(L.MAXP, np.int64)  # face-down cards per seat
    for x in range(t[L.T_NJINX]):  # canonical order: by card
        if s[L.S_JLOC + x] == L.JX_DOWN:
            owners[s[L.S_JOWNER + x]] += 1
        if s[L.S_JLOC + x] == L.JX_DOWN or s[L.S_JLOC + x] == L.JX_DECK:
            jpool[jm] = x
            jm += 1
    no = 0
    for p in range(n):
        no += owners[p]
    shuffle_with(rng, jpool, 0, jm)
    i = 0
    for p in range(n):
        for _ in range(owners[p]):
            x = jpool[i]
            s[L.S_JLOC + x] = L.JX_DOWN
            s[L.S_JOWNER + x] = p
            i += 1
    for i in range(no, jm):
        x = jpool[i]
        s[L.S_JLOC + x] = L.JX_DECK
        s[L.S_JOWNER + x] = -1
        s[L.S_JDECK + i - no] = x
    # Zone stacks: order unknown
    for f in range(L.NFLOORS):
        base = L.S_STACK + f * L.MAX_ZONES
        s[base : base + s[L.S_STACK_N + f]].sort()  # canonical order
        for i in range(s[L.S_STACK_N + f] - 1, 0, -1):
            k = randint(rng, i + 1)
            tmp = s[base + i]
            s[base + i] = s[base + k]
            s[base + k] = tmp
    # what the modules hide on the board: the face-down Trap Tokens (on Zones and in the supply)
    determinize_zones(s, t, seat, rng)
    # Clan Card
    if s[L.S_CLAN_PUBLIC] == 0 and s[pf(seat, L.PF_KNOWLEDGE)] == 0:
        s[L.S_CLAN] = randint(rng, t[L.T_NCLANS])
    # the modules' hidden cards: the face-down Panic Card, the Research deck's order
    determinize_cards(s, t, seat, rng)
    # Chance stream
    s[L.S_RNG0] = next32(rng)
    s[L.S_RNG1] = next32(rng) | 1
