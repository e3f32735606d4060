"""The ``league`` command: a round-robin league of more agents than seats of any game (``--game``;
experiments/matches/league.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import numpy as np
import typer

from experiments.analysis.ratings import DEFAULT_BOOT
from experiments.cli.balance import RATING_NOTE, finish_results, outcome_of, tournament_cells, tournament_headers
from experiments.cli.common import (
    NOTE,
    AgentOpt,
    AgentsOpt,
    GameOptions,
    ProgressOpt,
    agent_specs,
    app,
    cli_errors,
    game_options,
    new_console,
    print_table,
)
from sim.kit.errors import ConfigError


@app.command(help="Play a round-robin league between more agents than seats and print per agent: seat-games, "
             "wins, win rate (95% Wilson interval), mean score and rank, and a Plackett-Luce rating on the Elo "
             "scale fitted to all games at once with a bootstrap 95% interval over games; then the head-to-head "
             "matrix and the skill-versus-luck figure.\n\n"
             "A round plays every table of --players agents drawn from the pool, each table --players times with "
             "the seats rotated, so every pair of agents meets in the same number of games and every agent plays "
             "every seat equally often; --games is rounded up to whole rounds. The rotated games of one table "
             "share the deal (seed SEED * 1000003 + game // players). Results do not depend on --jobs. With --out "
             "DIR: league.csv, league_head_to_head.csv, league_meetings.csv, league_skill.csv, league_rows.parquet, "
             "league_ladder.png and league_head_to_head.png.\n\n"
             f"Specs with parameters contain commas: give them with --agent SPEC (repeatable).\n\n{NOTE}")
@game_options()
def league(
    agents_csv: AgentsOpt = None,
    agent: AgentOpt = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Games (rounded up to whole rounds).")] = 1,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (joblib, loky).")] = 1,
    seed: Annotated[int, typer.Option("--seed", "-s", min=0, help="Base seed (see above).")] = 0,
    boot: Annotated[int, typer.Option("--boot", help="Bootstrap resamples for the intervals (50 to 10,000).")]
    = DEFAULT_BOOT,
    out: Annotated[Path | None, typer.Option("--out", help="Folder for the CSV files, the rows and the plots.")]
    = None,
    progress: ProgressOpt = True,
    *,
    game: GameOptions,
) -> None:
    from experiments.matches.league import (
        check_boot,
        check_league,
        league_games,
        round_size,
        run_league,
        write_league,
    )
    from experiments.matches.tournament import check_size

    console = new_console()
    with cli_errors():
        players = int(game.players_given)
        check_size(games, jobs, seed)
        check_boot(boot)
        config = game.config()
        specs = agent_specs(agents_csv, agent, game.game)
        try:
            check_league(specs, players)
        except ConfigError as exc:
            raise ConfigError(exc.message, key="--agents", value=[str(s) for s in specs]) from None
    n = league_games(games, len(specs), players)
    if n != games:
        console.print(f"Note: --games {games} rounded up to {n}: whole rounds of {round_size(len(specs), players)} "
                      f"games ({len(specs)} agents, every table of {players} played {players} times).", markup=False)
    with cli_errors():
        result = run_league(config, specs, n, seed=seed, jobs=jobs, boot=boot, progress=progress)
    info = result.attrs
    title = (f"League: {len(specs)} agents, {n} games of {players} players ({info['rounds']} round(s)), "
             f"base seed {seed}")
    outcome = outcome_of(game.game)
    print_table([h for h in tournament_headers(outcome) if h != "seats"],
                [tournament_cells(r, seats=False, outcome=outcome) for r in result.table.itertuples(index=False)],
                title=title, left=("agent",), console=console)
    names = list(result.share.index)
    h2h = [[a] + ["" if a == b else f"{result.share.at[a, b]:.2f}" for b in names] for a in names]
    console.print("", markup=False)
    print_table(["agent"] + [f"vs {i + 1}" for i in range(len(names))],
                [[f"{i + 1} {r[0]}", *r[1:]] for i, r in enumerate(h2h)],
                title="Head to head: share of meetings the row agent finished above the column agent",
                left=("agent",), console=console)
    meet = result.meetings.to_numpy()
    off = meet[~np.eye(len(names), dtype=bool)] if len(names) > 1 else meet.ravel()
    s = result.skill
    lines = ["", f"Fair share (1/{players}): {1 / players:.3f}. games: seat-games; {outcome}, rank: means per "
             "seat-game. A win is rank 1 (seats tied for first all win).", RATING_NOTE,
             f"Every pair of agents met in {off.min():,.0f} games" + ("" if off.min() == off.max() else
                                                                       f" to {off.max():,.0f}") + ".",
             f"Skill versus luck: the higher-rated agent finished above the other in {s['stronger_wins']:.1%} "
             f"({s['stronger_wins_low']:.1%}-{s['stronger_wins_high']:.1%}) of {s['meetings']:,.0f} meetings "
             f"(50% = luck alone); spread of the ratings (SD) {s['elo_spread']:.0f} "
             f"({s['elo_spread_low']:.0f}-{s['elo_spread_high']:.0f}) Elo points.",
             f"{n} games in {info['seconds']:.1f} s with {jobs} job(s)."]
    finish_results(console, lines, info["errors"], game, config, out,
                   lambda folder: write_league(result, folder, title=f"{len(specs)} agents, {n} games, {players} "
                                               f"players, seed {seed}"))
