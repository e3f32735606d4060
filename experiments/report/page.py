"""The pieces of the HTML report and its rendering with jinja2 (experiments/report/templates/report.html.j2).

A report is a list of :class:`Section` (id, title, blocks); a block is a small dict that the
template renders by its ``kind``: a heading (``h3``), a paragraph (``p``), a figure (base64 PNG),
a table (column names and rows of texts), a list (``items``) or the statistics notes
(``methods``, templates/methods.html.j2). Python hands the template texts only; the template
escapes every one of them (autoescape), so no HTML is built with f-strings.

:class:`ReportContext` is what a section builder (experiments/report/sections.py, or the game's report
module) gets: the rows, the fair-share tests, the manifest, the tables the game's report prepared
(``extras``: Dungeonology's what-if effects), and ``figure`` / ``table`` helpers that also collect the
PNG and CSV files written beside the page.
"""

from __future__ import annotations

import base64
import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from experiments import analysis as A
from experiments.analysis.claims import ci, pct, points, pvalue

DPI = 110
MAX_ROWS = 200  # rows of a table shown in the page (every row is in its CSV file)
# readable at a glance: larger type than matplotlib's defaults, the same in every plot of the report
PLOT_STYLE = {"font.size": 12, "axes.titlesize": 14, "axes.labelsize": 12, "xtick.labelsize": 11,
              "ytick.labelsize": 11, "legend.fontsize": 11, "legend.framealpha": 0.9}

Block = dict[str, Any]


# ------------------------------------------------------------------ blocks
def note(text: str, cls: str = "note") -> Block:
    """A paragraph (class ``note`` by default; ``note family`` for a table's family line)."""
    return {"kind": "p", "text": text, "cls": cls}


def heading(text: str, code: bool = False, anchor: str | None = None) -> Block:
    """A sub-heading; with ``anchor`` it also gets a line in the table of contents."""
    return {"kind": "h3", "text": text, "code": code, "anchor": anchor}


def items(values: Sequence[str], cls: str = "note") -> Block:
    return {"kind": "items", "entries": list(values), "cls": cls}


def text_of(value: Any) -> str:
    """A manifest value as plain text: lists comma-joined, mappings as ``key = value; ...``, None empty,
    booleans yes/no; never a Python or JSON literal."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:,.3f}".rstrip("0").rstrip(".")
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, dict):
        return "; ".join(f"{k} = {text_of(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(text_of(v) for v in value)
    return str(value)


def flatten(mapping: dict[str, Any], prefix: str = "") -> list[tuple[str, str]]:
    """(dotted key, text) for every leaf of a nested mapping (lists of scalars stay one value)."""
    out: list[tuple[str, str]] = []
    for key, value in mapping.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and value:
            out += flatten(value, name + ".")
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for i, v in enumerate(value):
                out += flatten(v, f"{name}[{i}].")
        else:
            out.append((name, text_of(value)))
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


def _pair_text(col: str, a: float, b: float) -> str:
    if col.startswith("lift"):
        return f"{a:.2f}–{b:.2f}"
    if col.startswith("turns"):
        return f"{a:.1f}–{b:.1f}"
    if col.startswith("delta"):
        return f"{100 * a:+.1f} to {100 * b:+.1f}"
    return ci(a, b)


def present(table: pd.DataFrame) -> pd.DataFrame:
    """A table for reading: rates as percentages, intervals in one column, p-values rounded."""
    out = pd.DataFrame(index=table.index)
    lows = {lo: (hi, label) for (lo, hi), label in _PAIRS.items() if lo in table and hi in table}
    plain = {lo: pair for lo, pair in table.attrs.get("intervals", {}).items() if lo in table and pair[0] in table}
    lows.update(plain)  # a table's own intervals of numbers (experiments.analysis.outcome_means)
    highs = {hi for hi, _ in lows.values()}
    for col in table.columns:
        s = table[col]
        if col in highs:
            continue
        if col in lows:
            hi_col, label = lows[col]
            out[label] = [f"{a:.2f}–{b:.2f}" if col in plain else _pair_text(col, a, b)
                          for a, b in zip(s, table[hi_col], strict=True)]
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
        elif pd.api.types.is_integer_dtype(s):
            out[col.replace("_", " ")] = [f"{x:,}" for x in s]
        else:
            out[col.replace("_", " ")] = s.astype(str)
    return out


def table_block(table: pd.DataFrame, raw: bool = False, max_rows: int = MAX_ROWS) -> Block:
    """A table for the page: :func:`present`-ed unless ``raw``; the first ``max_rows`` rows."""
    shown = table if raw else present(table)
    rows = [["" if v is None or (isinstance(v, float) and not np.isfinite(v)) else str(v) for v in r]
            for r in shown.head(max_rows).itertuples(index=False)]
    return {"kind": "table", "columns": [str(c) for c in shown.columns], "rows": rows,
            "more": max(0, len(shown) - max_rows)}


def pairs_block(pairs: Sequence[tuple[str, Any]], names: tuple[str, str] = ("item", "value")) -> Block:
    """A two-column table of (name, value) pairs, the values as plain text."""
    return table_block(pd.DataFrame([(k, text_of(v)) for k, v in pairs], columns=list(names)), raw=True)


# ------------------------------------------------------------------ figures
def png(draw: Callable[[Figure], None], size: tuple[float, float]) -> bytes:
    """A figure drawn by ``draw`` in the report's style, as PNG bytes."""
    import matplotlib

    with matplotlib.rc_context(PLOT_STYLE):
        fig = Figure(figsize=size, layout="constrained")
        draw(fig)
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=DPI)
    return buf.getvalue()


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_").lower() or "x"


