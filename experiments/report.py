"""The HTML report of a sweep run: ``dungeonology report RUN_DIR``.

:func:`build_report` reads ``results/<run>/`` with :func:`experiments.analysis.load`
and writes ``report.html`` into the output folder (default ``<run>/report/``):
one self-contained file (the plots embedded as base64 PNGs, no external
files or scripts) that a designer can open in any browser, plus the same
plots as PNG files and the main tables as CSV files beside it.

Order: a notice when provisional card data was used (``manifest["provisional"]``),
the headline findings, then the plots with their tables (Scholars, turn
order, Scholar x Clan Card, Scholar vs Scholar, Alert difficulty x Player
Level, score and game-length distributions, "what if" overrides), every
fair-share test, the games needed for tighter intervals, and the experiment
(description, config, data hash, code version, counts, timings, cells) with
notes on the statistics.

The headline p-values are Holm-adjusted over the fair-share tests of the
report's family (Scholar, turn position per player count, Scholar x Clan
Card; :func:`experiments.analysis.flags`), and the tables and the plot stars
show the same adjusted p-values. Every claim states its sample size and its
family, every table and plot a line with its family, size and what it pools
over (:mod:`experiments.claims`); the what-if headline is corrected over the
deltas of its override (:func:`experiments.variants.override_effects`).
"""

from __future__ import annotations

import base64
import html
import io
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from experiments import analysis as A
from experiments import claims as C
from experiments import compare_report
from experiments import plots as P
from experiments import variants as V
from experiments.claims import CORRECTION_NAMES, ci, finding, pct, points, pvalue
from experiments.schema import OVERRIDE_PREFIX
from experiments.stats import games_for_wilson_width

REPORT_NAME = "report.html"
TARGET_WIDTH = 0.02  # +/- 1 percentage point
DPI = 110


