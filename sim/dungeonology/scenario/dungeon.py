"""Scenario operations on the Dungeon: Zone tiles, their stacks and cubes,
Scholars and the Boss in Zones ("Game Setup", "The Dungeon", "Boss").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.dungeon import OUT_DX, OUT_DY, overlapping, place_tile, zone_covering
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.scenario.builder import FLOOR_NAMES, ScenarioBase, atomic
from sim.dungeonology.view import cube_name
from sim.kit.errors import ConfigError


class DungeonSetup(ScenarioBase):
    """Zone tiles, Floor stacks, Zone cubes, Scholars and the Boss in Zones."""

    # ------------------------------------------------------------------ Dungeon
    @atomic
    def place_zone(self, zone: str, x: float, y: float, rotation: int = 0, stair_to: str | None = None,
                   entered: bool = False) -> Self:
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

    @atomic
    def stack_top(self, floor: int | str, zones: Sequence[str]) -> Self:
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

    @atomic
    def zone_cubes(self, zone: str, cubes: Sequence[str | None]) -> Self:
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
            self._from_reserve(L.S_RES_CUBES + c, 1, f"{cube_name(self.names, c)} cubes")
            s[base + i] = c + 1
        return self

    @atomic
    def move(self, who: int | str, zone: str) -> Self:
        """Stand a Scholar in a placed Zone (the Zone counts as entered)."""
        p = self.seat(who)
        z = self._zone(zone)
        if not self.s[L.S_ZPLACED + z]:
            raise ConfigError("this Zone is not placed", key="zone", value=zone)
        self._require_in_game(p)
        self.s[pf(p, L.PF_ZONE)] = z
        self.s[L.S_ZENTERED + z] = 1
        return self
