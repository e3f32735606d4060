"""Win rates adjusted for the rest of the table and the seat: a conditional logit over the games.

With more Scholars in the box than seats at a table (11 Scholars with Rocca Civetta), a Scholar's raw win
rate depends on whom she happened to meet: a Scholar dealt more often against strong opponents looks weaker
than she is. The **conditional logit** (McFadden's choice model; statsmodels' ``ConditionalLogit``) models
who wins a game, grouped by game, winner = 1: a seat wins with probability

    exp(eta_seat) / sum over the seats of the game of exp(eta)

where ``eta`` adds the seat's Scholar, its agent (when different agents meet in a game), its turn position
(per player count) and, for the first player, a term per Clan Card. Everything shared by the whole table
(the Alert difficulty, the Player Level, the modules, the Clan Card's own main effect) cancels out of that
ratio, so the fit compares only seats of one game: a Scholar's effect is what she wins *given who else sat
there and where*.

**What a Clan's adjusted effect means.** The Clan Card is shared by the table: every seat plays under it,
so its "win rate" is the fair share by construction and its main effect is not identified. What a Clan can
change is how the seats fare against each other. The model gives each Clan a term on the first player's
seat: the Clan's **effect on the first-player advantage**, adjusted for the Scholars at the table (the raw
figure beside it is the first player's win rate in that Clan's games). Whether a Clan favours a Scholar is
the Scholar x Clan table of the report (raw, against the fair share).

**Effects and rates.** Each Scholar's effect is her log-odds term minus the mean over the Scholars (0 = the
average Scholar); each Clan's is its first-player term minus the mean over the Clans. The adjusted win rate
turns an effect into a rate a designer reads: the Scholar's chance to win a game of the run's most common
player count (of equally common ones, the largest) against average Scholars, averaged over the turn
positions (under the average Clan); for a
Clan, the first player's chance to win against average Scholars under that Clan. The fair share is then
1 / players exactly when the effect is 0.

**Family.** The Scholars' and Clans' effects are one family (the adjusted family): each interval is
simultaneous, at level 1 - alpha / (effects) (Bonferroni), and an effect is "significant" when its
interval leaves out 0 (its Bonferroni-adjusted p-value below alpha), so flags and intervals never disagree.

**Fit.** Games with a tie for first (several winners) are left out (``attrs["ties"]``). Games identical in
every term and winner are counted once with a weight, and the log-likelihood is maximised by Newton's method
(it is concave); the covariance is the inverse observed information. This is the likelihood of statsmodels'
``ConditionalLogit`` (its fit loops over the games in Python, hours for a sweep's 480,000 games):
``tests/test_adjusted.py`` checks that both give the same estimates and standard errors, and that the fit
recovers a planted effect that the raw win rate gets wrong.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.stats import norm

from experiments.analysis.stats import wilson

SCHOLAR, CLAN = "Scholar", "Clan (first player)"
COLUMNS = ("kind", "name", "n", "raw_rate", "raw_low", "raw_high", "fair_share", "opponents", "effect", "se",
           "effect_low", "effect_high", "adjusted_rate", "adjusted_low", "adjusted_high", "p_value", "p_adjusted",
           "significant", "direction")
MAX_CHUNK = 50_000  # distinct tables per block of the design (a block: chunk x seats x terms float64)


@dataclass(frozen=True)
class Design:
    """The terms of the model over the distinct tables: ``codes[u, s, j]`` are the term indices that are 1
    for seat ``s`` of table ``u`` (-1 = none; a seat beyond the table's size has ``mask`` False)."""

    codes: np.ndarray  # (tables, seats, terms per seat) int64
    mask: np.ndarray  # (tables, seats) bool: the seat exists
    winner: np.ndarray  # (tables,) the winning seat
    weight: np.ndarray  # (tables,) how many games had this table and winner
    names: list[str]  # every term


def _codes(s: pd.Series) -> tuple[np.ndarray, list[str]]:
    """A column's codes (int16) over the texts of the values present, through its few distinct values."""
    cat = s.cat.remove_unused_categories() if isinstance(s.dtype, pd.CategoricalDtype) else \
        s.astype(str).astype("category")
    return cat.cat.codes.to_numpy().astype(np.int16), [str(c) for c in cat.cat.categories]


def _one_winner(df: pd.DataFrame) -> tuple[pd.DataFrame, int]:
    """The rows of the games with exactly one winner (``df`` itself when that is every game), and the number
    of games with a tie for first."""
    wins = df.groupby("game", observed=True, sort=False)["won"].transform("sum").to_numpy()
    if (wins == 1).all():
        return df, 0
    return df[wins == 1], int(df.loc[wins > 1, "game"].nunique())


def design(df: pd.DataFrame) -> tuple[Design, dict]:
    """The conditional logit's terms for the seat rows of ``df`` (games with one winner), built from
    narrow codes (a seat row costs a few bytes, so a report of ten million rows stays small)."""
    sch, scholars = _codes(df["scholar"])
    ag, agents = _codes(df["agent"]) if "agent" in df.columns else (np.zeros(len(df), np.int16), ["-"])
    cl, clans = _codes(df["clan"]) if "clan" in df.columns else (np.zeros(len(df), np.int16), ["-"])
    pos = df["turn_position"].to_numpy().astype(np.int16)  # a seat's slot in its table: no sort needed
    won = df["won"].to_numpy(bool)
    gidx, game = pd.factorize(df["game"].to_numpy())  # games in order of appearance (hashing, no sort)
    size = np.bincount(gidx)
    seats = int(size.max())
    players = size.astype(np.int16)[gidx]
    mixed_agents = len(agents) > 1 and bool((df.groupby("game", observed=True)["agent"].nunique() > 1).any())
    names = [f"scholar:{s}" for s in scholars[1:]]
    terms: list[np.ndarray] = [np.where(sch > 0, sch - 1, -1)]
    if mixed_agents:
        terms.append(np.where(ag > 0, len(names) + ag - 1, -1))
        names += [f"agent:{a}" for a in agents[1:]]
    counts = sorted(set(size.tolist()))
    seat_term: dict[tuple[int, int], int] = {}
    lookup = np.full((seats + 1, seats), -1, np.int16)  # [players, turn position] -> term
    for p in counts:
        for q in range(1, p):
            seat_term[(p, q)] = lookup[p, q] = len(names)
            names.append(f"seat:{p}:{q}")
    terms.append(lookup[players, pos])
    if len(clans) > 1:
        terms.append(np.where((pos == 0) & (cl > 0), len(names) + cl - 1, -1))
        names += [f"first:{c}" for c in clans[1:]]
    if len(names) >= 2**15 - 2:
        raise ValueError(f"{len(names)} terms: too many for the design's int16 codes")
    # a table: its seats' terms and its winner; identical tables are fitted once, with a weight
    k = len(terms)
    slot = pos
    flat = np.full((len(game), seats * (k + 1) + 1), -2, np.int16)  # -2: no such seat; last: the winner
    for j, term in enumerate(terms):
        flat[gidx, slot * (k + 1) + j] = term
    flat[gidx, slot * (k + 1) + k] = 0
    flat[gidx[won], -1] = slot[won]
    del terms, gidx
    uniq, weight = np.unique(flat, axis=0, return_counts=True)
    del flat
    shaped = uniq[:, :-1].reshape(len(uniq), seats, k + 1)
    mask = shaped[:, :, k] == 0
    codes = np.where(mask[:, :, None], shaped[:, :, :k], -1).astype(np.int64)
    info = {"scholars": scholars, "agents": agents if mixed_agents else [], "clans": clans if len(clans) > 1 else [],
            "seat_term": seat_term, "players": counts, "games": int(len(game)), "tables": int(len(uniq))}
    return Design(codes, mask, uniq[:, -1].astype(np.int64), weight.astype(float), names), info


def _blocks(d: Design):
    for lo in range(0, len(d.weight), MAX_CHUNK):
        hi = min(lo + MAX_CHUNK, len(d.weight))
        x = np.zeros((hi - lo, d.codes.shape[1], len(d.names)))
        u, s, j = np.nonzero(d.codes[lo:hi] >= 0)
        np.add.at(x, (u, s, d.codes[lo:hi][u, s, j]), 1.0)
        yield x, d.mask[lo:hi], d.winner[lo:hi], d.weight[lo:hi]


def loglik(d: Design, beta: np.ndarray, derivatives: bool = True) -> tuple[float, np.ndarray, np.ndarray]:
    """The conditional log-likelihood at ``beta``, with its gradient and Hessian."""
    k = len(beta)
    ll, grad, hess = 0.0, np.zeros(k), np.zeros((k, k))
    for x, mask, winner, w in _blocks(d):
        eta = np.where(mask, x @ beta, -np.inf)
        top = eta.max(axis=1, keepdims=True)
        e = np.exp(eta - top)
        total = e.sum(axis=1)
        idx = np.arange(len(w))
        ll += float(np.sum(w * (eta[idx, winner] - top[:, 0] - np.log(total))))
        if derivatives:
            p = e / total[:, None]
            mean = np.einsum("us,usk->uk", p, x)
            grad += w @ (x[idx, winner] - mean)
            flat = x.reshape(-1, k)
            hess -= (flat * (w[:, None] * p).reshape(-1, 1)).T @ flat - (mean * w[:, None]).T @ mean
    return ll, grad, hess


def fit(d: Design, tol: float = 1e-10, max_iter: int = 100) -> tuple[np.ndarray, np.ndarray]:
    """Maximum likelihood by Newton's method with step halving; returns (beta, covariance)."""
    beta = np.zeros(len(d.names))
    ll, grad, hess = loglik(d, beta)
    for _ in range(max_iter):
        step = np.linalg.lstsq(-hess, grad, rcond=None)[0]
        t = 1.0
        while True:
            new = beta + t * step
            ll_new = loglik(d, new, derivatives=False)[0]
            if ll_new >= ll - 1e-12 or t < 1e-8:
                break
            t /= 2
        beta = new
        done = abs(ll_new - ll) < tol * (1 + abs(ll))
        ll, grad, hess = loglik(d, beta)
        if done and np.max(np.abs(grad)) < 1e-6 * (1 + np.sum(d.weight)):
            break
    return beta, np.linalg.pinv(-hess)


def _contrast(k: int, idx: list[int]) -> np.ndarray:
    """Rows: each group's term minus the mean over the group (a reference group has no term: index -1)."""
    e = np.zeros((len(idx), k))
    for r, j in enumerate(idx):
        if j >= 0:
            e[r, j] = 1.0
    return e - e.mean(axis=0)


def _win_chance(effect: np.ndarray, seat: np.ndarray, average: bool) -> np.ndarray:
    """A seat's chance to win against average opponents: ``seat`` holds the seat terms (position 0 first);
    ``average``: over the positions the seat may hold, else at position 0."""
    effect = np.asarray(effect, dtype=float)[..., None]
    positions = range(len(seat)) if average else range(1)
    out = 0.0
    for q in positions:  # exp(mine) / (exp(mine) + sum exp(others)), as a logistic that cannot overflow
        x = effect + seat[q] - np.logaddexp.reduce(np.delete(seat, q))
        out = out + 0.5 * (1.0 + np.tanh(0.5 * x))
    return (out / len(positions))[..., 0]


def adjusted_effects(df: pd.DataFrame, alpha: float = 0.05) -> pd.DataFrame:
    """The Scholars' and Clans' raw rates and adjusted effects (the module docstring), one row each.

    ``df``: seat rows (game, players, turn_position, scholar, won; agent and clan when present). Returns the
    :data:`COLUMNS`; ``attrs``: games, ties, tables, players (the count the adjusted rates are for), family
    (effects in the family), level (of each interval). Empty (with ``attrs["reason"]``) when nothing can
    be fitted (one Scholar, or no game)."""
    out = pd.DataFrame(columns=list(COLUMNS))
    rows, ties = _one_winner(df)
    out.attrs.update(ties=ties, games=int(rows["game"].nunique()) if len(rows) else 0)
    if rows.empty or len(_codes(rows["scholar"])[1]) < 2:
        out.attrs["reason"] = "fewer than two Scholars in games with one winner"
        return out
    d, info = design(rows)
    beta, cov = fit(d)
    k = len(beta)
    idx = {n: i for i, n in enumerate(d.names)}
    per_count = np.bincount(d.mask.sum(axis=1), weights=d.weight)  # games per player count
    players = int(np.flatnonzero(per_count == per_count.max())[-1])  # the most common count; of equals, the largest
    seat = np.array([0.0] + [beta[info["seat_term"][(players, q)]] for q in range(1, players)]) \
        if players in info["players"] else np.zeros(players)
    groups = [(SCHOLAR, info["scholars"], "scholar:")]
    if info["clans"]:
        groups.append((CLAN, info["clans"], "first:"))
    m = sum(len(names) for _, names, _ in groups)
    level = 1 - alpha / m
    z = float(norm.ppf(1 - alpha / (2 * m)))
    parts = []
    # the raw figures from the distinct tables and their weights: a few arrays of tables, not of seat rows
    present = d.mask.ravel()
    seats_of = d.mask.sum(axis=1)
    weight = np.repeat(d.weight, d.mask.shape[1])[present]
    per_seat = np.repeat(seats_of, d.mask.shape[1])[present].astype(float)
    winner = (np.arange(d.mask.shape[1])[None, :] == d.winner[:, None]).ravel()[present]
    who = np.where(d.mask, d.codes[:, :, 0] + 1, 0)  # Scholar codes (term + 1; the reference Scholar is 0)
    for kind, names, prefix in groups:
        a = _contrast(k, [idx.get(prefix + n, -1) for n in names])
        eff, se = a @ beta, np.sqrt(np.maximum(np.diag(a @ cov @ a.T), 0.0))
        base = seat.copy()
        if kind == SCHOLAR:
            codes, w, share, won = who.ravel()[present], weight, weight / per_seat, weight * winner
            e = np.where(d.mask, eff[who], 0.0)
            others = (e.sum(axis=1)[:, None] - e) / np.maximum(seats_of - 1, 1)[:, None]
            with np.errstate(invalid="ignore", divide="ignore"):
                opponents = np.bincount(codes, weights=(d.weight[:, None] * others).ravel()[present],
                                        minlength=len(names)) / np.bincount(codes, weights=w, minlength=len(names))
            if info["clans"]:  # the first player's term under the average Clan
                base[0] += float(np.mean([beta[j] if j >= 0 else 0.0
                                          for j in (idx.get("first:" + c, -1) for c in info["clans"])]))
            rate, lo, hi = (_win_chance(v, base, True) for v in (eff, eff - z * se, eff + z * se))
        else:  # the first player (slot 0 of every table) under each Clan
            term = d.codes[:, 0, -1]
            codes = np.where(term >= 0, term - idx[prefix + names[1]] + 1, 0)
            w, share, won = d.weight, d.weight / seats_of, d.weight * (d.winner == 0)
            opponents = np.full(len(names), np.nan)
            base[0] += float(np.mean([beta[j] if j >= 0 else 0.0 for j in (idx.get(prefix + c, -1) for c in names)]))
            rate, lo, hi = (_win_chance(v, base, False) for v in (eff, eff - z * se, eff + z * se))
        n = np.rint(np.bincount(codes, weights=w, minlength=len(names))).astype(int)
        wins = np.rint(np.bincount(codes, weights=won, minlength=len(names))).astype(int)
        with np.errstate(invalid="ignore", divide="ignore"):
            fair = np.bincount(codes, weights=share, minlength=len(names)) / n
        rlo, rhi = wilson(wins, n)
        with np.errstate(invalid="ignore", divide="ignore"):
            p = 2 * norm.sf(np.abs(eff / se))
        parts.append(pd.DataFrame({
            "kind": kind, "name": names, "n": n, "raw_rate": np.where(n > 0, wins / np.maximum(n, 1), np.nan),
            "raw_low": rlo, "raw_high": rhi, "fair_share": fair, "opponents": opponents,
            "effect": eff, "se": se, "effect_low": eff - z * se, "effect_high": eff + z * se,
            "adjusted_rate": rate, "adjusted_low": lo, "adjusted_high": hi, "p_value": p}))
    out = pd.concat(parts, ignore_index=True)
    out["p_adjusted"] = np.minimum(out["p_value"] * m, 1.0)
    out["significant"] = (out["effect_low"] > 0) | (out["effect_high"] < 0)
    out["direction"] = np.where(out["effect"] > 0, "above", "below")
    out.attrs.update(ties=ties, games=info["games"], tables=info["tables"], players=players, family=m, level=level,
                     terms=list(d.names))
    return out
