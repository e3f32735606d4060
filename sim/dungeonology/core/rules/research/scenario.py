"""Scenario operations of the Research Cards rule (Rocca Civetta, "Research
Cards"): which cards lie face up, which are on top of the deck, which a
Scholar has completed, and a Quest already completed this turn.

Every card stays in exactly one place (the Research deck, a face-up place
near the Campus, or a Scholar's completed cards), as the invariants require:
a card taken out of a face-up place is replaced from the top of the deck.
"""

from __future__ import annotations

from typing import Self

from sim.dungeonology import layout as L
from sim.dungeonology.scenario.builder import ScenarioBase, atomic
from sim.kit.errors import ConfigError


class ResearchSetup(ScenarioBase):
    """Research Cards (module research)."""

    _research_done = False

    def _require_research(self) -> None:
        if not int(self.t[L.T_RULES]) & L.RULE_RESEARCH:
            raise ConfigError("Research Cards need the research module (modules=['rocca_civetta', 'research'])",
                              key="modules", value=list(self.config.modules))

    def _research_card(self, name: str) -> int:
        if name not in self.names.research:
            raise ConfigError(f"unknown Research Card (allowed: {', '.join(self.names.research)})",
                              key="research", value=name)
        return self.names.research.index(name)

    def _research_places(self) -> tuple[list[int], list[int]]:
        """(deck bottom..top, face-up places: card or -1)."""
        s = self.s
        deck = [int(s[L.S_RESEARCH_DECK + i]) for i in range(int(s[L.S_RESEARCH_N]))]
        up = [int(s[L.S_RESEARCH_UP + i]) - 1 for i in range(L.RESEARCH_UP)]
        return deck, up

    def _write_research(self, deck: list[int], up: list[int]) -> None:
        s = self.s
        for i in range(L.MAX_RESEARCH):
            s[L.S_RESEARCH_DECK + i] = deck[i] if i < len(deck) else 0
        s[L.S_RESEARCH_N] = len(deck)
        for i in range(L.RESEARCH_UP):
            if up[i] < 0 and deck:
                up[i] = deck.pop()  # an empty place is refilled from the top of the deck
                s[L.S_RESEARCH_N] = len(deck)
                s[L.S_RESEARCH_DECK + len(deck)] = 0
            s[L.S_RESEARCH_UP + i] = up[i] + 1

    @atomic
    def research_face_up(self, names: list[str]) -> Self:
        """The Research Cards face up near the Campus, first place first (taken
        from the deck or another place; the cards they replace go on top of the deck)."""
        self._require_research()
        cards = [self._research_card(n) for n in names]
        if len(cards) > L.RESEARCH_UP or len(set(cards)) != len(cards):
            raise ConfigError(f"name 1 to {L.RESEARCH_UP} different Research Cards", key="research", value=names)
        deck, up = self._research_places()
        for c in cards:
            if c not in deck and c not in up:
                raise ConfigError("that Research Card has been completed by a Scholar", key="research",
                                  value=self.names.research[c])
        deck = [c for c in deck if c not in cards]
        out = [c for c in up if c >= 0 and c not in cards]
        deck += out
        self._write_research(deck, cards + [-1] * (L.RESEARCH_UP - len(cards)))
        return self

    @atomic
    def research_deck_top(self, names: list[str]) -> Self:
        """The next Research Cards drawn, first listed first (from the deck)."""
        self._require_research()
        cards = [self._research_card(n) for n in names]
        deck, up = self._research_places()
        for c in cards:
            if c not in deck:
                raise ConfigError("that Research Card is not in the Research deck", key="research",
                                  value=self.names.research[c])
        deck = [c for c in deck if c not in cards] + cards[::-1]
        self._write_research(deck, up)
        return self

    @atomic
    def research_completed(self, who: int | str, names: list[str]) -> Self:
        """Research Cards a Scholar has already completed (from the deck or a
        face-up place, which is refilled from the top of the deck)."""
        self._require_research()
        p = self.seat(who)
        deck, up = self._research_places()
        for name in names:
            c = self._research_card(name)
            if int(self.s[L.S_RESEARCH_OWNER + c]) != 0:
                raise ConfigError("that Research Card has already been completed", key="research", value=name)
            self.s[L.S_RESEARCH_OWNER + c] = p + 1
            deck = [d for d in deck if d != c]
            up = [-1 if u == c else u for u in up]
        self._write_research(deck, up)
        return self

    @atomic
    def research_done(self) -> Self:
        """The Scholar whose turn it is has already completed a Quest this turn
        (needs ``turn(who, phase)`` with a phase after the start)."""
        self._require_research()
        self._research_done = True
        return self

    def _apply_turn(self) -> None:
        super()._apply_turn()  # type: ignore[misc]
        if self._research_done:
            if self._turn is None or self._turn[1] == "start":
                raise ConfigError("research_done needs turn(who, phase) with a phase after the start",
                                  key="phase", value=None if self._turn is None else self._turn[1])
            self.s[L.S_RESEARCH_TURN] = self.s[L.S_TURN] + 1
