"""The state header: the first words of every game's state, at agreed offsets.

A game's whole state is one flat ``int64`` array. Its first ``HEADER_SIZE``
words mean the same in every game, so that the generic machinery (the game
loop, the agents, ISMCTS, the trace) reads who decides and whether the game
is over without knowing the game; the game's own sections follow them.
"""

from __future__ import annotations

H_RNG0 = 0  # first word of the game's random number generator (sim.kit.rng)
H_RNG1 = 1  # second word of the game's random number generator
H_NPLAYERS = 2  # seats in the game
H_TURN = 3  # turns started
H_ROUND = 4  # rounds started (the traced loop records the standings when it changes)
H_CUR = 5  # seat whose turn it is
H_FIRST = 6  # first player
H_PHASE = 7  # the decision open now (0: none, the rules are resolving)
H_ACTOR = 8  # the seat that decides now
H_OVER = 9  # 1 once the game is over
HEADER_SIZE = 10
