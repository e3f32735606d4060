"""Scenario operations of the Boss rule ("Boss"): the Boss Card and profile in use, the model's
Zone, the Boss Effect already activated this turn."""

from __future__ import annotations

from typing import Self

from sim.dungeonology import layout as L
from sim.dungeonology.scenario.builder import ScenarioBase, atomic
from sim.kit.errors import ConfigError


class BossSetup(ScenarioBase):
    """The Boss (Boss rule)."""

    _boss_done = False

    def _require_boss_rule(self) -> None:
        if not self.t[L.T_RULES] & L.RULE_BOSS:
            raise ConfigError("the Boss needs the 'boss' advanced rule (GameConfig(rules=('boss',)))",
                              key="rules", value=list(self.config.rules))

    @atomic
    def boss(self, name: str, profile: str) -> Self:
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

    @atomic
    def boss_at(self, zone: str | None) -> Self:
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

    @atomic
    def boss_done(self) -> Self:
        """The Boss Effect has already been activated in the turn set by ``turn``."""
        self._require_boss_rule()
        self._boss_done = True
        return self

    def _apply_turn(self) -> None:
        super()._apply_turn()  # type: ignore[misc]
        if self._boss_done:
            self.s[L.S_BOSS_TURN] = self.s[L.S_TURN] if self._turn is None or self._turn[1] != "start" \
                else self.s[L.S_TURN] + 1
