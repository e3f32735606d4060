"""The adjusted statistics (experiments/dungeonology/analysis/adjusted.py) on planted data: synthetic games
whose winners are drawn from a known conditional logit, with one Scholar seated against strong opponents more
often than the others."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from experiments.dungeonology.analysis import adjusted as J

NAMES = [f"S{i}" for i in range(8)]
STRENGTH = np.array([1.2, 1.2, 1.2, 1.0, 0.0, 0.0, 0.0, 0.0])  # S3 is the planted Scholar
SEAT = np.array([0.3, 0.0, -0.1, 0.0])  # turn positions 0..3
CLANS = ["Owls", "Moles", "Bats"]
FIRST = {"Owls": 0.5, "Moles": 0.0, "Bats": 0.0}  # Owls help the first player


def planted(games: int = 6000, seed: int = 0) -> pd.DataFrame:
    """Four-player games: in half of them S3 sits with the three strongest Scholars, in the others four
    Scholars other than S3 are dealt at random; turn order and the Clan at random; the winner drawn from
    exp(strength + seat + Clan's first-player term) over the table."""
    rng = np.random.default_rng(seed)
    rows = []
    for g in range(games):
        table = [3, 0, 1, 2] if g % 2 == 0 else list(rng.choice([0, 1, 2, 4, 5, 6, 7], 4, replace=False))
        order = rng.permutation(4)  # order[seat] = turn position
        clan = CLANS[rng.integers(len(CLANS))]
        eta = STRENGTH[table] + SEAT[order] + np.where(order == 0, FIRST[clan], 0.0)
        p = np.exp(eta) / np.exp(eta).sum()
        winner = rng.choice(4, p=p)
        for seat in range(4):
            rows.append({"game": g, "seat": seat, "players": 4, "turn_position": int(order[seat]),
                         "scholar": NAMES[table[seat]], "clan": clan, "agent": "heuristic",
                         "won": seat == winner})
    df = pd.DataFrame(rows)
    return df.assign(scholar=pd.Categorical(df["scholar"], categories=NAMES))


def _true_seat() -> np.ndarray:
    """The true seat terms under the average Clan, turn position 0 first (a constant added to every seat's
    term changes no chance)."""
    return np.array([SEAT[0] + np.mean(list(FIRST.values())), *SEAT[1:]])


def test_the_raw_rate_is_biased_and_the_adjustment_recovers_the_planted_effect():
    df = planted()
    t = J.adjusted_effects(df).set_index("name")
    s3 = t.loc["S3"]
    truth = STRENGTH[3] - STRENGTH.mean()
    # the raw figures are those of the rows: seat-games and win rate per Scholar, the first player's per Clan
    seat_games = df.groupby("scholar", observed=True)["won"].agg(["count", "mean"])
    assert (t.loc[NAMES, "n"].to_numpy() == seat_games.loc[NAMES, "count"].to_numpy()).all()
    np.testing.assert_allclose(t.loc[NAMES, "raw_rate"], seat_games.loc[NAMES, "mean"])
    first = df[df["turn_position"] == 0].groupby("clan")["won"].agg(["count", "mean"])
    clan_rows = t[t["kind"] == J.CLAN]
    assert (clan_rows["n"].to_numpy() == first.loc[clan_rows.index, "count"].to_numpy()).all()
    np.testing.assert_allclose(clan_rows["raw_rate"], first.loc[clan_rows.index, "mean"])
    assert (t["fair_share"] == 0.25).all()
    # the raw rate: S3 met the strongest Scholars, so she looks below the fair share
    assert s3.raw_high < 0.25
    # adjusted: above the average Scholar, the planted value inside the simultaneous interval
    assert s3.effect_low <= truth <= s3.effect_high
    assert s3.significant and s3.direction == "above"
    true_rate = J._win_chance(np.array([truth]), _true_seat(), True)[0]
    assert s3.adjusted_low <= true_rate <= s3.adjusted_high
    assert s3.adjusted_low > 0.25 > s3.raw_rate
    # every Scholar's effect within its interval; the opponents she met were stronger than average
    for i, name in enumerate(NAMES):
        assert t.loc[name, "effect_low"] <= STRENGTH[i] - STRENGTH.mean() <= t.loc[name, "effect_high"], name
    assert s3.opponents > t.loc["S5", "opponents"]
    # the Clans: Owls raise the first player's chances, planted +0.5 against the average Clan
    clans = t[t["kind"] == J.CLAN]
    for clan, value in FIRST.items():
        planted_dev = value - np.mean(list(FIRST.values()))
        assert clans.loc[clan, "effect_low"] <= planted_dev <= clans.loc[clan, "effect_high"], clan
    assert clans.loc["Owls", "significant"] and clans.loc["Owls", "adjusted_rate"] > clans.loc["Moles",
                                                                                               "adjusted_rate"]
    assert t.attrs["family"] == len(NAMES) + len(CLANS)
    assert t.attrs["level"] == pytest.approx(1 - 0.05 / 11)


def test_the_fit_is_statsmodels_conditional_logit():
    """Same likelihood, same estimates and standard errors as statsmodels' ConditionalLogit (on few games:
    statsmodels loops over them in Python)."""
    from statsmodels.discrete.conditional_models import ConditionalLogit

    df = planted(games=400, seed=3)
    d, _ = J.design(df)
    beta, cov = J.fit(d)
    rows = df.sort_values(["game", "turn_position"], kind="stable")
    x = np.zeros((len(rows), len(d.names)))
    col = {n: i for i, n in enumerate(d.names)}
    for r, row in enumerate(rows.itertuples(index=False)):
        for key in (f"scholar:{row.scholar}", f"seat:4:{row.turn_position}",
                    f"first:{row.clan}" if row.turn_position == 0 else ""):
            if key in col:
                x[r, col[key]] = 1.0
    model = ConditionalLogit(rows["won"].astype(int).to_numpy(), x, groups=rows["game"].to_numpy())
    res = model.fit(method="bfgs", gtol=1e-9, maxiter=2000, disp=0)
    # the same likelihood everywhere, our optimum at least as high, the same estimates and standard errors
    assert J.loglik(d, res.params, derivatives=False)[0] == pytest.approx(model.loglike(res.params), abs=1e-8)
    assert model.loglike(beta) >= model.loglike(res.params) - 1e-9
    np.testing.assert_allclose(beta, res.params, atol=2e-3)
    np.testing.assert_allclose(np.sqrt(np.diag(cov)), res.bse, rtol=1e-2)
    np.testing.assert_allclose(cov, np.linalg.inv(-model.hessian(beta)), rtol=1e-3, atol=1e-6)


def test_ties_are_left_out_and_one_scholar_is_not_fitted():
    df = planted(games=200, seed=1)
    tied = df["game"] == 0
    df.loc[tied, "won"] = True
    t = J.adjusted_effects(df)
    assert t.attrs["ties"] == 1 and t.attrs["games"] == 199
    one = df.assign(scholar="S0")
    assert J.adjusted_effects(one).empty


def test_a_win_chance_is_a_probability_even_for_a_separated_effect():
    """A Scholar who won every game of a small sample gets a huge effect: the chance is 1, not nan."""
    import warnings

    seat = np.array([0.0, 0.3, -0.2, 0.1])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        chance = J._win_chance(np.array([-1e6, 0.0, 1e6]), seat, True)
    assert chance[0] == pytest.approx(0.0) and chance[2] == pytest.approx(1.0)
    # at effect 0: the mean over the positions of exp(seat q) / sum exp(seats)
    assert chance[1] == pytest.approx(np.mean([np.exp(seat[q]) / np.exp(seat).sum() for q in range(4)]))
