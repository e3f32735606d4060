"""What-if analyses: results broken down by the rule set in play (the
advanced rules, the Boss profile, the Panic Card) and by the value of each
swept data override ("what if Sofia had Speed 4?").

Tidy frames in, tidy frames out, as in :mod:`experiments.analysis`, whose
win-rate and game-figure functions these build on.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import pandas as pd

from experiments.analysis.dataset import DEFAULT_VALUE
from experiments.analysis.groups import columns_of, group_counts
from experiments.analysis.rates import win_rates
from experiments.analysis.stats import bonferroni_alpha, newcombe, wilson
from experiments.analysis.summary import override_keys
from experiments.dungeonology.analysis.conditions import condition_effects, games
from experiments.dungeonology.analysis.groupings import BASIC
from experiments.runs.schema import OVERRIDE_PREFIX, override_text
from sim.dungeonology.loader import load_data
from sim.dungeonology.loader.keys import split_key
from sim.dungeonology.modules import boxes_in_use, names, validate
from sim.kit.errors import DungeonologyError


# -------------------------------------------------------- advanced rules
def rule_flags(df: pd.DataFrame) -> pd.DataFrame:
    """The frame with one bool column per advanced rule (``rule:boss`` ...), read from ``rules``."""
    rules = df["rules"].astype(str)
    out = df.copy()
    for name in names(implemented=True):
        out[f"rule:{name}"] = rules.str.split("+").map(lambda parts, n=name: n in parts)
    return out


def rule_groupings(df: pd.DataFrame) -> list[str]:
    """The advanced-rule columns that vary in (or are used by) the frame: ``box`` when games of several
    boxes were played (the base game and the expansion), ``rules`` when several rule sets were played,
    ``boss`` and ``panic`` when a Boss / Panic Card was in play."""
    out = []
    if "box" in df and df["box"].nunique() > 1:
        out.append("box")
    if "rules" in df and df["rules"].nunique() > 1:
        out.append("rules")
    for col in ("boss", "panic"):
        if col in df and (df[col].astype(str) != "").any():
            out.append(col)
    return out


def rule_effects(df: pd.DataFrame, by: str | Sequence[str] = "rules") -> pd.DataFrame:
    """Per advanced-rule option (``rules``, ``boss`` profile or ``panic`` card): the game
    figures of :func:`condition_effects` plus ``max_alert_rate`` (share of games that reached
    Maximum Alert, with a Wilson interval). The basic game shows as "basic game"."""
    by = columns_of(by)
    d = df.copy()
    if "rules" in by:
        d["rules"] = d["rules"].astype(str).replace("", BASIC)
    out = condition_effects(d, by)
    g = games(d).groupby(by, observed=True, sort=True)["max_alert"]
    hits = g.sum().astype(np.int64).to_numpy()
    total = g.size().to_numpy()
    out["max_alert_rate"] = hits / total
    out["max_alert_ci_low"], out["max_alert_ci_high"] = wilson(hits, total)
    return out


def rule_win_rates(df: pd.DataFrame, by: str = "rules", *, correction: str = "holm",
                   alpha: float = 0.05) -> pd.DataFrame:
    """Win rate per Scholar under each advanced-rule option of ``by`` (``rules``, ``boss`` or
    ``panic``), against the fair share, with the family of tests adjusted together."""
    d = df.copy()
    if by == "rules":
        d["rules"] = d["rules"].astype(str).replace("", BASIC)
    return win_rates(d, [by, "scholar"], correction=correction, alpha=alpha)


# ------------------------------------------------------------- overrides
DELTA_COLUMNS = ("override", "value", "games", "wins", "win_rate", "ci_low", "ci_high", "reference", "ref_games",
                 "ref_win_rate", "delta", "delta_low", "delta_high", "family", "level", "significant", "direction")


@dataclass(frozen=True)
class Reference:
    """The reference of a what-if: the value its deltas are taken against, and why that one.

    ``value``: the set:<key> text of the reference cells (None when no cell can serve);
    ``data_value``: the value in the run's data for that key (as text; None when unknown);
    ``note``: how it was chosen, for the report ("the data value", "nearest to ...")."""

    value: str | None
    data_value: str | None
    note: str


def scholar_of(key: str, scholars: Sequence[str]) -> str | None:
    """The Scholar whose value an override key changes (``scholars.Vincenzo.students`` -> Vincenzo), or None."""
    try:
        parts = split_key(key)
    except DungeonologyError:
        return None
    return parts[1] if len(parts) > 2 and parts[0] == "scholars" and parts[1] in scholars else None


@lru_cache(maxsize=32)
def _data_value(data: str, fixed: str, data_hash: str, key: str, boxes: tuple[str, ...]) -> tuple[str | None, str]:
    try:
        loaded = load_data(json.loads(data), json.loads(fixed), boxes)
        if data_hash and data_hash not in (loaded.hash, _base_hash(data, fixed)):
            return None, "the run's data is not the data on disk now (its hash differs)"
        node: Any = loaded.provenance.raw if loaded.provenance else {}
        for seg in split_key(key):
            node = node[int(seg)] if isinstance(node, list) else node[seg]
    except (DungeonologyError, OSError, KeyError, IndexError, TypeError, ValueError) as exc:
        return None, f"the run's data could not be read for this key ({type(exc).__name__})"
    return override_text(node), ""


@lru_cache(maxsize=32)
def _base_hash(data: str, fixed: str) -> str:
    """The hash of the base game's data with the layers and fixed overrides ("" when they do not load there)."""
    try:
        return load_data(json.loads(data), json.loads(fixed)).hash
    except (DungeonologyError, OSError):
        return ""


