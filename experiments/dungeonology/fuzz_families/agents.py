"""Hostile agents and adapter inputs: Python agents that raise (at import, creation, ``reset``, ``act``)
or return what is not a legal action, seated by ``play``, ``tournament``, ``sweep`` and ``tune``;
tampered OpenSpiel state strings (random edits, truncation, illegal or huge actions, edited
configurations), read and played on; and actions of every type (float, str, bool, None, numpy
scalars, out of range, after the end) given to the PettingZoo, Gymnasium and OpenSpiel adapters.
"""

from __future__ import annotations

import base64
import copyreg
import io
import pickle
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from experiments.dungeonology.fuzz_families import Context

# ------------------------------------------------------------------ Python agents
AGENT_MODULES = {
    "fz_import_value": 'raise ValueError("broken at import")\n',
    "fz_import_syntax": "def broken(:\n",
    "fz_import_exit": "raise SystemExit(3)\n",
    "fz_import_missing": "import fz_no_such_module_anywhere\n",
    "fz_getattr": "def __getattr__(name):\n    raise RuntimeError('no attributes here')\n",
    "fz_agents": '''import numpy as np


class Fine:
    def reset(self, seat, seed):
        self.rng = np.random.default_rng(seed)

    def act(self, observation, legal_mask):
        return int(self.rng.choice(observation.legal_actions))


class InitRaises:
    def __init__(self):
        raise RuntimeError("cannot start")

    def act(self, observation, legal_mask):
        return 0


class NeedsArguments:
    def __init__(self, depth):
        self.depth = depth

    def act(self, observation, legal_mask):
        return 0


class ActRaises:
    def act(self, observation, legal_mask):
        raise ZeroDivisionError("thinking too hard")


class ActRaisesLater:
    calls = 0

    def act(self, observation, legal_mask):
        ActRaisesLater.calls += 1
        if ActRaisesLater.calls % 7 == 0:
            raise KeyError("lost its memory")
        return int(observation.legal_actions[0])


class ResetRaises:
    def reset(self, seat, seed):
        raise OSError("no seat for me")

    def act(self, observation, legal_mask):
        return int(observation.legal_actions[0])


class Unprintable(Exception):
    def __str__(self):
        raise RuntimeError("no words")


class ActRaisesUnprintable:
    def act(self, observation, legal_mask):
        raise Unprintable()


class ActRaisesLong:
    def act(self, observation, legal_mask):
        raise ValueError("line\\n" * 5000)


class ActRecurses:
    def act(self, observation, legal_mask):
        return self.act(observation, legal_mask)


class ActExits:
    def act(self, observation, legal_mask):
        raise SystemExit("quitting")


class ViewRaises:
    @property
    def wants_view(self):
        raise AttributeError("no view")

    def act(self, observation, legal_mask):
        return int(observation.legal_actions[0])


class ViewAmbiguous:
    wants_view = np.zeros(3)

    def act(self, observation, legal_mask):
        return int(observation.legal_actions[0])


class ActNotCallable:
    act = 3


class OldStyle:
    def act(self, game):
        return game.legal_actions()[0]


def _returns(value):
    class Returns:
        def act(self, observation, legal_mask):
            return value
    return Returns


ReturnsFloat = _returns(1.5)
ReturnsText = _returns("1")
ReturnsNone = _returns(None)
ReturnsTrue = _returns(True)
ReturnsNegative = _returns(-1)
ReturnsHuge = _returns(10**30)
ReturnsNumpyFloat = _returns(np.float64(2.0))
ReturnsArray = _returns(np.array([1, 2]))
ReturnsNumpyOutOfRange = _returns(np.int64(2**62))
''',
}
AGENTS = ("fz_import_value:Agent", "fz_import_syntax:Agent", "fz_import_exit:Agent", "fz_import_missing:Agent",
          "fz_getattr:Agent", "fz_agents:Missing", *(f"fz_agents:{name}" for name in (
              "Fine", "InitRaises", "NeedsArguments", "ActRaises", "ActRaisesLater", "ResetRaises",
              "ActRaisesUnprintable", "ActRaisesLong", "ActRecurses", "ActExits", "ViewRaises", "ViewAmbiguous",
              "ActNotCallable", "OldStyle", "ReturnsFloat", "ReturnsText", "ReturnsNone", "ReturnsTrue",
              "ReturnsNegative", "ReturnsHuge", "ReturnsNumpyFloat", "ReturnsArray", "ReturnsNumpyOutOfRange")))


