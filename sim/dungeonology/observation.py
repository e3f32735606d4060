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
from sim.dungeonology.core.engine.dispatch_observation import observe
from sim.dungeonology.layout.obs_header import *  # noqa: F403 (the header's H_* offsets, read as observation.H_*)
from sim.dungeonology.manifest import HIDDEN as HIDDEN_FIELD
from sim.dungeonology.manifest import OWN as OWN_FIELD
from sim.kit.jit import kernel
from sim.kit.seat import Observation, seat_observation

HIDDEN = -1  # the value of a hidden Jinx location / owner, Clan Card
PANIC_HIDDEN = L.PANIC_HIDDEN  # the Panic Card face down under the Alert Card (-1: no Panic Card)
HISTORY = 32  # own decisions kept in the information state

# the header after the state part (offsets from OBS_STATE): the basic game's blocks and each
# module's (its manifest's observation fields), sim/dungeonology/layout/obs_header.py
H_SIZE = L.H_SIZE
OBS_STATE = L.STATE_SIZE
OBS_SIZE = OBS_STATE + H_SIZE
# information state: the observation, the own last HISTORY actions (+1, 0 none), decisions per seat
I_OWN = OBS_SIZE
I_DECISIONS = I_OWN + HISTORY
INFO_SIZE = I_DECISIONS + L.MAXP


def _rows(fields: tuple, visibility: str) -> np.ndarray:
    """(offset, size) of the runs of consecutive fields of one visibility."""
    rows: list[list[int]] = []
    at = 0
    for f in fields:
        if f.visibility == visibility:
            if rows and rows[-1][0] + rows[-1][1] == at:
                rows[-1][1] += f.size
            else:
                rows.append([at, f.size])
        at += f.size
    return np.array(rows, dtype=np.int64).reshape(-1, 2)


ZEROED = _rows(L.STATE_FIELDS, HIDDEN_FIELD)  # sections zeroed for every viewer: (offset, size)
OWN_ONLY = _rows(L.PLAYER_FIELDS, OWN_FIELD)  # player fields zeroed in the other seats' blocks


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
    out[h + L.H_VIEWER + viewer] = 1
    out[h + L.H_ACTOR] = 1 if s[L.S_OVER] == 0 and s[L.S_ACTOR] == viewer else 0
    # the other seats' own fields (their hands: only their sizes, PF_HAND_N, stay)
    for p in range(L.MAX_SEATS):
        if p != viewer:
            for r in range(OWN_ONLY.shape[0]):
                for i in range(OWN_ONLY[r, 1]):
                    out[pf(p, OWN_ONLY[r, 0]) + i] = 0
    # Jinx Cards face down or in the deck: where each one is, is hidden; the count per holder is not
    for x in range(L.MAX_JINX):
        loc = s[L.S_JLOC + x]
        if loc == L.JX_DOWN or loc == L.JX_DECK:
            owner = s[L.S_JOWNER + x]
            if loc == L.JX_DOWN and 0 <= owner < L.MAXP:
                out[h + L.H_JINX_DOWN + owner] += 1
            out[L.S_JLOC + x] = HIDDEN
            out[L.S_JOWNER + x] = HIDDEN
    # Zone stacks: their contents, in a canonical order
    for f in range(L.NFLOORS):
        _sort_prefix(out, L.S_STACK + f * L.MAX_ZONES, s[L.S_STACK_N + f])
    known = s[L.S_CLAN_PUBLIC] != 0 or s[pf(viewer, L.PF_KNOWLEDGE)] != 0
    out[h + L.H_CLAN_KNOWN] = 1 if known else 0
    if not known:
        out[L.S_CLAN] = HIDDEN
    # what the modules hide of their sections (face-down Trap Tokens, the Panic Card) and their blocks
    observe(s, t, viewer, out, h)


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


def observe_seat(state: np.ndarray, tables: np.ndarray, names: Any, config: dict[str, Any], seat: int,
            buf: np.ndarray, n: int, wants_view: bool = False) -> tuple[Observation, np.ndarray]:
    """Seat `seat`'s Observation for a Python agent (its tensor, legal actions and, when asked, its
    ``observation_dict``) and legal mask, built from the state (copies only)."""
    from sim.dungeonology.view import state_dict

    view = state_dict(state, tables, names, config, viewer=seat) if wants_view else None
    return seat_observation(seat, observation(state, tables, seat), buf, n, L.NUM_ACTIONS, view)
