"""Scholar choice as a sweep axis (docs/SWEEPS.md "Axes"): random deal, fixed lists, every combination of
distinct Scholars, and how named Scholars take the seats game by game (``scholar_seating``)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from experiments.runs.config import parse_sweep
from experiments.runs.seating import seatings
from experiments.runs.sweep import load_rows, run_sweep
from sim.kit.errors import ConfigError
from tests.test_sweep import run_cli, write

SCHOLARS = ["Rebecca", "Valerio", "Sofia", "Vincenzo"]  # the base box's, in data order


def plan(**top):
    sweep = top.pop("sweep", {})
    fixed = top.pop("fixed", {})
    return parse_sweep({"games_per_cell": 5, "fixed": {"players": 2, **fixed}, "sweep": sweep, **top}, file="s.toml")


def test_all_combinations_is_one_cell_per_set_and_the_seating_is_part_of_the_run():
    p = plan(sweep={"scholars": "all_combinations"})
    assert [c.scholars for c in p.cells] == list(itertools.combinations(SCHOLARS, 2))
    assert p.games_per_cell == 5 and "scholar_seating" not in p.identity()  # as listed: runs as before
    rotated = plan(sweep={"scholars": "all_combinations"}, scholar_seating="rotate")
    assert rotated.games_per_cell == 6  # whole rotations: a multiple of the player count
    assert rotated.identity()["scholar_seating"] == "rotate" and rotated.identity_hash() != p.identity_hash()
    assert plan(fixed={"scholars": ["Sofia", "random"]}).cells[0].scholars == ("Sofia", "random")


@pytest.mark.parametrize("top,words", [
    ({"scholar_seating": "shuffle"}, ['s.toml: scholar_seating = "shuffle"', "unknown Scholar seating",
                                      "as_listed, rotate, random"]),
    ({"scholar_seating": 3}, ["s.toml: scholar_seating = 3", '"as_listed", "rotate" or "random"']),
    ({"sweep": {"scholars": "all_sets"}}, ['sweep.scholars = "all_sets"', "all_combinations"]),
    ({"fixed": {"scholars": ["Sofia", "Sofia"]}}, ["fixed.scholars", "chosen once"]),
])
def test_bad_scholar_choices_name_file_key_value_and_what_is_allowed(top, words):
    with pytest.raises(ConfigError) as info:
        plan(**top)
    for w in words:
        assert w in str(info.value), (w, str(info.value))


def test_bad_seating_on_the_command_line_exits_2(tmp_path):
    path = write(tmp_path, 'games_per_cell = 2\nscholar_seating = "shuffle"\n')
    result = run_cli("sweep", path, "--check")
    assert result.exit_code == 2 and "unknown Scholar seating" in result.output and "Traceback" not in result.output


def test_seatings_rotate_and_random_depend_on_the_game_alone():
    seeds = np.arange(100, 112)
    rot = seatings("rotate", 3, seeds, first=4)
    assert rot[0].tolist() == [1, 2, 0] and rot[1].tolist() == [2, 0, 1]
    rand = seatings("random", 4, seeds, first=0)
    assert all(sorted(r) == [0, 1, 2, 3] for r in rand.tolist()) and len({tuple(r) for r in rand}) > 1
    # a chunk of the same games, split anywhere: the same seatings
    assert (np.vstack([seatings("random", 4, seeds[:5], 0), seatings("random", 4, seeds[5:], 5)]) == rand).all()
    assert (seatings("as_listed", 2, seeds, 0) == [0, 1]).all()


def test_rotated_and_random_seatings_play_the_set_in_every_seat(tmp_path):
    base = 'games_per_cell = 8\nseed = 5\n[fixed]\nplayers = 2\nagents = ["random"]\n' \
           'scholars = ["Sofia", "Valerio"]\n'
    out = {}
    for how in ("as_listed", "rotate", "random"):
        path = write(tmp_path, f'chunk_size = 3\nscholar_seating = "{how}"\n' + base, f"{how}.toml")
        run_sweep(path, tmp_path / how, jobs=1, progress=False)
        out[how] = load_rows(tmp_path / how).sort_values(["game", "seat"]).reset_index(drop=True)
    for how, df in out.items():  # every game holds exactly the set
        sets = df.groupby("game")["scholar"].apply(lambda s: tuple(sorted(map(str, s))))
        assert set(sets) == {("Sofia", "Valerio")} and len(sets) == 8
        seat0 = df[df["seat"] == 0]["scholar"].astype(str)
        if how == "as_listed":
            assert (seat0 == "Sofia").all()
        elif how == "rotate":
            assert seat0.tolist() == ["Sofia", "Valerio"] * 4
        else:
            assert 0 < (seat0 == "Sofia").sum() < 8
    # the random seating does not depend on the chunks
    again = tmp_path / "random1"
    run_sweep(write(tmp_path, 'scholar_seating = "random"\nchunk_size = 8\n' + base, "r1.toml"), again, jobs=1,
              progress=False)
    other = load_rows(again).sort_values(["game", "seat"]).reset_index(drop=True)
    assert other["scholar"].astype(str).tolist() == out["random"]["scholar"].astype(str).tolist()
