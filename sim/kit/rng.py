"""Seeded random numbers kept inside the state (xoroshiro64**, 32-bit words).

Both words live in the state array (sim.kit.header: words 0 and 1) as non-negative int64 values below 2**32, so
the arithmetic is identical with and without ``NUMBA_DISABLE_JIT``: products
are split so that nothing overflows 63 bits.
"""

from __future__ import annotations

from sim.kit.header import H_RNG0, H_RNG1
from sim.kit.jit import kernel

M32 = 0xFFFFFFFF


@kernel
def _rotl(x, k):
    return ((x << k) | (x >> (32 - k))) & M32


@kernel
def _mul32(a, m):
    """(a * m) mod 2**32 without overflowing int64."""
    lo = (a * (m & 0xFFFF)) & M32
    hi = ((a * (m >> 16)) & 0xFFFF) << 16
    return (lo + hi) & M32


@kernel
def next32(s):
    """Advance the generator; return 32 random bits as a non-negative int."""
    s0 = s[H_RNG0]
    s1 = s[H_RNG1]
    result = _mul32(_rotl(_mul32(s0, 0x9E3779BB), 5), 5)
    s1 = s1 ^ s0
    s[H_RNG0] = _rotl(s0, 26) ^ s1 ^ ((s1 << 9) & M32)
    s[H_RNG1] = _rotl(s1, 13)
    return result


@kernel
def randint(s, n):
    """Uniform integer in [0, n) (n < 2**16 here, so no bias worth noting)."""
    if n <= 1:
        return 0
    return (next32(s) * n) >> 32


def seed_words(seed: int) -> tuple[int, int]:
    """Two non-zero 32-bit words from any integer seed (splitmix64 in Python ints)."""
    z = (int(seed) + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    z ^= z >> 31
    w0, w1 = z & M32, z >> 32
    if w0 == 0 and w1 == 0:
        w0 = 1
    return w0, w1


@kernel
def seed_state(s, w0, w1):
    s[H_RNG0] = w0
    s[H_RNG1] = w1
    if w0 == 0 and w1 == 0:
        s[H_RNG0] = 1
