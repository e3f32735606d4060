"""Dungeonology's ``bench``: random play per player count, memory, cold and warm start, the JIT speed-up,
heuristic and ISMCTS play, the advanced rules and Rocca Civetta beside the base game, and on request a
baseline commit side by side, the profile by decision phase or random play through each adapter
(experiments/dungeonology/bench/)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from rich.console import Console

from experiments.cli.common import cli_errors, fail, print_table


def bench(console: Console, err: Console, configs: list[Any], games: int | None, quick: bool, cold: bool,
          json_out: Path | None, baseline: str | None, profile: bool, adapters: bool, expansion: bool,
          cold_configs: bool = False) -> None:
    """Measure and print what ``dungeonology bench`` prints for ``configs`` (one per player count)."""
    from experiments.dungeonology.bench.engine import NOJIT_GAMES, run_bench
    from experiments.dungeonology.bench.expansion import expansion_comparison
    from experiments.dungeonology.bench.expansion import lines as expansion_lines

    ref = max(configs, key=lambda c: c.players)  # the one-configuration benches: the most players
    if profile:
        from experiments.dungeonology.bench.profile import lines as profile_lines
        from experiments.dungeonology.bench.profile import run_profile

        with cli_errors():
            for agent in ("random", "heuristic"):
                err.print(f"bench: profile of {agent} play ...", markup=False)
                for line in profile_lines(run_profile(ref, agent, games or 1000)):
                    console.print(line, markup=False)
        return
    if adapters:
        from experiments.dungeonology.bench.adapters import lines as adapter_lines
        from experiments.dungeonology.bench.adapters import run_adapter_bench

        with cli_errors():
            err.print("bench: random play through each adapter ...", markup=False)
            for line in adapter_lines(run_adapter_bench(ref, games or 20), ref):
                console.print(line, markup=False)
        return
    if cold_configs:
        from experiments.dungeonology.bench.engine import cold_start, cold_start_configs

        rows = []
        try:
            with cli_errors():
                for label, cfg in cold_start_configs(ref).items():
                    err.print(f"bench: cold start, {label} (fresh numba cache) ...", markup=False)
                    c = cold_start(cfg)
                    rows.append((label, ", ".join(cfg.modules) or "none", f"{c['cpu_s']:.1f}", f"{c['wall_s']:.1f}"))
        except (RuntimeError, subprocess.SubprocessError) as exc:
            fail(str(exc))
        print_table(("configuration", "modules", "CPU s", "wall s"), rows, left=("configuration", "modules"),
                    console=console)
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
        from experiments.dungeonology.bench.baseline import lines as baseline_lines

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

