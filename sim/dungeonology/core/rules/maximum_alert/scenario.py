"""Scenario operations of the Maximum Alert rule ("Maximum Alert"): the face-down Panic Card, and
Maximum Alert triggered now."""

from __future__ import annotations

from typing import Self

from sim.dungeonology import layout as L
from sim.dungeonology.core.rules.maximum_alert.trigger import trigger_max_alert
from sim.dungeonology.scenario.builder import ScenarioBase, atomic
from sim.kit.errors import ConfigError


class MaxAlertSetup(ScenarioBase):
    """The Panic Card and Maximum Alert (Maximum Alert rule)."""

    def _require_max_alert_rule(self, key: str) -> None:
        if not self.t[L.T_RULES] & L.RULE_MAXIMUM_ALERT:
            raise ConfigError("only with the 'maximum_alert' advanced rule (GameConfig.rules)", key=key)

    @atomic
    def panic(self, name: str) -> Self:
        """The Panic Card face down under the Alert Card (one of the Panic deck)."""
        self._require_max_alert_rule("panic")
        if self.s[L.S_MAX_ALERT]:
            raise ConfigError("Maximum Alert has been triggered: the Panic Card is revealed", key="panic", value=name)
        deck = [c for i, c in enumerate(self.names.panic) if (int(self.s[L.S_PANIC_DECK]) >> i) & 1]
        if name not in deck:
            raise ConfigError(f"not in this game's Panic deck (allowed: {', '.join(deck)})", key="panic", value=name)
        self.s[L.S_PANIC] = self.names.panic.index(name)
        return self

    @atomic
    def max_alert(self) -> Self:
        """Trigger Maximum Alert now: the engine's own procedure (Alert Card and
        its Omega Students out, Panic Card revealed, University emptied and
        filled as the card says)."""
        self._require_max_alert_rule("max_alert")
        if self.s[L.S_MAX_ALERT]:
            raise ConfigError("Maximum Alert has already been triggered", key="max_alert")
        trigger_max_alert(self.s, self.t)
        return self
