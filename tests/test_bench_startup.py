"""The start-up breakdown of a sweep worker (experiments/dungeonology/bench/startup.py)."""

from __future__ import annotations

from experiments.dungeonology.bench.startup import lines, startup_steps, to_first_game

STEPS = ["interpreter", "numpy", "numba", "worker modules", "task unpickled", "agent kinds", "first game",
         "second game"]


def test_every_step_of_a_worker_start_is_timed_and_it_imports_no_pandas() -> None:
    steps, heavy = startup_steps(players=2, runs=1)
    assert [s[0] for s in steps] == STEPS
    assert all(wall >= 0.0 and cpu >= 0.0 for _, wall, cpu in steps)
    wall, cpu = to_first_game(steps)
    assert cpu == sum(s[2] for s in steps[:-1])  # the second game is not part of the start
    assert steps[-1][2] < steps[-2][2]  # the first game loads the cached loop, the second only plays
    assert heavy == []  # a worker imports neither pandas nor the data files' models (pydantic)
    text = lines(steps)
    assert text[-1].split()[-2:] == [f"{cpu:.3f}", f"{wall:.3f}"]
