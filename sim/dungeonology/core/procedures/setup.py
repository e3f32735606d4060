"""Game Setup, steps A-P (G, I and L belong to the advanced rules: the modules' setup hooks).

Rulebook: "Game Setup", "Randomizer Deck" (first player), "Player Level".
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.decks import shuffle_range
from sim.dungeonology.core.components.dungeon import count_bits
from sim.dungeonology.core.components.randomizer import first_player
from sim.dungeonology.core.components.scholars import pf, stat
from sim.dungeonology.core.components.university import effective_players, fill_students
from sim.dungeonology.core.engine import kstack
from sim.dungeonology.core.engine.dispatch_setup import (
    setup_after_deal,
    setup_before_university,
    setup_end,
    zone_in_game,
)
from sim.kit.jit import kernel
from sim.kit.rng import randint, seed_state


@kernel
def init_state(s, t, nplayers, scholars, clan, w0, w1):
    """Set up a new game in `s`. scholars[i] < 0 deals seat i at random (B);
    clan < 0 draws the Clan Card at random (J). Leaves the first decision open
    only after ``step.advance``."""
    s[:] = 0
    seed_state(s, w0, w1)
    s[L.S_NPLAYERS] = nplayers
    for i in range(L.INITIAL.shape[0]):  # the fields whose value at Game Setup is not 0 (Field.init)
        s[L.INITIAL[i, 0]] = L.INITIAL[i, 1]
    # Reserve: everything in the box (with False and Universal Information)
    for c in range(L.MAX_COL):
        s[L.S_RES_CUBES + c] = t[L.T_COL_COUNT + c]
    s[L.S_RES_GREY] = t[L.T_GREY]
    s[L.S_RES_OMEGA] = t[L.T_OMEGA]
    s[L.S_RES_STUN] = t[L.T_STUN_TOKENS]
    s[L.S_RES_KNOW] = t[L.T_KNOW_TOKENS]
    # B. Scholars: the given ones, the rest drawn at random without repeats
    taken = 0
    for p in range(nplayers):
        if scholars[p] >= 0:
            taken |= 1 << scholars[p]
    for p in range(nplayers):
        sch = scholars[p]
        if sch < 0:
            free = t[L.T_NSCH] - count_bits(taken)
            k = randint(s, free)
            for cand in range(t[L.T_NSCH]):
                if (taken >> cand) & 1 == 0:
                    if k == 0:
                        sch = cand
                        break
                    k -= 1
            taken |= 1 << sch
        s[pf(p, L.PF_SCHOLAR)] = sch
        s[pf(p, L.PF_IN_GAME)] = 1
    # A, C, M: Study Bonus 0, Initial Students from the Reserve, Starting Zone
    for p in range(nplayers):
        want = stat(s, t, p, L.ST_STUDENTS)
        k = want if want < s[L.S_RES_GREY] else s[L.S_RES_GREY]
        s[L.S_RES_GREY] -= k
        s[pf(p, L.PF_STUDENTS)] = k
        s[pf(p, L.PF_ZONE)] = 0
    # D. first player by the Randomizer
    first = first_player(s, t)
    s[L.S_FIRST] = first
    s[L.S_CUR] = first
    # E. Trick deck shuffled; k cards to the k-th player in turn order
    n = 0
    for k in range(t[L.T_NKINDS]):
        for _ in range(t[L.T_KIND_COPIES + k]):
            s[L.S_DECK + n] = k
            n += 1
    s[L.S_DECK_N] = n
    shuffle_range(s, L.S_DECK, n)
    for i in range(nplayers):
        p = (first + i) % nplayers
        for _ in range((i + 1) * t[L.T_DEAL_PER_POS]):
            if s[L.S_DECK_N] == 0:
                break
            s[L.S_DECK_N] -= 1
            k = s[L.S_DECK + s[L.S_DECK_N]]
            s[pf(p, L.PF_HAND) + k] += 1
            s[pf(p, L.PF_HAND_N)] += 1
    # G. the Boss Card (Boss rule), I. the Panic Card face down under the Alert Card (Maximum Alert)
    setup_after_deal(s, t)
    # J. Clan Card face down
    s[L.S_CLAN] = clan if clan >= 0 else randint(s, t[L.T_NCLANS])
    # K. Jinx deck shuffled
    for j in range(t[L.T_NJINX]):
        s[L.S_JDECK + j] = j
        s[L.S_JOWNER + j] = -1
    s[L.S_JDECK_N] = t[L.T_NJINX]
    shuffle_range(s, L.S_JDECK, t[L.T_NJINX])
    # M. Starting Zone in the centre; no neighbours yet
    for i in range(L.MAX_ZONES * 8):
        s[L.S_NB + i] = -1
        s[L.S_NBQ + i] = -1
    s[L.S_ZPLACED] = 1
    s[L.S_ZENTERED] = 1
    # N. three Zone stacks by Floor, shuffled
    for z in range(1, t[L.T_NZONES]):
        if not zone_in_game(s, t, z):
            continue  # a Scholar's own Zone (Camp Z) without her stays in the box
        f = t[L.T_Z_FLOOR + z]
        s[L.S_STACK + f * L.MAX_ZONES + s[L.S_STACK_N + f]] = z
        s[L.S_STACK_N + f] += 1
    for f in range(L.NFLOORS):
        shuffle_range(s, L.S_STACK + f * L.MAX_ZONES, s[L.S_STACK_N + f])
    # O. University: Students x players (Player Level) + Omega Students;
    # Student Congregations: their Students in the Reserve, one each enters first
    setup_before_university(s, t)
    fill_students(s, t, t[L.T_AL_UNIV_STUD] * effective_players(s, t), t[L.T_AL_UNIV_OMEGA], True)
    # Tie-break stand-in for "the youngest player": a seeded age order
    for p in range(nplayers):
        s[pf(p, L.PF_AGE)] = p
    for i in range(nplayers - 1, 0, -1):
        j = randint(s, i + 1)
        tmp = s[pf(i, L.PF_AGE)]
        s[pf(i, L.PF_AGE)] = s[pf(j, L.PF_AGE)]
        s[pf(j, L.PF_AGE)] = tmp
    # L. Intern deck (Main Effects rule) and the Zone Effect Token supply; Research Cards (RC "Research
    # Cards", Setup): three drawn face up
    setup_end(s, t)
    # P. the first player takes her turn
    kstack.push(s, L.K_TURN_START, 0, 0, 0)
