"""Tests of the report's claims (experiments.analysis.claims, the what-if deltas of
experiments.dungeonology.analysis.variants): the false-claim rate of the what-if headline on null data, its
reference value, the Scholar it speaks of, one family for plot stars and tables, and what a table pools over.

The what-if frames are synthetic and cheap (numpy; the columns the what-if code reads): four
Scholars at every game, one winner per game drawn from known probabilities."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from analysis_frames import SCHOLARS, complete, synthetic_frame  # noqa: E402
from scipy.stats import binom  # noqa: E402

from experiments import analysis as A  # noqa: E402
from experiments.analysis import claims as C  # noqa: E402
from experiments.analysis.stats import newcombe  # noqa: E402
from experiments.dungeonology.analysis import variants as V  # noqa: E402
from experiments.dungeonology.analysis.claims import CLEAR, what_if  # noqa: E402
from experiments.dungeonology.report import plots as P  # noqa: E402
from experiments.runs.schema import OVERRIDE_PREFIX  # noqa: E402
from sim.dungeonology.loader import load_data  # noqa: E402

STUDENTS = "scholars.Vincenzo.students"
D = int(V.data_value({}, STUDENTS)[0])  # its value in the base data (4 today)


def vals(*offsets: int) -> list[str]:
    """Values of STUDENTS around the data value D (the synthetic frames do not depend on them)."""
    return [str(D + k) for k in offsets]


BONFIRES = "campus.bonfire_spaces"  # 6 in the base data: no Scholar of its own
REPEATS = 300


def what_if_frame(rng: np.random.Generator, key: str, values: list[str], games: int,
                  boost: dict[tuple[str, str], float] | None = None) -> pd.DataFrame:
    """``games`` 4-player games per value of ``key``; every Scholar wins 1/4 of them unless
    ``boost[(value, scholar)]`` adds to its chance there. The manifest is the built-in data's."""
    k = len(values)
    cell = np.repeat(np.arange(k), games)
    p = np.full((k * games, 4), 0.25)
    for (value, scholar), extra in (boost or {}).items():
        rows = cell == values.index(value)
        p[rows, SCHOLARS.index(scholar)] += extra
        p[rows] /= p[rows].sum(axis=1, keepdims=True)
    winner = (rng.random(k * games)[:, None] > np.cumsum(p, axis=1)).sum(axis=1)
    df = pd.DataFrame({
        "scholar": pd.Categorical.from_codes(np.tile(np.arange(4), k * games), categories=SCHOLARS),
        "won": (np.arange(4)[None, :] == winner[:, None]).ravel(),
        "players": 4,
        OVERRIDE_PREFIX + key: pd.Categorical.from_codes(np.repeat(cell, 4), categories=values),
    })
    df.attrs["manifest"] = {}
    return df


def headline(df: pd.DataFrame, key: str, t: pd.DataFrame | None = None) -> str:
    """The report's what-if headline, as headlines() builds it (``t``: the override_effects table)."""
    return what_if(key, V.override_effects(df) if t is None else t, V.reference_of(df, key))


def uncorrected_claim(t: pd.DataFrame) -> bool:
    """The old headline: the largest of all deltas, "a clear change" on a plain 95% Newcombe interval."""
    t = t[t["value"] != t["reference"]]
    r = t.iloc[int(np.argmax(t["delta"].abs().to_numpy()))]
    lo, hi = newcombe(r.wins, r.games, round(r.ref_win_rate * r.ref_games), r.ref_games, 0.05)
    return bool(lo > 0 or hi < 0)


# ------------------------------------------------------------ null data
@pytest.mark.parametrize("key,values", [(STUDENTS, vals(-1, 0, 1)), (BONFIRES, ["5", "6", "7"])],
                         ids=["a Scholar's value", "no Scholar's value"])
def test_what_if_headline_false_claim_rate_on_null_data(key: str, values: list[str]):
    """On data where the override has no effect, "a clear change" in at most 5% of repeats.

    Bound: the count that a true 5% rate exceeds with probability 0.1% at REPEATS repeats
    (binomial 99.9% quantile: 5% + about 3 standard errors). The old headline (largest delta,
    plain 95% interval) must fail that bound on the same data, so the test can fail."""
    rng = np.random.default_rng(2026)
    claims = old = 0
    for _ in range(REPEATS):
        df = what_if_frame(rng, key, values, 400)
        t = V.override_effects(df)
        text = headline(df, key, t)
        assert text.startswith(f"What if {key} = ") and "Bonferroni over the 8 deltas" in text, text
        claims += CLEAR in text
        old += uncorrected_claim(t)
    bound = int(binom.ppf(0.999, REPEATS, 0.05))
    assert claims <= bound, f"{claims} false claims in {REPEATS} null repeats (bound {bound})"
    assert old > bound, f"the uncorrected headline made only {old} false claims: the test has no power"


