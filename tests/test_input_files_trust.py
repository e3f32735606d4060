"""No traceback, hang or unbounded read from an input file: TOML and JSON nested too deeply or holding a
number too long (sweep, tune and data files, --set values, records, run manifests), a file name too long,
the same run compared with itself, and data layers holding links, FIFOs, devices, big or hidden files.
Each gives exit 2 and one line naming the file (and the key where there is one)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from analysis_frames import synthetic_frame, write_run

from experiments.runs.folder import MANIFEST
from sim.dungeonology.loader import load_data
from sim.kit.documents import MAX_DEPTH, read_json, read_toml
from sim.kit.errors import ConfigError, DataError
from tests.cli_checks import cli, one_error_line

ROOT = Path(__file__).resolve().parents[1]
QUICK = ROOT / "experiments" / "configs" / "quick.toml"
TUNE = ROOT / "experiments" / "configs" / "tune.toml"
DEEP = "[" * 500 + "]" * 500






def layer(tmp_path: Path, **files: str) -> Path:
    folder = tmp_path / "layer"
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> Path:
    return write_run(synthetic_frame(40), tmp_path_factory.mktemp("runs") / "quick")


# --------------------------------------------------------------- nesting
@pytest.mark.parametrize("value", [DEEP, "{a = " * 500 + "1" + "}" * 500, "[" * 100 + "]" * 100])
def test_a_deep_sweep_file_is_refused_naming_the_file(tmp_path, value):
    path = tmp_path / "deep.toml"
    path.write_text(QUICK.read_text() + f"\n[extra]\nx = {value}\n")
    one_error_line(cli("sweep", path, "--check"), str(path), "nested too deeply")


def test_a_deep_value_names_its_key():
    with pytest.raises(ConfigError) as err:
        read_toml("a = " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5), "f.toml")
    assert err.value.file == "f.toml" and err.value.key.startswith("a.0.0")
    read_toml("a = " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1))  # as deep as allowed: read


def test_a_deep_tune_file_is_refused(tmp_path):
    path = tmp_path / "tune.toml"
    path.write_text(TUNE.read_text() + f"\n[extra]\nx = {DEEP}\n")
    one_error_line(cli("tune", path, "--check"), str(path), "nested too deeply")


def test_a_deep_data_file_and_manifest_are_refused(tmp_path):
    folder = layer(tmp_path, **{"scholars.toml": f"[scholars.Sofia]\nspeed = {DEEP}\n"})
    one_error_line(cli("data", "--data", folder), "scholars.toml", "nested too deeply")
    (folder / "scholars.toml").unlink()
    (folder / "manifest.toml").write_text(f'[layer]\nname = "x"\nreplace = {DEEP}\n')
    one_error_line(cli("data", "--data", folder), "manifest.toml", "nested too deeply")


@pytest.mark.parametrize("command", [["data"], ["sweep", QUICK, "--check"]])
def test_a_deep_set_value_is_refused_naming_the_key(command):
    one_error_line(cli(*command, "--set", f"scholars.Sofia.speed={DEEP}"), "--set scholars.Sofia.speed",
                   "nested too deeply")


def test_a_deep_leduc_value_is_refused():
    one_error_line(cli("play", "--game", "leduc", "--set", f"betting.raise_amounts={DEEP}"),
                   "betting.raise_amounts", "nested too deeply")


def test_a_deep_record_is_refused(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"format": ' + "[" * 100_000 + "]" * 100_000 + "}")
    one_error_line(cli("replay", path), str(path), "nested too deeply")


@pytest.mark.parametrize("command", ["report", "compare"])
def test_a_deep_manifest_is_refused_by_report_and_compare(tmp_path, run, command):
    deep = tmp_path / "deep"
    write_run(synthetic_frame(40), deep)
    manifest = (deep / MANIFEST).read_text()
    (deep / MANIFEST).write_text(manifest[:-1] + ', "deep": ' + "[" * 100_000 + "]" * 100_000 + "}")
    args = [deep] if command == "report" else [run, deep]
    one_error_line(cli(command, *args), str(deep / MANIFEST), "nested too deeply")


# --------------------------------------------------------------- huge integers
def test_a_record_with_a_5000_digit_integer_names_the_key(tmp_path):
    path = tmp_path / "big.json"
    path.write_text('{"format": "x", "seed": ' + "9" * 5000 + "}")
    one_error_line(cli("replay", path), str(path), "seed", "a whole number too long")


def test_huge_integers_are_refused_in_json_and_toml():
    with pytest.raises(ConfigError, match="too long") as err:
        read_json('{"a": [1, -' + "7" * 200 + "]}")
    assert err.value.key == "a.1"
    with pytest.raises(ConfigError, match="too long"):
        read_toml("x = " + "9" * 5000)
    with pytest.raises(DataError, match="too long") as err:
        read_toml("[t]\nx = " + "9" * 200, error=DataError)
    assert err.value.key == "t.x"
    assert read_json('{"a": ' + "9" * 100 + "}") == {"a": int("9" * 100)}


# --------------------------------------------------------------- long names
LONG = "x" * 300


def test_a_long_data_name_in_a_sweep_file_is_refused(tmp_path):
    path = tmp_path / "long.toml"
    path.write_text(QUICK.read_text().replace('name = "quick"', f'name = "quick"\ndata = "{LONG}"'))
    one_error_line(cli("sweep", path, "--check"), "data", "a file name of 300 bytes")


def test_a_long_variant_layer_is_refused(tmp_path):
    path = tmp_path / "long.toml"
    path.write_text(QUICK.read_text() + f'\n[sweep.variants.a]\ndata = "{LONG}"\n')
    one_error_line(cli("sweep", path, "--check"), "sweep.variants.a.data", "a file name of 300 bytes")


@pytest.mark.parametrize("args", [["data", "--data", LONG], ["play", "-q", "--data", LONG],
                                  ["report", LONG], ["compare", LONG, LONG], ["replay", LONG],
                                  ["sweep", LONG, "--check"], ["tune", LONG, "--check"],
                                  ["play", "--game", "leduc", "--data", LONG]])
def test_long_path_arguments_are_one_line_errors(args):
    one_error_line(cli(*args))


def test_a_nul_character_in_a_data_path_is_refused(tmp_path):
    path = tmp_path / "nul.toml"
    path.write_text(QUICK.read_text().replace('name = "quick"', 'name = "quick"\ndata = "a\\u0000b"'))
    one_error_line(cli("sweep", path, "--check"), "data", "NUL character")


# --------------------------------------------------------------- compare RUN RUN
def test_compare_refuses_the_same_run_twice(run):
    one_error_line(cli("compare", run, run), "the same run folder as RUN_A")
    one_error_line(cli("compare", run, f"{run}/"), "the same run folder as RUN_A")


# --------------------------------------------------------------- data layers
def test_a_symlink_in_a_layer_is_refused(tmp_path):
    folder = layer(tmp_path)
    secret = tmp_path / "elsewhere.toml"
    secret.write_text("[scholars.Sofia]\nspeed = 4\n")
    (folder / "scholars.toml").symlink_to(secret)
    one_error_line(cli("data", "--data", folder), "scholars.toml", "a symbolic link")


def test_a_symlink_loop_in_a_layer_is_refused(tmp_path):
    folder = layer(tmp_path)
    (folder / "scholars.toml").symlink_to(folder / "loop")
    (folder / "loop").symlink_to(folder / "scholars.toml")
    one_error_line(cli("data", "--data", folder), "scholars.toml", "a symbolic link")
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    one_error_line(cli("data", "--data", loop), "data folder not found")


def _within(seconds: float, fn):
    """``fn()``'s result, failing the test when it takes longer than ``seconds`` (a hang)."""
    out: list = []
    thread = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert out, f"still running after {seconds} s"
    return out[0]