# -------------------------------------------------------------- headlines
def headlines(df: pd.DataFrame, tests: pd.DataFrame | None = None, correction: str = "holm",
              alpha: float = 0.05, effects: pd.DataFrame | None = None) -> list[str]:
    """The headline findings as sentences (plain text): Scholars, turn order, Scholar x Clan,
    head-to-head, game length, Theses, overrides and precision; each with its sample size and
    the family it was corrected over (:mod:`experiments.claims`). ``tests``: the
    :func:`experiments.analysis.flags` table, ``effects``: the
    :func:`experiments.variants.override_effects` table (computed when not given)."""
    tests = A.flags(df, correction=correction, alpha=alpha) if tests is None else tests
    name = CORRECTION_NAMES.get(correction, correction)
    fam = C.fair_family(tests, correction)
    out: list[str] = []
    pooled = A.pooled_over(df)
    if pooled:
        out.append("The findings below pool over " + "; ".join(pooled) + " (each table says what it pools; the "
                   "per-player-count, per-agent and what-if tables break it down).")

    scholars = tests[tests["grouping"] == "scholar"].sort_values("win_rate", ascending=False)
    flagged = scholars[scholars["significant"]]
    for row in flagged.itertuples(index=False):
        out.append(finding(row.group, row, correction, fam))
    if len(scholars):
        if flagged.empty:
            top, bottom = scholars.iloc[0], scholars.iloc[-1]
            out.append(f"No Scholar's win rate differs significantly from {C.fair_text(scholars['fair_share'])} "
                       f"({name}-adjusted p ≥ {alpha}; {fam}); they range from {pct(bottom.win_rate)} "
                       f"({bottom.group}, {int(bottom.games):,} seat-games) to {pct(top.win_rate)} ({top.group}, "
                       f"{int(top.games):,} seat-games).")
        elif len(flagged) < len(scholars):
            out.append(f"The other Scholars are within chance of the fair share ({fam}).")

    seats = tests[tests["grouping"] == "players × turn_position"]
    for row in seats.itertuples(index=False):
        if row.group.startswith("1st") or row.significant:
            label = "The " + row.group.replace("1st in turn order", "first player").replace(
                " in turn order", " player in turn order")
            out.append(finding(label, row, correction, fam))

    combos = tests[(tests["grouping"] == "scholar × clan") & tests["significant"]].copy()
    if combos.empty:
        out.append(f"No Scholar × Clan Card combination is significantly away from the fair share ({fam}).")
    else:
        combos["gap"] = (combos["lift"] - 1).abs()
        for row in combos.sort_values("gap", ascending=False).head(3).itertuples(index=False):
            out.append(finding(row.group.replace(" × ", " with "), row, correction, fam))
        if len(combos) > 3:
            out.append(f"{len(combos) - 3} more Scholar × Clan Card combinations are flagged (see the table).")

    h2h = A.scholar_vs_scholar(df, correction=correction, alpha=alpha)
    lopsided = h2h[h2h["significant"] & (h2h["rate"] > 0.5)].sort_values("rate", ascending=False)
    for row in lopsided.head(2).itertuples(index=False):
        out.append(f"Head-to-head, {row.scholar} finishes ahead of {row.opponent} in {pct(row.rate)} of their "
                   f"{int(row.ahead + row.behind):,} decisive meetings (95% CI {ci(row.ci_low, row.ci_high)}; "
                   f"{name}-adjusted p {pvalue(row.p_adjusted)}; {C.pairs_family(h2h, correction)}).")

    g = A.games(df)
    by_alert = A.condition_effects(df, "alert")
    by_level = A.condition_effects(df, "player_level")
    length = (f"Games last {g['turns'].mean():.1f} turns ({g['rounds'].mean():.1f} rounds) on average over "
              f"{len(g):,} games")
    parts = []
    if len(by_alert) > 1:
        parts.append("by Alert difficulty " + ", ".join(f"{r.alert} {r.mean_turns:.1f}"
                                                          for r in by_alert.itertuples(index=False)))
    if len(by_level) > 1:
        parts.append("by Player Level " + ", ".join(f"{r.player_level} {r.mean_turns:.1f}"
                                                     for r in by_level.itertuples(index=False)))
    out.append(length + (": " + "; ".join(parts) if parts else "") + ".")
    seats_thesis = float(df["thesis_submitted"].mean())
    nobody = float(g["nobody_submits"].mean())
    text = (f"{pct(seats_thesis)} of {len(df):,} seats submit a successful Thesis; in {pct(nobody)} of {len(g):,} "
            "games nobody does")
    if len(by_alert) > 1:
        shares = ", ".join(f"{r.alert} {pct(r.no_thesis_rate, 0)}" for r in by_alert.itertuples(index=False))
        text += f" ({shares})"
    out.append(text + ".")

    effects = V.override_effects(df, alpha=alpha) if effects is None else effects
    for key, t in effects.groupby("override", sort=False):
        out.append(C.what_if(str(key), t, V.reference_of(df, str(key)), alpha=alpha))

    if len(scholars):
        smallest = scholars.sort_values("games").iloc[0]
        fair = float(scholars["fair_share"].mean())
        need = games_for_wilson_width(fair, TARGET_WIDTH)
        out.append(f"Precision: the smallest Scholar group has {int(smallest.games):,} seat-games, so its 95% "
                   f"interval is ±{50 * (smallest.ci_high - smallest.ci_low):.1f} points wide; "
                   f"±{50 * TARGET_WIDTH:.0f} point needs about {need:,} seat-games per group at the fair share.")
    if df.attrs.get("excluded_games"):
        out.append(f"{df.attrs['excluded_games']} games stopped with an error and are left out "
                   f"(error codes: {df.attrs.get('error_codes')}).")
    return out


# ------------------------------------------------------------------ tables
_RATE_COLS = {"win_rate", "rate", "fair_share", "thesis_rate", "no_thesis_rate"}
_PAIRS = {  # interval columns shown as one "95% CI" column after their estimate
    ("ci_low", "ci_high"): "95% CI",
    ("lift_low", "lift_high"): "lift 95% CI",
    ("turns_ci_low", "turns_ci_high"): "turns 95% CI",
    ("thesis_ci_low", "thesis_ci_high"): "thesis 95% CI",
    ("no_thesis_ci_low", "no_thesis_ci_high"): "nobody 95% CI",
    ("delta_low", "delta_high"): "delta 95% CI",
}


