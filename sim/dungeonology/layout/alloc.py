"""The allocator of array sections (state, tables, player blocks)."""

from __future__ import annotations


class Alloc:
    """Hands out consecutive offsets: ``X = alloc(n)`` reserves n ints and
    returns the first one's offset; ``size`` is the total so far."""

    def __init__(self) -> None:
        self.size = 0

    def __call__(self, n: int = 1) -> int:
        if n < 1:
            raise ValueError(f"a section holds at least one int, got {n}")
        start = self.size
        self.size += n
        return start
