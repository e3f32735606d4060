"""Leduc poker's state and tables: named offsets into two flat int64 arrays.

The rules are OpenSpiel's ``leduc_poker`` (open_spiel/games/leduc_poker/leduc_poker.h, after
Southey et al., "Bayes' Bluff", UAI 2005): a deck of ``suits`` x ``ranks`` cards, one private card
per seat, an ante, two betting rounds (a public card is revealed before the second) with fixed raise
amounts and a cap on raises per round; at the showdown a pair with the public card beats any other
hand, then the higher card, then the lower; tied seats split the pot.

The state starts with the kit's header (``sim.kit.header``), then Leduc's own sections. A card is
``rank * suits + suit`` (with two suits, OpenSpiel's card and chance outcome ids: 0 = J1, 1 = J2,
2 = Q1, ...), -1 where there is none. Chips are whole chips, except the final split of the pot,
kept in ``CHIP_UNITS`` per chip so that a pot shared by up to ``MAX_SUITS`` seats stays whole.
"""

from __future__ import annotations

import math

from sim.kit.header import (  # noqa: F401  (re-exported: the game's code reads one layout)
    H_ACTOR,
    H_CUR,
    H_FIRST,
    H_NPLAYERS,
    H_OVER,
    H_PHASE,
    H_RNG0,
    H_RNG1,
    H_ROUND,
    H_TURN,
    HEADER_SIZE,
)

MAXP = 10  # most seats (OpenSpiel's leduc_poker: max_num_players = 10)
ROUNDS = 2  # betting rounds: before and after the public card
MAX_SUITS = 4  # most suits the data may ask for
MAX_EXTRA_RANKS = 4  # most ranks beyond one per seat (ranks = players + extra_ranks)
MAX_CARDS = MAX_SUITS * (MAXP + MAX_EXTRA_RANKS)
MAX_RAISES = 4  # most raises per round the data may ask for
# The longest round: n - 1 checks, a raise, then each further raise after n - 2 calls, and n - 1
# calls of the last one (OpenSpiel's MaxBetsPerRound, 3n - 2 with two raises).
MAX_BETS = 2 * (MAXP - 1) + MAX_RAISES + (MAX_RAISES - 1) * (MAXP - 2)
CHIP_UNITS = 12  # units per chip of the final split: 12 is divisible by every count of winners up to MAX_SUITS


def bets_per_round(players: int, raises: int) -> int:
    """The longest betting round of ``players`` seats with at most ``raises`` raises."""
    return 2 * (players - 1) + raises + max(raises - 1, 0) * (players - 2)


NO_CARD = -1

# Actions (OpenSpiel's ActionType ids)
A_FOLD = 0
A_CALL = 1  # a check when there is nothing to call
A_RAISE = 2
NUM_ACTIONS = 3
MAX_LEGAL = 3
ACTION_NAMES = ("Fold", "Call", "Raise")  # OpenSpiel's ActionToString

# Phases (H_PHASE)
PH_NONE = 0  # nothing to decide: resolving, or over
PH_BET = 1  # the seat H_ACTOR bets

_size = HEADER_SIZE


def _s(n: int = 1) -> int:
    """Reserve n words of the state; return the first one's offset."""
    global _size
    first = _size
    _size += n
    return first


S_PUBLIC = _s()  # the public card, revealed when round 2 starts (NO_CARD before)
S_NCARDS = _s()  # cards in this game's deck (suits * ranks)
S_RANKS = _s()  # ranks in this game's deck (players + extra_ranks)
S_DECK_N = _s()  # cards still in the deck (undealt)
S_DECK = _s(MAX_CARDS)  # the undealt cards, S_DECK_N of them first, NO_CARD after
S_PRIVATE = _s(MAXP)  # each seat's private card
S_CONTRIB = _s(MAXP)  # chips each seat has put in the pot (ante included; OpenSpiel's ante_)
S_FOLDED = _s(MAXP)  # 1 for a seat that folded
S_WINNER = _s(MAXP)  # 1 for a seat that takes (a share of) the pot, once the game is over
S_PAYOUT = _s(MAXP)  # what each seat takes from the pot at the end, in CHIP_UNITS per chip
S_POT = _s()  # chips in the pot (the sum of S_CONTRIB)
S_STAKES = _s()  # the bet every seat still in must match (OpenSpiel's stakes_)
S_RAISES = _s()  # raises made this round (OpenSpiel's num_raises_)
S_CALLS = _s()  # calls (and checks) this round since its last raise (OpenSpiel's num_calls_)
S_REMAINING = _s()  # seats that have not folded
S_NWINNERS = _s()  # seats sharing the pot (0 before the end)
S_SHOWDOWN = _s()  # 1 when the game ended at a showdown, 0 when all but one folded
S_NBETS = _s(ROUNDS)  # actions taken in each round
S_BETS = _s(ROUNDS * MAX_BETS)  # the actions of each round in order (round r at S_BETS + r * MAX_BETS)
STATE_SIZE = _size

# Tables (compiled from sim/leduc/data/leduc.toml by sim.leduc.config)
T_ANTE = 0  # chips each seat puts in before the deal
T_RAISE = 1  # raise amount of each round (ROUNDS words)
T_MAX_RAISES = T_RAISE + ROUNDS  # most raises in one round
T_SUITS = T_MAX_RAISES + 1  # suits in the deck
T_EXTRA_RANKS = T_SUITS + 1  # ranks beyond one per seat
T_START = T_EXTRA_RANKS + 1  # seat that starts each betting round (the next one still in if it folded)
TABLES_SIZE = T_START + 1

assert CHIP_UNITS % math.lcm(*range(1, MAX_SUITS + 1)) == 0  # a pot shared by up to MAX_SUITS seats
