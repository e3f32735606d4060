"""Fixed-size tensors of what one seat may know, built inside numba.

``observation_tensor(s, t, viewer, out)`` writes ``OBS_SIZE`` float32 values:
the state array itself (entry ``i`` is state field ``i``, docs/ACTIONS.md,
"The state layout") with everything the viewer cannot see replaced by a
canonical value, then a short header (``H_*``). What is hidden follows
``sim.dungeonology.view.observation_dict`` and is exactly what
``sim.dungeonology.core.checks.determinize`` resamples, so the tensor of seat p is the same
in every determinization from p's point of view (tests/test_observation.py):
the other hands, every face-down Jinx Card and the Jinx deck, the Trick deck's
order and contents, the order of the Zone stacks, the kinds of face-down Trap
Tokens, the Clan Card without a Knowledge Token, the face-down Panic Card, the
chance stream, the continuation stack and a scenario's fixed future draws.

``information_state_tensor`` adds the seat's own decisions (its last
``HISTORY`` actions, most recent first) and the number of decisions each seat
has made. docs/OBSERVATION.md lists every field.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf
from sim.kit.jit import kernel
from sim.kit.seat import Observation, seat_observation

HIDDEN = -1  # the value of a hidden Jinx location / owner, Clan Card
PANIC_HIDDEN = -2  # the Panic Card face down under the Alert Card (-1: no Panic Card)
HISTORY = 32  # own decisions kept in the information state
NTRAP = len(L.TRAP_KINDS)

# header after the state part (offsets from OBS_STATE)
H_VIEWER = 0  # one-hot: the viewer's seat (MAXP)
H_ACTOR = H_VIEWER + L.MAXP  # 1 when the viewer decides now
H_JINX_DOWN = H_ACTOR + 1  # face-down Jinx Cards held, per seat (MAXP)
H_TRAP_SUPPLY = H_JINX_DOWN + L.MAXP  # face-down Trap Tokens in the supply (kinds hidden)
H_CLAN_KNOWN = H_TRAP_SUPPLY + 1  # 1 when the viewer knows the Clan Card
# Student Congregations (Rocca Civetta), a block of its own: Students held per seat and at the Bonfire
H_CG_HELD = H_CLAN_KNOWN + 1  # Congregation Students held: [seat][congregation] (MAXP * NCONGREGATIONS)
H_CG_BONFIRE = H_CG_HELD + L.MAXP * L.NCONGREGATIONS  # Students at the Bonfire per kind (NSTUDENT_KINDS)
H_CG_TOP = H_CG_BONFIRE + L.NSTUDENT_KINDS  # one-hot: the kind of the Student picked up first (NSTUDENT_KINDS)
H_SIZE = H_CG_TOP + L.NSTUDENT_KINDS
OBS_STATE = L.STATE_SIZE
OBS_SIZE = OBS_STATE + H_SIZE
# information state: the observation, the own last HISTORY actions (+1, 0 none), decisions per seat
I_OWN = OBS_SIZE
I_DECISIONS = I_OWN + HISTORY
INFO_SIZE = I_DECISIONS + L.MAXP

# sections zeroed for every viewer: (offset, size)
_ZEROED = (
    (L.S_RNG0, 2),
    (L.S_DECK, L.MAX_DECK),
    (L.S_JDECK, L.MAX_JINX),
    (L.S_ZTRAP_N, L.MAX_ZONES),
    (L.S_TRAP_SUPPLY, NTRAP),
    (L.S_KSTACK, L.KSTACK_DEPTH * L.KSTACK_W),
    (L.S_SET_RAND_N, 1), (L.S_SET_RAND, L.MAX_SET_DRAWS), (L.S_SET_RAND_I, 1),
    (L.S_SET_UNIV_N, 1), (L.S_SET_UNIV, L.MAX_SET_DRAWS), (L.S_SET_UNIV_I, 1),
    (L.S_RESEARCH_DECK, L.MAX_RESEARCH),
    (L.S_OMEGA_DECK, L.MAX_OMEGA_CARDS),
)
ZEROED = np.array(_ZEROED, dtype=np.int64)


@kernel
def _sort_prefix(out, base, n):
    """Insertion sort of out[base:base+n] (the order of a stack is hidden)."""
    for i in range(1, n):
        v = out[base + i]
        j = i - 1
        while j >= 0 and out[base + j] > v:
            out[base + j + 1] = out[base + j]
            j -= 1
        out[base + j + 1] = v


@kernel
def observation_tensor(s, t, viewer, zeroed, out):
    """Write seat `viewer`'s observation (OBS_SIZE float32) into `out`."""
    for i in range(L.STATE_SIZE):
        out[i] = s[i]
    for r in range(zeroed.shape[0]):
        for i in range(zeroed[r, 1]):
            out[zeroed[r, 0] + i] = 0
    h = OBS_STATE
    for i in range(H_SIZE):
        out[h + i] = 0
    out[h + H_VIEWER + viewer] = 1
    out[h + H_ACTOR] = 1 if s[L.S_OVER] == 0 and s[L.S_ACTOR] == viewer else 0
    # other hands: only their sizes (PF_HAND_N) stay
    for p in range(L.MAX_SEATS):
        if p != viewer:
            for k in range(L.MAX_KINDS):
                out[pf(p, L.PF_HAND) + k] = 0
    # Jinx Cards face down or in the deck: where each one is, is hidden; the count per holder is not
    for x in range(L.MAX_JINX):
        loc = s[L.S_JLOC + x]
        if loc == L.JX_DOWN or loc == L.JX_DECK:
            owner = s[L.S_JOWNER + x]
            if loc == L.JX_DOWN and 0 <= owner < L.MAXP:
                out[h + H_JINX_DOWN + owner] += 1
            out[L.S_JLOC + x] = HIDDEN
            out[L.S_JOWNER + x] = HIDDEN
    # Zone stacks: their contents, in a canonical order
    for f in range(L.NFLOORS):
        _sort_prefix(out, L.S_STACK + f * L.MAX_ZONES, s[L.S_STACK_N + f])
    # Trap Tokens: on a Zone only that there is one; in the supply only how many
    for z in range(L.MAX_ZONES):
        if s[L.S_ZTRAP_KIND + z] != 0:
            out[L.S_ZTRAP_KIND + z] = 1
    for k in range(NTRAP):
        out[h + H_TRAP_SUPPLY] += s[L.S_TRAP_SUPPLY + k]
    known = s[L.S_CLAN_PUBLIC] != 0 or s[pf(viewer, L.PF_KNOWLEDGE)] != 0
    out[h + H_CLAN_KNOWN] = 1 if known else 0
    if not known:
        out[L.S_CLAN] = HIDDEN
    if s[L.S_PANIC] >= 0 and s[L.S_MAX_ALERT] == 0:
        out[L.S_PANIC] = PANIC_HIDDEN
    congregation_block(s, out, h)


