"""Where a game's time goes: the processor's cycle counter and the profile counters of a game loop.

A profile is an int64 array ``prof[rows, 2, len(PARTS)]``: for each row (a decision phase of the game,
then set-up, then one bookkeeping row) the cycles (``prof[r, 0]``) and the calls (``prof[r, 1]``) of each
part. The parts: ``legal`` (the legal actions of a decision opening, counted in the phase it opens),
``apply`` (an action applied, forced ones included, in the phase decided), ``resolve`` (the rules
resolved after it until the next decision, in the phase decided last) and ``agent`` (the agent choosing).
The last row's first word holds the phase decided last. A game's ``step`` that takes ``prof`` fills the
first three parts; the game loop fills set-up and the agent's part.
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from sim.kit.jit import kernel

PARTS = ("legal", "apply", "resolve", "agent")
P_LEGAL, P_APPLY, P_RESOLVE, P_AGENT = range(len(PARTS))


@intrinsic
def cycles(typingctx):
    """The processor's cycle counter (``llvm.readcyclecounter``; 0 where a target has none)."""

    def codegen(context, builder, signature, args):
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ir.IntType(64), []),
                                            "llvm.readcyclecounter")
        return builder.call(fn, [])

    return types.int64(), codegen


@kernel
def read_cycles():
    return cycles()


@kernel
def count(prof, row, part, spent):
    """Add one call of ``part`` taking ``spent`` cycles to ``row``."""
    prof[row, 0, part] += spent
    prof[row, 1, part] += 1


@kernel
def last_row(prof):
    """The row of the phase decided last (kept in the bookkeeping row)."""
    return prof[prof.shape[0] - 1, 0, 0]


@kernel
def set_last(prof, row):
    prof[prof.shape[0] - 1, 0, 0] = row