def data_value(manifest: dict[str, Any], key: str, modules: Sequence[str] = ()) -> tuple[str | None, str]:
    """The value of ``key`` in the run's data (its data folder and fixed overrides, as the manifest's
    ``config`` records them, checked against its ``data_hash``) as the cells of ``modules`` load it (their
    boxes and module layers: the expansion's Scholars are there), as the set:<key> column writes it;
    (None, why) when it cannot be read."""
    cfg = manifest.get("config") if isinstance(manifest.get("config"), dict) else {}
    fixed = cfg.get("fixed") if isinstance(cfg.get("fixed"), dict) else {}
    text = (json.dumps(cfg.get("data"), default=str), json.dumps(fixed.get("overrides") or {}, default=str))
    try:
        boxes = boxes_in_use(validate(list(modules)))
    except DungeonologyError as exc:
        return None, f"the run's modules could not be read ({type(exc).__name__})"
    return _data_value(*text, str(manifest.get("data_hash") or ""), key, boxes)


def run_data_value(df: pd.DataFrame, key: str) -> tuple[str | None, str]:
    """The value of ``key`` in the data of the run's cells (:func:`data_value` per modules set played; the
    ``modules`` column): one value when they agree, else (None, why)."""
    played = [str(m) for m in pd.unique(df["modules"].astype(str))] if "modules" in df.columns else [""]
    manifest = df.attrs.get("manifest") or {}
    read = {m: data_value(manifest, key, [x for x in m.split("+") if x]) for m in played}
    values = {v for v, _ in read.values() if v is not None}
    if len(values) == 1:
        return values.pop(), ""
    if values:
        shown = "; ".join(f"{v} with modules {m or 'none'}" for m, (v, _) in read.items() if v is not None)
        return None, f"the data value differs between the modules played ({shown})"
    return None, next(iter(read.values()))[1] if read else "no rows"


def reference_of(df: pd.DataFrame, key: str) -> Reference:
    """The reference of the what-if ``key``: the cells at the current data value.

    The cells without the override ("(default)") play the data value; else the cells whose
    override value equals the value in the run's data (:func:`run_data_value`: the data of the
    modules played, from the manifest in ``df.attrs``). When the data value was not played, the
    tried value nearest to it (numbers); when the data value cannot be read, no reference (no deltas)."""
    values = [str(v) for v in df[OVERRIDE_PREFIX + key].cat.categories]
    known, why = run_data_value(df, key)
    if DEFAULT_VALUE in values:
        data = "the run's data value" if known is None else f"the data value {known}"
        return Reference(DEFAULT_VALUE, known, f"the cells without the override ({data})")
    if known is None:
        return Reference(None, None, f"no reference: {why}")
    if known in values:
        return Reference(known, known, f"the data value {known}")
    try:
        nearest = min(values, key=lambda v: abs(float(v) - float(known)))
    except ValueError:
        return Reference(None, known, f"no reference: the data value {known} was not played")
    return Reference(nearest, known, f"{nearest}, the value tried nearest the data value {known}, which was not "
                                     "played")


