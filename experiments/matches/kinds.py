"""How many agent kinds one batch plays: a tournament's, a league's and a sweep cell's seat list is checked
against the game loop's limit (``agents.contract.MAX_BATCH_KINDS``)."""

from __future__ import annotations

from collections.abc import Sequence

from agents.contract import MAX_BATCH_KINDS
from agents.spec import AgentSpec
from sim.kit.errors import ConfigError


def check_kinds(specs: Sequence[AgentSpec]) -> None:
    """ConfigError when ``specs`` need more agent kinds than one batch loop plays (``MAX_BATCH_KINDS``)."""
    kind_names = list(dict.fromkeys(s.kind for s in specs))
    if len(kind_names) > MAX_BATCH_KINDS:
        raise ConfigError(f"{len(kind_names)} agent kinds ({', '.join(kind_names)}); a tournament plays at most "
                          f"{MAX_BATCH_KINDS} kinds (any number of parameter sets of each)", key="agents")
