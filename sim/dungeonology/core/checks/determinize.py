"""Determinization for information-set search: resample everything a seat
cannot see, consistent with what it has seen.

Resampled: the other seats' hands together with the Trick deck (hand sizes
kept), every face-down Jinx Card together with the Jinx deck (owners kept),
the order of the three Zone stacks, the kinds of the face-down Trap Tokens
(on Zones and in the supply), the Clan Card when the seat holds no
Knowledge Token and it is not public, the face-down Panic Card (Maximum
Alert; drawn again from the public Panic deck), the order of the Research
deck (Research Cards), and the chance stream itself.
Tiles a seat saw go to the bottom of a stack are not tracked (documented in
docs/RULES_COVERAGE.md).

Every unknown pool is put in a canonical order before it is shuffled, so the
result depends only on what the seat can see and on `rng`: changing hidden
information the seat cannot see does not change any determinization.
"""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.core.rules.maximum_alert.maximum_alert import draw_from_deck
from sim.kit.jit import allocating, kernel
from sim.kit.rng import next32, randint


@kernel
def _shuffle(rng, a, n):
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        tmp = a[i]
        a[i] = a[j]
        a[j] = tmp


@kernel
def _shuffle_range(rng, a, base, n):
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        tmp = a[base + i]
        a[base + i] = a[base + j]
        a[base + j] = tmp


@allocating
def _resample_traps(s, t, rng):
    """The kinds of the face-down Trap Tokens on Zones and of those in the
    supply form one pool (nobody looks at a Trap when placing it); Zones keep
    their Trap, the kinds are dealt again. Nothing is drawn when no Trap is on
    a Zone (the supply alone is never looked into)."""
    nk = len(L.TRAP_KINDS)
    on_board = 0
    counts = np.zeros(nk, np.int64)
    for k in range(nk):
        counts[k] = s[L.S_TRAP_SUPPLY + k]
    for z in range(L.MAX_ZONES):
        kz = s[L.S_ZTRAP_KIND + z]
        if kz != 0:
            counts[kz - L.ZK_AMBUSH] += 1
            on_board += 1
    if on_board == 0:
        return
    pool = np.empty(counts.sum(), np.int64)
    m = 0
    for k in range(nk):  # canonical order: by kind
        for _ in range(counts[k]):
            pool[m] = k
            m += 1
    _shuffle(rng, pool, m)
    j = 0
    for z in range(L.MAX_ZONES):
        if s[L.S_ZTRAP_KIND + z] != 0:
            k = pool[j]
            j += 1
            s[L.S_ZTRAP_KIND + z] = L.ZK_AMBUSH + k
            s[L.S_ZTRAP_N + z] = t[L.T_TRAP_N + k]
    for k in range(nk):
        s[L.S_TRAP_SUPPLY + k] = 0
    while j < m:
        s[L.S_TRAP_SUPPLY + pool[j]] += 1
        j += 1


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
    _shuffle(rng, jpool, jm)
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
    # Trap Tokens: face down on Zones and in the supply, kinds unknown
    _resample_traps(s, t, rng)
    # Clan Card
    if s[L.S_CLAN_PUBLIC] == 0 and s[pf(seat, L.PF_KNOWLEDGE)] == 0:
        s[L.S_CLAN] = randint(rng, t[L.T_NCLANS])
    # Panic Card (Maximum Alert): face down, seen by nobody until revealed;
    # any card of the (public) Panic deck unless the configuration forced it
    if s[L.S_PANIC] >= 0 and s[L.S_MAX_ALERT] == 0 and t[L.T_PANIC_FORCED] < 0:
        s[L.S_PANIC] = draw_from_deck(s[L.S_PANIC_DECK], rng)
    # Research deck (Research Cards rule): its order is unknown
    base = L.S_RESEARCH_DECK
    s[base : base + s[L.S_RESEARCH_N]].sort()  # canonical order
    _shuffle_range(rng, s, base, s[L.S_RESEARCH_N])
    # Chance stream
    s[L.S_RNG0] = next32(rng)
    s[L.S_RNG1] = next32(rng) | 1
