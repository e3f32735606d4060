"""How a comparison of variants is shown: its headlines, the delta chart, the designer metrics and the
report's section builders (:func:`compare_section`, placed first when a run holds variants;
:func:`robust_section`; :func:`metrics_section`), which return report blocks (experiments/report/page).

The rows come from :func:`experiments.dungeonology.analysis.compare.compare_all`; the designer metrics from
:func:`experiments.dungeonology.analysis.metrics.designer_metrics`; the robust-findings table from
:func:`experiments.dungeonology.analysis.skill.robust_findings`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from experiments.dungeonology.analysis import compare as K
from experiments.dungeonology.analysis.metrics import designer_metrics
from experiments.dungeonology.analysis.skill import robust_findings, skill_levels
from experiments.report.page import ReportContext, Section, heading, items, note, png
from experiments.runs.schema import VARIANT

VERDICT_COLORS = {K.FAIRER: "#2f855a", K.WORSE: "#c53030", K.CROSSED: "#dd6b20", K.SAME: "#718096",
                  K.UNSURE: "#d69e2e"}
CHANGE_COLOR = "#6b46c1"
RATE_MEASURES = ("Scholar", "turn position", "Scholar × Clan", "Thesis rate")
VERDICTS = ("Verdicts, read from the simultaneous intervals: 'fairer' / 'worse' when the whole interval of the "
            "change of a win rate's distance to the fair share (|variant - fair| - |reference - fair|) lies below / "
            "above the band; 'crossed the fair share' when the reference's rate lies wholly on one side of the fair "
            "share and the variant's wholly on the other; for the game length and the Thesis rate, longer / shorter "
            "and more / fewer Theses when the delta's whole interval lies beyond the band; 'no real change' when the "
            "delta's whole interval lies within the band; 'not enough games' otherwise.")


# ------------------------------------------------------------------- text
def _pts(x: float) -> str:
    return f"{100 * x:+.1f}"


def _value(r, x: float) -> str:
    return f"{x:.2f} rounds" if r.measure == "game length" else f"{100 * x:.1f}%"


def _interval(r) -> str:
    if r.measure == "game length":
        return f"{r.delta:+.2f} rounds (simultaneous {100 * r.level:.2f}% CI {r.delta_low:+.2f} to {r.delta_high:+.2f})"
    return (f"{_pts(r.delta)} points (simultaneous {100 * r.level:.2f}% CI {_pts(r.delta_low)} to "
            f"{_pts(r.delta_high)})")


def row_text(r) -> str:
    """'Vincenzo: 55.1% -> 49.0%, -6.1 points (simultaneous 99.77% CI -8.2 to -4.0): fairer'."""
    name = r.group if r.measure in ("Scholar", "Scholar × Clan") else \
        (f"turn position {str(r.group).split(' × ')[-1]} ({str(r.group).split(' × ')[0]} players)"
         if r.measure == "turn position" else r.measure if r.group == "all games" else f"{r.measure} ({r.group})")
    return f"{name}: {_value(r, r.ref_value)} → {_value(r, r.value)}, {_interval(r)}: {r.verdict}"


def headlines(t: pd.DataFrame, band: float = K.DEFAULT_BAND, length_band: float = K.DEFAULT_LENGTH_BAND) -> list[str]:
    """One line per comparison (its verdicts counted) and one per claimed change (fairer, worse, longer ...)."""
    out = []
    for name, part in t.groupby("comparison", sort=False):
        first = part.iloc[0]
        how = (f"paired on {int(first.games):,} shared seeds" if first.paired else
               "independent games (the seeds differ)")
        counts = part["verdict"].value_counts()
        tally = ", ".join(f"{n} {v}" for v, n in counts.items())
        out.append(f"{name}: {how}; {int(first.family)} deltas, Bonferroni-corrected together (each interval at "
                   f"{100 * first.level:.2f}%); band ±{100 * band:.0f} points (game length ±{length_band:g} "
                   f"rounds): {tally}.")
        claims = part[part["verdict"].isin(K.CLAIMS)]
        out += [f"{name}: {row_text(r)}." for r in claims.itertuples()]
    return out


# ------------------------------------------------------------------ chart
def delta_chart(fig: Figure, t: pd.DataFrame, band: float = K.DEFAULT_BAND) -> None:
    """Each rate delta (points) with its simultaneous interval, one panel per comparison on the same rows,
    the band shaded and the marks coloured by verdict (Scholar x Clan rows only when one of the
    comparisons claims a change there)."""
    comparisons = list(dict.fromkeys(t["comparison"]))
    rates = t[t["measure"].isin(RATE_MEASURES)]
    claimed = set(rates.loc[rates["verdict"].isin(K.CLAIMS), "group"])
    rates = rates[(rates["measure"] != "Scholar × Clan") | rates["group"].isin(claimed)]
    keys = list(dict.fromkeys(zip(rates["measure"], rates["group"], strict=True)))
    ypos = {k: len(keys) - 1 - i for i, k in enumerate(keys)}
    axes = fig.subplots(1, len(comparisons), squeeze=False, sharey=True)[0]
    labels = {}
    for ax, name in zip(axes, comparisons, strict=True):
        ax.axvspan(-100 * band, 100 * band, color="#edf2f7", zorder=0)
        ax.axvline(0, color="k", lw=0.8)
        for r in rates[rates["comparison"] == name].itertuples():
            yi = ypos[(r.measure, r.group)]
            labels[yi] = row_text(r).split(":")[0]
            color = VERDICT_COLORS.get(r.verdict, CHANGE_COLOR)
            if np.isfinite(r.delta_low):
                ax.plot([100 * r.delta_low, 100 * r.delta_high], [yi, yi], color=color, lw=2)
            ax.plot(100 * r.delta, yi, "o", color=color)
        ax.set_xlabel("change in points (win rate, Thesis rate)", fontsize=10)
        ax.set_title(name, fontsize=11)
    axes[0].set_yticks(sorted(labels), [labels[y] for y in sorted(labels)], fontsize=9)
    legend = {**VERDICT_COLORS, "other change (Thesis rate)": CHANGE_COLOR, f"±{100 * band:.0f}-point band": None}
    handles = [axes[0].plot([], [], "o-", color=c, label=v)[0] if c else
               Patch(color="#edf2f7", label=v)
               for v, c in legend.items()]
    fig.legend(handles=handles, loc="outside lower center", ncols=3, fontsize=9, frameon=False)


def chart_size(t: pd.DataFrame) -> tuple[float, float]:
    """The delta chart's size in inches: a panel per comparison, a line per row (at most 30)."""
    n = t["comparison"].nunique()
    rows = int(t[t["measure"].isin(RATE_MEASURES)].groupby("comparison").size().max() or 1)
    return max(6.0, 5.0 * n), 1.2 + 0.32 * min(rows, 30)