def test_what_if_headline_finds_a_real_change_of_its_scholar():
    rng = np.random.default_rng(7)
    df = what_if_frame(rng, STUDENTS, vals(-1, 0, 1), 3000, {(str(D + 1), "Vincenzo"): 0.12})
    text = headline(df, STUDENTS)
    assert text.startswith(f"What if {STUDENTS} = {D + 1}: Vincenzo's win rate moves +"), text
    assert f"at the data value {D}" in text and text.endswith(f"{CLEAR}.")
    assert "3,000 seat-games" in text and "Bonferroni over the 8 deltas of this what-if (2 values × 4 Scholars)" in text
    t = V.override_effects(df)
    row = t[(t["value"] == str(D + 1)) & (t["scholar"] == "Vincenzo")].iloc[0]
    assert row.significant and row.direction == "up" and row.family == 8 and row.level == pytest.approx(1 - 0.05 / 8)


def test_headline_speaks_of_the_scholar_whose_value_changed():
    # Rebecca moves most (an effect planted on her); the override is Vincenzo's: the headline is about him
    rng = np.random.default_rng(3)
    df = what_if_frame(rng, STUDENTS, vals(-1, 0, 1), 2000, {(str(D - 1), "Rebecca"): 0.2})
    t = V.override_effects(df)
    moved = t[t["value"] != t["reference"]]
    assert moved.loc[moved["delta"].abs().idxmax(), "scholar"] == "Rebecca"
    text = headline(df, STUDENTS)
    assert "Vincenzo's win rate moves" in text and "Rebecca" not in text
    assert "the larger of Vincenzo's 2 deltas" in text
    # a key of no Scholar: the largest delta of all, named as such
    df = what_if_frame(rng, BONFIRES, ["5", "6", "7"], 2000, {("7", "Rebecca"): 0.2})
    text = headline(df, BONFIRES)
    assert f"What if {BONFIRES} = 7: Rebecca's win rate moves +" in text and "the largest of the 8 deltas" in text
    assert text.endswith(f"{CLEAR}.")


# ------------------------------------------------------------- reference
def test_reference_is_the_data_value_not_the_smallest_tried():
    rng = np.random.default_rng(1)
    df = what_if_frame(rng, STUDENTS, vals(-2, -1, 0, 1), 50)  # the data value is not the smallest tried
    ref = V.reference_of(df, STUDENTS)
    assert (ref.value, ref.data_value, ref.note) == (str(D), str(D), f"the data value {D}")
    t = V.override_effects(df)
    assert set(t["reference"]) == {str(D)} and (t.loc[t["value"] == str(D), "delta"] == 0).all()
    assert t.loc[t["value"] == str(D), "delta_low"].isna().all() and t["family"].eq(12).all()
    df.attrs["manifest"] = {"data_hash": load_data().hash}  # the run's data, checked by its hash
    assert V.reference_of(df, STUDENTS).value == str(D)
    # the run's fixed overrides are part of its data
    df.attrs["manifest"] = {"config": {"fixed": {"overrides": {STUDENTS: D - 2}}}}
    assert V.reference_of(df, STUDENTS).value == str(D - 2)
    # the data value not played: the nearest value tried, said so
    df = what_if_frame(rng, STUDENTS, vals(-3, -1, 2), 50)
    ref = V.reference_of(df, STUDENTS)
    assert ref.value == str(D - 1)
    assert ref.note == f"{D - 1}, the value tried nearest the data value {D}, which was not played"
    # cells without the override play the data value
    df = what_if_frame(rng, STUDENTS, [A.DEFAULT_VALUE, "2"], 50)
    assert V.reference_of(df, STUDENTS).value == A.DEFAULT_VALUE
    # data that is not the run's (its hash differs): no reference, no claim
    df = what_if_frame(rng, STUDENTS, ["4", "5"], 50)
    df.attrs["manifest"] = {"data_hash": "0" * 64}
    ref = V.reference_of(df, STUDENTS)
    assert ref.value is None and "hash differs" in ref.note
    assert V.override_effects(df)["significant"].sum() == 0
    assert headline(df, STUDENTS).startswith(f"What if {STUDENTS}: no change is claimed (no reference: ")


