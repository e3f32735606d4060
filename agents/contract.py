"""What every agent and every game loop agrees on; imports nothing.

A seat's row (the ``rng`` argument of an agent kind's ``act``) is
``SEAT_WORDS`` int64: its random generator in words 0-1 (``sim.kit.rng``),
then memory the seat's agent keeps between decisions (a row may be shorter,
a generator only: the agent then keeps nothing). A game stops with an error
code when it passes ``DECISION_LIMIT`` decisions, when no action is legal
although it is not over, or when an agent returns an illegal action (the
first legal one is then played).
"""

SEAT_WORDS = 576
DECISION_LIMIT = 200_000
ERR_STUCK = 17  # no legal action although the game is not over
ERR_ILLEGAL = 98  # an agent returned an action that is not legal
ERR_LIMIT = 99  # more than DECISION_LIMIT decisions
MAX_BATCH_KINDS = 6  # agent kinds in one batch (the loop's a0..a5)
MAX_PARAMS = 16  # float parameters of an agent kind
