"""The report's "Adjusted for the table and the seat" section: each Scholar's raw win rate beside her effect
adjusted by the conditional logit of :mod:`experiments.dungeonology.analysis.adjusted`, and each Clan's
effect on the first player.

One of Dungeonology's report sections (experiments/dungeonology/report/sections.py, after the lift
tables); its CSV is ``adjusted_effects.csv``, its plot ``adjusted_scholars.png``.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from experiments.analysis import claims as C
from experiments.analysis.claims import ci, pct
from experiments.dungeonology.analysis import adjusted as J
from experiments.report.page import ReportContext, Section, heading, note

ABOUT = ("Raw: the win rate of the Scholar's seats (Wilson 95% interval). Adjusted: a conditional logit over the "
         "games (grouped by game, winner = 1; the terms: the Scholar, the agent when agents differ within a game, "
         "the turn position per player count, and a first-player term per Clan Card), so a Scholar's effect is "
         "what she wins given who else sat at the table and where. 'effect': log-odds against the average Scholar "
         "(0 = average); 'adjusted': her chance to win a game of {players} players against average Scholars, "
         "averaged over the turn positions; 'opponents': the mean effect of the Scholars she met (above 0: she met "
         "stronger tables than the average). A Clan Card is shared by the whole table, so it has no win rate of its "
         "own: its adjusted effect is on the first player (log-odds against the average Clan), its raw rate the "
         "first player's win rate in its games, its adjusted rate the first player's chance against average "
         "Scholars under it.")


def family_text(t: pd.DataFrame) -> str:
    """'Bonferroni over the 26 effects of the adjusted family (11 Scholars, 15 Clans); each interval at 99.81%'."""
    kinds = t["kind"].value_counts()
    parts = [f"{kinds.get(J.SCHOLAR, 0)} Scholars"] + ([f"{kinds[J.CLAN]} Clans"] if J.CLAN in kinds else [])
    return (f"Bonferroni over the {t.attrs['family']} effects of the adjusted family ({', '.join(parts)}); each "
            f"interval at {100 * t.attrs['level']:.2f}%")


def _rates(part: pd.DataFrame, prefix: str) -> list[str]:
    """'31.1% (29.3–33.0%)' per row, from the ``<prefix>_rate``, ``_low`` and ``_high`` columns."""
    return [f"{pct(r)} ({ci(lo, hi)})" for r, lo, hi in part[[f"{prefix}_{c}" for c in ("rate", "low", "high")]]
            .to_numpy()]


def shown(t: pd.DataFrame, kind: str) -> pd.DataFrame:
    """The rows of one kind as the page shows them."""
    part = t[t["kind"] == kind]
    unit = "seat-games" if kind == J.SCHOLAR else "games"
    effects = part[["effect", "effect_low", "effect_high"]].to_numpy()
    out = pd.DataFrame({
        kind: part["name"].to_numpy(), unit: part["n"].map("{:,}".format).to_numpy(),
        "raw (95% CI)": _rates(part, "raw"), "adjusted (simultaneous CI)": _rates(part, "adjusted"),
        "effect, log-odds (simultaneous CI)": [f"{e:+.3f} ({lo:+.3f} to {hi:+.3f})" for e, lo, hi in effects],
        "p (Bonferroni)": part["p_adjusted"].map(C.pvalue).to_numpy(),
        "significant": np.where(part["significant"], part["direction"], "").tolist()})
    if kind == J.SCHOLAR:
        out.insert(4, "opponents", part["opponents"].map("{:+.3f}".format).to_numpy())
    return out


def draw(fig: Figure, t: pd.DataFrame) -> None:
    """Raw and adjusted win rate per Scholar with their intervals, the fair share dashed."""
    part = t[t["kind"] == J.SCHOLAR].sort_values("adjusted_rate")
    ax = fig.subplots()
    y = np.arange(len(part))
    for shift, prefix, label, color in ((-0.15, "raw", "raw (95%)", "#a0aec0"),
                                        (0.15, "adjusted", "adjusted (simultaneous)", "#2b6cb0")):
        rate = part[f"{prefix}_rate"].to_numpy(float)
        low, high = part[f"{prefix}_low"].to_numpy(float), part[f"{prefix}_high"].to_numpy(float)
        ax.errorbar(100 * rate, y + shift, xerr=[100 * (rate - low), 100 * (high - rate)], fmt="o", color=color,
                    label=label, capsize=3)
    ax.axvline(100 * float(part["fair_share"].mean()), ls="--", color="#718096", lw=1)
    ax.set_yticks(y, part["name"].astype(str))
    ax.set_xlabel("win rate (%)")
    ax.legend(loc="lower right")


def adjusted_section(ctx: ReportContext) -> Section | None:
    """The section, or None when the run has fewer than two Scholars."""
    t = J.adjusted_effects(ctx.df, alpha=ctx.alpha)
    if t.empty:
        return None
    ctx.csvs["adjusted_effects.csv"] = t
    fam = family_text(t)
    ties = f"; {t.attrs['ties']:,} games with a tie for first left out" if t.attrs["ties"] else ""
    s = Section("adjusted", "Adjusted for the table and the seat", [
        note(ABOUT.format(players=t.attrs["players"])),
        note(C.note(f"'significant': the simultaneous interval of the effect leaves out 0; {fam}{ties}",
                    int(t.attrs["games"]), "game", ctx.df, "scholar"), "note family"),
        ctx.figure("adjusted_scholars", "raw and adjusted win rate per Scholar", lambda f: draw(f, t), (8, 4.5)),
        heading("Scholars", anchor="adjusted_scholars"), ctx.table(shown(t, J.SCHOLAR), raw=True)])
    if (t["kind"] == J.CLAN).any():
        s.blocks += [heading("Clan Cards: the first player", anchor="adjusted_clans"),
                     ctx.table(shown(t, J.CLAN), raw=True)]
    return s
