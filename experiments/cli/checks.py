"""Commands that check a game's engine at scale: fuzz and bench (``--game NAME``: any game of the
catalogue; Dungeonology's bench is its own, experiments/dungeonology/cli/bench.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from experiments.cli.common import (
    NOTE,
    GameOptions,
    ProgressOpt,
    app,
    cli_errors,
    fail,
    game_options,
    new_console,
    print_table,
)
from sim.kit.bundle import get_game

DEFAULT_FUZZ_GAMES = 2000  # fuzz --games


@app.command(help="Play many random games per player count in the numba batch, checking every invariant "
             "after every action; write a replayable record of each failing game.\n\n"
             "Game i uses the seed SEED * 1000003 + i (with --seed 0: seed i), so `play --seed <that>` "
             f"replays it. Exit status 1 when an invariant is violated.\n\n{NOTE}")
@game_options(players="many")
def fuzz(
    games: Annotated[int | None, typer.Option("--games", "-n", min=1, help="Games per player count (default "
                                              "2000; not with --total-games).")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", min=0, help="Base seed (see above).")] = 0,
    out: Annotated[Path, typer.Option("--out", help="Folder for the failure records.")] = Path("results/fuzz"),
    progress: ProgressOpt = True,
    combinations: Annotated[bool, typer.Option(
        "--all-combinations", help="Fuzz every playable combination of the implemented modules "
        "(sim.dungeonology.modules.combinations(): the base box's four advanced rules with and without each "
        "implemented "
        "module of Rocca Civetta, the basic game included; --games per combination and player count); "
        "replaces --modules.")] = False,
    total: Annotated[int | None, typer.Option(
        "--total-games", min=1, help="Spread this many games evenly over every configuration (combination x "
        "player count), rounded up, instead of --games each: `fuzz --all-combinations --total-games 1000000` "
        "is one million games over all of them.")] = None,
    *,
    game: GameOptions,
) -> None:
    from experiments.checks.fuzz import SEED_STRIDE, rule_combinations, run_fuzz

    console = new_console()
    with cli_errors():
        cli = game.check()
    if games is not None and total is not None:
        fail(f"--games {games}: give --games (per configuration) or --total-games (over all of them), not both")
    games = DEFAULT_FUZZ_GAMES if games is None else games
    if games > SEED_STRIDE:  # game i of base seed S has the seed S * SEED_STRIDE + i: no seed twice
        fail(f"--games {games}: at most {SEED_STRIDE:_} games per player count")
    if seed > (2**63 - 1) // SEED_STRIDE - 1:
        fail(f"--seed {seed}: at most {(2**63 - 1) // SEED_STRIDE - 1:_} (game seeds are 64-bit)")
    with cli_errors():
        if combinations:
            if not hasattr(cli, "combinations"):
                fail(f"--all-combinations: {game.game} has no combinations of rules to fuzz")
            if game.boss is not None or game.panic is not None:
                fail("--boss and --panic need their module in every combination: leave them out with "
                     "--all-combinations")
            configs = [c for combo in rule_combinations(game.game) for c in game.configs(modules=combo)]
        else:
            configs = game.configs()
        if total is not None:
            games = -(-total // len(configs))
            if games > SEED_STRIDE:
                fail(f"--total-games {total}: at most {SEED_STRIDE * len(configs):_} for these "
                     f"{len(configs)} configurations")
            console.print(f"{total:,} games over {len(configs)} configurations: {games:,} each", markup=False)
        try:
            report = run_fuzz(configs, games=games, seed=seed, progress=progress, out_dir=out)
        except OSError as exc:
            fail(f"{getattr(exc, 'filename', None) or out}: cannot write a failure record: {exc.strerror or exc}")
    console.print(f"Random-play fuzz, base seed {seed}, invariants checked after every action", markup=False)
    for label in dict.fromkeys(r.rules for r in report.rows):
        print_table(("players", "games", "decisions", "turns/game", "seconds", "games/s", "decisions/s", "fails"),
                    [(r.players, r.games, r.decisions, f"{r.turns / max(r.games, 1):.1f}", f"{r.seconds:.2f}",
                      f"{r.games_per_s:,.0f}", f"{r.decisions_per_s:,.0f}", len(r.failures))
                     for r in report.rows if r.rules == label],
                    title=cli.fuzz_title(label) if hasattr(cli, "fuzz_title") else label, console=console)
    console.print(f"Total: {report.games} games, {report.decisions} decisions in {report.seconds:.2f} s "
                  f"({report.games / max(report.seconds, 1e-9):,.0f} games/s)", markup=False)
    if report.ok:
        console.print("No invariant violated.", markup=False)
        return
    for f in report.failures:
        note = "" if f.reproduced else " (NOT reproduced by the Python rebuild)"
        console.print(
            f"VIOLATION {f.players} players, rules {f.rules}, seed {f.seed}: [{f.code}] {f.invariant} "
            f"(after {f.decision} actions){note}; record: {f.record}", markup=False, style="bold red")
    raise typer.Exit(1)


@app.command(help="Benchmark random play (2, 3 and 4 players), memory, cold and warm start, and the JIT "
             f"speed-up.\n\n{NOTE}")
@game_options(players="many")
def bench(
    games: Annotated[int | None, typer.Option("--games", "-n", min=1, help="Games per player count "
                                              "(default 5000, or 300 with --quick).")] = None,
    quick: Annotated[bool, typer.Option("--quick", help="Fewer games (for tests).")] = False,
    cold: Annotated[bool, typer.Option("--cold/--no-cold", help="Measure the cold start (a minute or more).")] = True,
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write the figures as JSON.")] = None,
    baseline: Annotated[str | None, typer.Option("--baseline", metavar="REF", help="Also measure the engine at "
                                                 "this git ref (e.g. a93eed3, before the restructuring) side by "
                                                 "side with this one, from a temporary worktree.")] = None,
    profile: Annotated[bool, typer.Option("--profile", help="Only print where the time goes, by decision phase: "
                                          "legal actions, applying, resolving and the agent, for random and "
                                          "heuristic play (--games games each, default 1000; the configuration "
                                          "with the most players).")] = False,
    adapters: Annotated[bool, typer.Option("--adapters", help="Only print random play through each adapter "
                                           "(PettingZoo, Gymnasium, OpenSpiel) in decisions/s beside the native "
                                           "Python API (--games games each, default 20; the configuration with "
                                           "the most players).")] = False,
    expansion: Annotated[bool, typer.Option("--expansion", help="Only print Rocca Civetta (rocca_civetta and its "
                                            "implemented Trick Card types) side by side with the base game: "
                                            "decisions/s of random and heuristic play, same seeds, and the ratio "
                                            "(target 90%; --games random games, default 5000 or 300 with --quick; "
                                            "the configuration with the most players).")] = False,
    cold_configs: Annotated[bool, typer.Option("--cold-configs", help="Only print the cold start of each "
                                               "configuration (the base game, the four advanced rules, the whole "
                                               "implemented expansion): CPU and wall seconds of a fresh process "
                                               "that compiles and plays one game from an empty numba cache "
                                               "(minutes).")] = False,
    *,
    game: GameOptions,
) -> None:
    from experiments.bench.games import run_games_bench

    console = new_console()
    err = Console(stderr=True, highlight=False)
    with cli_errors():
        cli = game.check()
        configs = game.configs()
    if hasattr(cli, "bench"):
        cli.bench(console, err, configs, games, quick, cold, json_out, baseline, profile, adapters, expansion,
                  cold_configs)
        return
    for flag, given in (("--baseline", baseline is not None), ("--profile", profile), ("--adapters", adapters),
                        ("--expansion", expansion), ("--cold-configs", cold_configs), ("--json", json_out is not None)):
        if given:
            fail(f"{flag}: a bench of dungeonology only (--game {game.game}: random and default-agent play)")
    n = games or (300 if quick else 5000)
    err.print(f"bench: random and {get_game(game.game).default_agent} play of {game.game}, {n} games each ...",
              markup=False)
    with cli_errors():
        rows = run_games_bench(configs, n)
    print_table(("players", "agent", "games", "decisions", "seconds", "games/s", "decisions/s"),
                [(r.players, r.agent, r.games, r.decisions, f"{r.seconds:.3f}", f"{r.games_per_s:,.0f}",
                  f"{r.decisions_per_s:,.0f}") for r in rows],
                title=f"{get_game(game.game).title}: the game loop, one core (warm, no invariant checks)",
                left=("agent",), console=console)