def present(table: pd.DataFrame) -> pd.DataFrame:
    """A table for reading: rates as percentages, intervals in one column, p-values rounded."""
    out = pd.DataFrame(index=table.index)
    lows = {lo: (hi, label) for (lo, hi), label in _PAIRS.items() if lo in table and hi in table}
    highs = {hi for hi, _ in lows.values()}
    for col in table.columns:
        s = table[col]
        if col in highs:
            continue
        if col in lows:
            hi_col, label = lows[col]
            pairs = list(zip(s, table[hi_col], strict=True))
            if col.startswith("lift"):
                text = [f"{a:.2f}–{b:.2f}" for a, b in pairs]
            elif col.startswith("turns"):
                text = [f"{a:.1f}–{b:.1f}" for a, b in pairs]
            elif col.startswith("delta"):
                text = [f"{100 * a:+.1f} to {100 * b:+.1f}" for a, b in pairs]
            else:
                text = [ci(a, b) for a, b in pairs]
            out[label] = text
        elif col in _RATE_COLS or (col.endswith("_rate") and pd.api.types.is_float_dtype(s)):
            out[col.replace("_", " ")] = [pct(x) for x in s]
        elif col in ("p_value", "p_adjusted"):
            out[col.replace("_", " ")] = [pvalue(x).removeprefix("= ") for x in s]
        elif col == "significant":
            out[col] = np.where(s, "yes", "")
        elif col == "delta":
            out["delta"] = [points(x).replace(" points", "") for x in s]
        elif pd.api.types.is_bool_dtype(s):
            out[col.replace("_", " ")] = np.where(s, "yes", "no")
        elif pd.api.types.is_float_dtype(s):
            out[col.replace("_", " ")] = [f"{x:.2f}" if np.isfinite(x) else "" for x in s]
        else:
            out[col.replace("_", " ")] = s.astype(str)
    return out


def html_table(table: pd.DataFrame, raw: bool = False, max_rows: int = 200) -> str:
    shown = table if raw else present(table)
    note = ""
    if len(shown) > max_rows:
        note = f"<p class='note'>First {max_rows} of {len(shown)} rows (all rows in the CSV file).</p>"
        shown = shown.head(max_rows)
    return shown.to_html(index=False, border=0, classes="data", escape=True, na_rep="") + note


# ------------------------------------------------------------------ figures
def _figure(draw: Callable[[Figure], None], size: tuple[float, float]) -> bytes:
    fig = Figure(figsize=size, layout="constrained")
    draw(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI)
    return buf.getvalue()


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_").lower() or "x"


def _img(png: bytes, alt: str) -> str:
    data = base64.b64encode(png).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt)}">'


