"""Tests of the HTML report (experiments.report.build), the `dungeonology report` command and the
notebook notebooks/balance_analysis.ipynb. Run folders come from tests/analysis_frames.py."""

from __future__ import annotations

import base64
import html
import json
import re
from pathlib import Path

import pandas as pd
import pytest
from analysis_frames import real_frame, synthetic_frame, write_run
from typer.testing import CliRunner

from experiments import analysis as A
from experiments.cli import app
from experiments.dungeonology.report import plots as P
from experiments.report import plots as generic_plots
from experiments.report.build import build_report, finding, headlines
from experiments.runs.folder import MANIFEST, REPORT_DIR, SweepError

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "balance_analysis.ipynb"
runner = CliRunner()
FINDING = re.compile(r"(\w+) wins (\d+\.\d)% of ([\d,]+) seat-games \(95% CI (\d+\.\d)–(\d+\.\d)%\) against a "
                     r"fair share of 25%: significantly (above|below) \(Holm-adjusted p (< 0\.001|= 0\.\d+); Holm over "
                     r"the (\d+) fair-share tests of the Scholar, turn-order and Scholar × Clan tables\)\.")


@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    return write_run(real_frame(), tmp_path / "quick")


def _text(page: str) -> str:
    return re.sub(r"data:image/png;base64,[A-Za-z0-9+/=]+", "IMG", page)


