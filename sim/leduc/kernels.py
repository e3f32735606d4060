"""Leduc poker's numba kernels: the contract every game's kernels module gives (``SEAM_PLAN.md``).

The rules are OpenSpiel's ``leduc_poker`` (open_spiel/games/leduc_poker/leduc_poker.cc, read for
this module; the game of Southey et al., UAI 2005), with its rule values from the data
(``sim.leduc.config``):

- Each seat antes; one private card each is dealt, seat 0 first.
- Round 1 betting, then a public card is revealed, then round 2 betting. Each round starts at the
  starting player (or the next seat still in). A seat may fold only when it faces a bet
  (stakes above its contribution), may always call (a check when there is nothing to call), and
  may raise while the round has had fewer than ``max_raises`` raises: it matches the stakes, then
  adds the round's raise amount. A round ends when every seat still in has checked (no raise), or
  when all but the last raiser have called since the last raise.
- The game ends when one seat is left (it takes the pot) or after round 2 (showdown: a pair with
  the public card beats every unpaired hand, pairs by rank; otherwise the higher card, then the
  lower; tied seats split the pot).

Chance is "sampled stochastic", as in Dungeonology: the cards are drawn from the state's own
generator (the private cards in ``init``, the public card when round 2 starts); there are no chance
nodes. OpenSpiel's action ids: 0 fold, 1 call/check, 2 raise.
"""

from __future__ import annotations

import numpy as np

from sim.kit.jit import kernel, scratch_int
from sim.kit.profile import P_APPLY, P_LEGAL, count, cycles
from sim.kit.rng import next32, randint, seed_state
from sim.leduc import layout as L
from sim.leduc.layout import MAX_CARDS, MAX_LEGAL, MAXP, NUM_ACTIONS, STATE_SIZE  # noqa: F401 (the contract)

ROW_FIELDS = ("seat", "won", "return_units", "chips_in", "folded", "card", "card_rank", "hand", "rank")
GAME_FIELDS = ("rounds", "public_card", "pot", "decisions", "error", "showdown", "winners", "first_player")
NROW = len(ROW_FIELDS)  # return_units: the seat's return in layout.CHIP_UNITS per chip
NGAME = len(GAME_FIELDS)
PHASE_NAMES = ("none", "bet")  # layout.PH_NONE, PH_BET
NPHASES = len(PHASE_NAMES)

# The rollout personas of ISMCTS (word 0: raise at this hand strength or above, word 1: fold a bet
# below it; word 15 = 1: uniformly random).
ROLLOUT_NAMES = ("heuristic", "random")
ROLLOUT_PARAMS = np.zeros((2, 16))
ROLLOUT_PARAMS[0, 0] = 0.75
ROLLOUT_PARAMS[0, 1] = 0.3
ROLLOUT_PARAMS[1, 15] = 1.0

# check() codes (0: every invariant holds)
CHK_SEATS = 1  # the seat count or the deck's size is not the data's
CHK_CARDS = 2  # the private cards, the public card and the deck are not each card exactly once
CHK_POT = 3  # the pot is not the sum of the contributions
CHK_STAKES = 4  # a contribution is below the ante, above the stakes, or the stakes above their cap
CHK_ROUND = 5  # the round, its raises or its calls are out of range, or the public card disagrees
CHK_FOLDS = 6  # the seats still in are not those that did not fold
CHK_ACTOR = 7  # the seat to act is not a seat still in (or one is set once the game is over)
CHK_PAYOUT = 8  # once over, the payouts are not the pot, or not equal shares of the winners
CHK_HISTORY = 9  # the actions recorded are not the turns taken


@kernel
def draw(s):
    """Take a uniformly random card out of the deck (the state's generator)."""
    n = s[L.S_DECK_N]
    i = randint(s, n)
    card = s[L.S_DECK + i]
    s[L.S_DECK + i] = s[L.S_DECK + n - 1]
    s[L.S_DECK + n - 1] = L.NO_CARD
    s[L.S_DECK_N] = n - 1
    return card


