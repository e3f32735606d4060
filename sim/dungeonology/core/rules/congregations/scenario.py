"""Scenario operations for the Student Congregations (Rocca Civetta advanced
rule, "Student Congregations"): Congregation Students held, in the
University, at the Bonfire in order, and the Iota Student standing in a Zone.
Each moves Students out of (or back to) the Reserve."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.scenario.builder import ScenarioBase, atomic
from sim.kit.errors import ConfigError


class CongregationSetup(ScenarioBase):
    """Congregation Students: held, in the University, at the Bonfire, in a Zone."""

    def _congregation(self, name: str) -> int:
        if not self.t[L.T_RULES] & L.RULE_CONGREGATIONS:
            raise ConfigError("only with the 'congregations' module (GameConfig.modules)", key="congregation",
                              value=name)
        key = str(name).lower()
        playing = [c for i, c in enumerate(L.CONGREGATIONS) if (int(self.s[L.S_CG_USED]) >> i) & 1]
        if key not in playing:
            raise ConfigError(f"not a Congregation of this game (allowed: {', '.join(playing)})",
                              key="congregation", value=name)
        return L.CONGREGATIONS.index(key)

    @atomic
    def congregation_students(self, who: int | str, **counts: int) -> Self:
        """Set the Congregation Students a Scholar holds (``iota=1, phi=2``);
        they count among her Students (PF_STUDENTS grows or shrinks with them)."""
        p = self.seat(who)
        for name, n in counts.items():
            c = self._congregation(name)
            n = self._count(n, name)
            f = pf(p, L.PF_CONGREGATION) + c
            delta = n - int(self.s[f])
            self._from_reserve(L.S_RES_CONGREGATION + c, delta, f"{name} Students")
            self.s[f] = n
            self.s[pf(p, L.PF_STUDENTS)] += delta
        return self

    @atomic
    def university_congregation(self, **counts: int) -> Self:
        """Set the Congregation Students in the University bag (``zeta=2``)."""
        for name, n in counts.items():
            c = self._congregation(name)
            n = self._count(n, name)
            f = L.S_UNIV_CONGREGATION + c
            self._from_reserve(L.S_RES_CONGREGATION + c, n - int(self.s[f]), f"{name} Students")
            self.s[f] = n
        return self

    @atomic
    def bonfire_order(self, kinds: Sequence[str]) -> Self:
        """The Students at the Campus Bonfire, in order from the space with the
        arrow (``["grey", "iota", "grey"]``; the last is picked up first)."""
        kinds = list(kinds)
        if len(kinds) > self.t[L.T_BONFIRE_SPACES]:
            raise ConfigError(f"the Bonfire has {int(self.t[L.T_BONFIRE_SPACES])} spaces", key="bonfire_order",
                              value=kinds)
        s = self.s
        for i in range(int(s[L.S_BONFIRE])):  # the old Bonfire back to the Reserve
            k = int(s[L.S_BONFIRE_KINDS + i])
            s[L.S_RES_GREY if k == 0 else L.S_RES_CONGREGATION + k - 2] += 1
            s[L.S_BONFIRE_KINDS + i] = 0
        s[L.S_BONFIRE] = 0
        for i, name in enumerate(kinds):
            k = 0 if name == "grey" else self._congregation(name) + 2
            self._from_reserve(L.S_RES_GREY if k == 0 else L.S_RES_CONGREGATION + k - 2, 1, f"{name} Students")
            s[L.S_BONFIRE_KINDS + i] = k
        s[L.S_BONFIRE] = len(kinds)
        return self

    @atomic
    def zone_student(self, zone: str, who: int | str, congregation: str = "iota") -> Self:
        """A Congregation Student of `who` standing in a Zone (the Iota effect), from the Reserve."""
        z = self._zone(zone)
        p = self.seat(who)
        c = self._congregation(congregation)
        if z == 0 or not self.s[L.S_ZPLACED + z] or self.s[L.S_ZIOTA + z]:
            raise ConfigError("a placed Dungeon Zone without a Student standing in it", key="zone", value=zone)
        self._from_reserve(L.S_RES_CONGREGATION + c, 1, f"{congregation} Students")
        self.s[L.S_ZIOTA + z] = p + 1
        self.s[L.S_CG_ZKIND + z] = c
        return self
