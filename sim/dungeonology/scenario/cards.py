"""Scenario operations on the cards: hands and the Trick Card deck, each card's Type,
Jinx Cards, the Clan Card drawn from the Clan pile ("Trick Cards", "Jinx Cards", "Clan Card",
Game Setup J).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Self

from sim.dungeonology import layout as L
from sim.dungeonology.config import compile_config
from sim.dungeonology.core.components.scholars import pf, refresh_passives, stat
from sim.dungeonology.scenario.builder import ScenarioBase, atomic
from sim.kit.errors import ConfigError


class CardSetup(ScenarioBase):
    """Hands, the Trick Card deck, the cards' Types, the Jinx Cards and the Clan Card."""

    # ------------------------------------------------------------- data of the game
    def _reconfigure(self, **changes: object) -> None:
        """The game's configuration changed (a data override, the Clan Card): the tables are
        compiled again; the state keeps every index (names and counts do not change)."""
        self.config = dataclasses.replace(self.config, **changes)
        self.compiled = compile_config(self.config)
        self.t = self.compiled.tables

    def card_type(self, card: str, type_name: str) -> Self:
        """Set the Type of a Trick Card kind (every copy): the data override ``cards.<card>.type``,
        kept in the Game's configuration (its record replays it)."""
        self._kind(card)
        if type_name not in self.names.types:
            raise ConfigError(f"unknown card Type (allowed: {', '.join(self.names.types)})", key="type",
                              value=type_name)
        self._reconfigure(overrides={**self.config.overrides, f"cards.{card}.type": type_name})
        return self

    def clan(self, name: str) -> Self:
        """The Clan Card drawn at Setup J; the others stay in the Clan pile (``to_dict()["clan_pile"]``)."""
        if name not in self.names.clans:
            raise ConfigError(f"unknown Clan Card (allowed: {', '.join(self.names.clans)})", key="clan", value=name)
        self._reconfigure(clan=name)
        self.s[L.S_CLAN] = self.names.clans.index(name)
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

    @atomic
    def hand(self, who: int | str, cards: Sequence[str]) -> Self:
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

    @atomic
    def deck_top(self, cards: Sequence[str]) -> Self:
        """These cards are drawn next, first listed first (above earlier deck_top cards)."""
        kinds = [self._kind(c) for c in cards]
        deck = self._deck()
        for k, name in zip(kinds, cards, strict=True):
            self._take_card(deck, k, name)
        self._set_deck(deck + kinds[::-1])
        self._pinned += len(kinds)
        return self

    @atomic
    def deck(self, cards: Sequence[str]) -> Self:
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

    @atomic
    def jinx(self, who: int | str, name: str, face: str = "up") -> Self:
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

    @atomic
    def jinx_top(self, names: Sequence[str]) -> Self:
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