def agent_folder(ctx: Context) -> Path:
    """The agents' modules, written once under ``ctx.root`` and put on ``sys.path``."""
    if "agents" not in ctx.cache:
        folder = ctx.root / "fz_agent_modules"
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in AGENT_MODULES.items():
            (folder / f"{name}.py").write_text(text, encoding="utf-8")
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
        ctx.cache["agents"] = folder
    return ctx.cache["agents"]


def python_agent_case(ctx: Context, i: int) -> list[str]:
    """One command with a hostile Python agent at a seat: play, tournament, sweep or tune."""
    folder = agent_folder(ctx)
    agent = ctx.rng.choice(AGENTS)
    out = ctx.root / f"agent_run{i}"
    plays = agent.endswith((":Fine", ":ViewRaises")) or ":Returns" in agent  # a tune of it runs its whole budget
    command = ctx.rng.choice(("play", "tournament", "sweep") if plays else ("play", "tournament", "sweep", "tune"))
    if command == "play":
        return ["play", "--agents", f"{agent},random", "--players", "2", "--seed", str(i), "-q"]
    if command == "tournament":
        return ["tournament", "--agents", f"{agent},random", "--players", "2", "--games", "2", "--jobs", "1",
                "--seed", str(i), "--out", str(out)]
    fixed = f'[fixed]\nplayers = 2\nagents = ["{agent}", "random"]\n'
    if command == "sweep":
        path = folder / f"sweep{i % 5}.toml"
        path.write_text(f'name = "fz-agent"\ngames_per_cell = 2\nseed = {i}\n{fixed}', encoding="utf-8")
        return ["sweep", str(path), "--jobs", "1", "--out", str(out)]
    path = folder / f"tune{i % 5}.toml"
    path.write_text(f'name = "fz-agent-tune"\nseed = {i}\nbudget = 40\n[game]\ngames_per_cell = 2\n'
                    f'[game.{fixed[1:]}[parameters."scholars.Sofia.hand"]\nlow = 1\nhigh = 10\n'
                    '[objective.fair_share]\ntolerance = 2\n[validation]\ngames_per_cell = 2\n', encoding="utf-8")
    return ["tune", str(path), "--jobs", "1", "--out", str(out)]


# ------------------------------------------------------------- tampered OpenSpiel states
def crafted(state: Any, saved: Any, history: str | None = None, move: int | None = None) -> str:
    """A state string whose box holds ``saved`` (an edited state, pickled as OpenSpiel would), beside
    ``state``'s own history unless given."""
    from adapters.openspiel_game import StateBox

    class Pickler(pickle.Pickler):
        def reducer_override(self, obj: Any) -> Any:
            return (copyreg.__newobj__, (StateBox,), saved) if isinstance(obj, StateBox) else NotImplemented

    out = io.BytesIO()
    Pickler(out).dump({"box": state.box})
    hist = history if history is not None else ",".join(f"{h.player}:{h.action}" for h in state.full_history())
    body = base64.b64encode(out.getvalue()).decode()
    return f"history={hist}\nmove_number={state.move_number() if move is None else move}\n__dict__={body}"


HUGE = (-1, 2**31, 2**63, 10**30, -(10**30), 99999)
CHARS = "0123456789,:=\n-+/ABCxyz\x00é"


