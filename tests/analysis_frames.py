"""Frames and run folders for the analysis and report tests.

Frames are hand-made (known answers), synthetic (known win rates, pure
numpy) or real (heuristic self-play through ``agents.batch.play_batch``,
made once per session by :func:`real_frame`). :func:`write_run` turns a
frame into a run folder (Parquet parts + _manifest.json) like the sweep
runner's.
"""


from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from experiments import analysis as A  # noqa: E402
from experiments.dungeonology.results import COLUMNS, derived_columns  # noqa: E402
from experiments.runs.folder import MANIFEST  # noqa: E402
from experiments.runs.schema import OVERRIDE_PREFIX  # noqa: E402

SCHOLARS = ["Rebecca", "Valerio", "Sofia", "Vincenzo"]
CLANS = ["Blood Worshipers", "Golden Horns", "Moss Elders"]
OVERRIDE = "scholars.Sofia.speed"


# ---------------------------------------------------------------- helpers
def complete(frame: pd.DataFrame | list[dict[str, Any]]) -> pd.DataFrame:
    """Fill every schema column the frame lacks with a plausible default (schema dtypes)."""
    df = pd.DataFrame(frame).copy()
    if "players" not in df:
        df["players"] = df.groupby("game")["seat"].transform("size")
    defaults = {
        "run": "test", "cell": 0, "alert": "medium", "player_level": "students", "rules": "",
        "agent": "heuristic", "clan": CLANS[0], "score": 10, "board_points": 10, "thesis_bonus": 0,
        "jinx_penalty": 0, "thesis_order": 0, "stars": 0, "students": 3, "exalted": 0, "exalted_turns": 0,
        "jinx": 0, "knowledge": 0, "studies": 2, "study_wins": 1, "espionages": 1, "espionage_wins": 0,
        "thesis_failures": 0, "cubes_civilization": 1, "cubes_militia": 1, "cubes_worship": 1, "cubes_riches": 1,
        "cubes_caste": 0, "first_player": 0, "turns": 30, "rounds": 8, "end_reason": "alert_full", "decisions": 100,
        "error": 0, "boss": "", "panic": "", "max_alert": False,
        "intern_bonus": 0, "interns": 0, "main_effects": 0,
    }
    for col, value in defaults.items():
        if col not in df:
            df[col] = value
    if "seed" not in df:
        df["seed"] = df["game"]
    if "turn_position" not in df:
        df["turn_position"] = (df["seat"] - df["first_player"]) % df["players"]
    if "agents" not in df:
        df["agents"] = df["players"].map(lambda n: ",".join(["heuristic"] * n))
    if "won" not in df:
        df["won"] = df["rank"] == 1
    if "thesis_submitted" not in df:
        df["thesis_submitted"] = df["thesis_order"] > 0
    if "theses" not in df:
        df["theses"] = df.groupby("game")["thesis_submitted"].transform("sum")
    df = derived_columns(df)  # modules and box from rules
    return A.apply_schema(df[[*COLUMNS, *[c for c in df if c.startswith(OVERRIDE_PREFIX)]]])