# ------------------------------------------------------------------ sections
@dataclass
class Section:
    """One ``<h2>`` of the report: its anchor, title and blocks (its anchored sub-headings are listed
    in the table of contents)."""

    id: str
    title: str
    blocks: list[Block] = field(default_factory=list)

    @property
    def subsections(self) -> list[Block]:
        return [b for b in self.blocks if b["kind"] == "h3" and b.get("anchor")]


@dataclass
class ReportContext:
    """What every section builder reads (the rows and the shared tests) and where it leaves its files."""

    df: pd.DataFrame
    tests: pd.DataFrame
    manifest: dict[str, Any]
    correction: str = "holm"
    alpha: float = 0.05
    extras: dict[str, Any] = field(default_factory=dict)  # the tables the game's report prepared for its sections
    pngs: dict[str, bytes] = field(default_factory=dict)
    csvs: dict[str, pd.DataFrame] = field(default_factory=dict)

    def figure(self, name: str, alt: str, draw: Callable[[Figure], None], size: tuple[float, float]) -> Block:
        """A figure block; its PNG is also written as ``name``.png."""
        data = png(draw, size)
        self.pngs[f"{name}.png"] = data
        return {"kind": "figure", "data": base64.b64encode(data).decode("ascii"), "alt": alt}

    def table(self, table: pd.DataFrame, csv: str | None = None, raw: bool = False) -> Block:
        """A table block; with ``csv`` the table is also written as that CSV file."""
        if csv is not None:
            self.csvs[csv] = table
        return table_block(table, raw=raw)

    def family(self, grouping: str, cols: Sequence[str]) -> pd.DataFrame:
        """The rows of one grouping of the fair-share tests, with the family-adjusted p-values, by ``cols``."""
        t = A.win_rates(self.df, cols, correction=self.correction, alpha=self.alpha)
        f = self.tests[self.tests["grouping"] == grouping].set_index("group")
        labels = [A.group_label(cols, v) for v in t[cols].itertuples(index=False)]
        for c in ("p_adjusted", "significant", "direction"):
            t[c] = f.loc[labels, c].to_numpy()
        return t


SectionBuilder = Callable[[ReportContext], "Section | None"]


# ------------------------------------------------------------------ page
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
nav.toc { background: #fafafa; border: 1px solid #e3e3e3; padding: 0.2rem 1.2rem 0.6rem; border-radius: 6px; }
nav.toc h2 { border: none; margin-top: 0.6rem; font-size: 1.1rem; }
nav.toc ol { margin: 0.2rem 0; } nav.toc ol ol { font-size: 0.9rem; }
table.data { border-collapse: collapse; font-size: 0.85rem; margin: 0.6rem 0 1rem; }
table.data th, table.data td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #e3e3e3; text-align: right; }
table.data th { background: #f4f4f4; }
img { max-width: 100%; height: auto; display: block; margin: 0.6rem 0; }
.note { color: #555; font-size: 0.9rem; }
"""


def render(templates: str | None = None, **page: Any) -> str:
    """The report page from templates/report.html.j2 (the templates ship as package data); ``templates``: a
    package whose templates/ folder comes first (a game's own, e.g. its statistics notes, methods.html.j2)."""
    from jinja2 import ChoiceLoader, Environment, PackageLoader, StrictUndefined, select_autoescape

    loaders = [PackageLoader(package, "templates") for package in (templates, "experiments.report") if package]
    env = Environment(loader=ChoiceLoader(loaders), undefined=StrictUndefined,
                      autoescape=select_autoescape(["html", "j2"], default_for_string=True, default=True),
                      trim_blocks=False, lstrip_blocks=False, keep_trailing_newline=True)
    return env.get_template("report.html.j2").render(css=CSS, **page)