@kernel
def next_seat(s, after):
    """The first seat still in after seat ``after`` (in seat order, wrapping)."""
    n = s[L.H_NPLAYERS]
    for i in range(1, n + 1):
        p = (after + i + n) % n
        if s[L.S_FOLDED + p] == 0:
            return p
    return -1


@kernel
def init(s, t, nplayers, setup, w0, w1):
    """A new game: antes in, the private cards dealt (seat 0 first), seat T_START to act."""
    for i in range(STATE_SIZE):
        s[i] = 0
    seed_state(s, w0, w1)
    s[L.H_NPLAYERS] = nplayers
    s[L.H_ROUND] = 1
    s[L.H_FIRST] = t[L.T_START]
    ranks = nplayers + t[L.T_EXTRA_RANKS]
    ncards = ranks * t[L.T_SUITS]
    s[L.S_RANKS] = ranks
    s[L.S_NCARDS] = ncards
    s[L.S_DECK_N] = ncards
    for c in range(MAX_CARDS):
        s[L.S_DECK + c] = c if c < ncards else L.NO_CARD
    for i in range(L.ROUNDS * L.MAX_BETS):
        s[L.S_BETS + i] = -1
    s[L.S_PUBLIC] = L.NO_CARD
    for p in range(MAXP):
        s[L.S_PRIVATE + p] = L.NO_CARD
    for p in range(nplayers):
        s[L.S_PRIVATE + p] = draw(s)
        s[L.S_CONTRIB + p] = t[L.T_ANTE]
    s[L.S_POT] = t[L.T_ANTE] * nplayers
    s[L.S_STAKES] = t[L.T_ANTE]
    s[L.S_REMAINING] = nplayers
    start_round(s)


@kernel
def start_round(s):
    """The starting player, or the first seat still in after it, bets."""
    seat = next_seat(s, s[L.H_FIRST] - 1)
    s[L.H_CUR] = seat
    s[L.H_ACTOR] = seat
    s[L.H_PHASE] = L.PH_BET


@kernel
def hand_value(s, t, p):
    """Seat p's showdown hand: a pair with the public card above every unpaired hand (pairs by
    rank), otherwise by the higher rank, then the lower (equal values split the pot)."""
    suits = t[L.T_SUITS]
    ranks = s[L.S_RANKS]
    mine = s[L.S_PRIVATE + p] // suits
    board = s[L.S_PUBLIC] // suits
    if mine == board:
        return ranks * ranks + mine
    return max(mine, board) * ranks + min(mine, board)


@kernel
def resolve(s, t):
    """The end: the last seat in takes the pot, or the best hands at the showdown share it."""
    n = s[L.H_NPLAYERS]
    s[L.H_OVER] = 1
    s[L.H_PHASE] = L.PH_NONE
    s[L.H_CUR] = -1
    s[L.H_ACTOR] = -1
    best = -1
    winners = 0
    for p in range(n):
        if s[L.S_FOLDED + p] == 0:
            v = hand_value(s, t, p) if s[L.S_REMAINING] > 1 else 0
            if v > best:
                best = v
                winners = 0
                for q in range(n):
                    s[L.S_WINNER + q] = 0
            if v == best:
                s[L.S_WINNER + p] = 1
                winners += 1
    s[L.S_NWINNERS] = winners
    s[L.S_SHOWDOWN] = 1 if s[L.S_REMAINING] > 1 else 0
    for p in range(n):
        s[L.S_PAYOUT + p] = s[L.S_POT] * L.CHIP_UNITS // winners if s[L.S_WINNER + p] == 1 else 0


@kernel
def put(s, p, chips):
    s[L.S_CONTRIB + p] += chips
    s[L.S_POT] += chips