def test_scholar_of():
    assert V.scholar_of(STUDENTS, SCHOLARS) == "Vincenzo"
    assert V.scholar_of("scholars.Sofia.exalted.speed", SCHOLARS) == "Sofia"
    assert V.scholar_of("scholars.Nobody.speed", SCHOLARS) is None
    assert V.scholar_of(BONFIRES, SCHOLARS) is None


# --------------------------------------------------- one family, stars
def _stars(ax) -> int:
    return sum(t.get_text() == "*" or t.get_text().endswith("*") or "*\n" in t.get_text() for t in ax.texts)


def test_plot_stars_are_the_flags_of_the_table_shown():
    # a Scholar flagged by Holm over the 4 bars but not over the 20 tests of the report's family
    df = synthetic_frame(1500, strength={"Sofia": 1.16}, seed=4)
    own = A.win_rates(df, "scholar")
    tests = A.flags(df)
    family = tests[tests["grouping"] == "scholar"].set_index("group").loc[own["scholar"].astype(str)]
    assert own["significant"].sum() != family["significant"].sum(), "the example needs the families to differ"
    table = own.assign(significant=family["significant"].to_numpy(), p_adjusted=family["p_adjusted"].to_numpy())
    fig, (a, b, c) = plt.subplots(1, 3)
    try:
        P.win_rate_bars(a, df, "scholar", table=table)
        P.win_rate_bars(b, df, "scholar")
        assert _stars(a) == int(table["significant"].sum()) and _stars(b) == int(own["significant"].sum())
        clan = A.scholar_clan(df)
        P.scholar_clan_heatmap(c, df, table=clan.assign(significant=False))
        assert _stars(c) == 0
    finally:
        plt.close(fig)


def test_override_plot_stars_are_the_clear_changes():
    rng = np.random.default_rng(7)
    df = what_if_frame(rng, STUDENTS, vals(-1, 0, 1), 3000, {(str(D + 1), "Vincenzo"): 0.12})
    t = V.override_effects(df)
    fig, ax = plt.subplots()
    try:
        P.override_effect(ax, df, STUDENTS, table=t)
        assert _stars(ax) == int(t["significant"].sum()) >= 1
        assert "Bonferroni over 8 deltas" in ax.get_xlabel() and f"reference {D}" in ax.get_xlabel()
    finally:
        plt.close(fig)


# --------------------------------------------------------------- pooling
def test_pooled_over_names_override_values_and_agent_kinds():
    df = synthetic_frame(40, seed=1)
    assert A.pooled_over(df, "scholar") == []
    assert C.pooling(df, "scholar").startswith("No pooling")
    raw = df.astype({c: str for c in ("scholar", "clan", "alert", "player_level", "agent")})
    raw["agent"] = np.where(raw["seat"] % 2 == 0, "heuristic", "random")
    raw[OVERRIDE_PREFIX + STUDENTS] = np.where(raw["game"] % 2 == 0, "4", "6")
    mixed = complete(raw)
    pooled = A.pooled_over(mixed, "scholar")
    assert pooled == [f"{STUDENTS} (4, 6)", "agent kinds (heuristic, random)"]
    assert A.pooled_over(mixed, ["agent", OVERRIDE_PREFIX + STUDENTS, "scholar"]) == []
    assert C.note("Holm over the 4 rows of this table", 160, "seat-game", mixed, "scholar") == (
        f"Holm over the 4 rows of this table; n = 160 seat-games. Pools over: {STUDENTS} (4, 6); "
        "agent kinds (heuristic, random).")


def test_finding_states_sample_size_and_family():
    df = synthetic_frame(2000, strength={"Sofia": 1.6}, seed=8)
    tests = A.flags(df)
    row = tests[tests["group"] == "Sofia"].iloc[0]
    text = C.finding("Sofia", row, "holm", C.fair_family(tests))
    assert f"of {int(row.games):,} seat-games" in text
    assert text.endswith("; Holm over the 20 fair-share tests of the Scholar, turn-order and Scholar × Clan "
                         "tables).")
