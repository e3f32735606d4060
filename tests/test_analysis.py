"""Tests of experiments.analysis (tables, flags, effects) and experiments.report.plots on hand-made,
synthetic and real frames (tests/analysis_frames.py)."""


from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from analysis_frames import (  # noqa: E402
    OVERRIDE,
    SCHOLARS,
    complete,
    hand_frame,
    real_frame,
    synthetic_frame,
    write_run,
)

from experiments import analysis as A  # noqa: E402
from experiments.analysis.stats import (  # noqa: E402
    games_for_wilson_width,
)
from experiments.dungeonology.analysis import variants as V  # noqa: E402
from experiments.dungeonology.report import plots as P  # noqa: E402
from experiments.dungeonology.results import COLUMNS  # noqa: E402
from experiments.runs.folder import MANIFEST  # noqa: E402
from experiments.runs.schema import OVERRIDE_PREFIX  # noqa: E402


@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    return write_run(real_frame(), tmp_path / "quick")




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