def tamper(state: Any, text: str, rng: random.Random) -> str:
    """``text`` (a ``serialize`` of ``state``, or a ``serialize_game_and_state``) with one edit: bytes
    changed, cut, a number made huge, an action made illegal, or its saved game edited."""
    op = rng.randrange(6)
    if op == 0:
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            chars[rng.randrange(len(chars))] = rng.choice(CHARS)
        return "".join(chars)
    if op == 1:
        return text[: rng.randrange(len(text))]
    if op == 2:
        import re

        numbers = list(re.finditer(r"\d+", text[: text.find("__dict__")]))
        if numbers:
            m = rng.choice(numbers)
            return text[: m.start()] + str(rng.choice(HUGE)) + text[m.end():]
        return text + str(rng.choice(HUGE))
    saved = state.box.__getstate__()
    if op == 3:  # an action made illegal, out of range or huge, with or without the history beside it
        actions = saved["actions"]
        value = rng.choice((*HUGE, rng.randrange(state.get_game().num_distinct_actions()), True, 1.5, "3", None))
        if actions and rng.random() < 0.6:
            actions[rng.randrange(len(actions))] = value
        else:
            actions.append(value)
        hist = ",".join(f"0:{a}" for a in actions) if rng.random() < 0.3 else None
        return crafted(state, saved, hist, len(actions) if hist is not None else None)
    if op == 4:  # the saved game edited
        key = rng.choice(("game", "config", "seed", "resamples", "extra"))
        saved[key] = rng.choice(("leduc", "dungeonology", {}, {"players": 9}, [], [[0, 0, 1]], [[10**9, 0, 1]],
                                 [[0, 7, -1]], -1, 2**64, None, "x"))
        if rng.random() < 0.2:
            saved.pop(rng.choice(list(saved)))
        return crafted(state, saved)
    return crafted(state, rng.choice((None, 0, [], {"actions": []}, "box", saved["actions"])))


def base_states() -> list[Any]:
    """OpenSpiel states to tamper with: Leduc and Dungeonology part-played, and one resampled."""
    import pyspiel

    import adapters.openspiel_game  # noqa: F401  (registers the games)

    out = []
    for name, params, steps in (("python_leduc", {"players": 3, "seed": 4}, 4),
                                ("python_dungeonology", {"players": 3, "modules": "all", "seed": 2}, 60)):
        state = pyspiel.load_game(name, params).new_initial_state()
        rng = np.random.default_rng(0)
        for _ in range(steps):
            if not state.is_terminal():
                state.apply_action(int(rng.choice(state.legal_actions())))
        out.append(state)
        if not state.is_terminal():
            other = state.resample_from_infostate(state.current_player(), np.random.default_rng(1).random)
            other.apply_action(other.legal_actions()[0])
            out.append(other)
    return out


REFUSED = ("ValueError", "SpielError", "IllegalActionError", "ConfigError")


def try_state_string(text: str, game: Any, whole: bool, steps: int = 120, seed: int = 0) -> tuple[int, str]:
    """Read a state string (``game.deserialize_state``, or ``pyspiel.deserialize_game_and_state`` when
    ``whole``) and play on from it: (0, "") when read and played, (2, one line) when refused. The
    second path is OpenSpiel's C++ one: a damaged pickle section gives pickle's own error there."""
    import pyspiel

    from sim.kit.errors import DungeonologyError, raised

    try:
        state = pyspiel.deserialize_game_and_state(text)[1] if whole else game.deserialize_state(text)
    except (ValueError, pyspiel.SpielError, DungeonologyError) as exc:
        return 2, f"error: {raised(exc)}"
    except (pickle.UnpicklingError, EOFError, TypeError, AttributeError, ImportError, KeyError, IndexError,
            OverflowError, UnicodeError, MemoryError) as exc:
        if not whole:
            raise
        return 2, f"error: {raised(exc)}"
    play_on(state, steps, seed)
    return 0, ""


def play_on(state: Any, steps: int, seed: int) -> None:
    """Play up to ``steps`` random legal actions, asking the tensors, a clone and a round trip on the way."""
    rng = np.random.default_rng(seed)
    game = state.get_game()
    for _ in range(steps):
        if state.is_terminal():
            break
        p = state.current_player()
        state.information_state_tensor(p)
        state.observation_string(p)
        state.apply_action(int(rng.choice(state.legal_actions())))
    state.returns()
    again = game.deserialize_state(state.clone().serialize())
    assert again.history() == state.history() and str(again) == str(state), "a state does not round-trip"


