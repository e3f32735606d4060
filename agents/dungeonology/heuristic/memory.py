"""The heuristic's memory between decisions: the Zones' study values kept in
the seat's row.

A seat's row (``agents.batch.SEAT_WORDS`` int64, the ``rng`` argument of
``act``) holds the seat's generator in words 0-1 and memory after them. A
Zone's study value (``agents.dungeonology.heuristic.study.study_value``) is a function of
the tables, the Zone, the Zone-free context (``study_context`` and the hand's
Stealth potential), the seat's cubes, the Zone's Alert Value ("Study -
Stealth Test": printed, plus the Boss's Alert Modifier) and the Zone's cubes;
nothing else of the state is read. The memory keeps those inputs with each
value, and a value is reused only when every one of them is the same now
(floats compared by their bits), so a reused value is the one that would be
computed. A Scholar walking changes none of them ("1. Movement Phase"),
a drawn Zone adds one.

The tables are named by their address and size: a caller keeps them alive
and unchanged while the memory is in use (the batch loop: one tables array
for the loop; ``NumbaAgent``: it clears its memory when the game's tables
change). A row too short for the memory (two words: just a generator) means
no memory: everything is computed.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import config, types
from numba.extending import intrinsic
from numba.np.arrayobj import make_array

from agents.contract import SEAT_WORDS
from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf
from sim.kit.jit import kernel

M_TABLES = 2  # the tables' address
M_TSIZE = 3  # ... and size
M_POT = 4  # the hand's Stealth potential with the Study Bonus (float bits)
M_COMMON = 5  # study_context: Alert Card bonus and passives
M_EXPECTED = 6  # ... expected interference (float bits)
M_INTEL = 7  # ... Intelligence
M_STALL = 8  # ... stall bonus (float bits)
M_CUBES = 9  # the seat's cubes per column (MAX_COL)
M_ZONES = M_CUBES + L.MAX_COL  # per Zone, ZW words:
Z_KEPT = 0  # 1: a value is kept
Z_ALERT = 1  # the Zone's Alert Value it was computed with
Z_CUBES = 2  # the Zone's cube spaces (MAX_ZSLOTS)
Z_VALUE = Z_CUBES + L.MAX_ZSLOTS  # the value (float bits)
ZW = Z_VALUE + 1
MEMORY_END = M_ZONES + L.MAX_ZONES * ZW
if MEMORY_END > SEAT_WORDS:
    raise ImportError(f"the heuristic's memory needs {MEMORY_END} words of a seat's row, agents.batch gives "
                      f"{SEAT_WORDS}")

if config.DISABLE_JIT:  # plain Python: numpy's views
    def float_bits(x: float) -> int:
        """The bits of a float64 as an int64."""
        return int(np.float64(x).view(np.int64))

    def bits_float(b: int) -> float:
        """The float64 whose bits are the int64 b."""
        return float(np.int64(b).view(np.float64))

    def data_address(a: np.ndarray) -> int:
        """The address of an array's data."""
        return int(a.ctypes.data)
else:
    @intrinsic
    def float_bits(typingctx, x):
        """The bits of a float64 as an int64."""
        if not isinstance(x, types.Float):
            return None

        def codegen(context, builder, signature, args):
            return builder.bitcast(context.cast(builder, args[0], x, types.float64), ir.IntType(64))

        return types.int64(x), codegen

    @intrinsic
    def bits_float(typingctx, b):
        """The float64 whose bits are the int64 b."""
        if not isinstance(b, types.Integer):
            return None

        def codegen(context, builder, signature, args):
            return builder.bitcast(context.cast(builder, args[0], b, types.int64), ir.DoubleType())

        return types.float64(b), codegen

    @intrinsic
    def data_address(typingctx, a):
        """The address of an array's data (no reference counted)."""
        if not isinstance(a, types.Array):
            return None

        def codegen(context, builder, signature, args):
            ary = make_array(a)(context, builder, value=args[0])
            return builder.ptrtoint(ary.data, ir.IntType(64))

        return types.int64(a), codegen


@kernel
def has_memory(mem):
    """The row has room for the memory (not just a generator)."""
    return mem.shape[0] >= MEMORY_END


@kernel
def context_kept(mem, s, t, me, pot, common, expected, intel, stall):
    """Are the Zone-free inputs of the kept values those given? If not, they
    are kept instead and every kept value is dropped."""
    same = (mem[M_TABLES] == data_address(t) and mem[M_TSIZE] == t.shape[0] and mem[M_POT] == float_bits(pot)
            and mem[M_COMMON] == common and mem[M_EXPECTED] == float_bits(expected) and mem[M_INTEL] == intel
            and mem[M_STALL] == float_bits(stall))
    for c in range(L.MAX_COL):
        if mem[M_CUBES + c] != s[pf(me, L.PF_CUBES) + c]:
            same = False
    if same:
        return True
    mem[M_TABLES] = data_address(t)
    mem[M_TSIZE] = t.shape[0]
    mem[M_POT] = float_bits(pot)
    mem[M_COMMON] = common
    mem[M_EXPECTED] = float_bits(expected)
    mem[M_INTEL] = intel
    mem[M_STALL] = float_bits(stall)
    for c in range(L.MAX_COL):
        mem[M_CUBES + c] = s[pf(me, L.PF_CUBES) + c]
    for z in range(L.MAX_ZONES):
        mem[M_ZONES + z * ZW + Z_KEPT] = 0
    return False


@kernel
def zone_kept(mem, s, t, z, alert):
    """Is a value of Zone z kept, computed with this Alert Value and the
    Zone's cubes as they are now?"""
    o = M_ZONES + z * ZW
    if mem[o + Z_KEPT] != 1 or mem[o + Z_ALERT] != alert:
        return False
    for i in range(t[L.T_Z_NCUBES + z]):
        if mem[o + Z_CUBES + i] != s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i]:
            return False
    return True


@kernel
def keep_zone(mem, s, t, z, alert, value):
    """Keep the value of Zone z with its Alert Value and cubes."""
    o = M_ZONES + z * ZW
    mem[o + Z_KEPT] = 1
    mem[o + Z_ALERT] = alert
    for i in range(t[L.T_Z_NCUBES + z]):
        mem[o + Z_CUBES + i] = s[L.S_ZCUBE + z * L.MAX_ZSLOTS + i]
    mem[o + Z_VALUE] = float_bits(value)


@kernel
def kept_value(mem, z):
    """The kept value of Zone z (zone_kept says whether it holds)."""
    return bits_float(mem[M_ZONES + z * ZW + Z_VALUE])
