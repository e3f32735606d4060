"""The game loop: many games of one game, each seat played by an agent kind.

This module is a template (``sim.kit.instantiate``): ``agents.batch`` binds
it to a game's kernels (``sim.kit.contract``) and to a set of agent kinds
(``a0``..``a5``: their ``act`` functions), compiled once per binding and
cached by numba like the engine. Everything that plays a game to its end plays
it here:

- the agents' batch (``agents.batch.play_batch``): rows per seat and game;
- the fuzz's random games: ``checks`` (the invariants after every decision
  and at the end) and ``shared`` (one generator for every seat, seeded from
  the game's seed words as ``seed_agent`` does);
- the trace of the standings at each round start: ``trace``/``leaders``;
- the actions of each game, ``hist`` (the fuzz rebuilds a failed game from them);
- where the time goes, ``prof`` (``sim.kit.profile``: the game's ``step`` counts its parts, the loop
  the set-up and the agents);
- tables with Python agents: the same functions run as Python
  (``instantiate(..., python=True)``), ``start`` called as each game starts.

An option left ``None`` is typed away by numba: the loop without it is the
loop that has no such code. The engine is called at one place (``step``), so
the compiled loop holds one copy of the game's dispatch.
"""

from __future__ import annotations

from agents.contract import DECISION_LIMIT, ERR_ILLEGAL, ERR_LIMIT, ERR_STUCK, SEAT_WORDS
from sim.kit.contract import MAX_LEGAL, MAXP, STATE_SIZE, check, init, standings, step, write_game, write_rows
from sim.kit.header import H_ACTOR, H_NPLAYERS, H_OVER, H_PHASE, H_ROUND, H_TURN
from sim.kit.jit import kernel, scratch_int
from sim.kit.profile import P_AGENT, P_APPLY, count, cycles, set_last

ROWS_WORDS = SEAT_WORDS * MAXP
a0 = a1 = a2 = a3 = a4 = a5 = None  # the agent kinds' act functions, set by sim.kit.instantiate


@kernel
def seed_seat_rngs(rows, w0, w1, nplayers):
    """Each seat's generator (words 0-1 of its row) from the game's seed words and the seat; the rest of
    the row, the agent's memory, is left as it is."""
    for p in range(nplayers):
        rows[p, 0] = (w0 + 0x632BE5AB * (p + 1)) & 0xFFFFFFFF
        rows[p, 1] = (w1 ^ (0x5851F42D * (p + 1))) & 0xFFFFFFFF
        if rows[p, 0] == 0 and rows[p, 1] == 0:
            rows[p, 0] = 1


@kernel
def seed_agent(row, w0, w1):
    """One generator for every seat (the fuzz's random agent) from the game's seed words."""
    row[0] = w1
    row[1] = w0 ^ 0x5BD1E995
    if row[0] == 0 and row[1] == 0:
        row[0] = 1


@kernel
def is_legal(buf, n, a):
    for i in range(n):
        if buf[i] == a:
            return True
    return False


@kernel
def choose(k, s, t, buf, n, params, rng):
    if k == 0:
        return a0(s, t, buf, n, params, rng)
    if k == 1:
        return a1(s, t, buf, n, params, rng)
    if k == 2:
        return a2(s, t, buf, n, params, rng)
    if k == 3:
        return a3(s, t, buf, n, params, rng)
    if k == 4:
        return a4(s, t, buf, n, params, rng)
    return a5(s, t, buf, n, params, rng)


@kernel
def record_round(s, t, scores, ranks, trace, leaders, g):
    """The standings at the start of round ``H_ROUND`` (from the second on: the first starts with nothing
    scored): each seat's score and the seat ranked first."""
    r = s[H_ROUND]
    if r < 2 or r >= trace.shape[1]:
        return
    standings(s, t, scores, ranks)
    for p in range(s[H_NPLAYERS]):
        trace[g, r, p] = scores[p]
        if ranks[p] == 1:
            leaders[g, r] = p


@kernel
def play_games(t, nplayers, setup, seeds0, seeds1, assign, slot_kind, slot_params, rows, games, stats,
               checks, shared, trace, leaders, hist, prof, start):
    """Play one game per seed; slot ``assign[g, seat]`` plays each seat (kind ``slot_kind[slot]``, float
    parameters ``slot_params[slot]``). Writes the game's rows (``write_rows``/``write_game``) and
    ``stats[g] = (decisions, error, turns)``."""
    s = scratch_int(STATE_SIZE)
    buf = scratch_int(MAX_LEGAL)
    seat_rows = scratch_int(ROWS_WORDS).reshape((MAXP, SEAT_WORDS))  # generators and agents' memory
    scores = scratch_int(MAXP)
    ranks = scratch_int(MAXP)
    for g in range(seeds0.shape[0]):
        if prof is not None:
            c0 = cycles()
        init(s, t, nplayers, setup, seeds0[g], seeds1[g])
        if shared is not None:
            seed_agent(seat_rows[0], seeds0[g], seeds1[g])
        else:
            seed_seat_rngs(seat_rows, seeds0[g], seeds1[g], nplayers)
        if prof is not None:
            count(prof, prof.shape[0] - 2, P_APPLY, cycles() - c0)  # the set-up row
            set_last(prof, prof.shape[0] - 2)
        if start is not None:
            start(g, seat_rows)
        decisions = -1  # the first step only advances to the first decision
        err = 0
        last = -1
        a = -1
        while True:
            n = step(s, t, a, buf, prof)  # the one call of the engine: one copy of it compiled here
            decisions += 1
            if trace is not None and s[H_ROUND] != last:
                last = s[H_ROUND]
                record_round(s, t, scores, ranks, trace, leaders, g)
            if checks is not None and decisions > 0:
                bad = check(s, t)
                if bad != 0:
                    err = bad
                    break
            if decisions > DECISION_LIMIT:
                err = ERR_LIMIT
                break
            if n == 0:
                break
            seat = s[H_ACTOR]
            slot = assign[g, seat]
            row = seat_rows[0] if shared is not None else seat_rows[seat]
            if prof is not None:
                ph = s[H_PHASE]
                c0 = cycles()
            a = choose(slot_kind[slot], s, t, buf, n, slot_params[slot], row)
            if prof is not None:
                count(prof, ph, P_AGENT, cycles() - c0)
            if not is_legal(buf, n, a):
                err = ERR_ILLEGAL
                a = buf[0]
            if hist is not None and decisions < hist.shape[1]:
                hist[g, decisions] = a
        if err == 0 and s[H_OVER] == 0:
            err = ERR_STUCK
        if err == 0 and checks is not None:
            err = check(s, t)
        write_rows(s, t, rows, g)
        write_game(s, games, g, decisions, err)
        stats[g, 0] = decisions
        stats[g, 1] = err
        stats[g, 2] = s[H_TURN]