# -------------------------------------------------------------------- page
CSS = """
body { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 2rem auto; max-width: 1100px;
       padding: 0 1rem; color: #222; line-height: 1.45; }
h1 { margin-bottom: 0.2rem; } h2 { border-bottom: 2px solid #ddd; padding-bottom: 0.2rem; margin-top: 2.2rem; }
.sub { color: #666; margin-top: 0; }
.provisional { background: #fff3cd; border: 3px solid #e0a800; padding: 0.8rem 1.2rem; border-radius: 6px;
               margin: 1rem 0; }
.provisional strong { color: #8a5a00; font-size: 1.1rem; }
.warning { background: #f8d7da; border: 2px solid #c82333; padding: 0.6rem 1rem; border-radius: 6px; }
.headline { background: #eef5ff; border-left: 5px solid #2b6cb0; padding: 0.6rem 1.2rem; }
.headline li { margin: 0.35rem 0; }
table.data { border-collapse: collapse; font-size: 0.85rem; margin: 0.6rem 0 1rem; }
table.data th, table.data td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #e3e3e3; text-align: right; }
table.data th { background: #f4f4f4; }
img { max-width: 100%; height: auto; display: block; margin: 0.6rem 0; }
pre { background: #f6f6f6; padding: 0.6rem; overflow-x: auto; font-size: 0.8rem; }
.note { color: #555; font-size: 0.9rem; }
"""


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _value_listing(title: str, values: list[Any]) -> str:
    """A folded list of marked values (each a dict with layer, file, key, value, note)."""
    items = []
    for v in values:
        if isinstance(v, dict):
            key = ": ".join(str(v[k]) for k in ("layer", "file", "key") if v.get(k)) or json.dumps(v)
            val = f" = {json.dumps(v['value'])}" if "value" in v else ""
            note = f" ({v['note']})" if v.get("note") else ""
            items.append(f"<li><code>{html.escape(key + val)}</code>{html.escape(note)}</li>")
        else:
            items.append(f"<li><code>{html.escape(str(v))}</code></li>")
    return f"<details><summary>{title} ({len(values)})</summary><ul>{''.join(items)}</ul></details>" if items else ""


def _provisional_html(manifest: dict[str, Any]) -> str:
    if not (manifest.get("provisional") or manifest.get("provisional_values")):
        return ""
    values = manifest.get("provisional_values") or []
    listing = _value_listing("The provisional values", values)
    listing += _value_listing("The values from a fan transcription (status transcribed, not checked against "
                              "the cards)", manifest.get("transcribed_values") or [])
    what = _count(len(values), "printed card value") if values else "printed card values"
    return ("<div class='provisional' id='provisional'><strong>⚠ Provisional card data was used.</strong> "
            f"This run's data contains {what} that the rulebooks do not give "
            "(see <code>dungeonology data</code>). Every finding below is only as good as those values: check them "
            f"before acting on the numbers.{listing}</div>")


def _experiment_html(df: pd.DataFrame, manifest: dict[str, Any]) -> str:
    def dl(d: Any) -> str:
        if not isinstance(d, dict) or not d:
            return "<p class='note'>(not recorded)</p>"
        return html_table(pd.DataFrame({"item": list(d), "value": [json.dumps(v) if isinstance(v, (dict, list))
                                                                   else str(v) for v in d.values()]}), raw=True)

    parts = [
        f"<p>{html.escape(str(manifest.get('description') or '(no description)'))}</p>",
        html_table(A.overview(df), raw=True),
        "<h3>Counts</h3>", dl(manifest.get("counts")),
        "<h3>Timings (seconds)</h3>", dl(manifest.get("timings")),
        "<h3>Configuration (resolved)</h3>",
        f"<pre>{html.escape(json.dumps(manifest.get('config', {}), indent=2, default=str))}</pre>",
    ]
    cells = manifest.get("cells")
    if isinstance(cells, list) and cells:
        parts += [f"<h3>Cells ({len(cells)})</h3>", html_table(pd.DataFrame(cells).astype(str), raw=True)]
    return "\n".join(parts)


