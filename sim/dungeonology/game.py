"""The Python surface of the engine (OpenSpiel-style names).

>>> from sim import GameConfig, new_game, replay
>>> g = new_game(GameConfig(players=3), seed=7)
>>> while not g.is_terminal():
...     g.apply(g.legal_actions()[0])
>>> g.result()["winner"]  # doctest: +SKIP
"""

from __future__ import annotations

import hashlib
import json
import sys
from types import ModuleType
from typing import Any

import numpy as np

from sim.dungeonology import layout as L
from sim.dungeonology.actions import VERBS, action_to_string
from sim.dungeonology.config import Compiled, GameConfig, compile_config
from sim.dungeonology.core.checks.invariants import INVARIANTS
from sim.dungeonology.core.components.scholars import pf
from sim.dungeonology.core.procedures import scoring
from sim.dungeonology.engines import bundle_for, engine_kernels
from sim.dungeonology.observation import information_state
from sim.dungeonology.observation import observation as observation_tensor
from sim.dungeonology.record_check import check_actions, check_initial_state, state_sha256
from sim.dungeonology.view import state_dict, with_modules
from sim.kit.documents import read_json
from sim.kit.errors import ConfigError, IllegalActionError, RecordError
from sim.kit.game import Game as KitGame
from sim.kit.game import check_seed
from sim.kit.rng import seed_words

RECORD_FORMAT = "dungeonology-record"
RECORD_VERSION = 1
# Fingerprint of the action numbering: a record replays only on the same one.
ACTION_SPACE = hashlib.sha256(repr((VERBS, L.NUM_ACTIONS, L.STATE_SIZE)).encode()).hexdigest()[:16]


class Game(KitGame):
    """One game of Dungeonology: a state array, the compiled tables and the action history."""

    def __init__(self, compiled: Compiled, seed: int, state: np.ndarray, initial: np.ndarray | None = None) -> None:
        self._initial = initial  # set for games started from a scenario
        self._engine = bundle_for(compiled)  # the bundle of the engine compiled for its modules
        super().__init__(compiled, seed, state)

    @property
    def KERNELS(self) -> ModuleType:  # noqa: N802 - the name sim.kit.game.Game reads
        """The kernels of the engine compiled for this configuration's modules (``sim.dungeonology.engines``)."""
        return sys.modules.get(self._engine.kernels) or engine_kernels(self.compiled)

    def decision(self) -> str:
        return f"seat {self.current_player()}, phase {self.phase()}"

    def phase(self) -> str:
        return L.PHASE_NAMES[int(self.state[L.S_PHASE])]

    def action_to_string(self, action: int) -> str:
        return action_to_string(self.state, self.tables, self.names, action)

    # ----------------------------------------------------------- results
    def result(self) -> dict[str, Any]:
        """Scores, breakdowns, ranks, Thesis order and the winner (Game Scoring).

        Meaningful once the game is over; before that it scores the position."""
        s, t = self.state, self.tables
        n = int(s[L.S_NPLAYERS])
        scores = np.zeros(L.MAXP, np.int64)
        ranks = np.zeros(L.MAXP, np.int64)
        self.KERNELS.standings(s, t, scores, ranks)
        parts = np.zeros(4, np.int64)
        seats = []
        score_parts = self._engine.rebase(scoring.score_parts)
        any_thesis = int(s[L.S_THESIS_COUNT]) > 0
        for p in range(n):
            score_parts(s, t, p, parts)
            order = int(s[pf(p, L.PF_THESIS)])
            seats.append({
                "seat": p,
                "scholar": self.names.scholars[int(s[pf(p, L.PF_SCHOLAR)])],
                "score": int(parts[3]),
                # the basic game's parts, then the modules' (their manifests' "breakdown" keys)
                "breakdown": with_modules("breakdown", t, (s, t, self.names, p), {
                    "board": int(parts[0]), "thesis_bonus": int(parts[1]), "jinx_penalty": int(parts[2])}),
                "rank": int(ranks[p]),
                "thesis_order": order or None,
                "eligible": (order > 0) or not any_thesis,
                "winner": int(ranks[p]) == 1,
            })
        return with_modules("result", t, (s, t, self.names), {
            "over": self.is_terminal(),
            "end_reason": L.END_REASONS[int(s[L.S_END_REASON])] if self.is_terminal() else None,
            "turns": int(s[L.S_TURN]),
            "rounds": int(s[L.S_ROUND]),
            "clan": self.names.clans[int(s[L.S_CLAN])],
            "winner": next(x["seat"] for x in seats if x["winner"]),
            "seats": seats,
        })

    def returns(self) -> list[float]:
        """1 for the winner, 0 otherwise (OpenSpiel's `returns`)."""
        w = self.result()["winner"]
        return [1.0 if p == w else 0.0 for p in range(self.config.players)]

    # --------------------------------------------------------- snapshots
    def to_dict(self) -> dict[str, Any]:
        return state_dict(self.state, self.tables, self.names, self.config.to_dict())

    def observation(self, seat: int) -> dict[str, Any]:
        """What seat `seat` may see, as a JSON-ready dict (sim.dungeonology.view)."""
        return state_dict(self.state, self.tables, self.names, self.config.to_dict(), viewer=self._seat(seat))

    def observation_tensor(self, seat: int) -> np.ndarray:
        """Seat `seat`'s fixed-size observation (float32, docs/OBSERVATION.md)."""
        return observation_tensor(self.state, self.tables, self._seat(seat))

    def information_state_tensor(self, seat: int) -> np.ndarray:
        """Seat `seat`'s information-state tensor: the observation and its own decisions."""
        return information_state(self.state, self.tables, self._seat(seat), self.history, self.actors)

    def check_invariants(self) -> str | None:
        """None, or the name of the first invariant the state violates."""
        code = int(self.KERNELS.check(self.state, self.tables))
        return INVARIANTS.get(code, f"invariant {code}") if code else None

    def record(self) -> dict[str, Any]:
        """JSON-ready record: configuration, seed, data hash and every action."""
        rec: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "config": self.config.to_dict(),
            "seed": self.seed,
            "data_hash": self.compiled.loaded.hash,
            "layout": L.LAYOUT_VERSION,
            "action_space": ACTION_SPACE,
            "actions": list(self.history),
        }
        if self._initial is not None:
            rec["initial_state"] = [int(x) for x in self._initial]
        rec["final_sha256"] = state_sha256(self.state)  # replay refuses actions that lead elsewhere
        return rec


