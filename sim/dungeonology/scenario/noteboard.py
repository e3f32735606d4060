"""Scenario operations on the Note Boards and the Scholars' tokens: cubes
(Stars, arrows, Exalted derived), Knowledge, Students, Stun ("The Note Board").
"""

from __future__ import annotations

from typing import Self

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.noteboard import board_changed, gain_knowledge
from sim.dungeonology.core.components.scholars import pf, stat
from sim.dungeonology.scenario.builder import ScenarioBase, atomic
from sim.kit.errors import ConfigError


class NoteBoardSetup(ScenarioBase):
    """Note Board columns and the Scholars' Knowledge, Students and Stun Tokens."""

    # --------------------------------------------------------------- Note Boards
    @atomic
    def cubes(self, who: int | str, **counts: int) -> Self:
        """Set Note Board columns (cubes from / back to the Reserve); derived fields recomputed."""
        p = self.seat(who)
        self._require_in_game(p)
        for name, k in counts.items():
            c = self._column(name)
            k = self._count(k, name)
            if k > self.t[L.T_COL_SLOTS + c]:
                raise ConfigError(f"the {name} column holds {int(self.t[L.T_COL_SLOTS + c])} cubes", key=name, value=k)
            have = int(self.s[pf(p, L.PF_CUBES) + c])
            white = bin(int(self.s[pf(p, L.PF_UNIVERSAL) + c])).count("1")
            self._from_reserve(L.S_RES_CUBES + c, k - have, f"{name} cubes")
            self.s[L.S_RES_CUBES + L.CUBE_UNIV] += white  # the column's Universal cubes back first
            self.s[L.S_RES_CUBES + c] -= white
            self.s[pf(p, L.PF_UNIVERSAL) + c] = 0
            self.s[pf(p, L.PF_CUBES) + c] = k
        self._derive_boards()
        return self

    def _column(self, name: str) -> int:
        c = self._color(name)
        if c >= self.t[L.T_NCOL]:
            raise ConfigError(f"not a Note Board column (allowed: {', '.join(self.names.colors)})",
                              key="colour", value=name)
        return c

    @atomic
    def universal(self, who: int | str, **counts: int) -> Self:
        """Make the top k cubes of a column Universal Information (RC): a white
        cube from the Reserve takes the place of one of the colour."""
        p = self.seat(who)
        self._require_in_game(p)
        for name, k in counts.items():
            c = self._column(name)
            k = self._count(k, name)
            have = int(self.s[pf(p, L.PF_CUBES) + c])
            if k > have:
                raise ConfigError(f"the {name} column holds {have} cubes; set them first with cubes()",
                                  key=name, value=k)
            marks = int(self.s[pf(p, L.PF_UNIVERSAL) + c])
            for h in range(have - k, have):
                if not marks >> h & 1:
                    self._from_reserve(L.S_RES_CUBES + L.CUBE_UNIV, 1, "universal cubes")
                    self.s[L.S_RES_CUBES + c] += 1
                    marks |= 1 << h
            self.s[pf(p, L.PF_UNIVERSAL) + c] = marks
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

    @atomic
    def knowledge(self, who: int | str) -> Self:
        """Give the Knowledge Token (the Clan goes public when all hold one)."""
        p = self.seat(who)
        if self.s[pf(p, L.PF_KNOWLEDGE)]:
            return self
        if self.s[L.S_RES_KNOW] == 0:
            raise ConfigError("no Knowledge Token left in the Reserve", key="knowledge", value=who)
        gain_knowledge(self.s, self.t, p)
        return self

    @atomic
    def students(self, who: int | str, n: int) -> Self:
        p = self.seat(who)
        n = self._count(n, "students")
        self._from_reserve(L.S_RES_GREY, n - int(self.s[pf(p, L.PF_STUDENTS)]), "grey Students")
        self.s[pf(p, L.PF_STUDENTS)] = n
        return self

    @atomic
    def stun(self, who: int | str, n: int) -> Self:
        p = self.seat(who)
        n = self._count(n, "stun")
        top = int(stat(self.s, self.t, p, L.ST_STAMINA))
        if n > top:
            raise ConfigError(f"{self._name(p)} has Stamina {top}: no more Stun Tokens than that", key="stun", value=n)
        self._from_reserve(L.S_RES_STUN, n - int(self.s[pf(p, L.PF_STUN)]), "Stun Tokens")
        self.s[pf(p, L.PF_STUN)] = n
        return self
