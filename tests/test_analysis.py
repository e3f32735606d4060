"""Tests of experiments.analysis, experiments.analysis.stats (the additions) and experiments.report.plots.

Frames are hand-made (known answers), synthetic (known win rates, pure
numpy) or real (heuristic self-play through ``agents.batch.play_batch``,
made once per session by :func:`real_frame`). :func:`write_run` turns a
frame into a run folder (Parquet parts + _manifest.json) like the sweep
runner's; test_report.py uses these helpers too.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from experiments import analysis as A  # noqa: E402
from experiments.analysis.stats import (  # noqa: E402
    adjust_pvalues,
    binomial_pvalues,
    games_for_width,
    games_for_wilson_width,
    newcombe,
    wilson,
    wilson_width,
)
from experiments.dungeonology.analysis import variants as V  # noqa: E402
from experiments.dungeonology.report import plots as P  # noqa: E402
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
    numbered ``cell * per_cell + i`` in the part names (the frames' own game ids are kept in the rows);
    ``config.games_per_cell`` and ``cells`` are filled in when the manifest lacks them."""
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
            entries.append(folder.write_part(Chunk(cell, lo, lo + len(chunk)), df[df["game"].isin(chunk)]))
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


@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    return write_run(real_frame(), tmp_path / "quick")


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


# ------------------------------------------------------------------ stats
def test_wilson_matches_statsmodels():
    from statsmodels.stats.proportion import proportion_confint

    rng = np.random.default_rng(3)
    n = rng.integers(1, 5000, size=200)
    wins = rng.integers(0, n + 1)
    n = np.concatenate([n, [1, 1, 10, 10, 7]])
    wins = np.concatenate([wins, [0, 1, 0, 10, 3]])
    lo, hi = wilson(wins, n)
    ref_lo, ref_hi = proportion_confint(wins, n, alpha=0.05, method="wilson")
    np.testing.assert_allclose(lo, ref_lo, atol=1e-12)
    np.testing.assert_allclose(hi, ref_hi, atol=1e-12)
    t = A.win_rates(synthetic_frame(400), "scholar")
    ref_lo, ref_hi = proportion_confint(t["wins"], t["games"], method="wilson")
    np.testing.assert_allclose(t["ci_low"], ref_lo, atol=1e-12)
    np.testing.assert_allclose(t["ci_high"], ref_hi, atol=1e-12)


def _wilson_by_hand(wins: np.ndarray, n: np.ndarray, z: float = 1.959963984540054) -> tuple[np.ndarray, np.ndarray]:
    """Wilson (1927): centre (p + z²/2n) / (1 + z²/n), half-width z sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n)."""
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def test_wilson_matches_the_formula_on_known_values():
    wins, n = np.array([0, 3, 10, 56, 250]), np.array([10, 10, 10, 70, 1000])
    lo, hi = wilson(wins, n)
    ref_lo, ref_hi = _wilson_by_hand(wins.astype(float), n.astype(float))
    np.testing.assert_allclose(lo, ref_lo, atol=1e-12)
    np.testing.assert_allclose(hi, ref_hi, atol=1e-12)
    assert (round(float(lo[0]), 4), round(float(hi[0]), 4)) == (0.0, 0.2775)  # 0 of 10: the textbook 0-27.8%
    lo99, hi99 = wilson(3, 10, z=2.5758293035489)  # a 99% interval: wider
    assert lo99 < lo[1] and hi99 > hi[1]
    empty = wilson(np.array([0]), np.array([0]))
    assert np.isnan(empty[0]).all() and np.isnan(empty[1]).all()


