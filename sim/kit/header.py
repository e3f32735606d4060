"""The state header: the first words of every game's state, at agreed offsets.

Every game's state is one flat int64 array; the generic machinery (the game loop, the agents,
ISMCTS, the traced loop) reads only these words. They are Dungeonology's offsets, so nothing of
that game moves.
"""

from __future__ import annotations

H_RNG0 = 0  # first word of the game's generator (sim.kit.rng)
H_RNG1 = 1  # second word of the game's generator
H_NPLAYERS = 2  # seats in the game
H_TURN = 3  # turns started
H_ROUND = 4  # rounds started (the traced loop records standings when it changes)
H_CUR = 5  # seat whose turn it is
H_FIRST = 6  # first player
H_PHASE = 7  # the decision open now (0: none)
H_ACTOR = 8  # the seat that decides now
H_OVER = 9  # 1 once the game is over

HEADER_SIZE = 10