def synthetic_frame(games: int = 2000, players: int = 4, strength: dict[str, float] | None = None,
                    seed: int = 0) -> pd.DataFrame:
    """Random games with known win probabilities: the winner is drawn in proportion to
    ``strength`` of its Scholar (default all equal); Alert and Player Level vary by game."""
    rng = np.random.default_rng(seed)
    strength = strength or {}
    w = np.array([strength.get(s, 1.0) for s in SCHOLARS])
    alerts, levels = ["easy", "hard"], ["students", "scholars"]
    rows = []
    for g in range(games):
        sch = rng.permutation(len(SCHOLARS))[:players]
        p = w[sch] / w[sch].sum()
        winner = rng.choice(players, p=p)
        others = rng.permutation(np.arange(2, players + 1))
        first = int(rng.integers(players))
        alert, level = alerts[g % 2], levels[(g // 2) % 2]
        turns = int(rng.poisson(25 + 10 * (alert == "hard")))
        clan = CLANS[int(rng.integers(len(CLANS)))]
        thesis_seat = int(rng.integers(players)) if rng.random() < (0.7 if level == "students" else 0.4) else -1
        k = 0
        for seat in range(players):
            if seat == winner:
                rank = 1
            else:
                rank = int(others[k])
                k += 1
            rows.append({"game": g, "seat": seat, "scholar": SCHOLARS[sch[seat]], "rank": rank, "players": players,
                         "first_player": first, "turns": turns, "rounds": turns // players, "alert": alert,
                         "player_level": level, "clan": clan, "score": 30 - 3 * rank + int(rng.integers(5)),
                         "thesis_order": 1 if seat == thesis_seat else 0, "cell": 2 * (alert == "hard") + (
                             level == "scholars")})
    return complete(rows)


def manifest_for(df: pd.DataFrame, provisional: bool = True, name: str = "quick") -> dict[str, Any]:
    cells = df.drop_duplicates("cell").sort_values("cell")
    axes = ["alert", "player_level", "players", *[c for c in df if c.startswith(OVERRIDE_PREFIX)]]
    return {
        "name": name,
        "description": "A quick sweep for the tests: <Alert> difficulty & Player Level.",
        "config": {"name": name, "players": sorted(int(p) for p in df["players"].unique()),
                   "games_per_cell": int(df.groupby("cell")["game"].nunique().max()),
                   "agents": ["heuristic"], "seed": 1},
        "data_hash": "0123456789abcdef" * 4,
        "provisional": provisional,
        "provisional_values": ([{"file": "box.toml", "key": "campus.bonfire_spaces", "value": 6,
                                 "note": "not counted in the rulebook"}] if provisional else []),
        "code_version": "0.1.0+test",
        "counts": {"games": int(df["game"].nunique()), "rows": len(df), "cells": len(cells), "errors": 0},
        "timings": {"play_s": 1.5, "total_s": 2.0},
        "cells": [{a: (str(r[a]) if not isinstance(r[a], (int, np.integer)) else int(r[a])) for a in axes}
                  for _, r in cells.iterrows()],
    }


def write_run(df: pd.DataFrame, run_dir: Path, manifest: dict[str, Any] | None = None, parts: int = 2) -> Path:
    """A run folder like the sweep runner's, written by its own helper (``RunFolder.write_part``): each
    cell's games split over ``parts`` checksummed parts listed in the manifest. A cell's games are
    numbered ``cell * per_cell + i``, in the part names and in the rows (a part holds exactly its own
    games, as the runner's do); ``config.games_per_cell`` and ``cells`` are filled in when the manifest
    lacks them."""
    from experiments.runs.folder import RunFolder
    from experiments.runs.sweep import Chunk

    run_dir.mkdir(parents=True, exist_ok=True)
    manifest = dict(manifest if manifest is not None else manifest_for(df))
    by_cell = {int(c): np.array(sorted(f["game"].unique())) for c, f in df.groupby("cell")}
    per_cell = max(len(g) for g in by_cell.values())
    manifest["config"] = {**manifest.get("config", {}), "games_per_cell": per_cell}
    manifest.setdefault("cells", manifest_for(df)["cells"])
    folder = RunFolder(run_dir)
    entries = []
    for cell, games in by_cell.items():
        lo = cell * per_cell
        for chunk in np.array_split(games, min(parts, len(games))):
            rows = df[df["game"].isin(chunk)].copy()
            rows["game"] = rows["game"].map(dict(zip(chunk, range(lo, lo + len(chunk)), strict=True)))
            entries.append(folder.write_part(Chunk(cell, lo, lo + len(chunk)), rows))
            lo += len(chunk)
    manifest["parts"] = entries
    (run_dir / MANIFEST).write_text(json.dumps(manifest))
    return run_dir


@lru_cache(maxsize=1)
def real_frame() -> pd.DataFrame:
    """Heuristic self-play, 4 players, three cells: Alert easy and hard (students), and easy with the
    what-if override scholars.Sofia.speed=4; 120 games each, a few with a (made-up) error."""
    from agents.batch import play_batch
    from agents.spec import parse_spec
    from sim.dungeonology.config import GameConfig, compile_config
    from sim.dungeonology.results import rows_frame

    cells = [("easy", {}), ("hard", {}), ("easy", {OVERRIDE: 4})]
    frames = []
    per_cell = 120
    for cell, (alert, overrides) in enumerate(cells):
        c = compile_config(GameConfig(players=4, alert=alert, overrides=overrides))
        seeds = [1000 * cell + i for i in range(per_cell)]
        rows, games = play_batch(c, seeds, [parse_spec("heuristic")])
        ids = [cell * per_cell + i for i in range(per_cell)]
        f = rows_frame(rows, games, c.names, 4, ids, {"alert": alert, "player_level": "students", "cell": cell,
                                                      "agent": "heuristic", "run": "quick"})
        f["seed"] = np.repeat(seeds, 4)
        f[OVERRIDE_PREFIX + OVERRIDE] = str(overrides.get(OVERRIDE, ""))
        frames.append(f)
    df = pd.concat(frames, ignore_index=True)
    df.loc[df["game"].isin([3, 5]), "error"] = 99  # two games stopped by an error: excluded on load
    return complete(df)


def hand_frame() -> pd.DataFrame:
    """Eight 2-player games with known answers.

    Sofia (4 games): wins 3, first player in all of her games, 2 under Golden Horns (wins both).
    Valerio (4 games): wins 1. Rebecca (4): wins 2. Vincenzo (4): wins 2."""
    games = [  # (seat 0 Scholar, seat 1 Scholar, winner seat, first player, clan)
        ("Sofia", "Valerio", 0, 0, "Golden Horns"),
        ("Sofia", "Rebecca", 0, 0, "Golden Horns"),
        ("Valerio", "Sofia", 1, 1, "Moss Elders"),
        ("Rebecca", "Sofia", 0, 1, "Moss Elders"),
        ("Valerio", "Vincenzo", 0, 0, "Moss Elders"),
        ("Vincenzo", "Rebecca", 0, 0, "Golden Horns"),
        ("Rebecca", "Vincenzo", 0, 1, "Golden Horns"),
        ("Vincenzo", "Valerio", 0, 1, "Moss Elders"),
    ]
    rows = []
    for g, (a, b, winner, first, clan) in enumerate(games):
        for seat, name in enumerate((a, b)):
            rows.append({"game": g, "seat": seat, "scholar": name, "rank": 1 if seat == winner else 2,
                         "first_player": first, "clan": clan, "turns": 20 + g, "thesis_order": int(g % 2 == 0 and
                                                                                                   seat == 0)})
    return complete(rows)