def test_newcombe_matches_the_paper_and_the_formula():
    # Newcombe (1998), Statistics in Medicine 17:873, Table II example (a): 56/70 - 48/80, method 10
    lo, hi = newcombe(56, 70, 48, 80)
    assert (round(float(lo), 4), round(float(hi), 4)) == (0.0524, 0.3339)
    # the hybrid score interval from the two Wilson intervals, by hand
    rng = np.random.default_rng(9)
    n1, n2 = rng.integers(20, 3000, 50), rng.integers(20, 3000, 50)
    w1, w2 = rng.integers(0, n1 + 1), rng.integers(0, n2 + 1)
    for alpha, z in ((0.05, 1.959963984540054), (0.05 / 8, 2.734368786533181)):
        (l1, u1), (l2, u2) = _wilson_by_hand(w1 / 1.0, n1 / 1.0, z), _wilson_by_hand(w2 / 1.0, n2 / 1.0, z)
        p1, p2 = w1 / n1, w2 / n2
        lo, hi = newcombe(w1, n1, w2, n2, alpha)
        np.testing.assert_allclose(lo, p1 - p2 - np.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), atol=1e-6)
        np.testing.assert_allclose(hi, p1 - p2 + np.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2), atol=1e-6)
    assert np.isnan(newcombe(1, 0, 1, 3)[0])


def test_wilson_coverage_is_close_to_95_percent():
    rng = np.random.default_rng(11)
    for p, n in ((0.25, 400), (0.1, 150), (0.5, 60), (1 / 3, 1000)):
        wins = rng.binomial(n, p, size=2000)
        lo, hi = wilson(wins, n)
        coverage = float(np.mean((lo <= p) & (p <= hi)))
        # 2,000 proportions: the standard error of the coverage is about 0.5 point
        assert 0.93 <= coverage <= 0.97, (p, n, coverage)


def test_adjust_pvalues_match_statsmodels():
    from statsmodels.stats.multitest import multipletests

    rng = np.random.default_rng(5)
    p = np.concatenate([rng.uniform(size=30), rng.uniform(0, 0.01, size=8), [0.04, 0.04]])
    for ours, theirs in (("holm", "holm"), ("bh", "fdr_bh")):
        np.testing.assert_allclose(adjust_pvalues(p, ours), multipletests(p, method=theirs)[1], atol=1e-12)
    # by hand: Holm multiplies the k-th smallest by (m - k + 1), then keeps it monotone; BH by m / k
    np.testing.assert_allclose(adjust_pvalues(np.array([0.01, 0.04, 0.03]), "holm"), [0.03, 0.06, 0.06])
    np.testing.assert_allclose(adjust_pvalues(np.array([0.01, 0.04, 0.03]), "bh"), [0.03, 0.04, 0.04])
    with_nan = adjust_pvalues(np.array([0.01, np.nan, 0.02]), "holm")
    assert np.isnan(with_nan[1]) and with_nan[0] == pytest.approx(0.02) and with_nan[2] == pytest.approx(0.02)
    with pytest.raises(ValueError, match="unknown correction"):
        adjust_pvalues(p, "bonferroni")


def test_binomial_pvalues_are_exact():
    from scipy.stats import binomtest

    p = binomial_pvalues(np.array([30, 25, 0]), np.array([100, 100, 0]), 0.25)
    assert p[0] == pytest.approx(binomtest(30, 100, 0.25).pvalue)
    assert p[1] == pytest.approx(1.0)
    assert np.isnan(p[2])


def test_games_for_wilson_width():
    for p, width in ((0.25, 0.02), (0.5, 0.05), (0.1, 0.01), (0.01, 0.02)):
        n = games_for_wilson_width(p, width)
        assert wilson_width(p, n) <= width < wilson_width(p, n - 1)
        if p >= 0.1:  # close to the normal approximation away from 0 and 1
            assert abs(n - games_for_width(p, width)) <= 0.01 * n
    with pytest.raises(ValueError):
        games_for_wilson_width(0.25, 0)


