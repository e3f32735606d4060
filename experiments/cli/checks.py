"""Commands that check the engine at scale: fuzz and bench."""

from __future__ import annotations

import json
import subprocess
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


@app.command(help="Play many random games per player count in the numba batch, checking every invariant "
             "after every action; write a replayable record of each failing game.\n\n"
             "Game i uses the seed SEED * 1000003 + i (with --seed 0: seed i), so `play --seed <that>` "
             f"replays it. Exit status 1 when an invariant is violated.\n\n{NOTE}")
@game_options(players="many")
def fuzz(
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per player count.")] = 2000,
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
    if games > SEED_STRIDE:  # game i of base seed S has the seed S * SEED_STRIDE + i: no seed twice
        fail(f"--games {games}: at most {SEED_STRIDE:_} games per player count")
    if seed > (2**63 - 1) // SEED_STRIDE - 1:
        fail(f"--seed {seed}: at most {(2**63 - 1) // SEED_STRIDE - 1:_} (game seeds are 64-bit)")
    with cli_errors():
        if combinations:
            if game.boss is not None or game.panic is not None:
                fail("--boss and --panic need their module in every combination: leave them out with "
                     "--all-combinations")
            configs = [c for combo in rule_combinations() for c in game.configs(modules=combo)]
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
                    title="basic game" if label == "basic" else f"rules: {label}", console=console)
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
    *,
    game: GameOptions,
) -> None:
    from experiments.bench.engine import NOJIT_GAMES, run_bench
    from experiments.bench.expansion import expansion_comparison
    from experiments.bench.expansion import lines as expansion_lines

    console = new_console()
    err = Console(stderr=True, highlight=False)
    with cli_errors():
        configs = game.configs()
    ref = max(configs, key=lambda c: c.players)  # the one-configuration benches: the most players
    if profile:
        from experiments.bench.profile import lines as profile_lines
        from experiments.bench.profile import run_profile

        with cli_errors():
            for agent in ("random", "heuristic"):
                err.print(f"bench: profile of {agent} play ...", markup=False)
                for line in profile_lines(run_profile(ref, agent, games or 1000)):
                    console.print(line, markup=False)
        return
    if adapters:
        from experiments.bench.adapters import lines as adapter_lines
        from experiments.bench.adapters import run_adapter_bench

        with cli_errors():
            err.print("bench: random play through each adapter ...", markup=False)
            for line in adapter_lines(run_adapter_bench(ref, games or 20), ref):
                console.print(line, markup=False)
        return
    if expansion:
        with cli_errors():
            err.print("bench: Rocca Civetta vs the base game ...", markup=False)
            n = games or (300 if quick else 5000)
            result = expansion_comparison(ref, n, max(n // 5, 12), 1 if quick else 3)
        for line in expansion_lines(result):
            console.print(line, markup=False)
        return
    try:
        with cli_errors():
            report = run_bench(configs, games=games, quick=quick, cold=cold, baseline=baseline,
                               log=lambda msg: err.print(f"bench: {msg} ...", markup=False))
    except (RuntimeError, subprocess.SubprocessError) as exc:
        fail(str(exc))
    print_table(("players", "games", "decisions", "seconds", "games/s", "decisions/s", "peak RSS MiB"),
                [(r.players, r.games, r.decisions, f"{r.seconds:.3f}", f"{r.games_per_s:,.0f}",
                  f"{r.decisions_per_s:,.0f}", f"{r.peak_rss_mib:.0f}") for r in report.rows],
                title="Random play, numba batch, one core (warm, no invariant checks)", console=console)
    lines = [f"Peak memory (ru_maxrss): this process {report.peak_rss_mib:.0f} MiB; "
             f"largest subprocess {report.children_peak_rss_mib:.0f} MiB"]
    lines += report.notes
    lines.append("Cold start (fresh NUMBA_CACHE_DIR, import + compile + one game): "
                 + (f"{report.cold_start_s:.1f} s wall, {report.cold_start_cpu_s:.1f} s CPU (user+sys)"
                    if report.cold_start_s is not None else "not measured (--no-cold)"))
    lines.append(f"Warm start (`dungeonology play --players 4 --seed 7 --quiet`): {report.warm_start_s:.2f} s wall, "
                 f"{report.warm_start_cpu_s:.2f} s CPU")
    lines.append(f"Sweep worker start (fresh process, warm cache: imports, cached engine and batch loop, first "
                 f"heuristic game): {report.worker_start_s:.2f} s wall, {report.worker_start_cpu_s:.2f} s CPU")
    if report.baseline is not None:
        from experiments.bench.baseline import lines as baseline_lines

        lines += baseline_lines(report.baseline)
    nj = report.nojit
    if nj:
        lines.append(
            f"NUMBA_DISABLE_JIT=1: {nj['games']} games ({nj['players']} players), {nj['decisions']} decisions in "
            f"{nj['seconds']:.2f} s = {nj['seconds'] / nj['games']:.3f} s/game, "
            f"{nj['decisions'] / nj['seconds']:,.0f} decisions/s; same games as with the JIT: "
            f"{'yes' if nj['same_games'] else 'NO'}")
        lines.append(f"JIT speed-up: x{report.speedup_per_decision:,.0f} per decision, "
                     f"x{report.speedup_per_game:,.0f} per game (warm JIT rate vs {NOJIT_GAMES} games without JIT)")
    ag = report.agents
    if ag:
        lines.append(f"Heuristic play (4 x heuristic, numba batch, one core): "
                     f"{ag['heuristic_games_per_s']:,.0f} games/s, "
                     f"{ag['heuristic_decisions_per_s']:,.0f} decisions/s ({ag['heuristic_games']} games)")
        ips = ag["ismcts_iterations_per_s"]
        lines.append(f"ISMCTS, {ag['ismcts_spec']} vs 3 heuristic: median {ag['ismcts_median_game_s']:.2f} s per game "
                     f"(max {ag['ismcts_max_game_s']:.2f} s, {ag['ismcts_games']} games); "
                     + (f"{ips:,.0f} iterations/s" if ips else "iterations/s not measured"))
    adv = report.advanced
    if adv:
        parts = [f"{agent} {adv[f'{agent}_all_rules_games_per_s']:,.0f} vs {adv[f'{agent}_basic_games_per_s']:,.0f} "
                 f"games/s (x{adv[f'{agent}_ratio']:.2f}; {adv[f'{agent}_all_rules_decisions_per_game']:.0f} vs "
                 f"{adv[f'{agent}_basic_decisions_per_game']:.0f} decisions per game, "
                 f"x{adv[f'{agent}_decision_ratio']:.2f} per decision)" for agent in ("random", "heuristic")]
        lines.append(f"Advanced rules ({adv['players']} players, all four vs the basic game, same seeds, best of "
                     f"{adv['repeats']}): " + "; ".join(parts))
    err.print("bench: Rocca Civetta vs the base game (random and heuristic play) ...", markup=False)
    with cli_errors():
        n = games or (300 if quick else 5000)
        rocca = expansion_comparison(ref, n, 200 if quick else 2000, 1 if quick else 3)
    lines += expansion_lines(rocca)
    if report.provisional:
        lines.append(f"Data: {report.data_source}: PROVISIONAL values in use ({report.provisional}); "
                     "see `dungeonology data`")
    else:
        lines.append(f"Data: {report.data_source}: no provisional values")
    for line in lines:
        console.print(line, markup=False)
    if json_out is not None:
        try:
            json_out.write_text(json.dumps({**report.to_dict(), "rocca_civetta": rocca}, indent=1) + "\n",
                                encoding="utf-8")
        except OSError as exc:
            fail(f"{json_out}: cannot write: {exc.strerror or exc}")

