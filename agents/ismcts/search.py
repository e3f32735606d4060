"""Single-observer Information-Set Monte Carlo Tree Search (Cowling, Powley
and Whitehouse, 2012), in numba: a template (``sim.kit.instantiate``) bound
to one game's kernels (``sim.kit.contract``) by ``agents.ismcts``.

Each iteration samples a determinization of the current state from the
deciding seat's point of view (the game's ``determinize``: everything that
seat cannot see is resampled), descends the one tree shared by all
determinizations with UCB restricted to the actions legal in this
determinization (availability counts), expands one untried action, plays a
rollout with the game's rollout policy at one of its personas
(``rollout_act`` with a row of ``ROLLOUT_PARAMS``; optionally cut off after
``depth`` decisions and scored by the game's ``evaluate``), and backs up a
reward vector (one component per seat, max^n style: each node is judged by
the seat that chose it). A decision with a single legal action costs nothing.
"""

from __future__ import annotations

import math
import time

import numpy as np
from numba import objmode

from sim.kit.contract import MAX_LEGAL, MAXP, ROLLOUT_PARAMS, determinize, evaluate, legal_actions, rollout_act, step
from sim.kit.header import H_ACTOR
from sim.kit.jit import allocating, kernel
from sim.kit.rng import randint

Q_ITER = 0
Q_C = 1
Q_DEPTH = 2
Q_TIME = 3
Q_ROLLOUT = 4

@allocating
def now_ms():
    with objmode(v="f8"):
        v = time.perf_counter() * 1000.0
    return v


@kernel
def rollout(d, t, buf, n, params, rng, depth, out):
    """Play on with the rollout policy; write the reward vector into out."""
    k = 0
    while n > 0 and (depth <= 0 or k < depth):
        if params[15] > 0.5:  # random rollout
            a = buf[randint(rng, n)]
        else:
            a = rollout_act(d, t, buf, n, params, rng)
        n = step(d, t, a, buf)
        k += 1
    evaluate(d, t, out)


@kernel
def find_child(child, sibling, action, node, a):
    """The child of `node` reached by action a, or -1."""
    ch = child[node]
    while ch >= 0:
        if action[ch] == a:
            return ch
        ch = sibling[ch]
    return -1


@allocating
def search_visits(s, t, buf, n, params, rng, out):
    """ISMCTS from the state `s` (not modified) for the seat deciding now: the chosen action (the most
    visited legal one at the root), and ``out[i]`` the root visits of ``buf[i]`` (the search's policy)."""
    me = s[H_ACTOR]
    iters = int(params[Q_ITER])
    c = params[Q_C]
    depth = int(params[Q_DEPTH])
    budget = params[Q_TIME]
    persona = int(params[Q_ROLLOUT])
    rparams = np.zeros(16)
    if persona >= ROLLOUT_PARAMS.shape[0]:
        rparams[15] = 1.0
    else:
        rparams[:] = ROLLOUT_PARAMS[persona]
    cap = iters + 1 if budget <= 0 else 200000
    action = np.zeros(cap, np.int64)
    parent = np.zeros(cap, np.int64)
    child = np.full(cap, -1, np.int64)
    sibling = np.full(cap, -1, np.int64)
    actor = np.zeros(cap, np.int64)
    visits = np.zeros(cap)
    avail = np.zeros(cap)
    reward = np.zeros((cap, MAXP))
    nodes = 1
    d = np.empty_like(s)
    lbuf = np.zeros(MAX_LEGAL, np.int64)
    r = np.zeros(MAXP)
    start = now_ms() if budget > 0 else 0.0
    it = 0
    while nodes < cap:
        if budget > 0:
            if it % 8 == 0 and now_ms() - start >= budget:
                break
        elif it >= iters:
            break
        it += 1
        d[:] = s
        determinize(d, t, me, rng)
        m = legal_actions(d, t, lbuf)
        node = 0
        while m > 0:
            # availability, and the untried actions of this determinization
            untried = 0
            for i in range(m):
                ch = find_child(child, sibling, action, node, lbuf[i])
                if ch >= 0:
                    avail[ch] += 1.0
                else:
                    untried += 1
            who = d[H_ACTOR]
            go = lbuf[0]  # the action taken from this node: one call of the engine below (step, copied here)
            if untried > 0:  # expand an untried action, then roll out from it
                pick = randint(rng, untried)
                for i in range(m):
                    a = lbuf[i]
                    if find_child(child, sibling, action, node, a) < 0:
                        if pick == 0:
                            new = nodes
                            nodes += 1
                            action[new] = a
                            parent[new] = node
                            actor[new] = who
                            sibling[new] = child[node]
                            child[node] = new
                            avail[new] = 1.0
                            node = new
                            go = a
                            break
                        pick -= 1
            else:  # select by UCB over the available children
                best = -1.0
                best_ch = -1
                for i in range(m):
                    a = lbuf[i]
                    ch = find_child(child, sibling, action, node, a)
                    q = reward[ch, who] / visits[ch] if visits[ch] > 0 else 1.0
                    u = q + c * math.sqrt(math.log(avail[ch]) / (visits[ch] + 1e-9))
                    if u > best:
                        best = u
                        best_ch = ch
                        go = a
                node = best_ch
            m = step(d, t, go, lbuf)
            if untried > 0:
                break
        rollout(d, t, lbuf, m, rparams, rng, depth, r)
        while node >= 0:
            visits[node] += 1.0
            for p in range(MAXP):
                reward[node, p] += r[p]
            node = parent[node] if node > 0 else -1
    # the most visited legal action at the root
    for i in range(n):
        out[i] = 0.0
    best_a = buf[0]
    most = -1.0
    ch = child[0]
    while ch >= 0:
        for i in range(n):
            if buf[i] == action[ch]:
                out[i] = visits[ch]
                if visits[ch] > most:
                    most = visits[ch]
                    best_a = action[ch]
                break
        ch = sibling[ch]
    return best_a


@allocating
def search(s, t, buf, n, params, rng):
    """ISMCTS from the state `s` (not modified) for the seat deciding now: the most visited legal action."""
    return search_visits(s, t, buf, n, params, rng, np.zeros(n))


@kernel
def act(s, t, buf, n, params, rng):
    if n == 1:
        return buf[0]
    return search(s, t, buf, n, params, rng)