# ------------------------------------------------------------------- load
def test_load_reads_parts_schema_and_manifest(run_dir: Path):
    df = A.load(run_dir)
    raw = real_frame()
    assert len(df) == len(raw) - 2 * 4  # two games with an error left out
    assert df.attrs["excluded_games"] == 2 and df.attrs["error_codes"] == {99: 2}
    assert df.attrs["manifest"]["name"] == "quick" and df.attrs["parts"] == 6  # 3 cells x 2 parts
    assert (df["error"] == 0).all()
    for col, (dtype, _) in COLUMNS.items():
        if dtype == "string":
            assert pd.api.types.is_string_dtype(df[col]), col
        else:
            assert str(df[col].dtype) == dtype, col
    assert list(df["alert"].cat.categories) == ["easy", "hard"]  # rulebook order, not alphabetical
    col = OVERRIDE_PREFIX + OVERRIDE
    assert list(df[col].cat.categories) == [A.DEFAULT_VALUE, "4"]
    assert A.override_keys(df) == [OVERRIDE]
    assert df["game"].is_unique is False and df.groupby("game").size().eq(4).all()


def test_load_errors(tmp_path: Path):
    with pytest.raises(A.RunDirError, match="no such run folder"):
        A.load(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(A.RunDirError, match="no result parts"):
        A.load(tmp_path / "empty")
    run = write_run(synthetic_frame(20), tmp_path / "bad")
    (run / MANIFEST).write_text("{not json")
    with pytest.raises(A.RunDirError, match="corrupt manifest"):
        A.load(run)
    (run / MANIFEST).unlink()
    with pytest.raises(A.RunDirError, match="no manifest"):
        A.load(run)
    run = write_run(synthetic_frame(20).drop(columns=["won"]), tmp_path / "cols")
    with pytest.raises(A.RunDirError, match="missing column.*won"):
        A.load(run)
    (run / "part-00000.parquet").write_bytes(b"garbage")
    with pytest.raises(A.RunDirError, match="cannot read the Parquet part"):
        A.load(run)


# ----------------------------------------------------------- known answers
def test_win_rates_and_lift_on_a_hand_made_frame():
    df = hand_frame()
    t = A.win_rates(df, "scholar").set_index("scholar")
    assert t.loc["Sofia", "games"] == 4 and t.loc["Sofia", "wins"] == 3
    assert t.loc["Sofia", "win_rate"] == pytest.approx(0.75)
    assert t.loc["Valerio", "win_rate"] == pytest.approx(0.25)
    assert t.loc["Rebecca", "win_rate"] == pytest.approx(0.5)
    assert (t["fair_share"] == 0.5).all()
    assert t.loc["Sofia", "lift"] == pytest.approx(1.5) and t.loc["Valerio", "lift"] == pytest.approx(0.5)
    assert t.loc["Sofia", "lift_low"] == pytest.approx(t.loc["Sofia", "ci_low"] / 0.5)
    assert (t["test"] == "binomial").all()
    lift = A.lift(df, "scholar").set_index("scholar")
    assert list(lift.columns) == ["games", "win_rate", "fair_share", "lift", "lift_low", "lift_high"]
    assert lift.loc["Sofia", "lift"] == pytest.approx(1.5)


def test_lift_with_mixed_player_counts():
    two = hand_frame()
    four = synthetic_frame(40, players=4, seed=2)
    four = four.assign(game=four["game"] + 100)
    df = complete(pd.concat([two, four], ignore_index=True).astype({"scholar": str, "clan": str, "alert": str,
                                                                    "player_level": str}))
    t = A.win_rates(df, "scholar").set_index("scholar")
    sofia = df[df["scholar"] == "Sofia"]
    expected = (1 / sofia["players"]).sum()
    assert t.loc["Sofia", "fair_share"] == pytest.approx(expected / len(sofia))
    assert t.loc["Sofia", "lift"] == pytest.approx(sofia["won"].sum() / expected)
    assert (t["test"] == "normal").all()


def test_seat_advantage_on_a_hand_made_frame():
    t = A.seat_advantage(hand_frame()).set_index("turn_position")
    # the first player won games 0, 1, 2, 4, 5 (5 of 8); the second player 3 of 8
    assert t.loc[0, "wins"] == 5 and t.loc[0, "games"] == 8 and t.loc[0, "win_rate"] == pytest.approx(5 / 8)
    assert t.loc[1, "win_rate"] == pytest.approx(3 / 8)
    assert (t["players"] == 2).all() and (t["fair_share"] == 0.5).all()
    assert t.loc[0, "mean_rank"] == pytest.approx(1 + 3 / 8)


def test_scholar_clan_on_a_hand_made_frame():
    t = A.scholar_clan(hand_frame())
    m = A.matrix(t)
    assert m.loc["Sofia", "Golden Horns"] == pytest.approx(1.0)
    assert m.loc["Sofia", "Moss Elders"] == pytest.approx(0.5)
    assert m.loc["Valerio", "Moss Elders"] == pytest.approx(1 / 3)
    assert m.loc["Valerio", "Golden Horns"] == pytest.approx(0.0)
    games = A.matrix(t, value="games")
    assert games.loc["Sofia", "Golden Horns"] == 2 and games.to_numpy().sum() == 16


def test_scholar_vs_scholar_on_a_hand_made_frame():
    h2h = A.scholar_vs_scholar(hand_frame()).set_index(["scholar", "opponent"])
    assert h2h.loc[("Sofia", "Valerio"), "meetings"] == 2
    assert h2h.loc[("Sofia", "Valerio"), "ahead"] == 2 and h2h.loc[("Sofia", "Rebecca"), "ahead"] == 1
    assert h2h.loc[("Valerio", "Sofia"), "rate"] == pytest.approx(0.0)
    assert h2h.loc[("Vincenzo", "Rebecca"), "rate"] == pytest.approx(0.5)
    assert h2h.loc[("Vincenzo", "Valerio"), "ahead"] == 1
    assert ("Sofia", "Vincenzo") not in h2h.index  # they never met
    pair = h2h.loc[("Sofia", "Valerio"), "p_adjusted"]
    assert pair == h2h.loc[("Valerio", "Sofia"), "p_adjusted"]
    present = A.scholar_vs_scholar(hand_frame(), mode="present").set_index(["scholar", "opponent"])
    assert present.loc[("Sofia", "Rebecca"), "games"] == 2
    assert present.loc[("Sofia", "Rebecca"), "win_rate"] == pytest.approx(0.5)
    assert present.loc[("Sofia", "Valerio"), "lift"] == pytest.approx(2.0)
    with pytest.raises(ValueError, match="unknown mode"):
        A.scholar_vs_scholar(hand_frame(), mode="nope")


def test_head_to_head_on_synthetic_data():
    df = synthetic_frame(3000, players=3, strength={"Sofia": 2.0}, seed=4)
    h2h = A.scholar_vs_scholar(df).set_index(["scholar", "opponent"])
    for other in ("Rebecca", "Valerio", "Vincenzo"):
        assert h2h.loc[("Sofia", other), "rate"] > 0.55
        assert h2h.loc[("Sofia", other), "significant"]
        assert h2h.loc[(other, "Sofia"), "direction"] == "below"
    assert not h2h.loc[("Rebecca", "Valerio"), "significant"]
    np.testing.assert_array_equal(h2h["ahead"] + h2h["behind"] + h2h["ties"], h2h["meetings"])


def test_condition_effects_on_a_hand_made_frame():
    df = hand_frame()
    df["alert"] = pd.Categorical(np.where(df["game"] < 4, "easy", "hard"), categories=["easy", "hard"])
    t = A.condition_effects(df, "alert").set_index("alert")
    assert t.loc["easy", "games"] == 4 and t.loc["easy", "mean_turns"] == pytest.approx(21.5)
    assert t.loc["hard", "mean_turns"] == pytest.approx(25.5)
    # seat 0 of the even games submitted: games 0 and 2 (easy), 4 and 6 (hard)
    assert t.loc["easy", "nobody_submits"] == 2 and t.loc["easy", "no_thesis_rate"] == pytest.approx(0.5)
    assert t.loc["easy", "thesis_rate"] == pytest.approx(2 / 8)
    assert t.loc["easy", "turns_ci_low"] < 21.5 < t.loc["easy", "turns_ci_high"]
    both = A.condition_effects(synthetic_frame(400))
    assert set(both["alert"]) == {"easy", "hard"} and set(both["player_level"]) == {"students", "scholars"}
    hard = both[both["alert"] == "hard"]["mean_turns"].mean()
    easy = both[both["alert"] == "easy"]["mean_turns"].mean()
    assert hard > easy + 5  # the synthetic games are 10 turns longer at hard
    reasons = A.end_reasons(df, "alert")
    assert reasons["alert_full"].tolist() == [1.0, 1.0]


def test_games_overview_and_score_summary():
    df = hand_frame()
    g = A.games(df)
    assert len(g) == 8 and g["nobody_submits"].tolist() == [False, True] * 4
    s = A.score_summary(df).set_index("scholar")
    assert s.loc["Sofia", "seats"] == 4 and s.loc["Sofia", "mean_score"] == 10
    o = A.overview(df).set_index("item")["value"]
    assert o["games analysed"] == "8" and o["player counts"] == "2"


# ----------------------------------------------------------------- flags
def test_flags_find_the_biased_scholar_only():
    df = synthetic_frame(3000, strength={"Sofia": 1.5}, seed=1)
    t = A.win_rates(df, "scholar").set_index("scholar")
    assert t.loc["Sofia", "significant"] and t.loc["Sofia", "direction"] == "above"
    assert t.loc["Sofia", "p_adjusted"] < 1e-6
    f = A.flags(df)
    assert f.attrs["tests"] == 4 + 4 + 12 and f.attrs["correction"] == "holm"
    flagged = f[f["significant"]]
    assert "Sofia" in set(flagged.loc[flagged["grouping"] == "scholar", "group"])
    # the fair groups: the turn positions are fair by construction
    assert not flagged["grouping"].eq("players × turn_position").any()
    assert f["p_value"].is_monotonic_increasing
    only = A.flags(df, only_significant=True)
    assert only["significant"].all() and len(only) == len(flagged)


def test_flags_on_fair_data_flag_nothing():
    for seed in range(3):
        f = A.flags(synthetic_frame(1500, seed=10 + seed), correction="holm")
        assert not f["significant"].any(), f.head()
    f = A.flags(synthetic_frame(1500, seed=20), correction="bh")
    assert f.attrs["correction"] == "bh" and not f["significant"].any()
    assert (f["p_adjusted"] >= f["p_value"]).all()


def test_holm_is_needed_for_many_fair_groups():
    # 40 fair groups: the raw p-values flag about 5% of them, Holm none
    rng = np.random.default_rng(0)
    rows = []
    for g in range(40 * 50):
        won = rng.random() < 0.5
        for seat in range(2):
            rows.append({"game": g, "seat": seat, "scholar": SCHOLARS[seat], "rank": 1 if (seat == 0) == won else 2,
                         "clan": f"clan {g % 40}"})
    df = complete(rows)
    t = A.win_rates(df, ["scholar", "clan"])
    assert not t["significant"].any()
    assert (t["p_adjusted"] >= t["p_value"]).all()


def test_games_needed():
    t = A.games_needed(A.win_rates(synthetic_frame(400), "scholar"), width=0.02)
    assert (t["ci_width"] > 0.02).all() and (t["more_games"] > 0).all()
    row = t.iloc[0]
    assert row["games_needed"] == games_for_wilson_width(row["win_rate"], 0.02)
    assert A.interval_width(0.25, row["games_needed"]) <= 0.02
    wide = A.games_needed(A.win_rates(synthetic_frame(400), "scholar"), width=0.5)
    assert (wide["more_games"] == 0).all()


def test_override_effects_on_real_games(run_dir: Path):
    df = A.load(run_dir)
    t = V.override_effects(df)
    assert set(t["override"]) == {OVERRIDE} and set(t["value"]) == {A.DEFAULT_VALUE, "4"}
    ref = t[t["value"] == A.DEFAULT_VALUE]
    assert (ref["delta"] == 0).all() and (t["reference"] == A.DEFAULT_VALUE).all() and ref["delta_low"].isna().all()
    moved = t[t["value"] == "4"]
    assert (moved["delta_low"] <= moved["delta"]).all() and (moved["delta"] <= moved["delta_high"]).all()
    assert (t["family"] == 4).all() and (moved["ref_games"] == ref["games"].to_numpy()).all()
    assert V.reference_of(df, OVERRIDE).note == "the cells without the override (the run's data value)"  # fake hash
    g = V.override_game_effects(df)
    assert g["games"].sum() == df["game"].nunique()
    with pytest.raises(KeyError, match="no override"):
        V.override_effects(df, "scholars.Bob.speed")
    assert V.override_effects(hand_frame()).empty


def test_functions_do_not_change_their_input(run_dir: Path):
    df = A.load(run_dir)
    before = df.copy()
    A.win_rates(df, ["alert", "scholar"])
    A.seat_advantage(df)
    A.scholar_vs_scholar(df)
    A.condition_effects(df)
    A.flags(df)
    pd.testing.assert_frame_equal(df, before)


# ------------------------------------------------------------------ plots
PLOTS = [
    ("win_rate_bars", lambda ax, df: P.win_rate_bars(ax, df, "scholar")),
    ("win_rate_bars_cells", lambda ax, df: P.win_rate_bars(ax, df, ["alert", "scholar"])),
    ("scholar_clan_heatmap", P.scholar_clan_heatmap),
    ("scholar_vs_scholar_heatmap", P.scholar_vs_scholar_heatmap),
    ("condition_panel", lambda ax, df: P.condition_panel(ax, df, "mean_turns")),
    ("condition_panel_rate", lambda ax, df: P.condition_panel(ax, df, "no_thesis_rate")),
    ("seat_advantage_bars", P.seat_advantage_bars),
    ("score_distribution", P.score_distribution),
    ("length_distribution", P.length_distribution),
    ("override_effect", lambda ax, df: P.override_effect(ax, df, OVERRIDE)),
]


@pytest.mark.parametrize("name,draw", PLOTS, ids=[p[0] for p in PLOTS])
def test_plots_render_on_an_axes(name, draw, run_dir: Path, tmp_path: Path):
    df = A.load(run_dir)
    fig, ax = plt.subplots()
    try:
        assert draw(ax, df) is ax
        assert ax.get_title()
        assert ax.has_data() or ax.images
        fig.savefig(tmp_path / f"{name}.png")
    finally:
        plt.close(fig)
    assert (tmp_path / f"{name}.png").stat().st_size > 1000


def test_plots_on_mixed_player_counts(tmp_path: Path):
    two = hand_frame()
    four = synthetic_frame(60, players=4, seed=2)
    four = four.assign(game=four["game"] + 100)
    df = complete(pd.concat([two, four], ignore_index=True).astype({"scholar": str, "clan": str, "alert": str,
                                                                    "player_level": str}))
    fig, axes = plt.subplots(1, 5, figsize=(20, 4))
    try:
        P.win_rate_bars(axes[0], df)
        P.seat_advantage_bars(axes[1], df)
        P.scholar_vs_scholar_heatmap(axes[2], df)
        P.condition_panels(axes[3:], df, ["mean_turns", "thesis_rate"])
        fig.savefig(tmp_path / "mixed.png")
    finally:
        plt.close(fig)
    assert len(axes[1].patches) == 2 + 4
