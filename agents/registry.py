"""The agent registry: every agent kind that can sit at a seat by name.

An agent kind is a numba function ``act(s, t, buf, n, params, rng) -> action``
(state, tables, legal actions buf[:n], float parameters, its seat's row: its
random generator in words 0-1, memory it may keep between decisions after
them, ``agents.batch.SEAT_WORDS`` in all; a 2-int row has no memory) plus its parameter names, defaults, ranges and
named personas. Register one with :func:`register` (one line in your module)
or through the ``dungeonology.agents`` entry-point group; nothing in the
runner changes. Modules named in the environment variable
``DUNGEONOLOGY_AGENTS`` (comma-separated) are imported too, so the command
line sees agents of your own. See README, "Adding an agent".
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import metadata

MAX_PARAMS = 16


@dataclass(frozen=True)
class AgentKind:
    name: str
    act: Callable  # numba dispatcher: act(s, t, buf, n, params, rng) -> int
    description: str
    params: Mapping[str, float] = field(default_factory=dict)  # name -> default, in vector order
    ranges: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    personas: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    integer_params: tuple[str, ...] = ()


REGISTRY: dict[str, AgentKind] = {}
_loaded = False


def register(kind: AgentKind) -> AgentKind:
    """Make an agent kind available by name (CLI, configs, Python)."""
    if len(kind.params) > MAX_PARAMS:
        raise ValueError(f"agent {kind.name!r} has more than {MAX_PARAMS} parameters")
    REGISTRY[kind.name] = kind
    return kind


def kinds() -> dict[str, AgentKind]:
    """All registered kinds (built-ins, then entry points of other packages)."""
    global _loaded
    if not _loaded:
        _loaded = True
        import agents.heuristic  # noqa: F401  (registers "heuristic")
        import agents.ismcts  # noqa: F401  (registers "ismcts")
        import agents.random_agent  # noqa: F401  (registers "random")

        for ep in metadata.entry_points(group="dungeonology.agents"):
            register(ep.load())
        for module in filter(None, (m.strip() for m in os.environ.get("DUNGEONOLOGY_AGENTS", "").split(","))):
            importlib.import_module(module)
    return REGISTRY