@kernel
def apply(s, t, a):
    """Seat H_ACTOR folds, calls or raises; then the next seat bets, round 2 starts (the public
    card is revealed) or the game ends (OpenSpiel's DoApplyAction, ReadyForNextRound, NewRound)."""
    p = s[L.H_ACTOR]
    r = s[L.H_ROUND] - 1
    s[L.S_BETS + r * L.MAX_BETS + s[L.S_NBETS + r]] = a
    s[L.S_NBETS + r] += 1
    s[L.H_TURN] += 1
    if a == L.A_FOLD:
        s[L.S_FOLDED + p] = 1
        s[L.S_REMAINING] -= 1
    elif a == L.A_CALL:
        put(s, p, s[L.S_STAKES] - s[L.S_CONTRIB + p])
        s[L.S_CALLS] += 1
    else:
        put(s, p, s[L.S_STAKES] - s[L.S_CONTRIB + p])
        s[L.S_STAKES] += t[L.T_RAISE + r]
        put(s, p, t[L.T_RAISE + r])
        s[L.S_RAISES] += 1
        s[L.S_CALLS] = 0
    left = s[L.S_REMAINING]
    raises = s[L.S_RAISES]
    calls = s[L.S_CALLS]
    done = (raises == 0 and calls == left) or (raises > 0 and calls == left - 1)
    if left == 1 or (done and r == L.ROUNDS - 1):
        resolve(s, t)
    elif done:
        s[L.H_ROUND] += 1
        s[L.S_RAISES] = 0
        s[L.S_CALLS] = 0
        s[L.S_PUBLIC] = draw(s)
        start_round(s)
    else:
        seat = next_seat(s, p)
        s[L.H_CUR] = seat
        s[L.H_ACTOR] = seat


@kernel
def legal_actions(s, t, buf):
    """Fold when facing a bet, call always, raise below the round's cap (OpenSpiel's LegalActions)."""
    if s[L.H_OVER] == 1 or s[L.H_PHASE] != L.PH_BET:
        return 0
    p = s[L.H_ACTOR]
    n = 0
    if s[L.S_STAKES] > s[L.S_CONTRIB + p]:
        buf[n] = L.A_FOLD
        n += 1
    buf[n] = L.A_CALL
    n += 1
    if s[L.S_RAISES] < t[L.T_MAX_RAISES]:
        buf[n] = L.A_RAISE
        n += 1
    return n


@kernel
def step(s, t, a, buf, prof=None):
    """Apply ``a`` (none when a < 0); play forced choices (one legal action, e.g. with
    max_raises = 0); write the legal actions of the next decision to buf; return how many (0: over).
    With ``prof`` (``sim.kit.profile``) the cycles of applying and of the legal actions are counted."""
    if a >= 0:
        if prof is not None:
            c0 = cycles()
        apply(s, t, a)
        if prof is not None:
            count(prof, L.PH_BET, P_APPLY, cycles() - c0)
    while True:
        if prof is not None:
            c0 = cycles()
        n = legal_actions(s, t, buf)
        if prof is not None and n > 0:
            count(prof, L.PH_BET, P_LEGAL, cycles() - c0)
        if n != 1:
            return n
        apply(s, t, buf[0])