# ------------------------------------------------------------------ report
def test_report_builds_with_headline_notice_and_embedded_images(run_dir: Path):
    path = build_report(run_dir)
    assert path == run_dir / REPORT_DIR / "report.html"
    page = path.read_text(encoding="utf-8")
    text = _text(page)
    # headline findings first: before any plot or table
    assert text.index('id="headline"') < text.index("<img") < text.index('id="experiment"')
    # a table of contents, before the headline, linking every section
    toc = text[text.index('<nav class="toc">'):text.index("</nav>")]
    assert text.index("</nav>") < text.index('id="headline"')
    for anchor in ("headline", "scholars", "lifts", "lift_alert", "lift_player_level", "overrides", "experiment"):
        assert f'href="#{anchor}"' in toc and f'id="{anchor}"' in text, anchor
    # what-if results come first, before the Scholar tables
    assert text.index('<h2 id="overrides">') < text.index('<h2 id="scholars">')
    # no raw Python dicts or JSON in the page: the code version and the timings are plain text
    assert "{'" not in text and '{"' not in text and "code 0.1.0+test" in text
    assert FINDING.search(html.unescape(text)), text[:3000]
    assert "The first player (4 players) wins" in text
    # the provisional notice, prominent, above the headline
    assert "Provisional card data was used" in text
    assert text.index("id='provisional'") < text.index("Headline findings")
    assert "campus.bonfire_spaces" in text
    assert "2 games stopped with an engine or agent error" in text
    # self-contained: every image is embedded, nothing is loaded from elsewhere
    images = re.findall(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert len(images) >= 8
    assert all(base64.b64decode(b)[:8] == b"\x89PNG\r\n\x1a\n" for b in images)
    assert not re.search(r'(src|href)="(?!data:|#)', page) and "<script" not in page
    # the PNGs and tables beside it
    pngs = sorted(p.name for p in path.parent.glob("*.png"))
    assert {"win_rate_by_scholar.png", "seat_advantage.png", "scholar_clan.png", "scholar_vs_scholar.png",
            "alert_level.png", "scores.png", "game_length.png", "override_scholars_sofia_speed.png"} <= set(pngs)
    assert len(pngs) == len(images)
    assert (path.parent / "fair_share_tests.csv").is_file()
    # the experiment: description (escaped), config, hash, code version, counts, timings, cells
    assert "A quick sweep for the tests: &lt;Alert&gt; difficulty &amp; Player Level." in text
    for item in ("games_per_cell", "0123456789abcdef", "0.1.0+test", "play_s", "Cells (3)", "Holm"):
        assert item in text, item
    assert "What if: data overrides" in text and "scholars.Sofia.speed" in text
    plain = html.unescape(text)
    assert "What if scholars.Sofia.speed = 4: Sofia's win rate moves" in plain
    assert "Reference: the cells without the override (the run's data value). Stars and 'significant': " \
           "Bonferroni over the 4 deltas of this what-if (1 value × 4 Scholars)" in plain
    assert "Pools over: scholars.Sofia.speed ((default), 4)." in plain  # the Scholar table pools the what-if
    # the adjusted statistics, after the Scholar table: raw and adjusted side by side, the family named
    assert text.index('<h2 id="scholars">') < text.index('<h2 id="adjusted">') < text.index('<h2 id="seats">')
    assert "Bonferroni over the " in plain and "effects of the adjusted family (4 Scholars" in plain
    adjusted = pd.read_csv(path.parent / "adjusted_effects.csv")
    assert set(adjusted["kind"]) >= {"Scholar"} and adjusted["adjusted_rate"].between(0, 1).all()


def _stars(ax) -> int:
    return sum(t.get_text() == "*" or t.get_text().endswith("*") or "*\n" in t.get_text() for t in ax.texts)


def test_report_plot_stars_are_its_table_flags(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # Sofia is flagged by Holm over the 4 bars alone, not over the report's 20 fair-share tests
    df = synthetic_frame(1500, strength={"Sofia": 1.16}, seed=4)
    assert A.win_rates(df, "scholar")["significant"].sum() != A.flags(df).query("grouping == 'scholar'")[
        "significant"].sum()
    seen: dict[str, list[tuple[int, object]]] = {}
    def spy(name: str):
        draw = getattr(P, name)

        def drawn(ax, *args, **kw):
            out = draw(ax, *args, **kw)
            seen.setdefault(name, []).append((_stars(ax), kw.get("table")))
            return out
        return drawn

    for name in ("win_rate_bars", "seat_advantage_bars", "scholar_clan_heatmap", "scholar_vs_scholar_heatmap"):
        monkeypatch.setattr(P, name, spy(name))
        if hasattr(generic_plots, name):  # the skeleton's sections (turn order) draw with the generic plots
            monkeypatch.setattr(generic_plots, name, getattr(P, name))
    path = build_report(write_run(df, tmp_path / "run"), tmp_path / "out")
    for name, csv in (("win_rate_bars", "win_rate_by_scholar.csv"), ("seat_advantage_bars", "seat_advantage.csv"),
                      ("scholar_clan_heatmap", "scholar_clan.csv"), ("scholar_vs_scholar_heatmap",
                                                                     "scholar_vs_scholar.csv")):
        stars, table = seen[name][0]
        flags = pd.read_csv(path.parent / csv)["significant"]
        assert table is not None and stars == int(flags.sum()) == int(table["significant"].sum()), name
    text = html.unescape(_text(path.read_text(encoding="utf-8")))
    assert ("Stars and 'significant': Holm over the 20 fair-share tests of the Scholar, turn-order and Scholar × "
            "Clan tables; n = 6,000 seat-games. No pooling over what-if values") in text
    assert text.count("Stars and 'significant': Holm over the 20 fair-share tests") == 3  # Scholar, seats, clans
    assert "The fair-share family: Holm over the 20 fair-share tests" in text
    assert "Stars and 'significant': Holm over the 6 Scholar pairs; n = " in text


def test_report_without_provisional_data_has_no_notice(tmp_path: Path):
    df = synthetic_frame(300, strength={"Sofia": 2.0}, seed=3)
    manifest = json.loads(json.dumps({"name": "fair", "provisional": False, "provisional_values": []}))
    run = write_run(df, tmp_path / "fair", manifest)
    path = build_report(run, tmp_path / "out" / "fair.html")
    assert path == tmp_path / "out" / "fair.html"
    text = _text(path.read_text(encoding="utf-8"))
    assert "Provisional card data" not in text
    assert "(no description)" in text and "(not recorded)" in text  # a sparse manifest is fine
    assert (tmp_path / "out" / "win_rate_by_scholar.png").is_file()
    assert "What if: data overrides" not in text  # no overrides in this run
    match = FINDING.search(html.unescape(text))
    assert match and match.group(1) == "Sofia" and match.group(6) == "above"


def test_headlines_on_synthetic_data():
    df = synthetic_frame(2000, strength={"Sofia": 1.6}, seed=8)
    lines = headlines(df)
    sofia = next(line for line in lines if line.startswith("Sofia wins"))
    m = FINDING.fullmatch(sofia)
    assert m and m.group(6) == "above" and m.group(7) == "< 0.001" and m.group(8) == "20"
    assert m.group(3) == "2,000"  # 2,000 games, all four Scholars in each
    low, rate, high = (float(m.group(i)) for i in (4, 2, 5))
    assert low < rate < high and low > 25
    assert any(line.startswith("Games last") for line in lines)
    assert any("nobody does" in line for line in lines)
    assert any(line.startswith("Precision:") for line in lines)
    fair = headlines(synthetic_frame(600, seed=12))
    assert any(line.startswith("No Scholar's win rate differs significantly") for line in fair)
    row = A.win_rates(df, "scholar").set_index("scholar").loc["Sofia"]
    assert finding("Sofia", row).startswith(f"Sofia wins {100 * row.win_rate:.1f}%")


# --------------------------------------------------------------------- cli
def _report(*args: str):
    return runner.invoke(app, ["report", *[str(a) for a in args]])


def test_cli_report_writes_the_html(run_dir: Path, tmp_path: Path):
    r = _report(run_dir, "--out", tmp_path / "html")
    assert r.exit_code == 0, r.output
    assert f"Report: {tmp_path / 'html' / 'report.html'}" in r.stdout
    assert "provisional card data was used" in r.stdout
    assert (tmp_path / "html" / "report.html").is_file()


def _one_error(r, *needles: str) -> None:
    assert r.exit_code == 2, r.output
    err = r.stderr.strip()
    assert err.startswith("error: ") and "\n" not in err and "Traceback" not in r.output, err
    for needle in needles:
        assert needle in err, err


def test_cli_report_bad_inputs(tmp_path: Path):
    _one_error(_report(tmp_path / "missing"), "missing", "no such run folder")
    (tmp_path / "empty").mkdir()
    _one_error(_report(tmp_path / "empty"), "no result parts (part-*.parquet)")
    (tmp_path / "file.txt").write_text("x")
    _one_error(_report(tmp_path / "file.txt"), "not a folder")
    run = write_run(synthetic_frame(20), tmp_path / "corrupt")
    (run / MANIFEST).write_text('{"name": "corrupt", ')
    _one_error(_report(run), "manifest.json", "corrupt manifest")
    (run / MANIFEST).write_text("[1, 2]")
    _one_error(_report(run), "corrupt manifest (a JSON object is expected)")
    (run / MANIFEST).unlink()
    _one_error(_report(run), "no manifest")
    broken = synthetic_frame(20)
    broken["error"] = 7
    _one_error(_report(write_run(broken, tmp_path / "errors")), "no games to analyse")
    run = write_run(synthetic_frame(20), tmp_path / "badpart")
    manifest = json.loads((run / MANIFEST).read_text())
    part = manifest["parts"][1]["file"]
    (run / part).write_text("not parquet")
    _one_error(_report(run), part, "its checksum differs from the manifest")
    # a manifest without per-part checksums is refused, naming it, unless --unverified
    del manifest["parts"]
    (run / MANIFEST).write_text(json.dumps(manifest))
    _one_error(_report(run), str(run / MANIFEST), "lists no parts", "--unverified")
    _one_error(_report(run, "--unverified"), part, "cannot read the Parquet part")


def test_report_of_a_manifest_without_parts_only_unverified(tmp_path: Path):
    run = write_run(synthetic_frame(40), tmp_path / "old")
    manifest = json.loads((run / MANIFEST).read_text())
    del manifest["parts"]
    (run / MANIFEST).write_text(json.dumps(manifest))
    with pytest.raises(SweepError, match="lists no parts"):
        build_report(run, tmp_path / "out")
    text = build_report(run, tmp_path / "out", unverified=True).read_text()
    assert "The manifest lists no parts" in text and "its parts are not verified" in text


def test_cli_report_unwritable_output(run_dir: Path, tmp_path: Path):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the output folder should go")
    _one_error(_report(run_dir, "--out", blocker / "report"), "cannot write the report")


# ---------------------------------------------------------------- notebook
def test_notebook_runs_with_papermill_on_a_run_folder(run_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    import nbformat
    import papermill

    # the kernel imports this checkout's code (not an installed copy): PYTHONPATH reaches the kernel process
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    monkeypatch.delenv("DUNGEONOLOGY_RUN", raising=False)
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert not any(cell.get("outputs") for cell in nb.cells if cell.cell_type == "code"), "commit it without outputs"
    assert any("parameters" in cell.metadata.get("tags", []) for cell in nb.cells), "a papermill parameters cell"
    out = tmp_path / "executed.ipynb"
    papermill.execute_notebook(str(NOTEBOOK), str(out), parameters={"run_dir": str(run_dir)}, kernel_name="python3",
                               cwd=str(NOTEBOOK.parent), progress_bar=False, execution_timeout=300)
    done = nbformat.read(out, as_version=4)
    outputs = [o for cell in done.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "\n".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert f"{run_dir}: 358 games" in text and "2 games left out for an error" in text
    assert str(ROOT / "experiments") in text  # the kernel ran this checkout's code
    n = A.provisional_count(A.read_manifest(run_dir))
    assert n > 0 and f"WARNING: provisional card data was used ({n:,} printed card value" in text
    assert "Sofia wins" in text or "Vincenzo wins" in text or "No Scholar's win rate" in text
    assert sum("image/png" in o.get("data", {}) for o in outputs) >= 6
    tables = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    assert any("95% CI" in t and "%" in t for t in tables)  # formatted tables: rates in %, one interval column