def override_effects(df: pd.DataFrame, keys: str | Sequence[str] | None = None, by: str = "scholar", *,
                     alpha: float = 0.05, reference: dict[str, str] | None = None) -> pd.DataFrame:
    """Effect of each "what if" override on the win rate of each ``by`` group.

    One row per (override, value, group): games, wins, win_rate with its Wilson 95% interval; the
    ``reference`` value (:func:`reference_of`, or ``reference[key]``), its ref_games and
    ref_win_rate; ``delta`` = win rate minus the reference's, with a simultaneous interval
    delta_low, delta_high (Newcombe's hybrid score interval at the Bonferroni level ``level`` =
    1 - alpha / family, ``family`` = the number of deltas of this override: every value other
    than the reference x every group); ``significant`` when that interval leaves out 0, with
    ``direction`` "up" or "down". The chance that any delta of an override without effect is
    flagged is then at most ``alpha``. Empty when the run has no overrides."""
    keys = override_keys(df) if keys is None else columns_of(keys)
    tables = []
    for key in keys:
        col = OVERRIDE_PREFIX + key
        if col not in df.columns:
            raise KeyError(f"no override {key!r} in this run (overrides: {', '.join(override_keys(df)) or 'none'})")
        ref_value = (reference or {}).get(key) or reference_of(df, key).value
        c = group_counts(df, [col, by], {"sum": df["won"].to_numpy(dtype=bool)})
        counts = c.set_index([col, by])[["rows", "sum"]].rename(columns={"rows": "size"})
        tables.append(_deltas(key, counts, by, ref_value, alpha))
    if not tables:
        return pd.DataFrame(columns=["override", "value", by, *DELTA_COLUMNS[2:]])
    return pd.concat(tables, ignore_index=True)


def _deltas(key: str, counts: pd.DataFrame, by: str, ref_value: str | None, alpha: float) -> pd.DataFrame:
    """The rows of :func:`override_effects` of one override from its (value, group) counts (size, sum)."""
    values = counts.index.get_level_values(0).astype(str).to_numpy()
    groups = counts.index.get_level_values(1)
    n, w = counts["size"].to_numpy(np.int64), counts["sum"].to_numpy(np.int64)
    reference = "" if ref_value is None else str(ref_value)
    at_ref = values == reference
    pick = pd.Index(groups[at_ref]).get_indexer(groups)  # each row's reference row (-1: none)
    found = pick >= 0
    ref_n = np.append(n[at_ref], 0)[pick]  # -1 picks the appended 0
    ref_w = np.append(w[at_ref], 0)[pick]
    with np.errstate(invalid="ignore", divide="ignore"):
        rate, ref_rate = w / n, np.where(found, ref_w / np.maximum(ref_n, 1), np.nan)
    moved = ~at_ref & found
    family = int(moved.sum())
    level = 1 - bonferroni_alpha(alpha, family)
    lo, hi = newcombe(w, n, ref_w, ref_n, 1 - level)
    lo, hi = np.where(moved, lo, np.nan), np.where(moved, hi, np.nan)
    significant = moved & ((lo > 0) | (hi < 0))
    ci_low, ci_high = wilson(w, n)
    delta = rate - ref_rate
    return pd.DataFrame({
        "override": key, "value": values, by: groups, "games": n, "wins": w, "win_rate": rate, "ci_low": ci_low,
        "ci_high": ci_high, "reference": reference, "ref_games": ref_n, "ref_win_rate": ref_rate, "delta": delta,
        "delta_low": lo, "delta_high": hi, "family": family, "level": level, "significant": significant,
        "direction": np.where(significant, np.where(delta > 0, "up", "down"), "")})


def override_game_effects(df: pd.DataFrame, keys: str | Sequence[str] | None = None) -> pd.DataFrame:
    """Game length and Theses (the :func:`condition_effects` columns) per value of each override."""
    keys = override_keys(df) if keys is None else columns_of(keys)
    tables = []
    for key in keys:
        t = condition_effects(df, [OVERRIDE_PREFIX + key]).rename(columns={OVERRIDE_PREFIX + key: "value"})
        t["value"] = t["value"].astype(str)
        t.insert(0, "override", key)
        tables.append(t)
    return pd.concat(tables, ignore_index=True) if tables else pd.DataFrame(columns=["override", "value"])
