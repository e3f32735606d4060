"""Compare variants: is variant B fairer than A?

Two runs (``dungeonology compare RUN_A RUN_B``) or the variants of one run (a ``variants`` axis,
docs/SWEEPS.md) are compared, each against the reference (RUN_A, or the first variant), on:

* the win rate of each Scholar, each turn position (per player count) and, when several Clan
  Cards were played, each Scholar under each Clan Card: the fairness rows, judged against the
  fair share (1 / players);
* the game length (rounds) and the Thesis rate (the share of games with a successful Thesis).

**Player counts.** When the games have several player counts, every row is stratified by the player
count: a Scholar's win rate, a Scholar under a Clan Card, the game length and the Thesis rate get a row
per player count ("Sofia (3 players)", each judged against its own fair share 1 / players), all in the
comparison's one family; so two sides that mix the counts differently are compared count by count, never
pooled. Two sides that did not play the same player counts are refused (:class:`UnmatchedStrata`).

Intervals: every delta of one comparison is one family; each interval is at the Bonferroni level
1 - alpha / family (so the chance that any delta of a comparison without effect is called a change
is at most alpha), and the Holm-adjusted p-values (statsmodels' ``multipletests``) come with them.
The games are the units (a game's seats are not independent). When both sides played the same
seeds (a run's variants always do; two runs with the same master seed and cells too), the games are
**paired** by seed and a delta's interval is a t interval of the per-game differences (the
cluster-robust, linearised-ratio variance over games), which removes most of the luck of the deal;
otherwise a rate gets Newcombe's score interval of two independent proportions and the score test
(a group's seat-games lie in distinct games), the game length Welch's t interval. No variation seen
is not taken as none: a standard error is at least that of one differing game.

The verdict of a row is read from an interval, never from a point estimate alone, with the
practical-significance band ``band`` (default 2 points; rounds for the length: ``length_band``).
A fairness row's quantity is the change of the distance to the fair share f, d1 - d0 with
d0 = |p0 - f| and d1 = |p1 - f|; its interval is the range of |p0 + delta - f| - |p0 - f| over the
box of the reference rate's interval (Wilson, the seat-games of a group lie in distinct games) and
the delta's interval. The family counts both intervals of a fairness row, so with probability at
least 1 - alpha every interval of a comparison holds at once, and with it every verdict:

* "fairer" / "worse": the whole interval of d1 - d0 lies below -band / above +band;
* "crossed the fair share": neither, but the reference rate's interval lies wholly on one side of
  f and the variant's rate (p0 + delta over the box) wholly on the other;
* "no real change": the delta's interval lies wholly within the band (then so does d1 - d0);
* "not enough games": anything else.

The game length and the Thesis rate read their delta's interval the same way (longer / shorter,
more / fewer Theses beyond the band; no real change within it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.stats import norm
from scipy.stats import t as t_dist
from statsmodels.stats.proportion import test_proportions_2indep

from experiments.analysis.dataset import is_text, texts_of
from experiments.analysis.stats import adjust_pvalues, bonferroni_alpha, newcombe, wilson
from experiments.runs.schema import VARIANT

DEFAULT_BAND = 0.02
DEFAULT_LENGTH_BAND = 0.5  # rounds
FAIRER, WORSE, SAME, UNSURE = "fairer", "worse", "no real change", "not enough games"
CROSSED = "crossed the fair share"
CLAIMS = {FAIRER, WORSE, CROSSED, "longer", "shorter", "more Theses", "fewer Theses"}
COLUMNS = ("comparison", "reference", "variant", "measure", "group", "unit", "ref_games", "games", "ref_value",
           "value", "fair_share", "delta", "delta_low", "delta_high", "ref_low", "ref_high", "alt_low", "alt_high",
           "distance_change",
           "distance_low", "distance_high", "p_value", "p_adjusted", "family", "level",
           "paired", "significant", "verdict")


class UnmatchedStrata(ValueError):
    """The two sides of a comparison did not play the same player counts."""


@dataclass(frozen=True)
class Side:
    """One side of a comparison: its name and its rows (one per game and seat)."""

    name: str
    rows: pd.DataFrame


def sides_of(df: pd.DataFrame, order: Sequence[str] | None = None) -> list[Side]:
    """The variants of a run (its ``variant`` column), in the order of ``order`` (the manifest's
    variants) or of first appearance."""
    if VARIANT not in df.columns:
        raise ValueError("this run has no variants (a variants axis in its sweep file, or compare two runs)")
    names = texts_of(df[VARIANT])
    if order:
        names = [n for n in order if n in names] + [n for n in names if n not in order]
    return [Side(n, df[is_text(df[VARIANT], n)]) for n in names]


# ------------------------------------------------------------ per-game units
def _labels(rows: pd.DataFrame, keys: list[str]) -> np.ndarray:
    """The group label of each row: the values of ``keys``, " × "-joined."""
    if len(keys) == 1:
        return rows[keys[0]].astype(str).to_numpy()
    out = rows[keys[0]].astype(str).to_numpy(dtype=object)
    for k in keys[1:]:
        out = out + " × " + rows[k].astype(str).to_numpy(dtype=object)
    return out


def _per_game(rows: pd.DataFrame, keys: list[str]) -> tuple[pd.Index, pd.Index, np.ndarray, np.ndarray]:
    """(seeds, groups, n, w): per game (row: seed) and group (column: values of ``keys``), seat-games
    and wins."""
    seed_code, seeds = pd.factorize(rows["seed"].to_numpy(), sort=True)
    group_code, groups = pd.factorize(_labels(rows, keys), sort=True)
    n = np.zeros((len(seeds), len(groups)))
    w = np.zeros_like(n)
    np.add.at(n, (seed_code, group_code), 1.0)
    np.add.at(w, (seed_code, group_code), rows["won"].to_numpy(dtype=float))
    return pd.Index(seeds), pd.Index(groups), n, w


def _ratio_terms(n: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(rate, total, per-game linearised terms) of a ratio sum(w) / sum(n), per column."""
    total = n.sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = w.sum(axis=0) / total
        terms = (w - rate * n) / total
    return rate, total, terms