METHOD_NOTES = """
<ul class="note">
<li>A <b>win</b> is rank 1 (seats tied for first all win). The <b>fair share</b> of a seat is 1 / players;
<b>lift</b> = win rate / fair share (1.00 = fair).</li>
<li>Intervals are <b>Wilson score 95% intervals</b>. Means of turns use a normal 95% interval.</li>
<li>Fair-share tests: exact two-sided <b>binomial tests</b> (scipy.stats.binomtest) against the fair share
(a z-test when a group mixes player counts), adjusted for multiple comparisons with <b>{name}</b> over the
{tests} tests of the Scholar, turn-position and Scholar × Clan tables together (the fair-share family).
"significant" means an adjusted p below {alpha}. A plot's stars are the flags of the table printed with it (the
same family), and the line above each table names its family and sample size: the fair-share family, Holm over
the Scholar pairs (head-to-head), or a table's own rows (per player count, per agent, per advanced rule).</li>
<li><b>Scholar vs Scholar</b> is head-to-head: among the games where both play, the share of decisive
meetings (ranks not tied) in which the row Scholar finished ahead of the column Scholar; 50% is even.</li>
<li>"Nobody submits": no seat submitted a successful Thesis in the game.</li>
<li>"What if" deltas compare each override value with the reference: the cells at the value in the run's data
(the cells without the override, or the cells whose value equals the data's). Their intervals are Newcombe's hybrid
score intervals, simultaneous over the family of the override's deltas (every other value × every Scholar):
each at level 1 − {alpha} / (deltas), Bonferroni, so that an override without effect is called "a clear change"
in at most {alpha} of runs. The headline speaks of the Scholar the override changes
(<code>scholars.&lt;Name&gt;…</code>), else of the largest delta.</li>
<li>A table that pools over what-if values, agent kinds, rule sets or player counts says so in its line.</li>
<li>Games needed: seat-games for a Wilson interval of total width {width} (±{half} point) at the observed rate.</li>
</ul>
"""


def _complete_rows(run_dir: Path, partial: bool, unverified: bool = False) -> tuple[pd.DataFrame, str]:
    """The rows to report (complete cells only unless ``partial``) and the warning at the top (HTML). The
    parts of a sweep's manifest are verified first (SweepError naming a missing, extra or changed part); a
    folder whose manifest lists no parts (not written by the sweep runner) is refused (SweepError naming
    the manifest), or with ``unverified`` reported with a warning."""
    from experiments.run_folder import complete_only, incomplete_note, require_parts, verify_run

    has_manifest = (run_dir / "manifest.json").is_file()
    manifest = A.read_manifest(run_dir) if has_manifest else {}
    if not has_manifest or not require_parts(run_dir, manifest, unverified):
        df = A.load(run_dir)
        return df, ("<p class='warning'><strong>The manifest lists no parts (this folder was not written by the "
                    "sweep runner): its parts are not verified, and whether the run is complete is not "
                    "known.</strong></p>")
    _, _, done = verify_run(run_dir)
    df = A.load(run_dir)
    note = incomplete_note(run_dir, done, partial)
    if note is not None and not partial:
        df = complete_only(df, done)
        if df.empty:
            raise A.RunDirError(f"{run_dir}: no cell is complete yet ({done.text()}); report --partial reports "
                                "the games played so far")
    return df, "" if note is None else f"<p class='warning incomplete'><strong>{html.escape(note)}</strong></p>"


