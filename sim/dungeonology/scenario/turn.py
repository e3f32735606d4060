"""Scenario operations on the turn: Theses already submitted, the first player,
the age order and the open decision ("Turn Structure", "Submitting the Thesis").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.core.components.noteboard import board_points, gain_knowledge
from sim.dungeonology.core.components.randomizer import first_player
from sim.dungeonology.core.components.scholars import pf, stat
from sim.dungeonology.core.procedures.turn import thesis_success
from sim.dungeonology.scenario.builder import PHASES, ScenarioBase, atomic
from sim.kit.errors import ConfigError


class TurnSetup(ScenarioBase):
    """Theses already submitted, turn order and the decision open at build()."""

    # ------------------------------------------------------------------ Theses
    @atomic
    def submitted(self, who: int | str) -> Self:
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

    # -------------------------------------------------------------- turn order
    @atomic
    def first_player(self, who: int | str) -> Self:
        self.s[L.S_FIRST] = self.seat(who)
        return self

    @atomic
    def randomizer(self, cards: Sequence[int | dict[str, str]]) -> Self:
        """The next Randomizer cards drawn, in order, whatever the Randomization
        (a target Scholar, a direction, "the first available clockwise
        Passage", an Information, Setup D): each a card's index in the data or
        a table of its fields (``{"color": "red", "direction": "N"}``: the first
        card that matches). Each Randomization shuffles afresh and draws
        until a card applies, so every card drawn uses one entry."""
        picked = [self._randomizer_card(c) for c in cards]
        if len(picked) > L.MAX_SET_DRAWS:
            raise ConfigError(f"at most {L.MAX_SET_DRAWS} cards", key="randomizer", value=list(cards))
        self.s[L.S_SET_RAND:L.S_SET_RAND + L.MAX_SET_DRAWS] = 0
        self.s[L.S_SET_RAND:L.S_SET_RAND + len(picked)] = picked
        self.s[L.S_SET_RAND_N] = len(picked)
        self.s[L.S_SET_RAND_I] = 0
        return self

    def _randomizer_card(self, card: int | dict[str, str]) -> int:
        cards = [{k: str(getattr(c, k)) for k in ("color", "direction", "passage", "information")}
                 for c in self.compiled.loaded.data.randomizer.cards]
        if isinstance(card, (int, np.integer)) and not isinstance(card, bool) and 0 <= int(card) < len(cards):
            return int(card)
        if isinstance(card, dict):
            for i, fields in enumerate(cards):
                if all(fields.get(k) == v for k, v in card.items()):
                    return i
        raise ConfigError(f"a Randomizer card is an index 0-{len(cards) - 1} or a table of its fields "
                          f"(color, direction, passage, information) that some card matches", key="randomizer",
                          value=card)

    @atomic
    def draw_first_player(self) -> Self:
        """Setup D again, with the Randomizer (its fixed cards first): the
        first player is the first card's colour that belongs to a seat."""
        self.s[L.S_FIRST] = first_player(self.s, self.t)
        return self

    @atomic
    def ages(self, youngest_first: Sequence[int | str]) -> Self:
        """Tie-break order for "the youngest player wins": every seat once, youngest first."""
        seats = [self.seat(w) for w in youngest_first]
        if sorted(seats) != list(range(self.n)):
            raise ConfigError("list every seat once, youngest first", key="ages", value=list(youngest_first))
        for age, p in enumerate(seats):
            self.s[pf(p, L.PF_AGE)] = age
        return self

    @atomic
    def turn(self, who: int | str, phase: str = "start", speed: int | None = None) -> Self:
        """Whose turn it is and which decision is open (applied by build()): ``start`` (the turn
        begins), ``activity``, ``movement``, ``action``, or a step of the End of Turn Phase:
        ``end_of_turn`` (from its start: the Student drawn), ``end_of_turn_jinx`` (the face-down
        Jinx Cards revealed), ``end_of_turn_draw`` (draw up to the Hand Value)."""
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
        if phase.startswith("end_of_turn"):
            # the Action Phase is over; the End of Turn Phase resumes at that step (K_EOT stage)
            s[L.S_MOVE_PHASE] = 2
            s[L.S_KSTACK: L.S_KSTACK + L.KSTACK_W] = (L.K_EOT, PHASES.index(phase) - PHASES.index("end_of_turn"), 0, 0)
            s[L.S_KSP] = 1
            return
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