def _variance(terms: np.ndarray) -> np.ndarray:
    """Cluster-robust variance of a sum of per-game terms (columns), with the J / (J - 1) factor."""
    j = terms.shape[0]
    return (terms**2).sum(axis=0) * j / max(j - 1, 1)


def _rate_deltas(ref: pd.DataFrame, alt: pd.DataFrame, keys: list[str], paired: bool) -> pd.DataFrame:
    """Win-rate deltas per group of ``keys``: alt minus ref, with the standard error over games."""
    seeds_a, groups_a, n_a, w_a = _per_game(ref, keys)
    seeds_b, groups_b, n_b, w_b = _per_game(alt, keys)
    groups = [g for g in groups_a if g in set(groups_b)]
    ca, cb = groups_a.get_indexer(groups), groups_b.get_indexer(groups)
    n_a, w_a, n_b, w_b = n_a[:, ca], w_a[:, ca], n_b[:, cb], w_b[:, cb]
    if paired:  # the same seeds on both sides: align the games
        rb = seeds_b.get_indexer(seeds_a)
        n_b, w_b = n_b[rb], w_b[rb]
    p_a, t_a, u_a = _ratio_terms(n_a, w_a)
    p_b, t_b, u_b = _ratio_terms(n_b, w_b)
    var = _variance(u_b - u_a) if paired else _variance(u_a) + _variance(u_b)
    return pd.DataFrame({"group": groups, "ref_games": t_a.astype(np.int64), "games": t_b.astype(np.int64),
                         "ref_wins": w_a.sum(axis=0), "wins": w_b.sum(axis=0), "ref_value": p_a, "value": p_b,
                         "delta": p_b - p_a, "se": np.sqrt(var), "df": len(n_a) - 1})


def player_counts(ref: pd.DataFrame, alt: pd.DataFrame, names: tuple[str, str] = ("reference", "variant")
                  ) -> list[int]:
    """The player counts both sides played (the strata of a comparison); :class:`UnmatchedStrata` when the
    sides did not play the same ones."""
    a, b = (sorted(int(n) for n in pd.unique(r["players"])) for r in (ref, alt))
    if a != b:
        raise UnmatchedStrata(f"{names[0]} played {_counts(a)} players, {names[1]} {_counts(b)}: a comparison "
                              "is made per player count, so both sides must play the same player counts "
                              "(allowed: compare runs of the same player counts)")
    return a