# ------------------------------------------------------------------ tables
def shown(t: pd.DataFrame) -> pd.DataFrame:
    """The comparison rows as the report and the command print them (rates in %, deltas in points)."""
    out = pd.DataFrame({"comparison": t["comparison"], "measure": t["measure"], "group": t["group"],
                        "games (ref / variant)": [f"{a:,} / {b:,}" for a, b in zip(t["ref_games"], t["games"],
                                                                                   strict=True)]})
    rounds = (t["measure"] == "game length").to_numpy()
    scale = np.where(rounds, 1.0, 100.0)
    unit = np.where(rounds, "", "%")
    fmt = np.where(rounds, "{:.2f}", "{:.1f}")
    out["reference"] = [f.format(s * v) + u for f, s, v, u in zip(fmt, scale, t["ref_value"], unit, strict=True)]
    out["variant"] = [f.format(s * v) + u for f, s, v, u in zip(fmt, scale, t["value"], unit, strict=True)]
    out["delta"] = [("{:+.2f}" if r else "{:+.1f}").format(s * d) for r, s, d in zip(rounds, scale, t["delta"],
                                                                                    strict=True)]
    out["simultaneous CI"] = ["n/a" if not np.isfinite(lo) else
                              ("{:+.2f} to {:+.2f}" if r else "{:+.1f} to {:+.1f}").format(s * lo, s * hi)
                              for r, s, lo, hi in zip(rounds, scale, t["delta_low"], t["delta_high"], strict=True)]
    out["distance change"] = ["" if not np.isfinite(lo) else f"{100 * d:+.1f} ({100 * lo:+.1f} to {100 * hi:+.1f})"
                              for d, lo, hi in zip(t["distance_change"], t["distance_low"], t["distance_high"],
                                                   strict=True)]
    out["Holm p"] = [("n/a" if not np.isfinite(p) else "< 0.001" if p < 0.001 else f"{p:.3f}")
                     for p in t["p_adjusted"]]
    out["verdict"] = t["verdict"].to_numpy()
    return out


BALANCE_HEADER = "balance (95% CI; a fair game reads)"


def _balance_text(value: float, low: float, high: float, fair: float) -> str:
    """'0.962 (0.914 to 1.000; 0.977)'."""
    if not np.isfinite(value):
        return ""
    return f"{value:.3f} ({low:.3f} to {high:.3f}; {fair:.3f})"


