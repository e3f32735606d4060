"""The continuation stack: what the engine does next while it resolves rules.

A rule procedure that may need a player's choice pushes its follow-up here
before asking; once the choice is made, ``step.advance`` pops and continues.
Entries are (code, a, b, c) with codes ``layout.K_*``.
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.kit.jit import kernel


@kernel
def push(s, code, a, b, c):
    i = L.S_KSTACK + s[L.S_KSP] * L.KSTACK_W
    s[i] = code
    s[i + 1] = a
    s[i + 2] = b
    s[i + 3] = c
    s[L.S_KSP] += 1


@kernel
def pop(s):
    """Pop the top entry; returns (code, a, b, c), code 0 when empty."""
    if s[L.S_KSP] == 0:
        return 0, 0, 0, 0
    s[L.S_KSP] -= 1
    i = L.S_KSTACK + s[L.S_KSP] * L.KSTACK_W
    return s[i], s[i + 1], s[i + 2], s[i + 3]


@kernel
def push_below(s, code, a, b, c):
    """Push an entry under the top one: what follows a continuation just pushed by a callee
    (a Sacrifice that waits for a choice) runs after it."""
    top = L.S_KSTACK + (s[L.S_KSP] - 1) * L.KSTACK_W
    for j in range(L.KSTACK_W):
        s[top + L.KSTACK_W + j] = s[top + j]
    s[top] = code
    s[top + 1] = a
    s[top + 2] = b
    s[top + 3] = c
    s[L.S_KSP] += 1
