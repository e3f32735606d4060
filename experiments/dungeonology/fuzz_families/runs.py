"""Hostile run folders, tune files and numbers for the mutation fuzz (``fuzz_families``).

* ``run_links``: links planted in a copy of a small finished run (as its temporary files, its lock, its
  manifest, a part, its report folder), pointing at files under ``ctx.root/outside/``; then a resume,
  ``--fresh`` or ``report``. A case whose outside files changed is a crash (status 1).
* ``swapped_parts``: a part's file replaced by another part's, its manifest entry edited to match (checksum,
  size, rows); ``report`` must refuse it and a resume must end with every game once.
* ``tune_numbers``: a small tune file with nan, inf or an out-of-range number in a weight, tolerance,
  bound or penalty, then ``tune --check``.
* ``cli_numbers``: --jobs, --games, --seed, --boot, --total-games and --chunk-size out of bounds (or
  just inside) for sweep, tournament, league and fuzz.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from experiments.dungeonology.fuzz_families import Context
from experiments.dungeonology.mutation_fuzz import run_cli

SWEEP = """name = "fzrun"
games_per_cell = 2
seed = 4
chunk_size = 2
[fixed]
players = 2
agents = ["random"]
[sweep]
alert = ["easy", "hard"]
"""
TUNE_NUMBERS = {("objective.first_player", "weight"): "0.5", ("objective.first_player", "max"): "5",
                ("objective.fair_share", "tolerance"): "2", ("penalty", "change"): "0.5", ("penalty", "size"): "1.0",
                ('parameters."scholars.Sofia.hand"', "low"): "1", ('parameters."scholars.Sofia.hand"', "high"): "10",
                ("objective.game_length", "min"): "3"}
ODD_NUMBERS = ("nan", "inf", "-inf", "+inf", "-1", "1e308", "-1e308", "1e400", "0", "9223372036854775808")
ODD_INTS = ("0", "-1", "1", "2", "49", "50", "10000", "10001", "1000000000", "9223372036854775808", "1e3", "x")


def _base_run(ctx: Context) -> tuple[Path, Path]:
    """(the sweep file, a finished run of it), made once."""
    if "runs.base" not in ctx.cache:
        from experiments.runs.sweep import run_sweep

        folder = ctx.root / "runs_family"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "fzrun.toml"
        path.write_text(SWEEP, encoding="utf-8")
        run_sweep(path, folder / "base", jobs=1)
        ctx.cache["runs.base"] = (path, folder / "base")
    return ctx.cache["runs.base"]


def _fresh_copy(ctx: Context, i: int) -> Path:
    _, base = _base_run(ctx)
    run = ctx.root / "runs_family" / f"run{i % 5}"
    if run.is_symlink() or run.is_file():
        run.unlink()
    elif run.exists():
        shutil.rmtree(run)
    shutil.copytree(base, run)
    return run


def _snapshot(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` (links not followed) with the sha256 of its bytes."""
    out = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            out[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
        elif not path.is_dir():
            out[str(path.relative_to(folder))] = "link"
    return out


def run_links(ctx: Context, i: int) -> Callable[[], tuple[int, str]]:
    rng = ctx.rng
    sweep, _ = _base_run(ctx)
    run = _fresh_copy(ctx, i)
    parts = sorted(p.name for p in run.glob("part-*.parquet"))
    outside = ctx.root / "outside"
    if outside.exists():
        shutil.rmtree(outside)
    outside.mkdir()
    (outside / "victim.txt").write_text("keep", encoding="utf-8")
    (outside / "folder").mkdir()
    if rng.random() < 0.5:
        (run / rng.choice(parts)).unlink()  # its games are played again: parts are written
    names = ["._manifest.json.tmp", ".manifest.json.tmp", ".lock", "manifest.json", "_report", "_manifest.json",
             *(f".{p}.tmp" for p in parts), *parts]
    for name in rng.sample(names, rng.randint(1, 3)):
        if (run / name).is_dir():
            shutil.rmtree(run / name)
        else:
            (run / name).unlink(missing_ok=True)
        target = rng.choice([outside / "victim.txt", outside / f"new{i}.txt", outside / "folder"])
        (run / name).symlink_to(target)
    if not (run / "_report").is_symlink() and rng.random() < 0.3:
        (run / "_report").mkdir(exist_ok=True)
        (run / "_report" / rng.choice(["report.html", "scholars.png", "summary.csv"])).symlink_to(
            outside / "victim.txt")
    argv = rng.choice([["sweep", str(sweep), "--out", str(run), "--jobs", "1", "--no-progress"],
                       ["sweep", str(sweep), "--out", str(run), "--jobs", "1", "--no-progress", "--fresh"],
                       ["report", str(run)]])
    before = _snapshot(outside)

    def case() -> tuple[int, str]:
        code, output = run_cli(argv)
        after = _snapshot(outside)
        if after != before:
            changed = sorted(set(before.items()) ^ set(after.items()))
            return 1, f"{output}\nwritten outside the run folder: {changed[:4]}"
        return code, output

    case.__name__ = " ".join(argv[:1] + [p for p in argv[2:] if p.startswith("--")])
    return case


def swapped_parts(ctx: Context, i: int) -> Callable[[], tuple[int, str]]:
    rng = ctx.rng
    sweep, base = _base_run(ctx)
    run = _fresh_copy(ctx, i)
    manifest = json.loads((run / "_manifest.json").read_text(encoding="utf-8"))
    src, dst = rng.sample(manifest["parts"], 2)
    shutil.copyfile(run / src["file"], run / dst["file"])
    for field in ("sha256", "bytes", "rows", "errors"):
        dst[field] = src[field]
    (run / "_manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    resume = rng.random() < 0.5

    def case() -> tuple[int, str]:
        from experiments.runs.folder import verify_run
        from experiments.runs.sweep import load_rows

        if not resume:
            code, output = run_cli(["report", str(run), "--out", str(ctx.root / "runs_family" / "report")])
            return (1, f"a swapped part was accepted:\n{output}") if code == 0 else (code, output)
        code, output = run_cli(["sweep", str(sweep), "--out", str(run), "--jobs", "1", "--no-progress"])
        if code == 0:
            verify_run(run)
            games = load_rows(run, columns=["game"])["game"]
            if sorted(games.unique()) != sorted(load_rows(base, columns=["game"])["game"].unique()) or len(
                    games) != len(load_rows(base, columns=["game"])):
                return 1, "the resumed run does not hold every game once"
        return code, output

    case.__name__ = "resume" if resume else "report"
    return case


def tune_numbers(ctx: Context, i: int) -> list[str]:
    rng = ctx.rng
    values = dict(TUNE_NUMBERS)
    for key in rng.sample(sorted(values), rng.randint(1, 2)):
        values[key] = rng.choice(ODD_NUMBERS)
    tables: dict[str, list[str]] = {}
    for (table, key), value in values.items():
        tables.setdefault(table, []).append(f"{key} = {value}")
    text = ('name = "fztune"\nseed = 1\nbudget = 40\n[game]\ngames_per_cell = 4\n[game.fixed]\nplayers = 2\n'
            'agents = ["random"]\n[validation]\ngames_per_cell = 4\n')
    text += "".join(f"[{t}]\n" + "\n".join(lines) + "\n" for t, lines in tables.items())
    path = ctx.root / f"tune{i % 5}.toml"
    path.write_text(text, encoding="utf-8")
    return ["tune", str(path), "--check"]


def cli_numbers(ctx: Context, i: int) -> list[str]:
    rng = ctx.rng
    sweep, _ = _base_run(ctx)
    n = rng.choice(ODD_INTS)
    pick = rng.randrange(6)
    if pick == 0:
        flag = rng.choice(["--jobs", "--games", "--chunk-size"])
        return ["sweep", str(sweep), "--check", flag, n]
    if pick == 1:
        return ["sweep", str(sweep), "--out", str(ctx.root / "never"), "--jobs", rng.choice(["0", "-1", "99999"]),
                "--no-progress"]
    if pick == 2:
        flag = rng.choice(["--jobs", "--games", "--seed"])
        small = {"--games": ("2", "4"), "--jobs": ("1",), "--seed": ("0", "3")}[flag]
        return ["tournament", "--agents", "random", "--players", "2", "--no-progress",
                *(["--games", "2"] if flag != "--games" else []), flag, n if rng.random() < 0.8 else
                rng.choice(small)]
    if pick == 3:
        return ["league", "--agents", "random,heuristic,heuristic:cautious", "--players", "2", "--games", "2",
                "--no-progress", "--boot", rng.choice([n, "0", "10001", "1000000000"])]
    if pick == 4:
        return ["league", "--agents", "random,heuristic,heuristic:cautious", "--players", "2", "--no-progress",
                "--jobs", rng.choice(["0", "-1", "99999", "9223372036854775808"]), "--games", "2"]
    return ["fuzz", "--players", "2", "--no-progress", "--out", str(ctx.root / "never"), "--games",
            rng.choice(["1", "2", n]), "--total-games", rng.choice(["1", "4", n])]


WEIGHTS = {"run_links": 0.05, "swapped_parts": 0.05, "tune_numbers": 0.1, "cli_numbers": 0.1}  # whole commands
TARGETS: dict[str, Any] = {"run_links": run_links, "swapped_parts": swapped_parts, "tune_numbers": tune_numbers,
                           "cli_numbers": cli_numbers}
