"""What one seat of a Leduc game sees, for Python agents and the adapters (numpy, not numba).

The tensors and strings are laid out as OpenSpiel's ``leduc_poker`` writes them (its
``LeducObserver``, open_spiel/games/leduc_poker/leduc_poker.cc), so that they can be compared:

- observation: the observer (one-hot over seats), its private card (one-hot over the cards), the
  public card (one-hot, zeros before round 2) and each seat's contribution to the pot (chips);
- information state: the observer, its private card, the public card, and the betting of both
  rounds (``bets_per_round`` slots each of two bits: call 10, raise 01, fold or none 00).

The other seats' private cards appear in neither.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sim.kit.seat import Observation, seat_observation
from sim.leduc import layout as L

STARTING_MONEY = 100  # OpenSpiel's kStartingMoney: shown in its strings ("Money"), bounds no bet


def _cards(s: np.ndarray) -> int:
    return int(s[L.S_NCARDS])


def _head(s: np.ndarray, seat: int, out: np.ndarray) -> int:
    """The observer, its card and the public card into out; return the next offset."""
    n, ncards = int(s[L.H_NPLAYERS]), _cards(s)
    out[seat] = 1
    out[n + int(s[L.S_PRIVATE + seat])] = 1
    if s[L.S_PUBLIC] != L.NO_CARD:
        out[n + ncards + int(s[L.S_PUBLIC])] = 1
    return n + 2 * ncards


def _seat(s: np.ndarray, seat: int) -> int:
    if not 0 <= seat < int(s[L.H_NPLAYERS]):
        raise ValueError(f"seat {seat!r} is not a seat of this game (0 to {int(s[L.H_NPLAYERS]) - 1})")
    return int(seat)


def observation_tensor(s: np.ndarray, t: np.ndarray, seat: int) -> np.ndarray:
    """Seat ``seat``'s observation (float32, players + 2 * cards + players values)."""
    seat, n = _seat(s, seat), int(s[L.H_NPLAYERS])
    out = np.zeros(2 * n + 2 * _cards(s), np.float32)
    k = _head(s, seat, out)
    out[k:k + n] = s[L.S_CONTRIB:L.S_CONTRIB + n]
    return out


def information_state_tensor(s: np.ndarray, t: np.ndarray, seat: int) -> np.ndarray:
    """Seat ``seat``'s information state: its observation's cards and the betting of both rounds."""
    seat, n = _seat(s, seat), int(s[L.H_NPLAYERS])
    slots = L.bets_per_round(n, int(t[L.T_MAX_RAISES]))
    out = np.zeros(n + 2 * _cards(s) + L.ROUNDS * slots * 2, np.float32)
    k = _head(s, seat, out)
    for r in range(L.ROUNDS):
        for i, a in enumerate(bets(s, r)):
            if a != L.A_FOLD:
                out[k + (r * slots + i) * 2 + (0 if a == L.A_CALL else 1)] = 1
    return out


def bets(s: np.ndarray, r: int) -> list[int]:
    """The actions of round r (0 or 1), in order."""
    first = L.S_BETS + r * L.MAX_BETS
    return [int(a) for a in s[first:first + int(s[L.S_NBETS + r])]]


def _public_text(s: np.ndarray) -> str:
    n = int(s[L.H_NPLAYERS])
    money = " ".join(str(STARTING_MONEY - int(c)) for c in s[L.S_CONTRIB:L.S_CONTRIB + n])
    text = f"[Round {int(s[L.H_ROUND])}][Player: {int(s[L.H_ACTOR])}][Pot: {int(s[L.S_POT])}][Money: {money}]"
    if s[L.S_PUBLIC] != L.NO_CARD:
        text += f"[Public: {int(s[L.S_PUBLIC])}]"
    return text


def observation_string(s: np.ndarray, t: np.ndarray, seat: int) -> str:
    """OpenSpiel's ObservationString of a decision: cards, round, pot, money and contributions."""
    seat, n = _seat(s, seat), int(s[L.H_NPLAYERS])
    ante = " ".join(str(int(c)) for c in s[L.S_CONTRIB:L.S_CONTRIB + n])
    return f"[Observer: {seat}][Private: {int(s[L.S_PRIVATE + seat])}]{_public_text(s)}[Ante: {ante}]"


def information_state_string(s: np.ndarray, t: np.ndarray, seat: int) -> str:
    """OpenSpiel's InformationStateString of a decision: cards, round, pot, money and the bets."""
    seat = _seat(s, seat)
    rounds = "".join(f"[Round{r + 1}: {' '.join(map(str, bets(s, r)))}]" for r in range(L.ROUNDS))
    return f"[Observer: {seat}][Private: {int(s[L.S_PRIVATE + seat])}]{_public_text(s)}{rounds}"


def action_to_string(action: int) -> str:
    """OpenSpiel's action string: "Fold", "Call" or "Raise"."""
    if not 0 <= action < L.NUM_ACTIONS:
        raise ValueError(f"action {action!r} is not one of Leduc's (0 Fold, 1 Call, 2 Raise)")
    return L.ACTION_NAMES[action]


def observe(state: np.ndarray, tables: np.ndarray, names: Any, config: dict[str, Any], seat: int,
            buf: np.ndarray, n: int, wants_view: bool = False) -> tuple[Observation, np.ndarray]:
    """Seat ``seat``'s Observation for a Python agent (its information-state tensor, legal actions and,
    when asked, its information-state string as the view) and legal mask."""
    view = {"information_state": information_state_string(state, tables, seat)} if wants_view else None
    return seat_observation(seat, information_state_tensor(state, tables, seat), buf, n, L.NUM_ACTIONS, view)