def openspiel_state_case(ctx: Context, i: int) -> Callable[[], tuple[int, str]]:
    """One tampered state string, read in this process (a crash is impossible once strings are replayed)."""
    import pyspiel

    if "states" not in ctx.cache:
        ctx.cache["states"] = base_states()
    state = ctx.rng.choice(ctx.cache["states"])
    whole = ctx.rng.random() < 0.4
    text = pyspiel.serialize_game_and_state(state.get_game(), state) if whole else state.serialize()
    bad = tamper(state, text, ctx.rng) if ctx.rng.random() < 0.95 else text

    def case() -> tuple[int, str]:
        return try_state_string(bad, state.get_game(), whole, seed=i)

    return case


# ------------------------------------------------------------------ adapter actions
ODD_ACTIONS: tuple[Any, ...] = (1.5, 11.7, float("nan"), "1", "", True, False, None, -1, 10**30, 2**31, 2**63,
                                np.int64(1), np.int32(0), np.float64(1.0), np.bool_(True), np.uint8(1),
                                np.array(1), [1], "legal")


def adapter_action_case(ctx: Context, i: int) -> Callable[[], tuple[int, str]]:
    """One action of an odd type or value given to an adapter now, after the end or before a reset.
    Accepted (0) only when it is a whole number that was legal; refused (2) with a one-line error."""
    adapter = ctx.rng.choice(("pettingzoo", "gymnasium", "openspiel"))
    game = "leduc" if ctx.rng.random() < 0.8 else "dungeonology"
    when = ctx.rng.choice(("now", "now", "after the end", "before reset"))
    action = ctx.rng.choice(ODD_ACTIONS)  # "legal": a legal action where there is one

    def case() -> tuple[int, str]:
        return _adapter_step(adapter, game, when, action, i)

    case.__name__ = f"{adapter}-{game}-{when}-{action!r}"
    return case


def _legal_if_asked(action: Any, legal: list[int]) -> Any:
    return (legal[0] if legal else 0) if isinstance(action, str) and action == "legal" else action


def _whole_legal(action: Any, legal: list[int]) -> bool:
    return isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_)) and int(action) in legal


def _adapter_step(adapter: str, game: str, when: str, action: Any, seed: int) -> tuple[int, str]:
    import gymnasium as gym
    import pyspiel

    from sim.kit.errors import DungeonologyError, raised

    refused = (DungeonologyError, ValueError, pyspiel.SpielError, gym.error.ResetNeeded)
    players = 2 if game == "leduc" else 3
    try:
        if adapter == "openspiel":
            import adapters.openspiel_game  # noqa: F401

            state = pyspiel.load_game(f"python_{game}", {"players": players, "seed": seed}).new_initial_state()
            if when == "after the end":
                while not state.is_terminal():
                    state.apply_action(state.legal_actions()[0])
            legal = [] if state.is_terminal() else state.legal_actions()
            action = _legal_if_asked(action, legal)
            state.apply_action(action)
        elif adapter == "gymnasium":
            from adapters.gymnasium_env import make

            env = make(game, players=players, seat=0)
            if when != "before reset":
                obs, _ = env.reset(seed=seed)
                while when == "after the end" and not env.game.is_terminal():
                    obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            legal = [] if env.game is None or env.game.is_terminal() else env.game.legal_actions()
            action = _legal_if_asked(action, legal)
            _, reward, over, _, info = env.step(action)
            if not _whole_legal(action, legal):
                assert over and reward == env.illegal_reward and "illegal_action" in info, "an odd action played"
                return 2, "error: refused (the episode ends with illegal_reward)"
        else:
            from adapters.pettingzoo_env import env as aec

            e = aec(game=game, players=players)
            if when != "before reset":
                e.reset(seed=seed)
                while when == "after the end" and e.agents:
                    obs, *_, term, trunc, _ = e.last()
                    e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
            legal = e.game.legal_actions() if e.game is not None and e.agents and not e.game.is_terminal() else []
            action = _legal_if_asked(action, legal)
            e.step(action)
            if action is None and not legal:
                return 0, ""  # None: PettingZoo's action of an agent that is done
    except refused as exc:
        return 2, f"error: {raised(exc)}"
    assert _whole_legal(action, legal), f"{adapter} played {action!r} (legal: {legal[:8]})"
    return 0, ""


WEIGHTS = {"python_agent": 0.05}  # each case plays a command with the agent
TARGETS = {"python_agent": python_agent_case, "openspiel_state": openspiel_state_case,
           "adapter_action": adapter_action_case}