@kernel
def congregation_block(s, out, h):
    """Student Congregations: what each seat holds, the Bonfire by kind and
    the kind on top of it (all public; zero in the base game)."""
    for p in range(L.MAXP):
        for c in range(L.NCONGREGATIONS):
            out[h + H_CG_HELD + p * L.NCONGREGATIONS + c] = s[pf(p, L.PF_CONGREGATION) + c]
    for i in range(s[L.S_BONFIRE]):
        out[h + H_CG_BONFIRE + s[L.S_BONFIRE_KINDS + i]] += 1
    if s[L.S_BONFIRE] > 0:
        out[h + H_CG_TOP + s[L.S_BONFIRE_KINDS + s[L.S_BONFIRE] - 1]] = 1


@kernel
def information_state_tensor(s, t, viewer, zeroed, actions, actors, nhist, out):
    """The observation, then the viewer's last HISTORY actions (action + 1,
    most recent first, 0 = none) and the decisions made by each seat."""
    observation_tensor(s, t, viewer, zeroed, out)
    for i in range(HISTORY + L.MAXP):
        out[I_OWN + i] = 0
    k = 0
    for j in range(nhist - 1, -1, -1):
        who = actors[j]
        out[I_DECISIONS + who] += 1
        if who == viewer and k < HISTORY:
            out[I_OWN + k] = actions[j] + 1
            k += 1


def observation(state: np.ndarray, tables: np.ndarray, viewer: int, out: np.ndarray | None = None) -> np.ndarray:
    """Seat `viewer`'s observation tensor (a new float32 array unless `out` is given)."""
    out = np.zeros(OBS_SIZE, np.float32) if out is None else out
    observation_tensor(state, tables, int(viewer), ZEROED, out)
    return out


def information_state(state: np.ndarray, tables: np.ndarray, viewer: int, history: Sequence[int],
                      actors: Sequence[int], out: np.ndarray | None = None) -> np.ndarray:
    """Seat `viewer`'s information-state tensor; `history`/`actors`: every action so far and who took it."""
    out = np.zeros(INFO_SIZE, np.float32) if out is None else out
    a = np.asarray(history, dtype=np.int64)
    w = np.asarray(actors, dtype=np.int64)
    information_state_tensor(state, tables, int(viewer), ZEROED, a, w, len(a), out)
    return out


def observe(state: np.ndarray, tables: np.ndarray, names: Any, config: dict[str, Any], seat: int,
            buf: np.ndarray, n: int, wants_view: bool = False) -> tuple[Observation, np.ndarray]:
    """Seat `seat`'s Observation for a Python agent (its tensor, legal actions and, when asked, its
    ``observation_dict``) and legal mask, built from the state (copies only)."""
    from sim.dungeonology.view import state_dict

    view = state_dict(state, tables, names, config, viewer=seat) if wants_view else None
    return seat_observation(seat, observation(state, tables, seat), buf, n, L.NUM_ACTIONS, view)