def new_game(config: GameConfig | None = None, seed: int = 0) -> Game:
    """Set up a game (Game Setup A-P) and advance to the first decision."""
    config = config or GameConfig()
    seed = check_seed(seed)
    compiled = compile_config(config)
    state = np.zeros(L.STATE_SIZE, dtype=np.int64)
    w0, w1 = seed_words(seed)
    engine_kernels(compiled).init(state, compiled.tables, config.players, compiled.setup, w0, w1)
    return Game(compiled, seed, state)


def game_from_state(config: GameConfig, seed: int, state: np.ndarray) -> Game:
    """A game continuing from a prepared state (used by sim.dungeonology.scenario)."""
    compiled = compile_config(config)
    if state.shape != (L.STATE_SIZE,):
        raise RecordError(f"a state has {L.STATE_SIZE} integers, got {state.shape}")
    return Game(compiled, seed, state.astype(np.int64).copy(), initial=state.astype(np.int64).copy())


def replay(record: dict[str, Any] | str) -> Game:
    """Rebuild the game of a record (a dict, or its JSON text)."""
    if isinstance(record, str):
        try:
            record = read_json(record)
        except json.JSONDecodeError as exc:
            raise RecordError(f"the record is not valid JSON: {str(exc)[:80]}") from None
        except ConfigError as exc:
            raise RecordError(f"the record cannot be read: {exc}") from None
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a game record (expected \"format\": \"{RECORD_FORMAT}\")")
    if record.get("version") != RECORD_VERSION:
        raise RecordError(f"unsupported record version {record.get('version')!r} (this engine reads {RECORD_VERSION})")
    for key in ("config", "seed", "actions"):
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
    if not isinstance(record["config"], dict):
        raise RecordError("the record's config must be a table of settings")
    actions = check_actions(record["actions"])
    layout = record.get("layout", 1)  # records made before layout versions were written: version 1
    if layout != L.LAYOUT_VERSION:
        raise RecordError(
            f"the record was made with state and action layout version {layout!r}; this engine uses layout "
            f"version {L.LAYOUT_VERSION} (action numbers and the state size differ): replay it with the "
            "engine version that made it")
    if record.get("action_space", ACTION_SPACE) != ACTION_SPACE:
        raise RecordError("the record was made by an engine with a different action space; replay it with that version")
    config = GameConfig.from_dict(record["config"])
    seed = check_seed(record["seed"])
    compiled = compile_config(config)
    wanted = record.get("data_hash")
    if wanted is not None and wanted != compiled.loaded.hash:
        raise RecordError("the record was made with different component data (data hash differs)")
    if "initial_state" in record:  # from outside: every field in range, then the invariants, before advance()
        state = check_initial_state(record["initial_state"], config.players)
        broken = int(engine_kernels(compiled).check(state, compiled.tables))
        if broken:
            raise RecordError(f"initial_state: {INVARIANTS.get(broken, f'invariant {broken}')}")
        g = game_from_state(config, seed, state)
    else:
        g = new_game(config, seed)
    for i, a in enumerate(actions):
        try:
            g.apply(a)
        except IllegalActionError as exc:
            raise RecordError(f"action #{i} ({a}) of the record is not legal: {exc}") from None
    final = record.get("final_sha256")
    if final is not None and final != state_sha256(g.state):
        raise RecordError("final_sha256: the record's actions do not lead to the state it recorded (an edited "
                          "seed, action or state)")
    return g
