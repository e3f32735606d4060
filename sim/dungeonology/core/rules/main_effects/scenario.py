"""Scenario operations of the Main Effects rule: Intern Cards and Zone Effect
Tokens (Trap, Teleport, Secret Passage Marker) ("Main Effects").
"""

from __future__ import annotations

from typing import Self

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.scholars import refresh_passives
from sim.dungeonology.scenario.builder import ScenarioBase, atomic
from sim.kit.errors import ConfigError


class TokenSetup(ScenarioBase):
    """Intern Cards and Zone Effect Tokens (Main Effects rule)."""

    # ------------------------------------------------ Interns, Zone Effect Tokens
    def _require_main_effects(self, what: str) -> None:
        if not int(self.t[L.T_RULES]) & L.RULE_MAIN_EFFECTS:
            raise ConfigError(f"{what} needs the Main Effects rule (rules=['main_effects'])", key="rules",
                              value=list(self.config.rules))

    @atomic
    def intern(self, who: int | str | None, name: str) -> Self:
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

    @atomic
    def trap(self, zone: str, kind: str) -> Self:
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

    @atomic
    def teleport(self, zone: str) -> Self:
        """A Teleport Token from the supply on a Zone."""
        z = self._token_zone(zone)
        if not self.s[L.S_ZTELEPORT + z]:
            self._from_reserve(L.S_TELEPORT_SUPPLY, 1, "Teleport Tokens")
            self.s[L.S_ZTELEPORT + z] = 1
        return self

    @atomic
    def secret_passage(self, zone: str) -> Self:
        """A Secret Passage Marker X from the supply on a Zone."""
        z = self._token_zone(zone)
        if not self.s[L.S_ZSECRET + z]:
            self._from_reserve(L.S_SECRET_SUPPLY, 1, "Secret Passage Markers")
            self.s[L.S_ZSECRET + z] = 1
        return self
