"""Determinization for information-set search: resample everything a seat
cannot see, consistent with what it has seen.

Resampled: the other seats' hands together with the Trick deck (hand sizes
kept), every face-down Jinx Card together with the Jinx deck (owners kept),
the order of the three Zone stacks, the Clan Card when the seat holds no
Knowledge Token and it is not public, and the chance stream itself.
Tiles a seat saw go to the bottom of a stack are not tracked (documented in
docs/RULES_COVERAGE.md).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim import layout as L
from sim.core.common import pf
from sim.core.rng import next32, randint


@njit(cache=True)
def _shuffle(rng, a, n):
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        tmp = a[i]
        a[i] = a[j]
        a[j] = tmp


@njit(cache=True)
def determinize(s, t, seat, rng):
    """Resample in place the hidden information of `s` from `seat`'s view.

    `rng` is a separate state-shaped array whose generator drives the draws.
    """
    n = s[L.S_NPLAYERS]
    # Trick cards: the deck and the other hands form one unknown pool
    pool = np.empty(L.MAX_DECK, np.int64)
    m = 0
    for i in range(s[L.S_DECK_N]):
        pool[m] = s[L.S_DECK + i]
        m += 1
    sizes = np.zeros(L.MAXP, np.int64)
    for p in range(n):
        if p == seat:
            continue
        sizes[p] = s[pf(p, L.PF_HAND_N)]
        for k in range(t[L.T_NKINDS]):
            for _ in range(s[pf(p, L.PF_HAND) + k]):
                pool[m] = k
                m += 1
            s[pf(p, L.PF_HAND) + k] = 0
    _shuffle(rng, pool, m)
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
    for i in range(s[L.S_JDECK_N]):
        jpool[jm] = s[L.S_JDECK + i]
        jm += 1
    owners = np.empty(L.MAX_JINX, np.int64)
    no = 0
    for x in range(t[L.T_NJINX]):
        if s[L.S_JLOC + x] == L.JX_DOWN:
            jpool[jm] = x
            jm += 1
            owners[no] = s[L.S_JOWNER + x]
            no += 1
    _shuffle(rng, jpool, jm)
    for i in range(no):
        x = jpool[i]
        s[L.S_JLOC + x] = L.JX_DOWN
        s[L.S_JOWNER + x] = owners[i]
    for i in range(no, jm):
        x = jpool[i]
        s[L.S_JLOC + x] = L.JX_DECK
        s[L.S_JOWNER + x] = -1
        s[L.S_JDECK + i - no] = x
    # Zone stacks: order unknown
    for f in range(L.NFLOORS):
        base = L.S_STACK + f * L.MAX_ZONES
        for i in range(s[L.S_STACK_N + f] - 1, 0, -1):
            k = randint(rng, i + 1)
            tmp = s[base + i]
            s[base + i] = s[base + k]
            s[base + k] = tmp
    # Clan Card
    if s[L.S_CLAN_PUBLIC] == 0 and s[pf(seat, L.PF_KNOWLEDGE)] == 0:
        s[L.S_CLAN] = randint(rng, t[L.T_NCLANS])
    # Chance stream
    s[L.S_RNG0] = next32(rng)
    s[L.S_RNG1] = next32(rng) | 1