@pytest.mark.parametrize("target", ["/dev/zero", "/dev/urandom"])
def test_a_link_to_a_device_is_refused_at_once(tmp_path, target):
    folder = layer(tmp_path)
    (folder / "scholars.toml").symlink_to(target)
    err = _within(10, lambda: _load(folder))
    assert isinstance(err, DataError) and "a symbolic link" in str(err)


def _load(folder: Path):
    try:
        return load_data(str(folder))
    except DataError as exc:
        return exc


def test_a_fifo_data_file_or_manifest_is_refused_without_hanging(tmp_path):
    for name in ("scholars.toml", "manifest.toml"):
        folder = layer(tmp_path / name)
        os.mkfifo(folder / name)
        err = _within(10, lambda folder=folder: _load(folder))
        assert isinstance(err, DataError) and "not a regular file (a FIFO" in str(err) and name in str(err)


def test_a_folder_named_like_a_data_file_is_refused(tmp_path):
    folder = layer(tmp_path)
    (folder / "scholars.toml").mkdir()
    one_error_line(cli("data", "--data", folder), "scholars.toml", "not a regular file (a folder")


def test_a_data_file_over_the_bound_is_refused(tmp_path):
    folder = layer(tmp_path, **{"scholars.toml": "#" * (4 * 1024 * 1024 + 1)})
    one_error_line(cli("data", "--data", folder), "scholars.toml", "a file over")


def test_hidden_files_in_a_layer_are_not_read(tmp_path):
    folder = layer(tmp_path, **{".scholars.toml": "[scholars.Sofia]\nspeed = 5\n", ".toml": "x = 1\n"})
    one_error_line(cli("data", "--data", folder), "holds no data", ".scholars.toml", "hidden, not read")
    (folder / "scholars.toml").write_text("[scholars.Sofia]\nspeed = 4\n")
    assert load_data(str(folder)).data.scholars["Sofia"].speed == 4


# --------------------------------------------------------------- replace
@pytest.mark.parametrize("key", ["alert", "scholars.Sofia.speed"])
def test_an_error_caused_by_replace_names_the_layer_manifest(tmp_path, key):
    folder = layer(tmp_path, **{"manifest.toml": f'[layer]\nname = "r"\nreplace = ["{key}"]\n'})
    line = one_error_line(cli("data", "--data", folder), "manifest.toml", "required key is missing")
    assert "sim/dungeonology/data/base" not in line


def test_a_layer_file_is_still_named_for_its_own_values(tmp_path):
    folder = layer(tmp_path, **{"manifest.toml": '[layer]\nname = "r"\nreplace = ["scholars.Sofia.skills"]\n',
                                "scholars.toml": "[scholars.Sofia]\nspeed = -3\n"})
    one_error_line(cli("data", "--data", folder), "layer/scholars.toml", "scholars.Sofia.speed")


# --------------------------------------------------------------- the fuzz family
def test_the_files_fuzz_family_has_no_crash(tmp_path):
    from experiments.dungeonology.fuzz_families.files import TARGETS
    from experiments.dungeonology.mutation_fuzz import fuzz_inputs

    counts = _within(600, lambda: fuzz_inputs(len(TARGETS) * 4, seed=1, work=tmp_path, targets=list(TARGETS)))
    assert not counts.crashes, counts.crashes[:2]
    assert set(counts.tried) == set(TARGETS) and sum(counts.exit2.values()) > 0
