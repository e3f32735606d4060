"""Playing on from a scenario: find and apply legal actions by their description."""

from __future__ import annotations

from sim.dungeonology.game import Game
from sim.kit.errors import ConfigError


def pick(game: Game, text: str) -> int:
    """The legal action described by `text` (``Game.action_to_string``).

    An exact description wins; otherwise the one legal action whose
    description starts with `text`. ConfigError lists the legal actions when
    there is none or more than one.
    """
    legal = {a: game.action_to_string(a) for a in game.legal_actions()}
    exact = [a for a, d in legal.items() if d == text]
    found = exact or [a for a, d in legal.items() if d.startswith(text)]
    if len(found) != 1:
        shown = "; ".join(legal.values()) or "none (the game is over)"
        why = "no legal action" if not found else f"{len(found)} legal actions"
        raise ConfigError(f"{why} matches (phase {game.phase()}, seat {game.current_player()}; legal: {shown})",
                          key="action", value=text)
    return found[0]


def do(game: Game, *texts: str) -> Game:
    """Apply the actions described by `texts`, in order (see :func:`pick`)."""
    for text in texts:
        game.apply(pick(game, text))
    return game
