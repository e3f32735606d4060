"""The command that plays one game of any game and prints it: play."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from experiments.cli.common import (
    NOTE,
    AgentOpt,
    AgentsOpt,
    GameOptions,
    agent_specs,
    app,
    cli_errors,
    fail,
    game_options,
    new_console,
)
from sim.kit.bundle import get_game
from sim.kit.errors import ConfigError


def seat_agents(specs: list, players: int, seed: int, game: str | None = None) -> list:
    """One Python-side agent per seat (``agents.python_agents.seat_agent``: a numba agent, or a Python
    agent ``module:attr``): the specs in order, repeated cyclically; seat p's agent draws from its own
    generator, seeded by the game's seed and p."""
    from agents.python_agents import seat_agent
    from agents.spec import seat_list

    try:
        seats = seat_list(specs, players)
    except ConfigError as exc:
        raise ConfigError(exc.message, key="--agents", value=exc.value) from None
    return [seat_agent(spec, p, seed * players + p, game) for p, spec in enumerate(seats)]


@app.command(help="Play one game and print it turn by turn: with uniformly random legal actions, or with the "
             "agents of --agents / --agent at the seats (any agent, e.g. --agents heuristic,random or "
             "--agent ismcts:iterations=200; fewer agents than seats: repeated in order).\n\n"
             "The random agent (no --agents) is the one of `fuzz` and `bench`: `play --seed S` plays the game "
             f"that their game with seed S plays.\n\n{NOTE}")
@game_options()
def play(
    seed: Annotated[int, typer.Option("--seed", "-s", min=0, help="Seed of the game and of the agents.")] = 0,
    save: Annotated[Path | None, typer.Option("--save", help="Write the game record (JSON) to this file.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the result, not the log.")] = False,
    agents_csv: AgentsOpt = None,
    agent: AgentOpt = None,
    *,
    game: GameOptions,
) -> None:
    from agents.python_agents import decide
    from agents.random_agent import RandomAgent

    console = new_console()
    with cli_errors():
        cli = game.check()
        g = get_game(game.game).part("new_game")(game.config(), seed)
        seats = (seat_agents(agent_specs(agents_csv, agent, game.game), g.compiled.config.players, seed, game.game)
                 if agents_csv is not None or agent else None)
        if save is not None and not hasattr(g, "record"):
            raise ConfigError(f"a game of {game.game} has no record to save", key="--save", value=str(save))
    before = ["Agents: " + ", ".join(f"seat {p} {a}" for p, a in enumerate(seats))] if seats is not None else []
    random_agent = RandomAgent(seed)
    observe = get_game(game.game).part("observe")

    def choose(g: Any) -> int:
        if seats is None:
            return random_agent.choose(g.engine_legal_actions())
        return decide(seats[g.current_player()], g, observe)

    with cli_errors():  # a Python agent that raises, or returns an action that is not legal
        cli.show_game(console, g, choose, quiet, seed, before)
    if save is not None:
        try:
            save.write_text(json.dumps(g.record()) + "\n", encoding="utf-8")
        except OSError as exc:
            fail(f"{save}: cannot write the record: {exc.strerror or exc}")
        if not quiet:
            console.print(f"Record written to {save}", markup=False)
