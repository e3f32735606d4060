"""The range of every field of the game state, checked before a state from
outside (a record's ``initial_state``) reaches compiled code.

The kernels index arrays with state values and do not check bounds, so a
tampered index could read or write outside an array. Each field of the state
and of a player block (:mod:`sim.dungeonology.layout.state`, the manifests) gives
its allowed range (``Field.bounds``, in the vocabulary of
:mod:`sim.dungeonology.layout.bounds`); the few that depend on the codes of the
whole game (phases, end reasons, opcodes) are :data:`COMPUTED` here.
:func:`state_problem` names the first field out of range; the invariant checker
(``sim.dungeonology.core.checks``) is run only on a state in range.
"""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.layout import limits as X
from sim.dungeonology.layout.bounds import COUNT  # noqa: F401 (the widest count, read by the adapters)
from sim.dungeonology.manifest import Field

# The fields whose range the codes of the whole game decide (every phase, end reason, opcode)
_CODES = sorted(L.PHASES)
_K = [v for k, v in vars(L).items() if k.startswith("K_") and isinstance(v, int) and k not in ("K_NONE",)]
COMPUTED: dict[str, tuple[int, int]] = {
    "S_PHASE": (min(_CODES), max(_CODES)),
    "S_END_REASON": (0, len(L.END_REASONS) - 1),
    # discard filter: a type + 1 (and a wild type) or an opcode
    "S_P_TYPE": (0, max(X.MAX_KINDS * (L.WILD_TYPE_UNIT + 1), *(r[2][1] for r in L.RANGES.values()))),
}


def _bounds(f: Field) -> tuple[int, int]:
    if f.name in COMPUTED:
        return COMPUTED[f.name]
    if f.bounds is None:
        raise RuntimeError(f"the state field {f.name} ({f.owner or 'base'}) has no range: give its Field bounds "
                           "(sim.dungeonology.layout.bounds)")
    return f.bounds


def _spans(fields: tuple[Field, ...]) -> list[tuple]:
    """(name, offset, size, lo, hi) of every field (RuntimeError naming a field without a range)."""
    out, at = [], 0
    for f in fields:
        lo, hi = _bounds(f)
        out.append((f.name, at, f.size, lo, hi))
        at += f.size
    return out


_TABLE: tuple[np.ndarray, np.ndarray, list[str]] | None = None


def field_ranges() -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Per state index: lowest, highest and the field's name (built once)."""
    global _TABLE
    if _TABLE is None:
        lo = np.zeros(L.STATE_SIZE, np.int64)
        hi = np.zeros(L.STATE_SIZE, np.int64)
        names = [""] * L.STATE_SIZE
        for name, off, size, a, b in _spans(L.STATE_FIELDS):
            lo[off:off + size], hi[off:off + size] = a, b
            for i in range(size):
                names[off + i] = name if size == 1 else f"{name}[{i}]"
        for name, off, size, a, b in _spans(L.PLAYER_FIELDS):
            for seat in range(X.MAX_SEATS):
                base = L.P_BASE + seat * L.PSZ + off
                lo[base:base + size], hi[base:base + size] = a, b
                for i in range(size):
                    names[base + i] = f"seat {seat} {name}" + ("" if size == 1 else f"[{i}]")
        _TABLE = (lo, hi, names)
    return _TABLE


def state_problem(state: np.ndarray, players: int) -> str | None:
    """None, or what is out of range in ``state`` (a game of ``players`` seats): the first field outside
    its range, a player count that differs, or a continuation with an unknown code."""
    lo, hi, names = field_ranges()
    bad = np.flatnonzero((state < lo) | (state > hi))
    if bad.size:
        i = int(bad[0])
        return f"{names[i]} = {int(state[i])} is out of range (allowed: {int(lo[i])} to {int(hi[i])})"
    if int(state[L.S_NPLAYERS]) != players:
        return f"S_NPLAYERS = {int(state[L.S_NPLAYERS])} differs from the config's {players} players"
    if int(state[L.S_PHASE]) not in L.PHASES:
        return f"S_PHASE = {int(state[L.S_PHASE])} is not a decision phase"
    for e in range(int(state[L.S_KSP])):
        code = int(state[L.S_KSTACK + e * L.KSTACK_W])
        if code not in _K:
            return f"S_KSTACK[{e * L.KSTACK_W}] = {code} is not a continuation code"
    return None
