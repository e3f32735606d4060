"""The Scenario builder's core: the state under construction, name lookups,
moves out of the Reserve, the all-or-nothing rule of every operation
(:func:`atomic`) and ``build``. See :mod:`sim.dungeonology.scenario` for the operations.
"""


from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.config import GameConfig, compile_config
from sim.dungeonology.core.checks.invariants import INVARIANTS, check
from sim.dungeonology.core.components.scholars import pf, stat
from sim.dungeonology.core.procedures.setup import init_state
from sim.dungeonology.game import Game, game_from_state
from sim.kit.errors import ConfigError
from sim.kit.rng import seed_words

FLOOR_NAMES = L.FLOOR_NAMES
PHASES = ("start", "activity", "movement", "action", "end_of_turn", "end_of_turn_jinx", "end_of_turn_draw")

_F = TypeVar("_F", bound=Callable[..., Any])


def atomic(method: _F) -> _F:
    """An operation either happens whole or not at all (the state is restored on ConfigError)."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        saved, pinned, turn = self.s.copy(), self._pinned, self._turn
        try:
            return method(self, *args, **kwargs)
        except ConfigError:
            self.s[:] = saved
            self._pinned, self._turn = pinned, turn
            raise

    return wrapper  # type: ignore[return-value]


class ScenarioBase:
    """The builder's state and lookups; the operations come from the mixins of
    :mod:`sim.dungeonology.scenario` (one per component family)."""

    def __init__(self, config: GameConfig | None = None, seed: int = 0) -> None:
        self.config = config or GameConfig()
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
            raise ConfigError("the seed is a non-negative integer", key="seed", value=seed)
        self.seed = int(seed)
        self.compiled = compile_config(self.config)
        self.t = self.compiled.tables
        self.names = self.compiled.names
        self.s = np.zeros(L.STATE_SIZE, dtype=np.int64)
        w0, w1 = seed_words(self.seed)
        init_state(self.s, self.t, self.config.players, self.compiled.scholars, self.compiled.clan, w0, w1)
        self.n = self.config.players
        self._pinned = 0  # deck cards on top placed by deck_top / deck
        self._turn: tuple[int, str, int | None] | None = None

    # ------------------------------------------------------------ lookups
    def seat(self, who: int | str) -> int:
        """Seat of a seat index or Scholar name."""
        if isinstance(who, (int, np.integer)) and not isinstance(who, bool):
            if 0 <= int(who) < self.n:
                return int(who)
            raise ConfigError(f"no seat {who} in a {self.n}-player game", key="seat", value=who)
        if isinstance(who, str):
            for p in range(self.n):
                if self.names.scholars[int(self.s[pf(p, L.PF_SCHOLAR)])] == who:
                    return p
            playing = [self.names.scholars[int(self.s[pf(p, L.PF_SCHOLAR)])] for p in range(self.n)]
            raise ConfigError(f"no such Scholar in this game (playing: {', '.join(playing)})", key="who", value=who)
        raise ConfigError("name a Scholar or give a seat index", key="who", value=repr(who))

    def _zone(self, name: str) -> int:
        if name in ("start", "Start"):
            return 0
        if name not in self.names.zones:
            raise ConfigError(f"unknown Zone (allowed: {', '.join(self.names.zones)})", key="zone", value=name)
        return self.names.zones.index(name)

    def _color(self, name: str) -> int:
        """A colour's index; in a Zone also "false" / "universal" (RC), when the box has them."""
        key = str(name).lower()
        kinds = [k for j, k in enumerate(L.CUBE_KINDS) if self.t[L.T_COL_COUNT + L.CUBE_FALSE + j]]
        if key in kinds:
            return L.CUBE_FALSE + L.CUBE_KINDS.index(key)
        if key not in self.names.colors:
            raise ConfigError(f"unknown Information Cube colour (allowed: {', '.join((*self.names.colors, *kinds))})",
                              key="colour", value=name)
        return self.names.colors.index(key)

    def _kind(self, name: str) -> int:
        if name not in self.names.kinds:
            raise ConfigError(f"unknown Trick Card (allowed: {', '.join(self.names.kinds)})", key="card", value=name)
        return self.names.kinds.index(name)

    def _jinx_index(self, name: str) -> int:
        if name not in self.names.jinx:
            raise ConfigError(f"unknown Jinx Card (allowed: {', '.join(self.names.jinx)})", key="jinx", value=name)
        return self.names.jinx.index(name)

    def _floor(self, floor: int | str) -> int:
        """A Floor of the data (the base box: I-III) as 0-based index."""
        nf = int(self.t[L.T_NFLOORS])
        names = FLOOR_NAMES[:nf]
        if isinstance(floor, str) and floor in names:
            return names.index(floor)
        if isinstance(floor, (int, np.integer)) and not isinstance(floor, bool) and 1 <= int(floor) <= nf:
            return int(floor) - 1
        raise ConfigError(f"a Floor is {', '.join(names)} (or 1-{nf})", key="floor", value=floor)

    @staticmethod
    def _count(value: int, what: str) -> int:
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
            raise ConfigError(f"{what} must be a non-negative integer", key=what, value=value)
        return int(value)

    def _name(self, p: int) -> str:
        return self.names.scholars[int(self.s[pf(p, L.PF_SCHOLAR)])]

    # -------------------------------------------------------------- supply moves
    def _from_reserve(self, field: int, delta: int, what: str) -> None:
        """Move `delta` (may be negative) of a component out of the Reserve field."""
        if delta > self.s[field]:
            raise ConfigError(f"not enough {what} in the Reserve (need {delta} more, "
                              f"{int(self.s[field])} left)", key=what, value=delta)
        self.s[field] -= delta

    def _require_in_game(self, p: int) -> None:
        if not self.s[pf(p, L.PF_IN_GAME)]:
            raise ConfigError(f"{self._name(p)} has left the game (Thesis submitted)", key="who", value=p)

    def state(self) -> np.ndarray:
        """A copy of the state as built so far (the turn is applied by build())."""
        return self.s.copy()

    @atomic
    def build(self) -> Game:
        """Apply the turn, check every invariant and return the Game."""
        self._apply_turn()
        for p in range(self.n):
            if self.s[pf(p, L.PF_STUN)] > stat(self.s, self.t, p, L.ST_STAMINA):
                raise ConfigError(f"{self._name(p)} has more Stun Tokens than Stamina", key="stun",
                                  value=int(self.s[pf(p, L.PF_STUN)]))
        code = int(check(self.s, self.t))
        if code:
            raise ConfigError(f"the scenario breaks an invariant: {INVARIANTS.get(code, code)}")
        return game_from_state(self.config, self.seed, self.s)