@kernel
def determinize(s, t, seat, rng):
    """Deal again, uniformly, what ``seat`` cannot see: the other seats' private cards and the
    deck (its own card and the public card stay); reseed the game's generator from ``rng``, so
    that the public card still to come is unknown too."""
    n = s[L.H_NPLAYERS]
    pool = scratch_int(MAX_CARDS)
    k = 0
    for p in range(n):
        if p != seat:
            pool[k] = s[L.S_PRIVATE + p]
            k += 1
    for i in range(s[L.S_DECK_N]):
        pool[k] = s[L.S_DECK + i]
        k += 1
    for i in range(k - 1, 0, -1):
        j = randint(rng, i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    k = 0
    for p in range(n):
        if p != seat:
            s[L.S_PRIVATE + p] = pool[k]
            k += 1
    for i in range(s[L.S_DECK_N]):
        s[L.S_DECK + i] = pool[k]
        k += 1
    s[L.H_RNG0] = next32(rng)
    s[L.H_RNG1] = next32(rng) | 1


@kernel
def most_in(t):
    """The most chips one seat can put in: the ante and every raise of every round."""
    most = t[L.T_ANTE]
    for r in range(L.ROUNDS):
        most += t[L.T_RAISE + r] * t[L.T_MAX_RAISES]
    return most


@kernel
def value_now(s, t, p):
    """Seat p's hand if every seat still in checked to the showdown now: its showdown hand once the
    public card is out, its private card's rank before; -1 for a seat that folded."""
    if s[L.S_FOLDED + p] == 1:
        return -1
    if s[L.S_PUBLIC] == L.NO_CARD:
        return s[L.S_PRIVATE + p] // t[L.T_SUITS]
    return hand_value(s, t, p)


@kernel
def evaluate(s, t, out):
    """Reward per seat in [0, 1], linear in chips (the return, -most_in .. (n - 1) * most_in): at
    the end, the return; before it, the return if every seat still in checked to the showdown now
    (value_now: before the public card, the highest private rank takes the pot)."""
    n = s[L.H_NPLAYERS]
    most = most_in(t)
    best = -1
    winners = 0
    for p in range(n):
        v = value_now(s, t, p)
        if v > best:
            best = v
            winners = 0
        if v == best:
            winners += 1
    for p in range(n):
        if s[L.H_OVER] == 1:
            takes = s[L.S_PAYOUT + p] / L.CHIP_UNITS
        else:
            takes = s[L.S_POT] / winners if value_now(s, t, p) == best else 0.0
        out[p] = (takes - s[L.S_CONTRIB + p] + most) / (n * most)


@kernel
def strength(s, t, p):
    """Seat p's hand strength in [0, 1]: its rank among the ranks; a pair with the public card 1."""
    mine = s[L.S_PRIVATE + p] // t[L.T_SUITS]
    if s[L.S_PUBLIC] != L.NO_CARD and s[L.S_PUBLIC] // t[L.T_SUITS] == mine:
        return 1.0
    return mine / (s[L.S_RANKS] - 1)


@kernel
def rollout_act(s, t, buf, n, params, rng):
    """The default heuristic: raise a strong hand (strength >= params[0]) while raising is legal,
    fold a weak one (< params[1]) facing a bet, call otherwise; uniformly random when params[15] is 1."""
    if params[15] > 0.5:
        return buf[randint(rng, n)]
    v = strength(s, t, s[L.H_ACTOR])
    want = L.A_CALL
    if v >= params[0]:
        want = L.A_RAISE
    elif v < params[1]:
        want = L.A_FOLD
    for i in range(n):
        if buf[i] == want:
            return want
    return L.A_CALL


@kernel
def check(s, t):
    """The invariants (CHK_* codes, 0 when all hold): cards dealt once each, chips conserved,
    stakes and raises within the rules, the seat to act still in, the pot paid out in equal shares."""
    n = s[L.H_NPLAYERS]
    ncards = s[L.S_NCARDS]
    if n < 2 or n > MAXP or s[L.S_RANKS] != n + t[L.T_EXTRA_RANKS] or ncards != s[L.S_RANKS] * t[L.T_SUITS]:
        return CHK_SEATS
    seen = scratch_int(MAX_CARDS)
    dealt = n + (1 if s[L.S_PUBLIC] != L.NO_CARD else 0)
    if s[L.S_DECK_N] + dealt != ncards:
        return CHK_CARDS
    for i in range(s[L.S_DECK_N] + dealt):  # the deck, the private cards, the public card
        k = i - s[L.S_DECK_N]
        c = s[L.S_DECK + i] if k < 0 else s[L.S_PRIVATE + k] if k < n else s[L.S_PUBLIC]
        if c < 0 or c >= ncards or seen[c] == 1:
            return CHK_CARDS
        seen[c] = 1
    pot = 0
    left = 0
    for p in range(n):
        pot += s[L.S_CONTRIB + p]
        left += 1 - s[L.S_FOLDED + p]
        c = s[L.S_CONTRIB + p]
        if c < t[L.T_ANTE] or c > s[L.S_STAKES]:
            return CHK_STAKES
    if pot != s[L.S_POT]:
        return CHK_POT
    if s[L.S_STAKES] > most_in(t):
        return CHK_STAKES
    if left != s[L.S_REMAINING] or left < 1:
        return CHK_FOLDS
    r = s[L.H_ROUND]
    if r < 1 or r > L.ROUNDS or s[L.S_RAISES] > t[L.T_MAX_RAISES] or s[L.S_CALLS] > left \
            or (s[L.S_PUBLIC] != L.NO_CARD) != (r == 2):
        return CHK_ROUND
    if s[L.S_NBETS] + s[L.S_NBETS + 1] != s[L.H_TURN]:
        return CHK_HISTORY
    actor = s[L.H_ACTOR]
    if s[L.H_OVER] == 0:
        if actor < 0 or actor >= n or s[L.S_FOLDED + actor] == 1 or s[L.H_CUR] != actor:
            return CHK_ACTOR
        return 0
    if actor != -1:
        return CHK_ACTOR
    paid = 0
    share = s[L.S_POT] * L.CHIP_UNITS // max(s[L.S_NWINNERS], 1)
    for p in range(n):
        paid += s[L.S_PAYOUT + p]
        if s[L.S_WINNER + p] == 1 and (s[L.S_PAYOUT + p] != share or s[L.S_FOLDED + p] == 1):
            return CHK_PAYOUT
    if paid != s[L.S_POT] * L.CHIP_UNITS:
        return CHK_PAYOUT
    return 0


@kernel
def standings(s, t, scores, ranks):
    """Each seat's score now, its return in CHIP_UNITS per chip (before the end: minus what it put
    in), and its rank (1 + the seats scoring more)."""
    n = s[L.H_NPLAYERS]
    for p in range(n):
        scores[p] = s[L.S_PAYOUT + p] - s[L.S_CONTRIB + p] * L.CHIP_UNITS
    for p in range(n):
        r = 1
        for q in range(n):
            if scores[q] > scores[p]:
                r += 1
        ranks[p] = r


@kernel
def write_rows(s, t, rows, g):
    """rows[g, seat, :NROW] (ROW_FIELDS) of a finished game."""
    n = s[L.H_NPLAYERS]
    scores = scratch_int(MAXP)
    ranks = scratch_int(MAXP)
    standings(s, t, scores, ranks)
    for p in range(n):
        r = rows[g, p]
        r[0] = p
        r[1] = s[L.S_WINNER + p]
        r[2] = scores[p]
        r[3] = s[L.S_CONTRIB + p]
        r[4] = s[L.S_FOLDED + p]
        r[5] = s[L.S_PRIVATE + p]
        r[6] = s[L.S_PRIVATE + p] // t[L.T_SUITS]
        r[7] = hand_value(s, t, p) if s[L.S_SHOWDOWN] == 1 and s[L.S_FOLDED + p] == 0 else -1
        r[8] = ranks[p]


@kernel
def write_game(s, games, g, decisions, err):
    """games[g, :NGAME] (GAME_FIELDS)."""
    row = games[g]
    row[0] = s[L.H_ROUND]
    row[1] = s[L.S_PUBLIC]
    row[2] = s[L.S_POT]
    row[3] = decisions
    row[4] = err
    row[5] = s[L.S_SHOWDOWN]
    row[6] = s[L.S_NWINNERS]
    row[7] = s[L.H_FIRST]