def metrics_shown(m: pd.DataFrame) -> pd.DataFrame:
    """The designer metrics, formatted (NaN columns left out)."""
    out = m.copy()
    if "balance_low" in out:  # one column: the balance, its interval, and what a fair game of these tables reads
        out["balance"] = [_balance_text(*r) for r in out[["balance", "balance_low", "balance_high",
                                                          "balance_if_fair"]].astype(float).itertuples(index=False)]
        out = out.drop(columns=["balance_low", "balance_high", "balance_if_fair", "balance_fair_p"]).rename(
            columns={"balance": BALANCE_HEADER})
    for c in ("first_player_advantage", "thesis_rate", "no_thesis_rate", "decisiveness", "stronger_wins"):
        if c in out:
            out[c] = [("" if not np.isfinite(x) else f"{100 * x:+.1f} points" if c == "first_player_advantage"
                       else f"{100 * x:.1f}%") for x in out[c].astype(float)]
    for c in ("rounds_mean", "rounds_sd", "turns_mean", "margin", "lead_changes"):
        if c in out:
            out[c] = ["" if not np.isfinite(x) else f"{x:.2f}" for x in out[c].astype(float)]
    empty = [c for c in out.columns if (out[c].astype(str) == "").all()]
    return out.drop(columns=empty).rename(columns=lambda c: c.replace("_", " "))


# ---------------------------------------------------------------- sections
def compare_section(ctx: ReportContext, band: float = K.DEFAULT_BAND,
                    length_band: float = K.DEFAULT_LENGTH_BAND) -> Section | None:
    """The report's "Compare variants" section, when the run holds variants (the report puts it first)."""
    df = ctx.df
    if VARIANT not in df.columns or df[VARIANT].nunique() < 2:
        return None
    order = ((ctx.manifest or {}).get("config") or {}).get("variants")
    sides = K.sides_of(df, order)
    t = K.compare_all(sides, band=band, length_band=length_band, alpha=ctx.alpha)
    m = designer_metrics(df.assign(**{VARIANT: variant_names(df, sides)}), VARIANT)
    ctx.csvs["compare.csv"] = t
    ctx.csvs["metrics_by_variant.csv"] = m
    return Section("compare", "Compare variants", [
        items(headlines(t, band, length_band), cls="headline"),
        ctx.figure("compare_deltas", "deltas of the variants", lambda f: delta_chart(f, t, band), chart_size(t)),
        note(VERDICTS), ctx.table(shown(t), raw=True),
        heading("Designer metrics per variant"), ctx.table(metrics_shown(m), raw=True),
        note(f"The sections below pool the games of every variant ({', '.join(s.name for s in sides)})."),
    ])


def metrics_section(ctx: ReportContext) -> Section:
    """Designer metrics per cell (Balance, first-player advantage, length, Thesis rate ...)."""
    m = designer_metrics(ctx.df, [c for c in ("cell", VARIANT) if c in ctx.df.columns])
    doc = ("Designer metrics per cell: balance = 1 − the largest gap between two Scholars' win rates, with a 95% "
           "interval of the true balance (simultaneous Wilson intervals of the Scholars' rates) and what a perfectly "
           "fair game of the same tables and sample size reads (a mean over 200 simulated fair games: noise alone "
           "keeps it below 1, so compare the balance with it, not with 1); first-player "
           "advantage = turn position 0's win rate − the fair share; the Thesis rate is the share of games with a "
           "successful Thesis (and the share without one); margin = winner's score − runner-up's.")
    ctx.csvs["metrics_by_cell.csv"] = m
    return Section("metrics", "Designer metrics", [note(doc), ctx.table(metrics_shown(m), raw=True)])


def robust_section(ctx: ReportContext) -> Section | None:
    """The robust-findings table, when the run has two skill levels or more."""
    df = ctx.df
    if "agents" not in df.columns or len(skill_levels(df)) < 2:
        return None
    t = robust_findings(df, alpha=ctx.alpha)
    games = ", ".join(f"{lv}: {n:,} games" for lv, n in t.attrs["games"].items())
    doc = (f"Each headline's win rate at each skill level (▲ / ▼: significantly above / below the fair share; Holm "
           f"over all {t.attrs['tests']} tests of every level together). {games}.")
    return Section("robust", "Robust findings across skill levels",
                   [note(doc), ctx.table(t, csv="robust_findings.csv", raw=True)])


def variant_names(df: pd.DataFrame, sides: list) -> pd.Categorical:
    """The variant column as a categorical in the comparison's order."""
    return pd.Categorical(df[VARIANT].astype(str), categories=[s.name for s in sides])


def write_outputs(folder: Path, t: pd.DataFrame, metrics: pd.DataFrame, band: float = K.DEFAULT_BAND) -> None:
    """The files of ``dungeonology compare``: compare.csv, compare_deltas.png, metrics_by_variant.csv."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "compare_deltas.png").write_bytes(png(lambda f: delta_chart(f, t, band), chart_size(t)))
    t.to_csv(folder / "compare.csv", index=False)
    metrics.to_csv(folder / "metrics_by_variant.csv", index=False)
