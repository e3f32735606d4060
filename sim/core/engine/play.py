"""Batch play inside numba: many games, no Python per decision.

The random agent lives here because the benchmark and the fuzzer need it;
other agents (issue 3) plug into the same loop.
"""

from __future__ import annotations

import numpy as np

from sim import layout as L
from sim.core.checks.invariants import check
from sim.core.engine.jit import allocating, kernel
from sim.core.engine.rng import randint
from sim.core.engine.step import advance, step
from sim.core.procedures.setup import init_state


@kernel
def play_random(s, t, nplayers, scholars, clan, w0, w1, agent_rng, buf, check_every):
    """Play one game with uniformly random legal actions.

    agent_rng: a second state array used only for the agent's own draws, so
    the game's chance stream does not depend on the agents.
    Returns (decisions, error code, decision index of the error).
    """
    init_state(s, t, nplayers, scholars, clan, w0, w1)
    n = advance(s, t, buf)
    decisions = 0
    while n > 0:
        a = buf[randint(agent_rng, n)]  # uniform over the legal actions
        n = step(s, t, a, buf)
        decisions += 1
        if check_every:
            err = check(s, t)
            if err != 0:
                return decisions, err, decisions
        if decisions > 200000:
            return decisions, 99, decisions
    if s[L.S_OVER] == 0:
        return decisions, 17, decisions  # stuck: no legal action, not over
    if check_every:
        err = check(s, t)
        if err != 0:
            return decisions, err, decisions
    return decisions, 0, 0


@kernel
def seed_agent(ag, w0, w1):
    """Seed the random agent's own generator from a game's seed words."""
    ag[L.S_RNG0] = w1
    ag[L.S_RNG1] = w0 ^ 0x5BD1E995
    if ag[L.S_RNG0] == 0 and ag[L.S_RNG1] == 0:
        ag[L.S_RNG0] = 1


@allocating
def play_random_batch(t, nplayers, scholars, clan, seeds0, seeds1, check_every, out_decisions, out_err, out_turns):
    """Random games, one per seed; scholars[seat] / clan < 0 are dealt at random."""
    s = np.zeros(L.STATE_SIZE, np.int64)
    ag = np.zeros(L.STATE_SIZE, np.int64)
    buf = np.zeros(L.MAX_LEGAL, np.int64)
    for g in range(seeds0.shape[0]):
        seed_agent(ag, seeds0[g], seeds1[g])
        d, err, _ = play_random(s, t, nplayers, scholars, clan, seeds0[g], seeds1[g], ag, buf, check_every)
        out_decisions[g] = d
        out_err[g] = err
        out_turns[g] = s[L.S_TURN]
