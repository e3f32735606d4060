"""Result rows of a finished game, written inside numba by the batch loops
(``agents.batch``): one row per seat (``ROW_FIELDS``) and one per game
(``GAME_FIELDS``), the basic game's columns then each module's (its manifest's
``rows`` / ``games``, written by the generated ``dispatch_rows``);
``sim.dungeonology.results`` turns them into named pandas columns.
"""

from __future__ import annotations

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.decks import jinx_held
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.core.engine.dispatch_rows import (
    MODULE_GAME_FIELDS,
    MODULE_ROW_FIELDS,
    write_module_game,
    write_module_rows,
)
from sim.dungeonology.core.procedures.scoring import rank_seats, score_parts
from sim.kit.jit import allocating, kernel

BASE_ROW_FIELDS = (
    "seat", "scholar", "score", "board_points", "thesis_bonus", "jinx_penalty", "rank", "won",
    "thesis_order", "stars", "students", "exalted", "exalted_turns", "jinx", "knowledge",
    "studies", "study_wins", "espionages", "espionage_wins", "thesis_failures",
    "cubes_0", "cubes_1", "cubes_2", "cubes_3", "cubes_4", "cubes_5",
)
BASE_GAME_FIELDS = ("clan", "first_player", "turns", "rounds", "end_reason", "decisions", "theses", "error")
# then each module's columns (its manifest's rows and games), in manifest order
ROW_FIELDS = (*BASE_ROW_FIELDS, *MODULE_ROW_FIELDS)
GAME_FIELDS = (*BASE_GAME_FIELDS, *MODULE_GAME_FIELDS)
NROW = len(ROW_FIELDS)
NBASE_ROW = len(BASE_ROW_FIELDS)
NBASE_GAME = len(BASE_GAME_FIELDS)
# Note Board columns in a row (cubes_0..cubes_5): the base box's five colours
# and one more; False and Universal Information have no column of their own.
ROW_CUBES = sum(f.startswith("cubes_") for f in ROW_FIELDS)
assert ROW_CUBES <= L.MAX_COL
NGAME = len(GAME_FIELDS)


@allocating
def write_rows(s, t, rows, g):
    """Fill rows[g, seat, :] (ROW_FIELDS) from a finished game."""
    n = s[L.S_NPLAYERS]
    scores = np.zeros(L.MAXP, np.int64)
    ranks = np.zeros(L.MAXP, np.int64)
    parts = np.zeros(4, np.int64)
    rank_seats(s, t, scores, ranks)
    for p in range(n):
        score_parts(s, t, p, parts)
        r = rows[g, p]
        r[0] = p
        r[1] = s[pf(p, L.PF_SCHOLAR)]
        r[2] = parts[3]
        r[3] = parts[0]
        r[4] = parts[1]
        r[5] = parts[2]
        r[6] = ranks[p]
        r[7] = 1 if ranks[p] == 1 else 0
        r[8] = s[pf(p, L.PF_THESIS)]
        r[9] = s[pf(p, L.PF_STARS)]
        r[10] = s[pf(p, L.PF_STUDENTS)]
        r[11] = s[pf(p, L.PF_EXALTED)]
        r[12] = s[pf(p, L.PF_EXALTED_TURNS)]
        r[13] = jinx_held(s, t, p)
        r[14] = s[pf(p, L.PF_KNOWLEDGE)]
        r[15] = s[pf(p, L.PF_STUDIES)]
        r[16] = s[pf(p, L.PF_STUDY_WINS)]
        r[17] = s[pf(p, L.PF_SPIES)]
        r[18] = s[pf(p, L.PF_SPY_WINS)]
        r[19] = s[pf(p, L.PF_THESIS_FAILS)]
        for c in range(ROW_CUBES):
            r[20 + c] = s[pf(p, L.PF_CUBES) + c]
        write_module_rows(s, t, r, p, NBASE_ROW)


@kernel
def write_game(s, games, g, decisions, err):
    row = games[g]
    row[0] = s[L.S_CLAN]
    row[1] = s[L.S_FIRST]
    row[2] = s[L.S_TURN]
    row[3] = s[L.S_ROUND]
    row[4] = s[L.S_END_REASON]
    row[5] = decisions
    row[6] = s[L.S_THESIS_COUNT]
    row[7] = err
    write_module_game(s, row, NBASE_GAME)