def _counts(counts: list[int]) -> str:
    return ", ".join(str(n) for n in counts) or "no"


def _stratum(groups: pd.Series) -> pd.Series:
    """'3 × Sofia' (a group label led by the player count) as 'Sofia (3 players)'."""
    parts = groups.astype(str).str.split(" × ", n=1)
    return parts.str[1] + " (" + parts.str[0] + " players)"


def _game_table(rows: pd.DataFrame) -> pd.DataFrame:
    """One row per game (index: seed): rounds, a successful Thesis, players."""
    g = rows.groupby("seed", sort=True)
    return pd.DataFrame({"rounds": g["rounds"].first().astype(float), "thesis": g["thesis_submitted"].any()
                         .astype(float), "players": g["players"].first()})


def _mean_delta(a: pd.Series, b: pd.Series, paired: bool) -> dict[str, float]:
    """The row of a per-game figure: ref and alt means, delta, its standard error and degrees of
    freedom (paired: of the per-game differences; else Welch's), games, and the sums (of a 0/1 figure:
    the counts, for the score interval)."""
    if paired:
        both = pd.concat([a.rename("a"), b.rename("b")], axis=1, join="inner")
        a, b = both["a"], both["b"]
        diff = b - a
        se = float(diff.std(ddof=1) / np.sqrt(len(diff))) if len(diff) > 1 else np.nan
        dof = len(diff) - 1
    else:
        va, vb = (a.var(ddof=1) / len(a), b.var(ddof=1) / len(b)) if min(len(a), len(b)) > 1 else (np.nan, np.nan)
        se = float(np.sqrt(va + vb))
        with np.errstate(invalid="ignore", divide="ignore"):
            dof = float((va + vb) ** 2 / (va**2 / max(len(a) - 1, 1) + vb**2 / max(len(b) - 1, 1)))
    return {"ref_value": float(a.mean()), "value": float(b.mean()), "delta": float(b.mean() - a.mean()), "se": se,
            "df": dof, "ref_games": len(a), "games": len(b), "ref_wins": float(a.sum()), "wins": float(b.sum())}


def is_paired(ref: pd.DataFrame, alt: pd.DataFrame) -> bool:
    """Both sides played the same seeds (the same games' deals), each with the same player count."""
    a = ref.drop_duplicates("seed").set_index("seed")["players"]
    b = alt.drop_duplicates("seed").set_index("seed")["players"]
    return len(a) > 1 and len(a) == len(b) and a.index.sort_values().equals(b.index.sort_values()) \
        and bool((a.sort_index() == b.sort_index()).all())


# ------------------------------------------------------------------ compare
def compare(ref: Side, alt: Side, *, band: float = DEFAULT_BAND, length_band: float = DEFAULT_LENGTH_BAND,
            alpha: float = 0.05, paired: bool | None = None) -> pd.DataFrame:
    """Every delta of ``alt`` against ``ref`` (the :data:`COLUMNS`), one family: Bonferroni intervals at
    1 - alpha / family and Holm-adjusted p-values; the verdict of each row with the band."""
    counts = player_counts(ref.rows, alt.rows, (ref.name, alt.name))
    strata = len(counts) > 1
    paired = is_paired(ref.rows, alt.rows) if paired is None else paired
    parts = []
    by_count = ["players"] if strata else []
    fair_rows = [("Scholar", [*by_count, "scholar"]), ("turn position", ["players", "turn_position"])]
    if ref.rows["clan"].nunique() > 1 or alt.rows["clan"].nunique() > 1:
        fair_rows.append(("Scholar × Clan", [*by_count, "scholar", "clan"]))
    for measure, keys in fair_rows:
        t = _rate_deltas(ref.rows, alt.rows, keys, paired)
        t.insert(0, "measure", measure)
        t["unit"] = "win rate"
        t["fair_share"] = _fair_share(ref.rows, keys, t["group"])
        if strata and measure != "turn position":
            t["group"] = _stratum(t["group"])
        parts.append(t)
    ga, gb = _game_table(ref.rows), _game_table(alt.rows)
    games = [(f"{n} players", ga[ga["players"] == n], gb[gb["players"] == n]) for n in counts] if strata else \
        [("all games", ga, gb)]
    for measure, col, unit in (("game length", "rounds", "rounds"), ("Thesis rate", "thesis", "share of games")):
        parts += [pd.DataFrame([{"measure": measure, "group": group, "unit": unit, "fair_share": np.nan,
                                 **_mean_delta(a[col], b[col], paired)}]) for group, a, b in games]
    out = pd.concat(parts, ignore_index=True)
    _intervals(out, alpha, paired)
    _distance_intervals(out)
    out["p_adjusted"] = adjust_pvalues(out["p_value"].to_numpy(float), "holm")
    out["paired"] = paired
    out["significant"] = (out["delta_low"] > 0) | (out["delta_high"] < 0)  # NaN (no interval) compares False
    out["verdict"] = [verdict(r, band, length_band) for r in out.itertuples()]
    out["comparison"], out["reference"], out["variant"] = f"{alt.name} vs {ref.name}", ref.name, alt.name
    return out[list(COLUMNS)]


