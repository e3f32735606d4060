"""The ranges a state field's ints may hold (``Field.bounds``), in the layout's
maxima: what ``sim.dungeonology.state_bounds`` checks in a state from outside (a
record's ``initial_state``) before it reaches compiled code. Counts the rules
conserve get the wide ``NUM``: the invariant checker compares them with the box."""

from __future__ import annotations

from sim.dungeonology.layout import limits as X

COUNT = 2**31 - 1  # a count: any number (conservation is the invariant checker's job)
SEAT = (-1, X.MAX_SEATS - 1)  # a seat or -1 (none); the automaton seat included
ZONE = (-1, X.MAX_ZONES - 1)  # a Zone tile or -1
FLAG = (0, 1)
NUM = (0, COUNT)
SIGNED = (-COUNT, COUNT)
COORD = (-2 * X.MAX_ZONES - 2, 2 * X.MAX_ZONES + 2)  # half-tile units: a chain of every tile from (0, 0)
SEAT1 = (0, X.MAX_SEATS)  # a seat + 1, 0 none
COLOUR = (-1, X.MAX_COL - 1)
COLOUR1 = (0, X.MAX_COL)  # a colour + 1, 0 none
KIND = (-1, X.MAX_KINDS - 1)
ARG = (-1, X.MAX_OPS)  # a continuation argument: program, step, seat, Zone, index
