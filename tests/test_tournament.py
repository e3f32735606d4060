"""Tests of seat-rotated tournaments (experiments/matches/tournament.py), the ratings
and the `tournament` and `agents` commands.

Kept fast: `random` and `heuristic` agents, a few dozen games, --jobs 1 except
for one comparison of --jobs 2 with --jobs 1 (every distinct set of agent kinds
and every worker process compiles the batch loop once)."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

import experiments.matches.tournament as tournament
from agents.spec import parse_spec, seat_list
from experiments.cli import app
from experiments.matches.tournament import SUMMARY_COLUMNS, game_seed, play_tournament, round_games, summarize
from experiments.runs.seating import seat_assignment
from sim.dungeonology.config import GameConfig

runner = CliRunner()
CSV_COLUMNS = ["agent", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_score", "mean_rank", "elo", "elo_low",
               "elo_high"]


def run(*args: object):
    return runner.invoke(app, [str(a) for a in args])


# ------------------------------------------------------------ schedule
@pytest.mark.parametrize("players", [2, 3, 4])
def test_seat_assignment_rotates_every_entry_through_every_seat(players):
    a = seat_assignment(5 * players, players)
    assert a.shape == (5 * players, players)
    for g in range(a.shape[0]):  # every game seats every entry of the list once
        assert sorted(a[g]) == list(range(players))
    for p in range(players):  # every entry sits at every seat equally often
        assert Counter(a[:, p]) == {e: 5 for e in range(players)}
    assert list(a[0]) == list(range(players))  # game 0 plays the list as given
    assert np.array_equal(seat_assignment(3, players, start=players + 1), a[players + 1:players + 4])


def test_seat_list_fills_cyclically_and_counts_seat_games():
    specs = [parse_spec("heuristic"), parse_spec("random")]
    assert [s.text for s in seat_list(specs, 4)] == ["heuristic", "random", "heuristic", "random"]
    three = [parse_spec(t) for t in ("heuristic", "random", "random")]
    seats = [s.text for s in seat_list(three, 4)]
    assert seats == ["heuristic", "random", "random", "heuristic"]
    a = seat_assignment(8, 4)
    counts = Counter((seats[e], p) for e, p in zip(a.ravel(), np.tile(np.arange(4), 8), strict=True))
    assert all(counts[("heuristic", p)] == 4 and counts[("random", p)] == 4 for p in range(4))
    assert round_games(10, 4) == 12 and round_games(12, 4) == 12 and round_games(1, 2) == 2
    # the games of one rotation block share the seed (the deal); blocks differ
    assert [game_seed(7, i, 4) for i in range(8)] == [7_000_021] * 4 + [7_000_022] * 4


# ------------------------------------------------------------ tournaments
@pytest.fixture(scope="module")
def four_players(tmp_path_factory):
    """heuristic against three random seats, through the command line, with --out."""
    out = tmp_path_factory.mktemp("t4")
    r = run("tournament", "--agents", "heuristic,random,random,random", "--players", 4, "--games", 38,
            "--jobs", 1, "--seed", 3, "--out", out, "--no-progress")
    return r, out


def test_tournament_prints_a_table_and_writes_csv_and_png(four_players):
    r, out = four_players
    assert r.exit_code == 0, r.output
    assert "rounded up to 40" in r.stdout
    assert "Tournament: 40 games of 4 players" in r.stdout
    assert "Fair share (1/4): 0.250" in r.stdout and "Plackett-Luce on the Elo scale" in r.stdout
    assert "heuristic" in r.stdout and " to " in r.stdout  # piped: the rating interval is printed whole
    df = pd.read_csv(out / "tournament.csv")
    assert set(CSV_COLUMNS) <= set(df.columns) and list(df.columns) == list(SUMMARY_COLUMNS)
    assert (out / "tournament.png").stat().st_size > 1000


def test_the_same_spec_at_several_seats_is_one_row(four_players):
    _, out = four_players
    df = pd.read_csv(out / "tournament.csv").set_index("agent")
    assert sorted(df.index) == ["heuristic", "random"]
    assert df.loc["heuristic", "games"] == 40 and df.loc["random", "games"] == 120
    assert df.loc["heuristic", "seats"] == 1 and df.loc["random", "seats"] == 3
    assert ((df["ci_low"] <= df["win_rate"]) & (df["win_rate"] <= df["ci_high"])).all()
    assert ((df["elo_low"] <= df["elo"]) & (df["elo"] <= df["elo_high"])).all()
    assert df["elo"].sum() == pytest.approx(0.0, abs=1e-6)  # centred over the agents


def test_ratings_put_heuristic_above_random(four_players):
    _, out = four_players
    df = pd.read_csv(out / "tournament.csv")
    assert list(df["agent"]) == ["heuristic", "random"]  # best rating first
    h, rnd = df.iloc[0], df.iloc[1]
    assert h["elo_low"] > rnd["elo_high"]
    assert h["win_rate"] > 0.25 > rnd["win_rate"]
    assert h["mean_rank"] < rnd["mean_rank"]


def test_rows_rotate_agents_and_share_the_deal_within_a_block():
    rows = play_tournament(GameConfig(players=4), ["heuristic", "random", "random", "random"], games=8, seed=3)
    assert len(rows) == 32 and rows["game"].nunique() == 8
    heuristic_seats = rows[rows["agent"] == "heuristic"].sort_values("game")["seat"].tolist()
    assert heuristic_seats == [0, 3, 2, 1, 0, 3, 2, 1]  # game g: seat p plays entry (p + g) mod 4
    block = rows[rows["game"] < 4]
    assert block["seed"].nunique() == 1
    assert block.groupby("seat")["scholar"].nunique().eq(1).all()  # same deal, only the agents rotate
    assert (rows["error"] == 0).all()
    s = summarize(rows)
    assert s["games"].sum() == len(rows)


def test_distinct_specs_of_one_kind_and_two_player_matchups(tmp_path):
    r = run("tournament", "--agents", "heuristic:greedy,heuristic,random", "--agent", "random", "--players", 4,
            "--games", 8, "--out", tmp_path / "a", "--no-progress")
    assert r.exit_code == 0, r.output
    df = pd.read_csv(tmp_path / "a" / "tournament.csv").set_index("agent")
    assert df.loc[["heuristic:greedy", "heuristic", "random"], "games"].tolist() == [8, 8, 16]

    r = run("tournament", "--agents", "heuristic,random", "--players", 2, "--games", 20, "--out", tmp_path / "b",
            "--no-progress")
    assert r.exit_code == 0, r.output
    assert "Fair share (1/2): 0.500" in r.stdout
    df = pd.read_csv(tmp_path / "b" / "tournament.csv").set_index("agent")
    assert df["games"].tolist() == [20, 20]
    assert df.loc["heuristic", "elo"] > df.loc["random", "elo"]


def test_results_do_not_depend_on_jobs(tmp_path):
    args = ["tournament", "--agents", "heuristic,random", "--players", 2, "--games", 40, "--seed", 5, "--no-progress"]
    one = run(*args, "--jobs", 1, "--out", tmp_path / "j1")
    two = run(*args, "--jobs", 2, "--out", tmp_path / "j2")
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    a = (tmp_path / "j1" / "tournament.csv").read_text()
    assert a == (tmp_path / "j2" / "tournament.csv").read_text()


def test_agents_command_lists_the_agents():
    r = run("agents")
    assert r.exit_code == 0, r.output
    assert "heuristic:" in r.stdout and "random:" in r.stdout and "personas:" in r.stdout


# ------------------------------------------------------------- bad input
ERRORS = [
    (["--agents", "nosuch,random"], '--agents "nosuch": unknown agent'),
    (["--agent", "nosuch"], '--agent "nosuch": unknown agent'),
    (["--agent", "heuristic:bogus=1"], "unknown parameter"),
    (["--agent", "heuristic:risk=2"], "risk must be between 0 and 1"),
    (["--agent", "heuristic:risk=high"], "needs a number"),
    (["--agents", "heuristic:risk=0.5,random"], "repeat --agent"),
    (["--agents", "random,,random"], "empty agent name"),
    (["--agents", "random", "--games", 0], "--games 0"),
    (["--agents", "random", "--jobs", 0], "--jobs 0"),
    ([], "no agents"),
    (["--agents", "random,random,random", "--players", 2], "3 agents for 2 seats"),
    (["--agents", "random", "--players", 5], "--players 5"),
]


@pytest.mark.parametrize(("args", "expected"), ERRORS, ids=[" ".join(map(str, a)) or "none" for a, _ in ERRORS])
def test_bad_input_exits_2_with_one_line(args, expected):
    r = run("tournament", "--no-progress", *args)
    assert r.exit_code == 2, r.output
    err = r.stderr.strip()
    assert err.startswith("error: ") and "\n" not in err, err
    assert expected in err
    assert "Traceback" not in r.output


def test_too_many_agent_kinds_exit_2(monkeypatch):
    monkeypatch.setattr(tournament, "MAX_BATCH_KINDS", 2)
    r = run("tournament", "--agents", "heuristic,random,ismcts", "--no-progress")
    assert r.exit_code == 2, r.output
    assert "at most 2 kinds" in r.stderr and "\n" not in r.stderr.strip()