def build_report(run_dir: Path, out: Path | None = None, partial: bool = False, unverified: bool = False) -> Path:
    """Write the HTML report of a run folder and return the path of the HTML file.

    ``out``: the output folder (default ``run_dir / "report"``), or a file
    path ending in .html (the PNG and CSV files go beside it). An incomplete
    run is said so at the top, and only its complete cells are counted unless
    ``partial``. A manifest without per-part checksums is refused unless
    ``unverified``. Raises :class:`experiments.analysis.RunDirError` for an
    unreadable run, SweepError for a part that differs from the manifest, and
    OSError when the output cannot be written."""
    run_dir = Path(run_dir)
    df, incomplete = _complete_rows(run_dir, partial, unverified)
    if df.empty:
        raise A.RunDirError(f"{run_dir}: no games to analyse ({df.attrs.get('excluded_games', 0)} games, all stopped "
                            "with an error)")
    manifest = df.attrs["manifest"]
    if out is None:
        out = run_dir / "report"
    out = Path(out)
    html_path = out if out.suffix.lower() in (".html", ".htm") else out / REPORT_NAME
    folder = html_path.parent
    folder.mkdir(parents=True, exist_ok=True)

    correction, alpha = "holm", 0.05
    tests = A.flags(df, correction=correction, alpha=alpha)
    whatif = V.override_effects(df, alpha=alpha)
    sections: list[str] = []
    written: dict[str, bytes] = {}
    csvs: dict[str, pd.DataFrame] = {}

    def figure(name: str, alt: str, draw: Callable[[Figure], None], size: tuple[float, float]) -> str:
        png = _figure(draw, size)
        written[f"{name}.png"] = png
        return _img(png, alt)

    fam = C.fair_family(tests, correction)

    def line(text: str) -> str:
        return f"<p class='note family'>{html.escape(text)}</p>"

    def family(grouping: str, cols: Sequence[str]) -> pd.DataFrame:
        """The rows of one grouping of the tests, with the family-adjusted p-values, by ``cols``."""
        t = A.win_rates(df, cols, correction=correction, alpha=alpha)
        f = tests[tests["grouping"] == grouping].set_index("group")
        labels = [A._label(cols, v) for v in t[cols].itertuples(index=False)]
        for c in ("p_adjusted", "significant", "direction"):
            t[c] = f.loc[labels, c].to_numpy()
        return t

    # Scholars
    scholars = family("scholar", ["scholar"])
    csvs["win_rate_by_scholar.csv"] = scholars
    breakdowns = []
    for col, title in (("players", "Per player count"), ("agent", "Per agent")):
        if df[col].nunique() > 1:
            t = A.win_rates(df, [col, "scholar"], correction=correction, alpha=alpha)
            csvs[f"win_rate_by_{col}_scholar.csv"] = t
            breakdowns.append(f"<h3>{title}</h3>" + line(C.note(C.rows_family(t, correction) + " (a family of "
                                                               "its own)", len(df), "seat-game", df, [col, "scholar"]))
                              + html_table(t))
    sections.append(
        "<h2 id='scholars'>Win rate per Scholar</h2>"
        + line(C.note(f"Stars and 'significant': {fam}", len(df), "seat-game", df, "scholar"))
        + figure("win_rate_by_scholar", "win rate per Scholar",
                 lambda f: P.win_rate_bars(f.subplots(), df, "scholar", table=scholars), (7, 4))
        + html_table(scholars) + "".join(breakdowns))

    # turn order
    seats = A.seat_advantage(df, correction=correction, alpha=alpha)
    by_seat = family("players × turn_position", ["players", "turn_position"])
    seats[["p_adjusted", "significant", "direction"]] = by_seat[["p_adjusted", "significant", "direction"]].to_numpy()
    csvs["seat_advantage.csv"] = seats
    sections.append(
        "<h2 id='seats'>Seat (turn-order) advantage</h2><p class='note'>turn position 0 = the first player.</p>"
        + line(C.note(f"Stars and 'significant': {fam}", len(df), "seat-game", df, ["players", "turn_position"]))
        + figure("seat_advantage", "win rate per position in turn order",
                 lambda f: P.seat_advantage_bars(f.subplots(), df, table=seats), (7, 4))
        + html_table(seats))

    # Scholar x Clan
    clan = family("scholar × clan", ["scholar", "clan"])
    csvs["scholar_clan.csv"] = clan
    rate = A.matrix(clan).map(pct)
    rate.columns.name = None
    sections.append(
        "<h2 id='clans'>Scholar × Clan Card</h2>"
        + line(C.note(f"Stars and 'significant': {fam}", len(df), "seat-game", df, ["scholar", "clan"]))
        + figure("scholar_clan", "Scholar x Clan Card heatmap",
                 lambda f: P.scholar_clan_heatmap(f.subplots(), df, table=clan), (7.5, 4.5))
        + "<h3>Win rate</h3>" + html_table(rate.reset_index(), raw=True)
        + "<h3>All pairs</h3>" + html_table(clan))

    # Scholar vs Scholar
    h2h = A.scholar_vs_scholar(df, correction=correction, alpha=alpha)
    csvs["scholar_vs_scholar.csv"] = h2h
    sections.append(
        "<h2 id='h2h'>Scholar vs Scholar (head-to-head)</h2><p class='note'>Row Scholar against column Scholar: "
        "share of the decisive meetings (both at the table, ranks not tied) in which the row Scholar finished "
        "ahead; 50% is even. p-values: exact binomial test against 50%.</p>"
        + line(C.note(f"Stars and 'significant': {C.pairs_family(h2h, correction)}",
                      int((h2h["ahead"] + h2h["behind"]).sum()) // 2, "decisive meeting", df, "scholar"))
        + figure("scholar_vs_scholar", "Scholar vs Scholar heatmap",
                 lambda f: P.scholar_vs_scholar_heatmap(f.subplots(), df, table=h2h), (7, 4.5))
        + html_table(h2h))

    # conditions
    cond = A.condition_effects(df, ["alert", "player_level"])
    csvs["alert_level.csv"] = cond
    metrics = ("mean_turns", "thesis_rate", "no_thesis_rate")
    sections.append(
        "<h2 id='conditions'>Alert difficulty × Player Level</h2><p class='note'>Game length, seats with a "
        "successful Thesis, and games where nobody submits a successful Thesis.</p>"
        + line(C.note("No test, no correction: 95% intervals per cell", len(A.games(df)), "game", df,
                      ["alert", "player_level"]))
        + figure("alert_level", "Alert difficulty x Player Level panels",
                 lambda f: P.condition_panels(f.subplots(1, 3), df, metrics), (15, 4.2))
        + html_table(cond)
        + "<h3>Per Alert difficulty</h3>" + html_table(A.condition_effects(df, "alert"))
        + "<h3>Per Player Level</h3>" + html_table(A.condition_effects(df, "player_level"))
        + "<h3>How games end (share of games)</h3>"
        + html_table(A.end_reasons(df, ["alert", "player_level"]).pipe(
            lambda t: t.assign(**{c: t[c].map(pct) for c in t.columns if c not in ("alert", "player_level")})),
            raw=True))

    # advanced rules
    groupings = V.rule_groupings(df)
    if groupings:
        body = ["<h2 id='advanced'>Advanced rules</h2><p class='note'>Per rule set (<code>rules</code>), Boss "
                "Card and profile (<code>boss</code>) and Panic Card (<code>panic</code>): Scholar win rates "
                "against the fair share, game length, Theses and how often Maximum Alert was reached.</p>"]
        for col in groupings:
            rates = V.rule_win_rates(df, col, correction=correction, alpha=alpha)
            effects = V.rule_effects(df, col)
            csvs[f"advanced_{col}_win_rates.csv"] = rates
            csvs[f"advanced_{col}_games.csv"] = effects
            body.append(f"<h3>Per {html.escape(col)}</h3>")
            body.append(line(C.note(f"Stars and 'significant': {C.rows_family(rates, correction)} (a family of "
                                    "its own)", len(df), "seat-game", df, [col, "scholar"])))
            body.append(figure(f"advanced_{col}", f"win rate per Scholar per {col}",
                               lambda f, c=col, t=rates: P.win_rate_bars(f.subplots(), df.assign(
                                   **{c: df[c].astype(str).replace("", A.BASIC)}), [c, "scholar"], table=t),
                               (9, 4.5)))
            body.append(html_table(rates))
            body.append(html_table(effects))
            body.append(html_table(A.end_reasons(df.assign(**{col: df[col].astype(str).replace("", A.BASIC)}),
                                                 [col]).pipe(
                lambda t, c=col: t.assign(**{k: t[k].map(pct) for k in t.columns if k != c})), raw=True))
        sections.append("\n".join(body))

    # distributions
    scores = A.score_summary(df, "scholar")
    csvs["scores.csv"] = scores
    sections.append(
        "<h2 id='distributions'>Score and game-length distributions</h2>"
        + line(C.note("No test", len(df), "seat-game", df, "scholar"))
        + figure("scores", "score distribution per Scholar", lambda f: P.score_distribution(f.subplots(), df),
                 (7, 4))
        + html_table(scores)
        + figure("game_length", "game length per Alert difficulty",
                 lambda f: P.length_distribution(f.subplots(), df), (7, 4)))

    # overrides
    keys = A.override_keys(df)
    if keys:
        csvs["overrides.csv"] = whatif
        body = ["<h2 id='overrides'>What if: data overrides</h2><p class='note'>Win rate per Scholar at each value "
                "of each swept override; delta against the reference (the value in the run's data) with a "
                f"simultaneous {100 * (1 - alpha):.0f}% interval over the deltas of the override; 'significant' "
                "(and a star in the plot): that interval leaves out 0.</p>"]
        for key in keys:
            t = whatif[whatif["override"] == key]
            body.append(f"<h3><code>{html.escape(key)}</code></h3>")
            body.append(line(C.note(f"Reference: {V.reference_of(df, key).note}. Stars and 'significant': "
                                    f"{C.delta_family(t)}", len(df), "seat-game", df, OVERRIDE_PREFIX + key)))
            body.append(figure(f"override_{_slug(key)}", f"what if {key}",
                               lambda f, k=key: P.override_effect(f.subplots(), df, k, table=whatif), (7, 4)))
            body.append(html_table(t.drop(columns=["override"])))
            body.append(html_table(V.override_game_effects(df, key).drop(columns=["override"])))
        sections.append("\n".join(body))

    # every test, precision
    csvs["fair_share_tests.csv"] = tests
    needed = A.games_needed(scholars, TARGET_WIDTH)
    sections.append(
        f"<h2 id='tests'>Every fair-share test ({tests.attrs['tests']})</h2><p class='note'>Sorted by p-value; "
        f"p adjusted with {CORRECTION_NAMES[correction]} over all of them.</p>"
        + line(C.note(f"The fair-share family: {fam}", len(df), "seat-game", df)) + html_table(tests)
        + f"<h2 id='precision'>Games needed for ±{50 * TARGET_WIDTH:.0f} point</h2>"
        + "<p class='note'>Seat-games each Scholar needs for a Wilson 95% interval of total width "
        f"{TARGET_WIDTH:.2f} at its observed win rate (<code>analysis.games_needed</code> for other widths).</p>"
        + html_table(needed[["scholar", "games", "win_rate", "ci_width", "games_needed", "more_games"]]))

    # experiment
    sections.append("<h2 id='experiment'>The experiment</h2>" + _experiment_html(df, manifest)
                    + "<h3>Statistics</h3>"
                    + METHOD_NOTES.format(name=CORRECTION_NAMES[correction], tests=tests.attrs["tests"], alpha=alpha,
                                          width=f"{TARGET_WIDTH:.2f}", half=f"{50 * TARGET_WIDTH:.0f}"))

    compare_report.add_to_report(sections, written, csvs, df, manifest)  # compare first, skill, metrics (issue 14)
    name = str(manifest.get("name") or run_dir.name)
    g = A.games(df)
    excluded = df.attrs.get("excluded_games", 0)
    warning = (f"<p class='warning'>{excluded} games stopped with an engine or agent error and are left out "
               f"(codes {html.escape(str(df.attrs.get('error_codes')))}).</p>" if excluded else "")
    code = html.escape(str(manifest.get("code_version", "")))
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>Dungeonology balance report: {html.escape(name)}</title>
<style>{CSS}</style></head>
<body>
<h1>Dungeonology balance report: {html.escape(name)}</h1>
{incomplete}
<p class="sub">{len(g):,} games, {len(df):,} seat rows, {df['cell'].nunique()} cells; data hash
<code>{html.escape(str(manifest.get('data_hash', ''))[:12])}</code>; code {code}</p>
{_provisional_html(manifest)}
{warning}
<h2 id="headline">Headline findings</h2>
<div class="headline"><ul>
{''.join(f'<li>{html.escape(h)}</li>' for h in headlines(df, tests, correction, alpha))}
</ul></div>
{''.join(sections)}
</body></html>
"""
    for file, png in written.items():
        (folder / file).write_bytes(png)
    for file, table in csvs.items():
        table.to_csv(folder / file, index=False)
    html_path.write_text(page, encoding="utf-8")
    return html_path
