"""Tests of round-robin leagues (experiments/matches/league.py), the `league` command and data personas.

The design is checked without games; the games are random and heuristic
agents (one cached batch loop), a round or two, --jobs 1 except one
comparison with --jobs 2."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from agents.dungeonology.heuristic import DEFAULTS
from agents.personas import load_personas
from experiments.cli import app
from experiments.matches.league import league_assignment, league_games, league_tables, play_league, round_size
from sim.dungeonology.config import GameConfig
from sim.kit.errors import DataError

runner = CliRunner()
AGENTS = "random,heuristic,heuristic:cautious,heuristic:greedy,heuristic:saboteur"


def run(*args: object):
    return runner.invoke(app, [str(a) for a in args])


@pytest.mark.parametrize(("k", "players"), [(3, 2), (5, 2), (5, 3), (5, 4), (6, 4), (8, 4), (7, 3), (4, 4)])
def test_every_pair_meets_equally_often_and_every_agent_plays_every_seat(k, players):
    a = league_assignment(k, players, rounds=2)
    assert a.shape == (2 * round_size(k, players), players) == (2 * math.comb(k, players) * players, players)
    assert all(len(set(row)) == players for row in a)  # the agents of a table are distinct
    pairs = Counter(p for row in a for p in itertools.combinations(sorted(row), 2))
    assert set(pairs) == set(itertools.combinations(range(k), 2))
    assert set(pairs.values()) == {2 * math.comb(k - 2, players - 2) * players}
    seats = Counter((agent, seat) for row in a for seat, agent in enumerate(row))
    assert set(seats.values()) == {2 * math.comb(k - 1, players - 1)} and len(seats) == k * players
    block = a[:players]  # one table's rotation: every member at every seat once
    assert all(sorted(block[:, p]) == sorted(block[0]) for p in range(players))
    assert len(league_tables(k, players)) == math.comb(k, players)
    assert league_games(1, k, players) == round_size(k, players) == league_games(round_size(k, players), k, players)


@pytest.fixture(scope="module")
def league_rows():
    return play_league(GameConfig(players=4), AGENTS.split(","), games=40, seed=2)


def test_played_league_rows_follow_the_design(league_rows):
    rows = league_rows
    assert rows["game"].nunique() == 40 and (rows["error"] == 0).all()
    assert sorted(rows["round"].unique()) == [0, 1] and rows["table"].max() == 4
    per_game = rows.groupby("game")["agent"].apply(frozenset)
    pairs = Counter(p for agents in per_game for p in itertools.combinations(sorted(agents), 2))
    assert len(pairs) == 10 and set(pairs.values()) == {24}  # 2 rounds x 3 tables x 4 rotations
    first = rows[rows["game"] < 4]  # one table's rotation shares the deal
    assert first["seed"].nunique() == 1 and first.groupby("seat")["scholar"].nunique().eq(1).all()


def test_league_command_prints_whole_tables_and_writes_outputs(tmp_path, league_rows):
    r = run("league", "--agents", AGENTS, "--games", 30, "--seed", 2, "--boot", 50, "--out", tmp_path,
            "--no-progress", "--jobs", 2)
    assert r.exit_code == 0, r.output
    assert "rounded up to 40: whole rounds of 20 games" in r.stdout
    assert "League: 5 agents, 40 games of 4 players (2 round(s))" in r.stdout
    assert "heuristic:saboteur" in r.stdout and "…" not in r.stdout  # piped: nothing cut
    assert "Every pair of agents met in 24 games." in r.stdout and "Skill versus luck" in r.stdout
    table = pd.read_csv(tmp_path / "league.csv")
    assert sorted(table["agent"]) == sorted(AGENTS.split(",")) and (table["games"] == 32).all()
    assert table["elo"].is_monotonic_decreasing and table.iloc[-1]["agent"] == "random"
    written = pd.read_parquet(tmp_path / "league_rows.parquet")  # --jobs 2 plays the same games as --jobs 1
    assert written.drop(columns=["agent"]).equals(league_rows.drop(columns=["agent"]))
    assert (written["agent"] == league_rows["agent"]).all()
    share = pd.read_csv(tmp_path / "league_head_to_head.csv", index_col=0)
    assert list(share.index) == list(table["agent"])
    for name in ("league_ladder.png", "league_head_to_head.png"):
        assert (tmp_path / name).stat().st_size > 1000


@pytest.mark.parametrize(("agents", "expected"), [
    ("random,heuristic,random,heuristic:spy", "more than once"),
    ("random,heuristic,heuristic:spy", "at least as many agents as seats"),
])
def test_bad_league_input_exits_2_with_one_line(agents, expected):
    r = run("league", "--agents", agents, "--no-progress")
    assert r.exit_code == 2, r.output
    err = r.stderr.strip()
    assert err.startswith("error: --agents") and "\n" not in err and expected in err


def test_data_personas_are_checked(tmp_path):
    ranges = {k: (0.0, 1.0) for k in DEFAULTS}
    good = tmp_path / "good.toml"
    good.write_text("[bold]\nrisk = 0.9\n")
    assert load_personas(good, DEFAULTS, ranges) == {"bold": {"risk": 0.9}}
    for text, expected in [("[bold]\nrsk = 0.9\n", "bold.rsk: unknown parameter"),
                           ("[bold]\nrisk = 2\n", "bold.risk = 2: a number from 0 to 1"),
                           ("risk = 0.5\n", "a persona is a table"), ("[bold\n", "not valid TOML")]:
        bad = tmp_path / "bad.toml"
        bad.write_text(text)
        with pytest.raises(DataError, match="bad.toml") as info:
            load_personas(bad, DEFAULTS, ranges)
        assert expected in str(info.value)


def test_tune_heuristic_runs_both_stages_and_writes_a_loadable_persona(tmp_path):
    """A tiny run of the tuner (ISMCTS at 5 iterations): both studies, the validation, the persona file."""
    r = run("tune-heuristic", "--trials", 3, "--games", 8, "--top", 2, "--ismcts-trials", 3, "--ismcts-games", 4,
            "--validate", 8, "--ismcts", "ismcts:iterations=5", "--name", "quick", "--seed", 1, "--out", tmp_path)
    assert r.exit_code == 0, r.output
    assert "self-play trial 3/3" in r.stderr and "ISMCTS trial 3/3" in r.stderr and "validation" in r.stderr
    self_play = pd.read_csv(tmp_path / "self_play.csv")
    against = pd.read_csv(tmp_path / "against_ismcts.csv")
    assert len(self_play) == 3 and len(against) == 3
    assert self_play.iloc[0]["risk"] == DEFAULTS["risk"]  # the defaults are the first trial
    best_two = self_play.sort_values("value", ascending=False).head(2)
    assert np.allclose(against.iloc[:2][["risk", "depth"]], best_two[["risk", "depth"]])  # stage 2 starts there
    personas = load_personas(tmp_path / "persona.toml", DEFAULTS, {k: (0.0, 1.0) for k in DEFAULTS})
    assert list(personas) == ["quick"] and "noise" not in personas["quick"]
    assert (tmp_path / "persona.toml").read_text() == r.stdout
    assert "ISMCTS won" in r.stdout and "/8 = " in r.stdout