def _intervals(out: pd.DataFrame, alpha: float, paired: bool) -> None:
    """Add delta_low, delta_high (simultaneous: Bonferroni over the rows), p_value, family and level.

    Rates of two independent sides (every group's seat-games lie in distinct games: a Scholar, a turn
    position, a Scholar under a Clan Card appear once per game at most) get Newcombe's score interval
    and the score test (statsmodels), which keep their level in the tails where a Wald interval does
    not; paired rows and game lengths a t interval and test (paired: of the per-game differences)."""
    # no variation seen (every paired game alike, or a constant figure) is not proof of none: the standard
    # error is at least that of one differing game in the smaller side
    se = np.maximum(out["se"].to_numpy(float), 1 / np.minimum(out["games"], out["ref_games"]).clip(lower=1))
    ok = np.isfinite(se)
    fairness = ok & np.isfinite(out["fair_share"].to_numpy(float))
    family = int(ok.sum() + 2 * fairness.sum())  # a fairness row's two rate intervals count too
    level = 1 - bonferroni_alpha(alpha, family)
    q = t_dist.ppf(1 - (1 - level) / 2, np.maximum(out["df"].to_numpy(float), 1))
    with np.errstate(invalid="ignore", divide="ignore"):
        delta = out["delta"].to_numpy(float)
        lo, hi = delta - q * se, delta + q * se
        p = 2 * t_dist.sf(np.abs(delta / se), np.maximum(out["df"].to_numpy(float), 1))
    score = (out["unit"] != "rounds").to_numpy() & (not paired)
    if score.any():
        r = out[score]
        args = (r["wins"].to_numpy(float), r["games"].to_numpy(float), r["ref_wins"].to_numpy(float),
                r["ref_games"].to_numpy(float))
        lo[score], hi[score] = newcombe(*args, alpha=1 - level)
        with np.errstate(invalid="ignore", divide="ignore"):
            p[score] = test_proportions_2indep(*args, method="score", compare="diff").pvalue
    out["delta_low"], out["delta_high"] = np.where(ok, lo, np.nan), np.where(ok, hi, np.nan)
    out["p_value"] = np.where(ok, p, np.nan)
    out["family"], out["level"] = family, level


def compare_all(sides: Sequence[Side], reference: str | None = None, **kwargs) -> pd.DataFrame:
    """Each side against the reference (default: the first), one family per comparison."""
    names = [s.name for s in sides]
    if reference is not None and reference not in names:
        raise ValueError(f"no variant {reference!r} (variants: {', '.join(names)})")
    ref = sides[names.index(reference)] if reference else sides[0]
    tables = [compare(ref, s, **kwargs) for s in sides if s.name != ref.name]
    return pd.concat(tables, ignore_index=True) if tables else pd.DataFrame(columns=list(COLUMNS))


def _fair_share(rows: pd.DataFrame, keys: list[str], groups: pd.Series) -> np.ndarray:
    """The fair share of each group: the mean of 1 / players over its seat-games."""
    fair = (1.0 / rows["players"].astype(float)).groupby(_labels(rows, keys)).mean()
    return fair.reindex(groups.to_numpy()).to_numpy(float)


