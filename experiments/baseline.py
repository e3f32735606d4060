"""The main job for now: a balance sweep of the basic game with the built-in
data, played by the random agent (the only agent until the agents issue),
ending in a Markdown report with tables and a plot.

Cells: every Alert difficulty x every Player Level allowed for the player
count; in each cell Scholars are dealt and the Clan Card drawn at random
(Setup B and J). Game i of a cell uses seed (master_seed, cell, i) alone.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from experiments.stats import games_for_width, win_rates  # noqa: E402
from sim.config import GameConfig, compile_config  # noqa: E402
from sim.core.batch import NGAME, NROW, play_random_rows  # noqa: E402
from sim.core.rng import seed_words  # noqa: E402
from sim.results import rows_frame  # noqa: E402


@dataclass(frozen=True)
class BaselineResult:
    frame: pd.DataFrame
    out: Path
    report: Path
    seconds: float
    games: int
    provisional: bool


def cell_seed(master: int, cell: int, i: int) -> int:
    """Seed of game i of a sweep cell: depends on nothing else."""
    return (master * 1_000_003 + cell) * 10_000_019 + i


def run_baseline(out: Path, games_per_cell: int = 2000, players: int = 4, seed: int = 1,
                 data: str | None = None, overrides: dict | None = None) -> BaselineResult:
    """Play every cell and write rows.parquet, summary CSVs, plot and report.md."""
    out.mkdir(parents=True, exist_ok=True)
    frames = []
    start = time.perf_counter()
    base = compile_config(GameConfig(players=players, data=data, overrides=overrides or {}))
    data_obj = base.loaded.data
    cell = 0
    for alert in data_obj.alert:
        for level, spec in data_obj.player_levels.items():
            if players < spec.min_players:
                continue
            c = compile_config(GameConfig(players=players, alert=alert, player_level=level, data=data,
                                          overrides=overrides or {}))
            ids = [cell_seed(seed, cell, i) for i in range(games_per_cell)]
            w = np.array([seed_words(x) for x in ids], dtype=np.int64)
            rows = np.zeros((games_per_cell, 4, NROW), np.int64)
            games = np.zeros((games_per_cell, NGAME), np.int64)
            play_random_rows(c.tables, players, c.scholars, c.clan, w[:, 0].copy(), w[:, 1].copy(), rows, games)
            frames.append(rows_frame(rows, games, c.names, players, ids,
                                     {"alert": alert, "player_level": level, "agent": "random"}))
            cell += 1
    seconds = time.perf_counter() - start
    df = pd.concat(frames, ignore_index=True)
    df.to_parquet(out / "rows.parquet", index=False)
    report = write_report(df, out, players, seconds, base.loaded.is_provisional, base.loaded.hash)
    return BaselineResult(df, out, report, seconds, len(df) // players, base.loaded.is_provisional)


def _table(df: pd.DataFrame) -> str:
    return df.round(3).astype(object).to_markdown(index=False)


def write_report(df: pd.DataFrame, out: Path, players: int, seconds: float, provisional: bool,
                 data_hash: str) -> Path:
    fair = 1 / players
    by_scholar = win_rates(df, "scholar", fair)
    by_scholar.to_csv(out / "win_rate_by_scholar.csv", index=False)
    by_clan = win_rates(df, ["scholar", "clan"], fair)
    by_clan.to_csv(out / "win_rate_by_scholar_clan.csv", index=False)
    by_alert = win_rates(df, ["alert", "scholar"], fair)
    by_level = win_rates(df, ["player_level", "scholar"], fair)
    by_seat = win_rates(df, "turn_position", fair)
    games = df.drop_duplicates("game")
    length = games.groupby(["alert", "player_level"], observed=True).agg(
        games=("game", "count"), mean_turns=("turns", "mean"), mean_rounds=("rounds", "mean"),
        thesis_games=("theses", lambda x: float((x > 0).mean())),
    ).reset_index()
    length.to_csv(out / "game_length.csv", index=False)

    fig, ax = plt.subplots(figsize=(6, 3.5))
    x = np.arange(len(by_scholar))
    ax.bar(x, by_scholar["win_rate"], yerr=[by_scholar["win_rate"] - by_scholar["ci_low"],
                                             by_scholar["ci_high"] - by_scholar["win_rate"]], capsize=4)
    ax.axhline(fair, color="k", ls="--", lw=1, label="fair share")
    ax.set_xticks(x, by_scholar["scholar"].astype(str))
    ax.set_ylabel("win rate (95% Wilson)")
    ax.set_title(f"Win rate per Scholar, {players} players, random play")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "win_rate_by_scholar.png", dpi=120)
    plt.close(fig)

    top = by_scholar.sort_values("win_rate", ascending=False).iloc[0]
    lines = [
        "# Dungeonology balance sweep (basic game, random play)",
        "",
        f"{len(games)} games of {players} players, {len(df)} seat rows, in {seconds:.1f} s. "
        f"Data hash `{data_hash[:12]}`.",
        "",
    ]
    if provisional:
        lines += [
            "> **Provisional data.** The built-in data contains printed card values that the rulebooks do not "
            "give (see `dungeonology data`); these numbers are only as good as those values.",
            "",
        ]
    lines += [
        "> **Random agents.** Every seat chooses uniformly among the legal actions. Win rates here measure "
        "the rules and the data under random play, not under good play.",
        "",
        "## Headline",
        "",
        f"- Highest win rate: **{top['scholar']}** {top['win_rate']:.3f} "
        f"(95% CI {top['ci_low']:.3f}-{top['ci_high']:.3f}; fair share {fair:.3f}).",
        f"- Games with at least one successful Thesis: {float((games['theses'] > 0).mean()):.3f}.",
        f"- Games needed for a +/-0.01 interval at the fair share: {games_for_width(fair, 0.02)} per group.",
        "",
        "## Win rate per Scholar",
        "",
        "![win rate per Scholar](win_rate_by_scholar.png)",
        "",
        _table(by_scholar),
        "",
        "## Turn order (seat advantage)",
        "",
        _table(by_seat),
        "",
        "## Per Alert difficulty",
        "",
        _table(by_alert),
        "",
        "## Per Player Level",
        "",
        _table(by_level),
        "",
        "## Scholar x Clan Card",
        "",
        _table(by_clan),
        "",
        "## Game length and Theses",
        "",
        _table(length),
        "",
    ]
    path = out / "report.md"
    path.write_text("\n".join(lines))
    return path
