"""Agent spec strings: ``random``, ``heuristic``, ``heuristic:cautious``,
``heuristic:risk=0.6,sabotage=0.2``, ``heuristic:spy,risk=0.3``,
``ismcts:iterations=1000,c=0.7``, or a Python agent ``module:attr`` (an object
or class with ``act(observation, legal_mask)``, agents/python_agents.py). Unknown
names or parameters are a ConfigError that lists what exists."""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from agents.contract import MAX_PARAMS
from agents.registry import AgentKind, kinds
from sim.kit.errors import ConfigError, raised

PYTHON_KIND = "python"  # the kind of a ``module:attr`` spec
_PYTHON_NAME = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_][\w.]*$")


@dataclass(frozen=True)
class AgentSpec:
    kind: str
    params: tuple[tuple[str, float], ...]  # every parameter, resolved
    text: str  # the spec as written (normalised)

    def vector(self) -> np.ndarray:
        v = np.zeros(MAX_PARAMS, dtype=np.float64)
        for i, (_, value) in enumerate(self.params):
            v[i] = value
        return v

    def get(self, name: str) -> float:
        return dict(self.params)[name]

    def __str__(self) -> str:
        return self.text


def _number(kind: AgentKind, key: str, raw: str, text: str) -> float:
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"agent {kind.name!r}: parameter {key!r} needs a number", key=text, value=raw) from None
    lo, hi = kind.ranges.get(key, (-np.inf, np.inf))
    if not lo <= value <= hi:
        raise ConfigError(f"agent {kind.name!r}: {key} must be between {lo:g} and {hi:g}", key=text, value=raw)
    if key in kind.integer_params and value != int(value):
        raise ConfigError(f"agent {kind.name!r}: {key} is a whole number", key=text, value=raw)
    return value


def parse_spec(text: str, game: str | None = None) -> AgentSpec:
    """Parse one agent spec string (see module docstring) for ``game`` (None: the default game)."""
    if not isinstance(text, str) or not text.strip():
        raise ConfigError("an agent spec is a name like random, heuristic or ismcts", value=text)
    text = text.strip()
    name, _, rest = text.partition(":")
    name = name.strip()
    known = kinds(game) if game is not None else kinds()
    if name not in known and _PYTHON_NAME.match(text.replace(" ", "")):
        text = text.replace(" ", "")
        try:
            load_agent(text)  # ConfigError now, not in a worker
        except ConfigError as exc:
            if "cannot import" in exc.message and "." not in name:  # more likely a misspelt agent name
                raise ConfigError(f"unknown agent (available: {', '.join(sorted(known))}; nor is it a Python "
                                  f"agent module:attr, {exc.message})", key="agent", value=name) from None
            raise
        return AgentSpec(PYTHON_KIND, (), text)
    if name not in known:
        raise ConfigError(f"unknown agent (available: {', '.join(sorted(known))}, or module:attr of a Python agent)",
                          key="agent", value=name)
    kind = known[name]
    values = dict(kind.params)
    for i, part in enumerate(p.strip() for p in rest.split(",") if p.strip()):
        if "=" not in part:
            if i == 0 and part in kind.personas:
                values.update(kind.personas[part])
                continue
            personas = ", ".join(sorted(kind.personas)) or "none"
            raise ConfigError(f"agent {name!r}: unknown persona (personas: {personas}; or key=value)",
                              key=text, value=part)
        key, _, raw = part.partition("=")
        key = key.strip()
        if key not in kind.params:
            allowed = ", ".join(kind.params) or "none"
            raise ConfigError(f"agent {name!r}: unknown parameter (parameters: {allowed})", key=text, value=key)
        values[key] = _number(kind, key, raw.strip(), text)
    return AgentSpec(name, tuple((k, float(values[k])) for k in kind.params), text)


def as_specs(specs: Sequence[AgentSpec | str], game: str | None = None) -> list[AgentSpec]:
    """Parsed specs of ``game`` (strings are parsed; ConfigError for unknown agents or parameters)."""
    return [s if isinstance(s, AgentSpec) else parse_spec(s, game) for s in specs]


def seat_list(specs: Sequence[AgentSpec], players: int) -> list[AgentSpec]:
    """One agent per seat: the specs in order, repeated cyclically to fill ``players`` seats."""
    if not specs:
        raise ConfigError("no agents given", key="agents")
    if len(specs) > players:
        raise ConfigError(f"{len(specs)} agents for {players} seats (at most one agent per seat)",
                          key="agents", value=[str(s) for s in specs])
    return [specs[p % len(specs)] for p in range(players)]


def distinct(specs: Sequence[AgentSpec]) -> list[AgentSpec]:
    """The distinct specs (by their text), in order of first appearance."""
    seen: dict[str, AgentSpec] = {}
    for s in specs:
        seen.setdefault(s.text, s)
    return list(seen.values())


def describe_agents(game: str | None = None) -> str:
    """A readable list of the agents of ``game`` (None: the default game), parameters (defaults) and personas."""
    lines = []
    for name, kind in sorted((kinds(game) if game is not None else kinds()).items()):
        lines.append(f"{name}: {kind.description}")
        if kind.params:
            lines.append("  parameters: " + ", ".join(f"{k}={v:g}" for k, v in kind.params.items()))
        if kind.personas:
            lines.append("  personas: " + ", ".join(sorted(kind.personas)))
    return "\n".join(lines)


def takes_observation(agent: Any) -> bool:
    """True for act(observation, legal_mask), False for the older act(game)."""
    try:
        params = inspect.signature(agent.act).parameters
    except (TypeError, ValueError):
        return True
    return len(params) >= 2


AGENT_FAULTS = (Exception, SystemExit)  # what a Python agent may raise that is its fault, not the run's


def agent_call(text: str, what: str, fn: Any, *args: Any) -> Any:
    """``fn(*args)`` for the Python agent ``text``; what it raises becomes a ConfigError naming the agent,
    ``what`` raised (``act()``, ``reset()``, ...) and the exception (the one place a Python agent's code
    is run)."""
    try:
        return fn(*args)
    except AGENT_FAULTS as exc:
        raise ConfigError(f"the Python agent's {what} raised {raised(exc)}", key="agent", value=text) from None


def _attribute(obj: Any, path: str) -> Any:
    for part in path.split("."):
        if not hasattr(obj, part):
            return None
        obj = getattr(obj, part)
    return obj


def load_agent(text: str) -> Any:
    """The object named ``module:attr`` (a class is instantiated); ConfigError when it cannot be used, or
    when importing or creating it raises (naming the agent and the exception)."""
    module_name, _, attr = text.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigError(f"cannot import the agent's module ({exc})", key="agent", value=text) from None
    except AGENT_FAULTS as exc:
        raise ConfigError(f"importing the agent's module raised {raised(exc)}", key="agent", value=text) from None
    obj = agent_call(text, f"attribute {attr!r}", _attribute, module, attr)
    if obj is None:
        raise ConfigError(f"module {module_name!r} has no {attr!r}", key="agent", value=text)
    if inspect.isclass(obj):
        try:
            obj = obj()
        except TypeError as exc:
            raise ConfigError(f"cannot create the agent without arguments ({exc})", key="agent", value=text) from None
        except AGENT_FAULTS as exc:
            raise ConfigError(f"creating the agent raised {raised(exc)}", key="agent", value=text) from None
    act = agent_call(text, "attribute act", getattr, obj, "act", None)
    if not callable(act) or not takes_observation(obj):
        raise ConfigError("a Python agent needs a method act(observation, legal_mask)", key="agent", value=text)
    return obj
