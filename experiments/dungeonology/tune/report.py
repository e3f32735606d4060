"""The outputs of a tune: ``report.md`` (before / after on the validation's fresh seeds, the
search, the layer), ``tune.json`` and the HTML report of each validation run
(:func:`experiments.report.build.build_report`), and the lines the command prints.

The before / after table per Scholar gives each win rate with its Wilson 95% interval,
the change with Newcombe's 95% interval (:mod:`experiments.analysis.stats`), and whether the fair
share lies within the after interval; numbers are written with :mod:`experiments.analysis.claims`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from experiments.analysis.claims import ci, pct
from experiments.analysis.stats import newcombe, wilson
from experiments.dungeonology.tune import objective as O
from experiments.dungeonology.tune.config import Parameter
from experiments.dungeonology.tune.result import Arm, TuneResult
from experiments.runs.folder import write_json
from experiments.runs.stamps import code_version, timestamp
from sim.kit.errors import format_value


def scholar_rows(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """Per Scholar of either arm: fair share, win rate and interval before and after, the change and its
    interval, and whether the fair share lies within the after interval."""
    rows = []
    for s in dict.fromkeys([*before["scholars"], *after["scholars"]]):
        wb, nb, fb = before["scholars"].get(s, [0, 0, 0.0])
        wa, na, fa = after["scholars"].get(s, [0, 0, 0.0])
        fair = (fa / na) if na else (fb / nb)
        lo_b, hi_b = (float(x) for x in wilson(wb, nb))
        lo_a, hi_a = (float(x) for x in wilson(wa, na))
        d_lo, d_hi = (float(x) for x in newcombe(wa, na, wb, nb))
        rows.append({"scholar": s, "fair_share": fair, "before": wb / nb if nb else np.nan, "before_low": lo_b,
                     "before_high": hi_b, "before_games": nb, "after": wa / na if na else np.nan, "after_low": lo_a,
                     "after_high": hi_a, "after_games": na,
                     "change": (wa / na if na else np.nan) - (wb / nb if nb else np.nan),
                     "change_low": d_lo, "change_high": d_hi,
                     "fair_within_after": bool(na and lo_a <= fair <= hi_a)})
    return rows


def _points_ci(lo: float, hi: float) -> str:
    return "n/a" if not (np.isfinite(lo) and np.isfinite(hi)) else f"{100 * lo:+.1f} to {100 * hi:+.1f}"


def target_rows(result) -> list[tuple[str, str, str, str, str]]:
    """(target, before, after, miss before, miss after) of each target, on the validation games."""
    plan = result.plan
    mb, ma = O.measures(result.before.counts), O.measures(result.after.counts)
    xb, xa = O.misses(plan.objective, result.before.counts), O.misses(plan.objective, result.after.counts)
    out = []
    o = plan.objective
    for name in xb:
        if name == "fair_share":
            chosen = o.fair_share.scholars or None

            def worst(m: dict[str, Any], chosen=chosen) -> str:
                gaps = {s: 100 * (r - f) for s, (r, f, _) in m["scholars"].items() if chosen is None or s in chosen}
                s = max(gaps, key=lambda k: abs(gaps[k]))
                return f"{s} {gaps[s]:+.1f} points"
            shown = (worst(mb), worst(ma))
        elif name == "first_player":
            shown = tuple(f"{100 * (m['first_player'][0] - m['first_player'][1]):+.1f} points" for m in (mb, ma))
        elif name == "game_length":
            shown = tuple(f"{m[o.game_length.measure]:.2f} {o.game_length.measure}" for m in (mb, ma))
        else:
            shown = tuple(pct(m["thesis_rate"]) for m in (mb, ma))
        out.append((name.replace("_", " "), shown[0], shown[1], f"{xb[name]:.2f}", f"{xa[name]:.2f}"))
    return out


def _table(header: list[str], rows: list[list[Any]]) -> list[str]:
    return ["| " + " | ".join(header) + " |", "|" + "---|" * len(header),
            *("| " + " | ".join(str(c) for c in r) + " |" for r in rows)]


def _values(values: dict[str, Any]) -> str:
    return ", ".join(f"`{k} = {format_value(v)}`" for k, v in values.items())


def search_text(result) -> str:
    """'search objective (optimistic, picked from 10 trials) 7.70'."""
    return f"search objective (optimistic, picked from {len(result.trials)} trials) {result.best.objective:.2f}"


def use_text(result) -> str:
    """How to play the tuned data."""
    if result.layer is None:
        return "No layer was written: the best candidate is the data as it is."
    data = result.plan.game.get("data")
    if data:
        return (f"`{result.layer}` holds the changes above the tune's data `{data}`: in Python "
                f"`GameConfig(data=[{data!r}, {str(result.layer)!r}])`.")
    return f"`--data {result.layer}` plays the tuned data, e.g. `dungeonology play --data {result.layer}`."


def provisional_lines(result) -> list[str]:
    """The warnings on provisional data, as the report prints them."""
    if not result.provisional:
        return []
    lines = [f"Provisional card data was used: this game's data holds {len(result.provisional)} values that the "
             "rulebooks do not give (see `dungeonology data`); the tuned values are only as good as those."]
    if result.provisional_parameters:
        lines.append("Tuned values that are themselves provisional: " + ", ".join(result.provisional_parameters)
                     + ".")
    return lines


def report_markdown(result, html_reports: dict[str, Path]) -> str:
    """report.md."""
    plan = result.plan
    b, a = result.before, result.after
    lines = [f"# Tune {plan.name}", ""]
    if plan.description:
        lines += [plan.description, ""]
    lines += [f"> **Warning.** {w}" for w in provisional_lines(result)]
    if result.provisional:
        lines.append("")
    lines += ["## Result", "",
              f"- Best candidate: {_values(result.best.values)} (before tuning: {_values(plan.start())}).",
              f"- Objective, validated on fresh seeds ({plan.validation_total:,} games each, the same seeds for "
              f"both): **{a.objective:.2f}** after, {b.objective:.2f} before.",
              f"- {search_text(result)} over {result.best.counts['games']:,} games (trials "
              f"{', '.join(str(n) for n in result.best.trials)}): the lowest of many noisy objectives is biased "
              "low, so the validated objective is the result.",
              f"- {use_text(result)}", "",
              "## Targets (validation games)", ""]
    lines += _table(["target", "before", "after", "miss before", "miss after"], [list(r) for r in target_rows(result)])
    lines += ["", "Each miss is in percentage points (rates) or rounds / turns (length), 0 when the target is met; "
              "the objective is the sum of the misses times their weights plus the penalty for changes "
              f"({b.parts['penalty']:.2f} before, {a.parts['penalty']:.2f} after).", "", "Targets:", ""]
    lines += [f"- {t}" for t in O.target_text(plan.objective)]
    lines += ["", "## Win rate per Scholar (validation games)", ""]
    rows = []
    for r in scholar_rows(b.counts, a.counts):
        rows.append([r["scholar"], pct(r["fair_share"]),
                     f"{pct(r['before'])} ({ci(r['before_low'], r['before_high'])})",
                     f"{pct(r['after'])} ({ci(r['after_low'], r['after_high'])})",
                     f"{100 * r['change']:+.1f} ({_points_ci(r['change_low'], r['change_high'])})",
                     "yes" if r["fair_within_after"] else "no", f"{r['after_games']:,}"])
    lines += _table(["Scholar", "fair share", "before (95% CI)", "after (95% CI)", "change, points (95% CI)",
                     "fair share within the after CI", "seat-games"], rows)
    lines += ["", "Wilson 95% intervals; the change has Newcombe's 95% interval (each row on its own, not corrected "
              "over the Scholars).", "", "## Search", "",
              f"{len(result.trials)} trials of {plan.trial_games:,} games ({plan.sampler} sampler, seed {plan.seed}, "
              f"{plan.startup_trials} random start-up trials); budget {plan.budget:,} games, "
              f"{result.games_total:,} played in all. Free values:", ""]
    lines += [f"- {t}" for t in parameters_text(plan.parameters)]
    lines += [""]
    lines += _table(["trial", "values", "repetition", "games", "objective", "pooled objective"],
                    [[t.number, _values(t.values), t.repetition, f"{t.games:,}", f"{t.own:.2f}", f"{t.pooled:.2f}"]
                     for t in result.trials])
    lines += ["", "A candidate proposed again is played again on fresh seeds (its repetition number); its pooled "
              "objective counts all its games. The first evaluation of every candidate plays the same seeds.", ""]
    if html_reports or result.layer:
        lines += ["## Files", ""]
        lines += [f"- The {label} report: `{path}`" for label, path in html_reports.items()]
        if result.layer:
            lines += [f"- The layer: `{result.layer}` ({', '.join(sorted(p.name for p in result.layer.iterdir()))})"]
        lines.append("")
    if result.notes:
        lines += ["## Notes", "", *(f"- {n}" for n in result.notes), ""]
    lines += [f"Took {result.wall_s:.1f} s; played {result.games_played:,} games in this call."]
    return "\n".join(lines) + "\n"


def write_outputs(result, data_hash: str, html: bool = True, say: Callable[[str], None] = lambda line: None) -> None:
    """Write the HTML reports of the validation runs (``html``), report.md and tune.json."""
    reports: dict[str, Path] = {}
    if html:
        from experiments.report.build import build_report

        for arm in (result.before, result.after):
            if arm.run_dir not in reports.values():
                say(f"report of the validation run {arm.label}")
                reports[arm.label] = build_report(arm.run_dir)
    result.report.write_text(report_markdown(result, reports), encoding="utf-8")
    write_summary(result)


def summary_lines(result) -> list[str]:
    """What the command prints at the end."""
    plan, b, a = result.plan, result.before, result.after
    lines = [f"Tune {plan.name}: best {', '.join(f'{k} = {format_value(v)}' for k, v in result.best.values.items())}"
             f" (before: {', '.join(f'{k} = {format_value(v)}' for k, v in plan.start().items())}), "
             f"{len(result.trials)} trials",
             f"Objective, validated on fresh seeds ({plan.validation_total:,} games each): {a.objective:.2f} after, "
             f"{b.objective:.2f} before ({search_text(result)})"]
    for name, vb, va, _, _ in target_rows(result):
        lines.append(f"  {name}: {vb} -> {va}")
    for r in scholar_rows(b.counts, a.counts):
        lines.append(f"  {r['scholar']}: {pct(r['before'])} -> {pct(r['after'])} (95% CI "
                     f"{ci(r['after_low'], r['after_high'])}; fair share {pct(r['fair_share'])}"
                     f"{'' if r['fair_within_after'] else ', outside'})")
    lines.append(f"Layer: {result.layer}" if result.layer else "Layer: none (no change)")
    lines.append(f"Report: {result.report}")
    lines.append(f"Games: {result.games_total:,} in all ({result.games_played:,} played now) in {result.wall_s:.1f} s")
    lines += [f"Note: {w}" for w in provisional_lines(result)]
    lines += [f"Note: {n}" for n in result.notes]
    return lines


def summary(result: TuneResult) -> dict[str, Any]:
    """tune.json: the result as JSON-ready values."""
    def arm(a: Arm) -> dict[str, Any]:
        return {"values": a.values, "run_dir": str(a.run_dir), "objective": a.objective, "parts": a.parts,
                "measures": O.measures(a.counts)}

    return {"name": result.plan.name, "file": result.plan.file, "description": result.plan.description,
            "identity": result.plan.identity_hash(), "code_version": code_version(), "finished": timestamp(),
            "targets": O.target_text(result.plan.objective), "budget": result.plan.budget,
            "games_total": result.games_total, "games_played_now": result.games_played,
            "trials": [t.__dict__ for t in result.trials],
            "objective": result.after.objective,  # the result: validated on fresh seeds
            "best": {"values": result.best.values, "trials": list(result.best.trials),
                     "search_objective": result.best.objective, "parts": result.best.parts,
                     "games": result.best.counts["games"],
                     "note": search_text(result).rsplit(" ", 1)[0]},
            "before": arm(result.before), "after": arm(result.after),
            "layer": str(result.layer) if result.layer else None, "notes": result.notes,
            "provisional_values": result.provisional, "provisional_parameters": result.provisional_parameters}


def write_summary(result: TuneResult) -> Path:
    """Write tune.json (:func:`summary`) into the tune's folder, atomically."""
    path = result.out / "tune.json"
    write_json(path, json.loads(json.dumps(summary(result), default=str)))
    return path


def parameters_text(params: tuple[Parameter, ...]) -> list[str]:
    """Each free value in words: its key, its range or choices, its start."""
    out = []
    for p in params:
        room = (f"one of {', '.join(format_value(c) for c in p.choices)}" if p.choices else
                f"{p.low:g} to {p.high:g}" + (f" in steps of {p.step:g}" if p.step else "")
                + (" (whole numbers)" if p.integer else ""))
        origin = "" if p.origin == p.start and type(p.origin) is type(p.start) else \
            f" (set by the tune file; the data's own value, which the penalty measures changes from: " \
            f"{format_value(p.origin)})"
        out.append(f"{p.key}: {room}; before tuning {format_value(p.start)}{origin}")
    return out
