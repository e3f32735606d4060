"""What a tune reports as its result (the validated objective; the search's figure labelled as optimistic)
and what its penalty measures changes from (the data's own values), without playing a game."""

from __future__ import annotations

import json
from pathlib import Path

from test_tune import HAND, planted

from experiments.dungeonology.tune import objective as O
from experiments.dungeonology.tune.config import parse_tune
from experiments.dungeonology.tune.report import parameters_text, report_markdown, summary, summary_lines
from experiments.dungeonology.tune.result import Arm, Candidate, TrialRecord, TuneResult


def test_the_penalty_measures_changes_from_the_datas_own_values() -> None:
    # the tune file plants Sofia's Hand Value at 8 (the box's is 4): moving back to 4 is no change, and
    # staying at the plant is one. Before, the plant was free and the fair value paid 0.5 + 4/9
    plan = parse_tune(planted(), file="planted.toml")
    (p,) = plan.parameters
    assert (p.start, p.origin) == (8, 4)
    assert O.penalty(plan.parameters, {HAND: 4}, plan.penalty) == 0
    assert O.penalty(plan.parameters, {HAND: 8}, plan.penalty) == 0.5 + 4 / 9
    assert p.moved(4) and not p.moved(8)  # the layer writes the tuned value whenever it is not the start
    assert "the data's own value, which the penalty measures changes from: 4" in parameters_text(plan.parameters)[0]
    same = parse_tune(planted(game={"games_per_cell": 300, "fixed": {"players": 2, "agents": ["heuristic"]}}),
                      file="t.toml")
    assert same.parameters[0].origin == same.parameters[0].start == 4


def _counts(sofia_wins: int, games: int) -> dict:
    return {"games": games, "scholars": {"Sofia": [sofia_wins, games, games / 2]}, "first": [games // 2, games,
            games / 2], "rounds": 9 * games, "turns": 36 * games, "thesis_games": games // 2}


def test_the_result_is_the_validated_objective_and_the_search_figure_is_labelled(tmp_path: Path) -> None:
    plan = parse_tune(planted(), file="planted.toml")
    trials = [TrialRecord(i, {HAND: v}, 0, 4, 300, o, o, {}, "") for i, (v, o) in enumerate([(8, 31.5), (4, 7.7)])]
    best = Candidate({HAND: 4}, (1,), _counts(150, 300), 7.70, {})
    before = Arm("before", {HAND: 8}, tmp_path / "b", _counts(830, 1000), 31.0, {"penalty": 0.94})
    after = Arm("after", {HAND: 4}, tmp_path / "a", _counts(399, 1000), 10.10, {"penalty": 0.0})
    result = TuneResult(tmp_path, plan, trials, best, before, after, None, tmp_path / "report.md", 0, 2600, 1.0)
    lines = summary_lines(result)
    assert lines[1].startswith("Objective, validated on fresh seeds (1,000 games each): 10.10 after, 31.00 before")
    assert "(search objective (optimistic, picked from 2 trials) 7.70)" in lines[1]
    md = report_markdown(result, {})
    assert "validated on fresh seeds (1,000 games each, the same seeds for both): **10.10** after" in md
    assert "- search objective (optimistic, picked from 2 trials) 7.70 over 300 games" in md
    s = json.loads(json.dumps(summary(result), default=str))
    assert s["objective"] == 10.10 and s["best"]["search_objective"] == 7.70 and "objective" not in s["best"]


def test_an_expansion_scholars_value_can_be_tuned(tmp_path: Path) -> None:
    from experiments.dungeonology.tune.layer import write_layer
    from sim.dungeonology.loader import load_data
    from sim.dungeonology.modules import boxes_in_use

    boxes = boxes_in_use(["rocca_civetta"])
    hand = load_data(boxes=boxes).data.scholars["Enrico"].hand
    raw = {"name": "rce", "seed": 4, "budget": 120, "startup_trials": 2,
           "game": {"games_per_cell": 20, "fixed": {"players": 2, "agents": ["random"], "modules": ["rocca_civetta"],
                                                    "overrides": {"scholars.Enrico.hand": hand + 1}}},
           "parameters": {"scholars.Enrico.hand": {"low": 2, "high": 6}},
           "objective": {"fair_share": {"scholars": ["Enrico"], "tolerance": 5}}, "validation": {"games_per_cell": 20}}
    plan = parse_tune(raw, file="rce.toml")  # before: "no key 'Enrico' under scholars"
    (p,) = plan.parameters
    assert (p.start, p.origin, plan.boxes) == (hand + 1, hand, boxes) and "Enrico" in plan.scholars
    folder = write_layer(tmp_path / "layer", {"scholars.Enrico.hand": 2}, boxes=boxes)
    assert load_data(str(folder), boxes=boxes).data.scholars["Enrico"].hand == 2
