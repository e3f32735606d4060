"""Scenario builder: set up a specific situation and play on from it.

Tests and designers describe a position with a fluent API and get a normal
:class:`sim.game.Game` back (made by :func:`sim.game.game_from_state`, so
``record()`` carries the ``initial_state`` and ``replay`` rebuilds the game)::

    from sim import GameConfig
    from sim.scenario import Scenario

    g = (Scenario(GameConfig(players=2, scholars=["Sofia", "Valerio"], clan="Blood Worshipers"), seed=1)
         .place_zone("I-3", x=0, y=-1, rotation=0)     # off its stack; cubes from the Reserve
         .move("Sofia", "I-3")                         # a seat index or a Scholar name
         .cubes("Valerio", militia=2, civilization=1)  # Reserve <-> Note Board
         .hand("Sofia", ["Lantern", "Smoke Bomb"])      # from the deck; the old hand goes back
         .deck_top(["Fate 5", "Crystal Ball"])         # the next cards drawn, first listed first
         .students("Sofia", 2).stun("Valerio", 1).alert_omegas(1)
         .jinx("Sofia", "Twisted Ankle", face="up")
         .turn("Sofia", phase="action")
         .build())

How it works. ``Scenario(config, seed)`` runs Game Setup A-P exactly like
:func:`sim.game.new_game` (same seed, same deal) but does not start playing.
Every operation then moves components between the places where the rules
keep them, so everything finite stays conserved and ``g.check_invariants()``
is None after ``build()``:

* Information Cubes, grey and Omega Students, Stun and Knowledge Tokens come
  from (and go back to) the Reserve; Zone tiles come off their Floor stack;
  Trick Cards come from the deck (then the discard pile); Jinx Cards from the
  Jinx deck (then its discards); with the Main Effects rule, Intern Cards
  from the Intern deck or their owner (``intern``), Zone Effect Tokens from
  their supply (``trap``, ``teleport``, ``secret_passage``).
* Derived fields are never set by hand; they are recomputed with the core's
  own functions: Stars, Study Bonus arrows, Exalted sides and the Knowledge
  Combo with ``sim.core.components.noteboard.board_changed`` (after every ``cubes`` call the
  whole table is derived afresh: every Scholar with fewer Stars than the most
  is Exalted), Links, Stairs and Walls with ``sim.core.components.dungeon.place_tile``.
  There is deliberately no way to set Exalted, Stars or Links directly.
* Impossible requests raise :class:`sim.errors.ConfigError` with a message
  saying what is wrong: unknown names, an occupied cell, a tile already
  placed, no such card / cube / Student left, Stun above Stamina, ... An
  operation that raises changes nothing (the builder stays usable).
* ``hand`` and ``deck_top`` compose: ``hand`` never takes cards put on top by
  ``deck_top`` / ``deck``, and returns the old hand to the bottom of the deck.

Positions: the Starting Zone is at (0, 0); north is ``y - 1``, east ``x + 1``;
``rotation`` is in quarter turns clockwise (see ``sim.core.components.dungeon``).

Operations (all return the builder):

==========================================  ==================================================
``place_zone(zone, x, y, rotation=0,``      put a tile from its stack on the grid (it must
``stair_to=None, entered=False)``           touch a placed Zone); ``stair_to`` names the
                                            Zone of another Floor it is joined to by Stairs
``zone_cubes(zone, [colour or None])``      the Zone's cube spaces, left to right
``stack_top(floor, [zones])``               the next tiles drawn from a Floor stack
``move(who, zone)``                         stand a Scholar in a placed Zone (marked entered)
``cubes(who, **{colour: count})``           set Note Board columns
``knowledge(who)``                          give the Knowledge Token
``students(who, n)`` / ``stun(who, n)``     set Students / Stun Tokens
``hand(who, [cards])``                      set a hand
``deck_top([cards])``                       the next cards drawn (drawn before earlier ones)
``deck([cards])``                           the whole deck; every other deck card is discarded
``jinx(who, name, face="up"|"down")``       hand a Jinx Card to a Scholar
``jinx_top([names])``                       the next Jinx Cards drawn
``alert_omegas(k)``                         Omega Students on the Alert Card (top spaces)
``university(students=, omega=)``           the bag's contents
``bonfire(n)``                              grey Students at the Campus Bonfire
``panic(name)``                             the face-down Panic Card (Maximum Alert rule)
``max_alert()``                             trigger Maximum Alert now (the full procedure)
``submitted(who)``                          a successful Thesis already delivered (in order)
``first_player(who)``                       the first player (round counting)
``ages([youngest, ...])``                   the tie-break age order
``turn(who, phase="start", speed=None)``    whose turn and which decision is open
``boss(name, profile)``                     the Boss Card and profile in use (Boss rule)
``boss_at(zone or None)``                   the Boss model's Zone (None: not in the Dungeon)
``boss_done()``                             the Boss Effect already activated this turn
==========================================  ==================================================

``turn`` phases: ``"start"`` (the default: the turn begins, with its forced
Activities and the Thesis clock), ``"activity"`` (choose Rest / Thesis /
Explore), ``"movement"`` (Explore chosen; ``speed`` defaults to the Scholar's
Speed) and ``"action"`` (the Action Phase, no Speed left unless given).
Without ``turn`` the game starts with the first player's turn, as set up.

``who`` is a seat index or a Scholar name; colours are the cube names
(``civilization``, ``militia``, ...), cards and Jinx Cards their names in the
data, floors ``"I"``/``"II"``/``"III"`` or 1-3.

``pick(game, text)`` and ``do(game, *texts)`` find and apply legal actions by their
description (``Game.action_to_string``), e.g. ``do(g, "Study", "Study 1 cube")``.

Note: ``Game`` resolves forced decisions on its own (a decision with one
legal action is applied), so the first open decision after ``build()`` may
be later than the one set up when that one had a single choice.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np

from sim import layout as L
from sim.config import GameConfig, compile_config
from sim.core.checks.invariants import INVARIANTS, check
from sim.core.components.dungeon import OUT_DX, OUT_DY, overlapping, place_tile, zone_covering
from sim.core.components.noteboard import board_changed, board_points, gain_knowledge
from sim.core.components.scholars import pf, refresh_passives, stat
from sim.core.components.university import trigger_max_alert
from sim.core.engine.rng import seed_words
from sim.core.procedures.setup import init_state
from sim.core.procedures.turn import thesis_success
from sim.errors import ConfigError
from sim.game import Game, game_from_state

FLOOR_NAMES = ("I", "II", "III")
PHASES = ("start", "activity", "movement", "action")

_F = TypeVar("_F", bound=Callable[..., Any])


def _atomic(method: _F) -> _F:
    """An operation either happens whole or not at all (the state is restored on ConfigError)."""

    @functools.wraps(method)
    def wrapper(self: Scenario, *args: Any, **kwargs: Any) -> Any:
        saved, pinned, turn = self.s.copy(), self._pinned, self._turn
        try:
            return method(self, *args, **kwargs)
        except ConfigError:
            self.s[:] = saved
            self._pinned, self._turn = pinned, turn
            raise

    return wrapper  # type: ignore[return-value]


class Scenario:
    """Fluent builder of a game position (see the module docstring)."""

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
        self._boss_done = False

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
        key = str(name).lower()
        if key not in self.names.colors:
            raise ConfigError(f"unknown Information Cube colour (allowed: {', '.join(self.names.colors)})",
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
        if isinstance(floor, str) and floor in FLOOR_NAMES:
            return FLOOR_NAMES.index(floor)
        if isinstance(floor, (int, np.integer)) and not isinstance(floor, bool) and 1 <= int(floor) <= 3:
            return int(floor) - 1
        raise ConfigError("a Floor is I, II or III (or 1, 2, 3)", key="floor", value=floor)

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

    # ------------------------------------------------------------------ Dungeon
    @_atomic
    def place_zone(self, zone: str, x: float, y: float, rotation: int = 0, stair_to: str | None = None,
                   entered: bool = False) -> Scenario:
        """Take a tile off its Floor stack and place it at (x, y) in tile units
        (north is -y; a .5 shifts it half a tile); its cubes come from the Reserve."""
        s, t = self.s, self.t
        z = self._zone(zone)
        if z == 0:
            raise ConfigError("the Starting Zone is always placed at (0, 0)", key="zone", value=zone)
        if s[L.S_ZPLACED + z]:
            raise ConfigError("this Zone is already placed", key="zone", value=zone)
        for v, what in ((x, "x"), (y, "y")):
            if isinstance(v, bool) or not isinstance(v, (int, float, np.integer, np.floating)) or (2 * v) % 1:
                raise ConfigError("a position is a whole or half number of tiles", key=what, value=v)
        if isinstance(rotation, bool) or rotation not in (0, 1, 2, 3):
            raise ConfigError("rotation is 0-3 quarter turns clockwise", key="rotation", value=rotation)
        hx, hy = int(2 * x), int(2 * y)  # half-tile units of the engine
        other = overlapping(s, t, hx, hy)
        if other >= 0:
            raise ConfigError(f"({x}, {y}) overlaps {self.names.zones[other]}", key="zone", value=zone)
        touching = {zone_covering(s, t, hx + OUT_DX[p], hy + OUT_DY[p]) for p in range(8)} - {-1}
        if not touching:
            raise ConfigError(f"({x}, {y}) touches no placed Zone (the Dungeon is one Area)", key="zone", value=zone)
        stair = -1
        if stair_to is not None:
            stair = self._zone(stair_to)
            if stair not in touching:
                raise ConfigError(f"{stair_to} is not adjacent to ({x}, {y})", key="stair_to", value=stair_to)
            if t[L.T_Z_FLOOR + stair] == t[L.T_Z_FLOOR + z]:
                raise ConfigError("Stairs join Zones of different Floors", key="stair_to", value=stair_to)
        f = int(t[L.T_Z_FLOOR + z])
        stack = self._stack(f)
        if z not in stack:
            raise ConfigError(f"this Zone is not in the Floor {FLOOR_NAMES[f]} stack", key="zone", value=zone)
        stack.remove(z)
        self._set_stack(f, stack)
        place_tile(s, t, z, hx, hy, int(rotation), stair)
        s[L.S_ZENTERED + z] = 1 if entered else 0
        return self

    def _stack(self, f: int) -> list[int]:
        base = L.S_STACK + f * L.MAX_ZONES
        return [int(v) for v in self.s[base: base + self.s[L.S_STACK_N + f]]]

    def _set_stack(self, f: int, tiles: list[int]) -> None:
        base = L.S_STACK + f * L.MAX_ZONES
        self.s[base: base + L.MAX_ZONES] = 0
        self.s[base: base + len(tiles)] = tiles
        self.s[L.S_STACK_N + f] = len(tiles)

    @_atomic
    def stack_top(self, floor: int | str, zones: Sequence[str]) -> Scenario:
        """These tiles become the next drawn from the Floor stack (first listed first)."""
        f = self._floor(floor)
        stack = self._stack(f)
        wanted = [self._zone(z) for z in zones]
        if len(set(wanted)) != len(wanted):
            raise ConfigError("a tile can be listed once", key="zones", value=list(zones))
        for z, name in zip(wanted, zones, strict=True):
            if z not in stack:
                raise ConfigError(f"not in the Floor {FLOOR_NAMES[f]} stack", key="zone", value=name)
            stack.remove(z)
        self._set_stack(f, stack + wanted[::-1])
        return self

    @_atomic
    def zone_cubes(self, zone: str, cubes: Sequence[str | None]) -> Scenario:
        """Set the cube spaces of a placed Zone, left to right (None = empty)."""
        s, t = self.s, self.t
        z = self._zone(zone)
        if not s[L.S_ZPLACED + z] or z == 0:
            raise ConfigError("not a placed Zone with cube spaces", key="zone", value=zone)
        spaces = int(t[L.T_Z_NCUBES + z])
        if len(cubes) > spaces:
            raise ConfigError(f"{zone} has {spaces} cube spaces", key="cubes", value=list(cubes))
        wanted = [None if c is None else self._color(c) for c in cubes] + [None] * (spaces - len(cubes))
        base = L.S_ZCUBE + z * L.MAX_ZSLOTS
        for i in range(spaces):  # everything back to the Reserve first
            if s[base + i]:
                s[L.S_RES_CUBES + s[base + i] - 1] += 1
                s[base + i] = 0
        for i, c in enumerate(wanted):
            if c is None:
                continue
            self._from_reserve(L.S_RES_CUBES + c, 1, f"{self.names.colors[c]} cubes")
            s[base + i] = c + 1
        return self

    # --------------------------------------------------------------------- Boss
    def _require_boss_rule(self) -> None:
        if not self.t[L.T_RULES] & L.RULE_BOSS:
            raise ConfigError("the Boss needs the 'boss' advanced rule (GameConfig(rules=('boss',)))",
                              key="rules", value=list(self.config.rules))

    @_atomic
    def boss(self, name: str, profile: str) -> Scenario:
        """The Boss Card and profile in use (Setup G)."""
        self._require_boss_rule()
        if name not in self.names.bosses:
            raise ConfigError(f"unknown Boss Card (allowed: {', '.join(self.names.bosses)})", key="boss",
                              value=name)
        b = self.names.bosses.index(name)
        profiles = self.names.boss_profiles[b]
        if profile not in profiles:
            raise ConfigError(f"unknown profile (allowed: {', '.join(profiles)})", key="profile", value=profile)
        self.s[L.S_BOSS] = b
        self.s[L.S_BOSS_PROFILE] = profiles.index(profile)
        return self

    @_atomic
    def boss_at(self, zone: str | None) -> Scenario:
        """Stand the Boss model in a placed Zone (None: not in the Dungeon)."""
        self._require_boss_rule()
        if zone is None:
            self.s[L.S_BOSS_ZONE] = -1
            return self
        z = self._zone(zone)
        if not self.s[L.S_ZPLACED + z]:
            raise ConfigError("this Zone is not placed", key="zone", value=zone)
        self.s[L.S_BOSS_ZONE] = z
        return self

    @_atomic
    def boss_done(self) -> Scenario:
        """The Boss Effect has already been activated in the turn set by ``turn``."""
        self._require_boss_rule()
        self._boss_done = True
        return self

    @_atomic
    def move(self, who: int | str, zone: str) -> Scenario:
        """Stand a Scholar in a placed Zone (the Zone counts as entered)."""
        p = self.seat(who)
        z = self._zone(zone)
        if not self.s[L.S_ZPLACED + z]:
            raise ConfigError("this Zone is not placed", key="zone", value=zone)
        self._require_in_game(p)
        self.s[pf(p, L.PF_ZONE)] = z
        self.s[L.S_ZENTERED + z] = 1
        return self

    # ------------------------------------------------ Interns, Zone Effect Tokens
    def _require_main_effects(self, what: str) -> None:
        if not int(self.t[L.T_RULES]) & L.RULE_MAIN_EFFECTS:
            raise ConfigError(f"{what} needs the Main Effects rule (rules=['main_effects'])", key="rules",
                              value=list(self.config.rules))

    @_atomic
    def intern(self, who: int | str | None, name: str) -> Scenario:
        """Give an Intern Card to a Scholar (who=None: back to the Intern deck)."""
        self._require_main_effects("an Intern Card")
        if name not in self.names.interns:
            raise ConfigError(f"unknown Intern Card (allowed: {', '.join(self.names.interns)})", key="intern",
                              value=name)
        i = self.names.interns.index(name)
        if who is None:
            self.s[L.S_INTERN_OWNER + i] = -1
        else:
            p = self.seat(who)
            self._require_in_game(p)
            self.s[L.S_INTERN_OWNER + i] = p
        refresh_passives(self.s, self.t)
        return self

    def _token_zone(self, zone: str) -> int:
        z = self._zone(zone)
        if z == 0 or not self.s[L.S_ZPLACED + z]:
            raise ConfigError("Zone Effect Tokens go on a placed Dungeon Zone", key="zone", value=zone)
        return z

    @_atomic
    def trap(self, zone: str, kind: str) -> Scenario:
        """A face-down Trap Token of `kind` (ambush, stop, toll) from the supply on a Zone;
        its N is the one printed under that kind (box.toml [tokens.trap])."""
        s = self.s
        z = self._token_zone(zone)
        if kind not in L.TRAP_KINDS:
            raise ConfigError(f"unknown Trap kind (allowed: {', '.join(L.TRAP_KINDS)})", key="kind", value=kind)
        k = L.TRAP_KINDS.index(kind)
        old = int(s[L.S_ZTRAP_KIND + z])
        if old:
            s[L.S_TRAP_SUPPLY + old - L.ZK_AMBUSH] += 1
        self._from_reserve(L.S_TRAP_SUPPLY + k, 1, f"{kind} Trap Tokens")
        s[L.S_ZTRAP_KIND + z] = L.ZK_AMBUSH + k
        s[L.S_ZTRAP_N + z] = self.t[L.T_TRAP_N + k]
        return self

    @_atomic
    def teleport(self, zone: str) -> Scenario:
        """A Teleport Token from the supply on a Zone."""
        z = self._token_zone(zone)
        if not self.s[L.S_ZTELEPORT + z]:
            self._from_reserve(L.S_TELEPORT_SUPPLY, 1, "Teleport Tokens")
            self.s[L.S_ZTELEPORT + z] = 1
        return self

    @_atomic
    def secret_passage(self, zone: str) -> Scenario:
        """A Secret Passage Marker X from the supply on a Zone."""
        z = self._token_zone(zone)
        if not self.s[L.S_ZSECRET + z]:
            self._from_reserve(L.S_SECRET_SUPPLY, 1, "Secret Passage Markers")
            self.s[L.S_ZSECRET + z] = 1
        return self

    # --------------------------------------------------------------- Note Boards
    @_atomic
    def cubes(self, who: int | str, **counts: int) -> Scenario:
        """Set Note Board columns (cubes from / back to the Reserve); derived fields recomputed."""
        p = self.seat(who)
        self._require_in_game(p)
        for name, k in counts.items():
            c = self._color(name)
            k = self._count(k, name)
            if k > self.t[L.T_COL_SLOTS + c]:
                raise ConfigError(f"the {name} column holds {int(self.t[L.T_COL_SLOTS + c])} cubes", key=name, value=k)
            have = int(self.s[pf(p, L.PF_CUBES) + c])
            self._from_reserve(L.S_RES_CUBES + c, k - have, f"{name} cubes")
            self.s[pf(p, L.PF_CUBES) + c] = k
        self._derive_boards()
        return self

    def _derive_boards(self) -> None:
        """Stars, arrows, Exalted and Knowledge from the cubes, by the core's rules."""
        s, t = self.s, self.t
        stuns = [int(s[pf(p, L.PF_STUN)]) for p in range(self.n)]
        for p in range(self.n):
            s[pf(p, L.PF_STARS)] = 0
            s[pf(p, L.PF_ARROWS)] = 0
            s[pf(p, L.PF_EXALTED)] = 0
        for p in range(self.n):
            board_changed(s, t, p)
        for p in range(self.n):
            if int(s[pf(p, L.PF_STUN)]) != stuns[p]:
                raise ConfigError(f"{self._name(p)}'s Stun Tokens would exceed Stamina after the Exalted "
                                  "side changed; set Stun Tokens after the cubes", key="stun", value=stuns[p])

    @_atomic
    def knowledge(self, who: int | str) -> Scenario:
        """Give the Knowledge Token (the Clan goes public when all hold one)."""
        p = self.seat(who)
        if self.s[pf(p, L.PF_KNOWLEDGE)]:
            return self
        if self.s[L.S_RES_KNOW] == 0:
            raise ConfigError("no Knowledge Token left in the Reserve", key="knowledge", value=who)
        gain_knowledge(self.s, self.t, p)
        return self

    @_atomic
    def students(self, who: int | str, n: int) -> Scenario:
        p = self.seat(who)
        n = self._count(n, "students")
        self._from_reserve(L.S_RES_GREY, n - int(self.s[pf(p, L.PF_STUDENTS)]), "grey Students")
        self.s[pf(p, L.PF_STUDENTS)] = n
        return self

    @_atomic
    def stun(self, who: int | str, n: int) -> Scenario:
        p = self.seat(who)
        n = self._count(n, "stun")
        top = int(stat(self.s, self.t, p, L.ST_STAMINA))
        if n > top:
            raise ConfigError(f"{self._name(p)} has Stamina {top}: no more Stun Tokens than that", key="stun", value=n)
        self._from_reserve(L.S_RES_STUN, n - int(self.s[pf(p, L.PF_STUN)]), "Stun Tokens")
        self.s[pf(p, L.PF_STUN)] = n
        return self

    # ------------------------------------------------------------- Trick Cards
    def _deck(self) -> list[int]:
        return [int(v) for v in self.s[L.S_DECK: L.S_DECK + self.s[L.S_DECK_N]]]

    def _set_deck(self, cards: list[int]) -> None:
        self.s[L.S_DECK: L.S_DECK + L.MAX_DECK] = 0
        self.s[L.S_DECK: L.S_DECK + len(cards)] = cards
        self.s[L.S_DECK_N] = len(cards)

    def _take_card(self, deck: list[int], k: int, name: str) -> None:
        """Take one card of kind k from the unpinned deck (top-most first), else the discard pile."""
        free = len(deck) - self._pinned
        for i in range(free - 1, -1, -1):
            if deck[i] == k:
                del deck[i]
                return
        if self.s[L.S_DISCARD + k] > 0:
            self.s[L.S_DISCARD + k] -= 1
            return
        raise ConfigError("no such Trick Card left in the deck or the discard pile", key="card", value=name)

    @_atomic
    def hand(self, who: int | str, cards: Sequence[str]) -> Scenario:
        """Set a hand: the old hand goes to the bottom of the deck, these come from the deck."""
        p = self.seat(who)
        kinds = [self._kind(c) for c in cards]
        deck = self._deck()
        old: list[int] = []
        for k in range(int(self.t[L.T_NKINDS])):
            old += [k] * int(self.s[pf(p, L.PF_HAND) + k])
            self.s[pf(p, L.PF_HAND) + k] = 0
        self.s[pf(p, L.PF_HAND_N)] = 0
        deck = old + deck
        for k, name in zip(kinds, cards, strict=True):
            self._take_card(deck, k, name)
            self.s[pf(p, L.PF_HAND) + k] += 1
            self.s[pf(p, L.PF_HAND_N)] += 1
        self._set_deck(deck)
        return self

    @_atomic
    def deck_top(self, cards: Sequence[str]) -> Scenario:
        """These cards are drawn next, first listed first (above earlier deck_top cards)."""
        kinds = [self._kind(c) for c in cards]
        deck = self._deck()
        for k, name in zip(kinds, cards, strict=True):
            self._take_card(deck, k, name)
        self._set_deck(deck + kinds[::-1])
        self._pinned += len(kinds)
        return self

    @_atomic
    def deck(self, cards: Sequence[str]) -> Scenario:
        """The deck is exactly these cards (first listed drawn first); the rest go to the discard pile."""
        kinds = [self._kind(c) for c in cards]
        deck = self._deck()
        self._pinned = 0
        for k, name in zip(kinds, cards, strict=True):
            self._take_card(deck, k, name)
        for k in deck:
            self.s[L.S_DISCARD + k] += 1
        self._set_deck(kinds[::-1])
        self._pinned = len(kinds)
        return self

    # -------------------------------------------------------------- Jinx Cards
    def _jdeck(self) -> list[int]:
        return [int(v) for v in self.s[L.S_JDECK: L.S_JDECK + self.s[L.S_JDECK_N]]]

    def _set_jdeck(self, cards: list[int]) -> None:
        self.s[L.S_JDECK: L.S_JDECK + L.MAX_JINX] = 0
        self.s[L.S_JDECK: L.S_JDECK + len(cards)] = cards
        self.s[L.S_JDECK_N] = len(cards)

    def _free_jinx(self, j: int, name: str) -> None:
        """Take Jinx j out of the Jinx deck or its discards (error if held)."""
        loc = int(self.s[L.S_JLOC + j])
        if loc == L.JX_DECK:
            jd = self._jdeck()
            jd.remove(j)
            self._set_jdeck(jd)
        elif loc != L.JX_DISCARD:
            owner = self._name(int(self.s[L.S_JOWNER + j]))
            raise ConfigError(f"this Jinx Card is already held by {owner}", key="jinx", value=name)

    @_atomic
    def jinx(self, who: int | str, name: str, face: str = "up") -> Scenario:
        """Hand a Jinx Card to a Scholar, face up (in effect) or face down (revealed at an End of Turn)."""
        p = self.seat(who)
        if face not in ("up", "down"):
            raise ConfigError("face is 'up' or 'down'", key="face", value=face)
        j = self._jinx_index(name)
        self._free_jinx(j, name)
        self.s[L.S_JLOC + j] = L.JX_UP if face == "up" else L.JX_DOWN
        self.s[L.S_JOWNER + j] = p
        refresh_passives(self.s, self.t)
        if self.s[pf(p, L.PF_STUN)] > stat(self.s, self.t, p, L.ST_STAMINA):
            raise ConfigError(f"{self._name(p)} would hold more Stun Tokens than Stamina with {name} face up",
                              key="jinx", value=name)
        return self

    @_atomic
    def jinx_top(self, names: Sequence[str]) -> Scenario:
        """These Jinx Cards are drawn next, first listed first."""
        idx = [self._jinx_index(n) for n in names]
        for j, name in zip(idx, names, strict=True):
            self._free_jinx(j, name)
        jd = self._jdeck()
        for j in idx:
            self.s[L.S_JLOC + j] = L.JX_DECK
            self.s[L.S_JOWNER + j] = -1
        self._set_jdeck(jd + idx[::-1])
        return self

    # ------------------------------------------------------ Campus and Alert Card
    @_atomic
    def alert_omegas(self, k: int) -> Scenario:
        """Omega Students on the Alert Card (from the Reserve, then the University)."""
        s, t = self.s, self.t
        k = self._count(k, "alert_omegas")
        if s[L.S_MAX_ALERT]:
            raise ConfigError("under Maximum Alert the Alert Card has left the game", key="alert_omegas", value=k)
        if k > t[L.T_AL_NSLOTS]:
            raise ConfigError(f"the Alert Card has {int(t[L.T_AL_NSLOTS])} spaces", key="alert_omegas", value=k)
        delta = k - int(s[L.S_ALERT_FILLED])
        if delta < 0:
            s[L.S_RES_OMEGA] -= delta
        else:
            from_res = min(delta, int(s[L.S_RES_OMEGA]))
            from_bag = delta - from_res
            if from_bag > s[L.S_UNIV_OMEGA]:
                raise ConfigError("not enough Omega Students in the box", key="alert_omegas", value=k)
            s[L.S_RES_OMEGA] -= from_res
            s[L.S_UNIV_OMEGA] -= from_bag
        s[L.S_ALERT_FILLED] = k
        return self

    @_atomic
    def university(self, students: int | None = None, omega: int | None = None) -> Scenario:
        """The University bag's grey and Omega Students (to / from the Reserve)."""
        if students is not None:
            n = self._count(students, "students")
            self._from_reserve(L.S_RES_GREY, n - int(self.s[L.S_UNIV_GREY]), "grey Students")
            self.s[L.S_UNIV_GREY] = n
        if omega is not None:
            n = self._count(omega, "omega")
            self._from_reserve(L.S_RES_OMEGA, n - int(self.s[L.S_UNIV_OMEGA]), "Omega Students")
            self.s[L.S_UNIV_OMEGA] = n
        return self

    @_atomic
    def bonfire(self, n: int) -> Scenario:
        n = self._count(n, "bonfire")
        if n > self.t[L.T_BONFIRE_SPACES]:
            raise ConfigError(f"the Bonfire has {int(self.t[L.T_BONFIRE_SPACES])} spaces", key="bonfire", value=n)
        self._from_reserve(L.S_RES_GREY, n - int(self.s[L.S_BONFIRE]), "grey Students")
        self.s[L.S_BONFIRE] = n
        return self

    # ---------------------------------------------------------- Maximum Alert
    def _require_max_alert_rule(self, key: str) -> None:
        if not self.t[L.T_RULES] & L.RULE_MAXIMUM_ALERT:
            raise ConfigError("only with the 'maximum_alert' advanced rule (GameConfig.rules)", key=key)

    @_atomic
    def panic(self, name: str) -> Scenario:
        """The Panic Card face down under the Alert Card (one of the Panic deck)."""
        self._require_max_alert_rule("panic")
        if self.s[L.S_MAX_ALERT]:
            raise ConfigError("Maximum Alert has been triggered: the Panic Card is revealed", key="panic", value=name)
        deck = [c for i, c in enumerate(self.names.panic) if (int(self.s[L.S_PANIC_DECK]) >> i) & 1]
        if name not in deck:
            raise ConfigError(f"not in this game's Panic deck (allowed: {', '.join(deck)})", key="panic", value=name)
        self.s[L.S_PANIC] = self.names.panic.index(name)
        return self

    @_atomic
    def max_alert(self) -> Scenario:
        """Trigger Maximum Alert now: the engine's own procedure (Alert Card and
        its Omega Students out, Panic Card revealed, University emptied and
        filled as the card says)."""
        self._require_max_alert_rule("max_alert")
        if self.s[L.S_MAX_ALERT]:
            raise ConfigError("Maximum Alert has already been triggered", key="max_alert")
        trigger_max_alert(self.s, self.t)
        return self

    # ------------------------------------------------------------------ Theses
    @_atomic
    def submitted(self, who: int | str) -> Scenario:
        """The Scholar has successfully Submitted the Thesis (next in order) and left the game."""
        s, t = self.s, self.t
        p = self.seat(who)
        self._require_in_game(p)
        if s[pf(p, L.PF_STARS)] < t[L.T_THESIS_MIN_STARS]:
            raise ConfigError(f"{self._name(p)} has fewer than {int(t[L.T_THESIS_MIN_STARS])} Stars",
                              key="submitted", value=who)
        target = int(t[L.T_CLAN_TARGET + s[L.S_CLAN]])
        if board_points(s, t, p) < target:
            raise ConfigError(f"{self._name(p)} scores {int(board_points(s, t, p))}, below the Thesis Target "
                              f"Score {target}", key="submitted", value=who)
        s[pf(p, L.PF_ZONE)] = 0
        gain_knowledge(s, t, p)
        thesis_success(s, t, p)  # the engine's own bookkeeping of a successful Thesis
        return self

    def _require_in_game(self, p: int) -> None:
        if not self.s[pf(p, L.PF_IN_GAME)]:
            raise ConfigError(f"{self._name(p)} has left the game (Thesis submitted)", key="who", value=p)

    # -------------------------------------------------------------- turn order
    @_atomic
    def first_player(self, who: int | str) -> Scenario:
        self.s[L.S_FIRST] = self.seat(who)
        return self

    @_atomic
    def ages(self, youngest_first: Sequence[int | str]) -> Scenario:
        """Tie-break order for "the youngest player wins": every seat once, youngest first."""
        seats = [self.seat(w) for w in youngest_first]
        if sorted(seats) != list(range(self.n)):
            raise ConfigError("list every seat once, youngest first", key="ages", value=list(youngest_first))
        for age, p in enumerate(seats):
            self.s[pf(p, L.PF_AGE)] = age
        return self

    @_atomic
    def turn(self, who: int | str, phase: str = "start", speed: int | None = None) -> Scenario:
        """Whose turn it is and which decision is open (applied by build())."""
        p = self.seat(who)
        if phase not in PHASES:
            raise ConfigError(f"unknown phase (allowed: {', '.join(PHASES)})", key="phase", value=phase)
        if speed is not None:
            speed = self._count(speed, "speed")
            if phase not in ("movement", "action"):
                raise ConfigError("speed is for the movement or action phase", key="speed", value=speed)
        self._turn = (p, phase, speed)
        return self

    def _apply_turn(self) -> None:
        s, t = self.s, self.t
        if self._turn is None:
            return
        p, phase, speed = self._turn
        self._require_in_game(p)
        s[L.S_KSP] = 0
        s[L.S_CUR] = p
        s[L.S_PHASE] = L.PH_NONE
        s[L.S_SPEED] = 0
        s[L.S_MOVE_PHASE] = 0
        s[L.S_ACTION_DONE] = 0
        s[L.S_ME_CHAIN_N] = 0
        s[L.S_ME_ACTIONS] = 0
        s[L.S_ME_MOVED] = 0
        if phase == "start":
            s[L.S_KSTACK: L.S_KSTACK + L.KSTACK_W] = (L.K_TURN_START, 0, 0, 0)
            s[L.S_KSP] = 1
            return
        # the turn has begun: count it as turn_start would have
        s[L.S_TURN] = max(int(s[L.S_TURN]), 1)
        s[L.S_ROUND] = max(int(s[L.S_ROUND]), 1)
        s[L.S_ACTOR] = p
        if phase == "activity":
            if s[L.S_MAX_ALERT]:
                raise ConfigError("under Maximum Alert only Exploration is possible: use phase='start' or "
                                  "'movement'", key="phase", value=phase)
            if s[pf(p, L.PF_ZONE)] == 0:
                raise ConfigError(f"{self._name(p)} is in the Starting Zone and must Explore: use "
                                  "phase='start' or 'movement'", key="phase", value=phase)
            if s[pf(p, L.PF_STUN)] >= stat(s, t, p, L.ST_STAMINA):
                raise ConfigError(f"{self._name(p)} has Stun Tokens equal to Stamina and must Rest: use "
                                  "phase='start'", key="phase", value=phase)
            s[L.S_PHASE] = L.PH_ACTIVITY
        elif phase == "movement":
            s[L.S_MOVE_PHASE] = 1
            s[L.S_SPEED] = stat(s, t, p, L.ST_SPEED) if speed is None else speed
            s[L.S_PHASE] = L.PH_MOVE
        else:
            s[L.S_MOVE_PHASE] = 2
            s[L.S_SPEED] = 0 if speed is None else speed
            s[L.S_PHASE] = L.PH_ACTION

    # ------------------------------------------------------------------ build
    def state(self) -> np.ndarray:
        """A copy of the state as built so far (the turn is applied by build())."""
        return self.s.copy()

    @_atomic
    def build(self) -> Game:
        """Apply the turn, check every invariant and return the Game."""
        self._apply_turn()
        if self._boss_done:
            self.s[L.S_BOSS_TURN] = self.s[L.S_TURN] if self._turn is None or self._turn[1] != "start" \
                else self.s[L.S_TURN] + 1
        for p in range(self.n):
            if self.s[pf(p, L.PF_STUN)] > stat(self.s, self.t, p, L.ST_STAMINA):
                raise ConfigError(f"{self._name(p)} has more Stun Tokens than Stamina", key="stun",
                                  value=int(self.s[pf(p, L.PF_STUN)]))
        code = int(check(self.s, self.t))
        if code:
            raise ConfigError(f"the scenario breaks an invariant: {INVARIANTS.get(code, code)}")
        return game_from_state(self.config, self.seed, self.s)



# ---------------------------------------------------------------- playing on
def pick(game: Game, text: str) -> int:
    """The legal action described by `text` (``Game.action_to_string``).

    An exact description wins; otherwise the one legal action whose
    description starts with `text`. ConfigError lists the legal actions when
    there is none or more than one.
    """
    legal = {a: game.action_to_string(a) for a in game.legal_actions()}
    exact = [a for a, d in legal.items() if d == text]
    found = exact or [a for a, d in legal.items() if d.startswith(text)]
    if len(found) != 1:
        shown = "; ".join(legal.values()) or "none (the game is over)"
        why = "no legal action" if not found else f"{len(found)} legal actions"
        raise ConfigError(f"{why} matches (phase {game.phase()}, seat {game.current_player()}; legal: {shown})",
                          key="action", value=text)
    return found[0]


def do(game: Game, *texts: str) -> Game:
    """Apply the actions described by `texts`, in order (see :func:`pick`)."""
    for text in texts:
        game.apply(pick(game, text))
    return game
