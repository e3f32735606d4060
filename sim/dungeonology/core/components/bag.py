"""The University bag and the Reserve: Students moved between them, a Student's kind drawn.

Rulebook: "Students", "Omega Students, Jinx Cards, Alert Card and the University";
with Rocca Civetta's "Student Congregations" the bag holds Congregation Students too
(S_UNIV_CONGREGATION). The procedures that draw and replenish are ``university``'s;
these are what the modules' rules also use to move Students.
"""

from __future__ import annotations

from sim.dungeonology import layout as L
from sim.kit.jit import kernel
from sim.kit.rng import randint


@kernel
def fill_university(s, grey, omega):
    """Move Students from the Reserve into the University, if available."""
    g = grey if grey < s[L.S_RES_GREY] else s[L.S_RES_GREY]
    s[L.S_RES_GREY] -= g
    s[L.S_UNIV_GREY] += g
    o = omega if omega < s[L.S_RES_OMEGA] else s[L.S_RES_OMEGA]
    s[L.S_RES_OMEGA] -= o
    s[L.S_UNIV_OMEGA] += o


@kernel
def kind_drawn(s):
    """The kind (STUDENT_KINDS index) of the next Student out of a non-empty
    University: the next one a scenario fixed (S_SET_UNIV), if that kind is
    in the bag; else at random, each Student alike (-1: the bag is empty)."""
    total = s[L.S_UNIV_GREY] + s[L.S_UNIV_OMEGA]
    for c in range(L.NCONGREGATIONS):
        total += s[L.S_UNIV_CONGREGATION + c]
    if total == 0:
        return -1
    while s[L.S_SET_UNIV_I] < s[L.S_SET_UNIV_N]:
        kind = s[L.S_SET_UNIV + s[L.S_SET_UNIV_I]]
        s[L.S_SET_UNIV_I] += 1
        if univ_count(s, kind) > 0:
            return kind
    r = randint(s, total)
    for kind in range(L.NSTUDENT_KINDS):
        if r < univ_count(s, kind):
            return kind
        r -= univ_count(s, kind)
    return -1


@kernel
def univ_count(s, kind):
    if kind == 0:
        return s[L.S_UNIV_GREY]
    if kind == 1:
        return s[L.S_UNIV_OMEGA]
    return s[L.S_UNIV_CONGREGATION + kind - 2]


@kernel
def kind_drawn_total(s):
    total = s[L.S_UNIV_GREY] + s[L.S_UNIV_OMEGA]
    for c in range(L.NCONGREGATIONS):
        total += s[L.S_UNIV_CONGREGATION + c]
    return total
