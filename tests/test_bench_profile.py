"""``dungeonology bench --profile`` (experiments.dungeonology.bench.profile): the profiled loop plays the
same games as the batch and its figures add up."""

from __future__ import annotations

import numpy as np

from experiments.dungeonology.bench.profile import PARTS, SETUP, lines, run_profile
from sim.dungeonology import layout as L
from sim.dungeonology.config import GameConfig


def test_profile_plays_the_batch_games_and_counts_every_decision():
    p = run_profile(GameConfig(players=4), "heuristic", games=20)
    assert p.same_games
    assert p.counts[:, PARTS.index("agent")].sum() == p.decisions > 20 * 50
    assert p.counts[SETUP, PARTS.index("apply")] == 20  # one set-up per game
    legal = p.counts[:, PARTS.index("legal")]
    assert legal.sum() >= p.decisions  # every decision's legal actions, forced ones too
    for part in ("legal", "apply", "resolve", "agent"):
        assert p.cycles[:, PARTS.index(part)].sum() > 0, part
    assert p.counts[L.PH_MOVE, PARTS.index("agent")] > 0
    text = "\n".join(lines(p))
    assert "movement" in text and "(set-up)" in text and "same games: yes" in text
    total = [line for line in lines(p) if line.strip().startswith("all ")][0]
    assert "100.0%" in total
    assert np.isclose(p.seconds().sum(), p.cycles.sum() / p.hz)


def test_bench_profile_command_prints_both_agents():
    from typer.testing import CliRunner

    from experiments.cli import app

    r = CliRunner().invoke(app, ["bench", "--profile", "--games", "10", "--players", "3"])
    assert r.exit_code == 0, r.output
    assert "Profile, random at every seat: 10 games" in r.stdout
    assert "Profile, heuristic at every seat: 10 games" in r.stdout
    assert r.stdout.count("same games: yes") == 2
