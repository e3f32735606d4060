"""Scenario operations on the Campus and the Alert Card: Omega Students on the
Alert Card, the University, the Bonfire ("The Campus", "Alert Card"). The Panic
Card and Maximum Alert are the rule's (``rules.maximum_alert.scenario``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from sim.dungeonology import layout as L
from sim.dungeonology.scenario.builder import ScenarioBase, atomic
from sim.kit.errors import ConfigError


class CampusSetup(ScenarioBase):
    """The Alert Card's Omega Students, the University, the Bonfire."""

    # ------------------------------------------------------ Campus and Alert Card
    @atomic
    def alert_omegas(self, k: int) -> Self:
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

    @atomic
    def university(self, students: int | None = None, omega: int | None = None) -> Self:
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

    @atomic
    def university_order(self, students: Sequence[str]) -> Self:
        """The next Students drawn out of the University, in order: ``"grey"``
        or ``"omega"`` each (e.g. ``["grey", "omega"]``: an Omega Student drawn
        as the second of two), or with Student Congregations a Congregation
        (``"iota"``, ``"zeta"``, ``"phi"``, ``"lambda"``). Later draws are random again; a kind no longer
        in the bag when its turn comes is skipped."""
        kinds = list(students)
        allowed = L.STUDENT_KINDS if self.t[L.T_RULES] & L.RULE_CONGREGATIONS else ("grey", "omega")
        if len(kinds) > L.MAX_SET_DRAWS or any(k not in allowed for k in kinds):
            raise ConfigError(f'a list of at most {L.MAX_SET_DRAWS} of {", ".join(map(repr, allowed))}',
                              key="university_order", value=kinds)
        self.s[L.S_SET_UNIV:L.S_SET_UNIV + L.MAX_SET_DRAWS] = 0
        self.s[L.S_SET_UNIV:L.S_SET_UNIV + len(kinds)] = [allowed.index(k) for k in kinds]
        self.s[L.S_SET_UNIV_N] = len(kinds)
        self.s[L.S_SET_UNIV_I] = 0
        return self

    @atomic
    def bonfire(self, n: int) -> Self:
        n = self._count(n, "bonfire")
        if n > self.t[L.T_BONFIRE_SPACES]:
            raise ConfigError(f"the Bonfire has {int(self.t[L.T_BONFIRE_SPACES])} spaces", key="bonfire", value=n)
        self._from_reserve(L.S_RES_GREY, n - int(self.s[L.S_BONFIRE]), "grey Students")
        self.s[L.S_BONFIRE] = n
        return self
