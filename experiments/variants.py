"""What-if analyses: results broken down by the rule set in play (the
advanced rules, the Boss profile, the Panic Card) and by the value of each
swept data override ("what if Sofia had Speed 4?").

Tidy frames in, tidy frames out, as in :mod:`experiments.analysis`, whose
win-rate and game-figure functions these build on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from experiments.analysis import (
    BASIC,
    DEFAULT_VALUE,
    WIN_RATE_COLUMNS,
    _cols,
    condition_effects,
    games,
    override_keys,
    win_rates,
)
from experiments.schema import OVERRIDE_PREFIX
from experiments.stats import wilson
from sim.modules import names


# -------------------------------------------------------- advanced rules
def rule_flags(df: pd.DataFrame) -> pd.DataFrame:
    """The frame with one bool column per advanced rule (``rule:boss`` ...), read from ``rules``."""
    rules = df["rules"].astype(str)
    out = df.copy()
    for name in names(implemented=True):
        out[f"rule:{name}"] = rules.str.split("+").map(lambda parts, n=name: n in parts)
    return out


def rule_groupings(df: pd.DataFrame) -> list[str]:
    """The advanced-rule columns that vary in (or are used by) the frame: ``rules`` when
    several rule sets were played, ``boss`` and ``panic`` when a Boss / Panic Card was in play."""
    out = []
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
    by = _cols(by)
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
def _reference(values: Sequence[Any]) -> Any:
    return DEFAULT_VALUE if DEFAULT_VALUE in values else values[0]


def override_effects(df: pd.DataFrame, keys: str | Sequence[str] | None = None, by: str = "scholar", *,
                     correction: str = "holm", alpha: float = 0.05) -> pd.DataFrame:
    """Effect of each "what if" override on the win rate of each ``by`` group.

    One row per (override, value, group): the :func:`win_rates` columns, and
    ``delta`` = win rate minus the win rate at the reference value (the cells
    without the override, "(default)", if any; else the first value), with a
    95% interval (Newcombe's hybrid score interval from the two Wilson
    intervals): delta_low, delta_high. Empty when the run has no overrides."""
    keys = override_keys(df) if keys is None else _cols(keys)
    tables = []
    for key in keys:
        col = OVERRIDE_PREFIX + key
        if col not in df.columns:
            raise KeyError(f"no override {key!r} in this run (overrides: {', '.join(override_keys(df)) or 'none'})")
        t = win_rates(df, [col, by], correction=correction, alpha=alpha).rename(columns={col: "value"})
        t["value"] = t["value"].astype(str)
        ref_value = _reference(list(df[col].cat.categories))
        ref = t[t["value"] == str(ref_value)].set_index(by)
        r = ref.reindex(t[by])
        p1, l1, u1 = t["win_rate"].to_numpy(), t["ci_low"].to_numpy(), t["ci_high"].to_numpy()
        p2, l2, u2 = (r[c].to_numpy() for c in ("win_rate", "ci_low", "ci_high"))
        t["reference"] = str(ref_value)
        t["delta"] = p1 - p2
        t["delta_low"] = t["delta"] - np.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
        t["delta_high"] = t["delta"] + np.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
        t.insert(0, "override", key)
        tables.append(t)
    if not tables:
        return pd.DataFrame(columns=["override", "value", by, *WIN_RATE_COLUMNS, "reference", "delta", "delta_low",
                                     "delta_high"])
    return pd.concat(tables, ignore_index=True)


def override_game_effects(df: pd.DataFrame, keys: str | Sequence[str] | None = None) -> pd.DataFrame:
    """Game length and Theses (the :func:`condition_effects` columns) per value of each override."""
    keys = override_keys(df) if keys is None else _cols(keys)
    tables = []
    for key in keys:
        t = condition_effects(df, [OVERRIDE_PREFIX + key]).rename(columns={OVERRIDE_PREFIX + key: "value"})
        t["value"] = t["value"].astype(str)
        t.insert(0, "override", key)
        tables.append(t)
    return pd.concat(tables, ignore_index=True) if tables else pd.DataFrame(columns=["override", "value"])