def distance_range(ref: tuple[np.ndarray, np.ndarray], alt: tuple[np.ndarray, np.ndarray],
                   delta: tuple[np.ndarray, np.ndarray], fair: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The smallest and largest change of the distance to ``fair``, |p1 - fair| - |p0 - fair|, over the
    region p0 in ``ref``, p1 in ``alt``, p1 - p0 in ``delta`` (each a (low, high) pair of arrays; NaN where
    the region is empty). The function is linear between the lines p0 = fair and p1 = fair, and the
    region is a convex polygon, so the extremes lie where two of its edges or of those lines meet: every
    such point inside the region is a candidate."""
    (a0, b0), (a1, b1), (lo, hi) = ref, alt, delta
    lines = [(1, 0, a0), (1, 0, b0), (0, 1, a1), (0, 1, b1), (-1, 1, lo), (-1, 1, hi), (1, 0, fair), (0, 1, fair)]
    low = np.full(np.shape(fair), np.inf)
    high = np.full(np.shape(fair), -np.inf)
    eps = 1e-12
    for i, (u1, v1, c1) in enumerate(lines):
        for u2, v2, c2 in lines[i + 1:]:
            det = u1 * v2 - u2 * v1
            if det == 0:
                continue
            p0, p1 = (c1 * v2 - c2 * v1) / det, (u1 * c2 - u2 * c1) / det
            inside = ((a0 - eps <= p0) & (p0 <= b0 + eps) & (a1 - eps <= p1) & (p1 <= b1 + eps)
                      & (lo - eps <= p1 - p0) & (p1 - p0 <= hi + eps))
            h = np.abs(p1 - fair) - np.abs(p0 - fair)
            low = np.where(inside, np.minimum(low, h), low)
            high = np.where(inside, np.maximum(high, h), high)
    empty = ~np.isfinite(low)
    return np.where(empty, np.nan, low), np.where(empty, np.nan, high)


def _distance_intervals(out: pd.DataFrame) -> None:
    """Add the reference's and the variant's rate intervals (Wilson at the family's level: ref_low, ref_high,
    alt_low, alt_high) and the change of the distance to the fair share with its interval
    (:func:`distance_range`), for the fairness rows."""
    fair = out["fair_share"].to_numpy(float)
    rate = np.isfinite(fair)
    z = float(norm.ppf(1 - (1 - float(out["level"].iloc[0])) / 2))
    for side, wins, games in (("ref", "ref_wins", "ref_games"), ("alt", "wins", "games")):
        lo, hi = wilson(out[wins].to_numpy(float), out[games].to_numpy(float), z)
        out[f"{side}_low"], out[f"{side}_high"] = np.where(rate, lo, np.nan), np.where(rate, hi, np.nan)
    out["distance_change"] = np.where(rate, np.abs(out["value"] - fair) - np.abs(out["ref_value"] - fair), np.nan)
    dlo, dhi = distance_range(*((out[f"{k}_low"].to_numpy(float), out[f"{k}_high"].to_numpy(float))
                                for k in ("ref", "alt", "delta")), fair)
    out["distance_low"], out["distance_high"] = np.where(rate, dlo, np.nan), np.where(rate, dhi, np.nan)


def _crossed(r) -> bool:
    """The reference rate's interval lies wholly on one side of the fair share and the variant's wholly on
    the other."""
    return bool((r.ref_high < r.fair_share < r.alt_low) or (r.alt_high < r.fair_share < r.ref_low))


def verdict(r, band: float, length_band: float) -> str:
    """"fairer" / "worse" / "crossed the fair share" (fairness rows), "longer" / "shorter", "more Theses" /
    "fewer Theses", "no real change" or "not enough games" for one row, from its intervals (the module's
    docstring gives the rule)."""
    if not (np.isfinite(r.delta_low) and np.isfinite(r.delta_high)):
        return UNSURE
    fairness = np.isfinite(r.fair_share)
    if fairness and not np.isfinite(r.distance_low):  # the three intervals disagree: one of them missed
        return UNSURE
    b = length_band if r.measure == "game length" else band
    if fairness:  # the change of the distance to the fair share
        low, high = r.distance_low, r.distance_high
        up, down = WORSE, FAIRER
    else:
        low, high = r.delta_low, r.delta_high
        up, down = ("longer", "shorter") if r.measure == "game length" else ("more Theses", "fewer Theses")
    if high < -b:
        return down
    if low > b:
        return up
    if fairness and _crossed(r):
        return CROSSED
    if -b < r.delta_low and r.delta_high < b:
        return SAME
    return UNSURE
