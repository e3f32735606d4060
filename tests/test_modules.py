"""The module registry (sim/dungeonology/modules.py): what it holds, what it refuses, and how
config, command line, sweeps and fuzz read it."""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from experiments.checks.fuzz import rule_combinations
from experiments.cli import app
from experiments.dungeonology.cli import GAME_OPTIONS, build_config
from sim import ConfigError, GameConfig
from sim.dungeonology import layout as L
from sim.dungeonology import modules as M
from sim.dungeonology.config import compile_config
from tests.golden_games import COMBOS

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()
RULEBOOK_FILES = {"base": "dungeonology-the-expedition.txt", "rocca_civetta": "dungeonology-rocca-civetta.txt"}


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args], env={"COLUMNS": "250"})


def _rules_folder() -> Path | None:
    for parent in ROOT.parents:
        if (parent / "shared" / "rules").is_dir():
            return parent / "shared" / "rules"
    return None


# -------------------------------------------------------------- registry
def test_the_base_box_modules_are_the_four_advanced_rules_and_their_bits():
    assert M.base_rules() == ("boss", "dangerous_zones", "maximum_alert", "main_effects")
    assert M.names(box="base", implemented=True) == M.base_rules()
    bits = {"boss": L.RULE_BOSS, "dangerous_zones": L.RULE_DANGEROUS_ZONES, "maximum_alert": L.RULE_MAXIMUM_ALERT,
            "main_effects": L.RULE_MAIN_EFFECTS}
    assert {n: M.MODULES[n].bit for n in bits} == bits
    assert M.MODULES["boss"].settings == ("boss",) and M.MODULES["maximum_alert"].settings == ("panic",)
    assert M.owner("boss") == "boss" and M.owner("panic") == "maximum_alert" and M.owner("clan") is None


def test_rocca_civetta_is_registered_and_its_box_content_implemented():
    expected = {"rocca_civetta", "alchemy", "specialists", "spriggan", "floor_iv", "familiars", "research",
                "congregations", "omega_against_all", "solo", "winter_is_coming", "the_brood", "egg_hunting",
                "cursed_temple", "goddess_of_the_sea"}
    assert set(M.names(box="rocca_civetta")) == expected
    done = {"rocca_civetta", "alchemy", "specialists", "spriggan", "research", "congregations"}  # issue 16
    assert set(M.names(box="rocca_civetta", implemented=True)) <= done
    assert M.MODULES["research"].bit == L.RULE_RESEARCH
    assert M.MODULES["specialists"].requires == ("main_effects", "rocca_civetta")
    assert M.MODULES["spriggan"].requires == ("main_effects", "rocca_civetta")
    assert M.MODULES["floor_iv"].requires == ("dangerous_zones", "rocca_civetta")
    # the box's content joins every game that uses any part of the expansion
    assert all("rocca_civetta" in M.MODULES[n].requires or "floor_iv" in M.MODULES[n].requires
               for n in expected - {"rocca_civetta"})
    assert M.MODULES["familiars"].requires == ("floor_iv",)
    big = ("winter_is_coming", "the_brood", "egg_hunting", "cursed_temple", "goddess_of_the_sea")
    for a in big:
        assert M.MODULES[a].kind == "mode" and M.MODULES[a].requires == ("boss", "rocca_civetta")
        assert all(M.excluded(a, b) for b in big if b != a)
    assert M.excluded("egg_hunting", "floor_iv") and M.excluded("solo", "omega_against_all")
    assert not M.excluded("omega_against_all", "the_brood")  # the Campaign plays them together


def test_every_module_cites_a_section_of_its_rulebook():
    folder = _rules_folder()
    if folder is None:
        pytest.skip("the rulebooks (shared/rules) are not next to this checkout")
    headings = {box: {line.strip() for line in (folder / name).read_text(encoding="utf-8").splitlines()}
                for box, name in RULEBOOK_FILES.items()}
    for m in M.MODULES.values():
        assert m.section in headings[m.box], (m.name, m.section)
        assert m.description and "\n" not in m.cited and m.section in m.cited


def _base_box(combos):
    return [c for c in combos if all(M.MODULES[m].box == "base" for m in c)]


def test_combinations_are_the_16_recorded_rule_sets_in_order():
    assert _base_box(M.combinations()) == [tuple(c) for c in COMBOS] == _base_box(rule_combinations())
    assert len(_base_box(M.combinations())) == 16 and M.combinations()[0] == ()
    assert ("rocca_civetta",) in M.combinations()  # an implemented module of the expansion is fuzzed too


def test_boxes_in_use():
    assert M.boxes_in_use([]) == ("base",)
    assert M.boxes_in_use(["boss", "main_effects"]) == ("base",)
    assert M.boxes_in_use(["rocca_civetta"]) == ("base", "rocca_civetta")
    assert M.boxes_in_use(["main_effects", "specialists"]) == ("base", "rocca_civetta", "rocca_civetta/specialists")


def test_a_module_data_layer_follows_its_box_and_only_when_used(monkeypatch):
    toy = M.Module("toy", "rocca_civetta", "content", "Toy", "a toy", data="rocca_civetta/toy")
    monkeypatch.setitem(M.MODULES, "toy", toy)  # past register's check: the folder does not exist
    assert M.boxes_in_use(["rocca_civetta", "toy"]) == ("base", "rocca_civetta", "rocca_civetta/toy")
    assert M.boxes_in_use(["rocca_civetta"]) == ("base", "rocca_civetta")


def test_a_module_data_layer_must_be_a_folder_of_its_box():
    for data in ("rocca_civetta/no_such_folder", "base"):
        with pytest.raises(ConfigError, match="a module's data is a folder of sim/dungeonology/data/rocca_civetta/"):
            M.register(M.Module("toy2", "rocca_civetta", "content", "Toy", "a toy", data=data))
    assert "toy2" not in M.MODULES


@pytest.mark.parametrize(("modules", "message"), [
    (["specialists"], "specialists requires main_effects"),
    (["spriggan", "boss"], "spriggan requires main_effects"),
    (["main_effects", "spriggan"], "spriggan requires rocca_civetta"),
    (["floor_iv"], "floor_iv requires dangerous_zones"),
    (["familiars", "dangerous_zones"], "familiars requires floor_iv"),
    (["winter_is_coming"], "winter_is_coming requires boss"),
    (["boss", "rocca_civetta", "winter_is_coming", "the_brood"], "the_brood excludes winter_is_coming"),
    (["boss", "dangerous_zones", "rocca_civetta", "floor_iv", "egg_hunting"], "egg_hunting excludes floor_iv"),
    (["rocca_civetta", "solo", "omega_against_all"], "solo excludes omega_against_all"),
    (["dangerous_zones", "rocca_civetta", "floor_iv"], "is not implemented yet"),
    (["boss", "rocca_civetta", "winter_is_coming"], "is not implemented yet"),
    (["boss", "campus"], "unknown module"),
    (["boss", "boss"], "each module can be named once"),
    ("boss", "a list of module names"),
])
def test_impossible_combinations_are_refused(modules, message):
    with pytest.raises(ConfigError, match=re.escape(message)):
        M.validate(modules)
    with pytest.raises(ConfigError, match=re.escape(message)):
        compile_config(GameConfig(modules=modules))


def test_a_setting_needs_the_module_that_brings_it():
    with pytest.raises(ConfigError, match="boss is only used with the 'boss' module"):
        compile_config(GameConfig(boss="laetus"))
    with pytest.raises(ConfigError, match="panic is only used with the 'maximum_alert' module"):
        compile_config(GameConfig(modules=("boss",), panic="Darkness"))
    compile_config(GameConfig(modules=("boss", "maximum_alert"), boss="laetus", panic="Darkness"))


# ------------------------------------------------------- config, alias
@pytest.mark.parametrize("combo", M.combinations(), ids=lambda c: "+".join(c) or "basic")
def test_modules_and_rules_give_the_same_config_and_tables(combo):
    a, b = GameConfig(players=3, modules=combo), GameConfig(players=3, rules=list(combo))
    assert a == b and a.rules == a.modules == tuple(combo)
    ta, tb = compile_config(a), compile_config(b)
    assert np.array_equal(ta.tables, tb.tables)
    assert int(ta.tables[L.T_RULES]) == M.mask(combo)


def test_rules_alias_conflicts_and_old_records():
    with pytest.raises(ConfigError, match="differ"):
        GameConfig(modules=("boss",), rules=("main_effects",))
    assert GameConfig(modules=("boss",), rules=["boss"]).modules == ("boss",)
    new = GameConfig(modules=("boss", "main_effects"), boss="laetus:drunk")
    assert new.to_dict()["modules"] == ["boss", "main_effects"] and "rules" not in new.to_dict()
    old = dict(new.to_dict())
    old["rules"] = old.pop("modules")  # a record written before modules existed
    assert GameConfig.from_dict(old) == new == GameConfig.from_dict(new.to_dict())


# ------------------------------------------------------------ command line
def test_modules_command_lists_the_registry():
    r = run("modules")
    assert r.exit_code == 0, r.output
    for name, m in M.MODULES.items():
        row = next(line for line in r.stdout.splitlines() if line.startswith(name + " "))
        assert m.box in row and m.kind in row and ("yes" if m.implemented else "not yet") in row, row
    assert re.search(r"^specialists\s.*main_effects", r.stdout, re.M)
    assert re.search(r"^egg_hunting\s.*floor_iv", r.stdout, re.M)
    assert re.search(r"^boss\s.*\bboss\b.*\byes\b", r.stdout, re.M)
    assert 'rulebook: Rocca Civetta, "Floor IV Zones"' in r.stdout
    assert f"19 modules, {len(M.names(implemented=True))} implemented" in r.stdout


@pytest.mark.parametrize(("args", "expected"), [
    (["play", "--modules", "specialists"], 'error: --modules ["specialists"]: specialists requires main_effects'),
    (["play", "--modules", "dangerous_zones,floor_iv"], "floor_iv requires rocca_civetta"),
    (["play", "--modules", "dangerous_zones,rocca_civetta,floor_iv"], "is not implemented yet"),
    (["play", "--rules", "rocca_civetta,solo,omega_against_all"],
     "--rules [\"rocca_civetta\", \"solo\", \"omega_against_all\"]: solo excludes"),
    (["fuzz", "--modules", "boss,rocca_civetta,cursed_temple"], "is not implemented yet"),
    (["bench", "--modules", "familiars"], "familiars requires floor_iv"),
    (["tournament", "--agents", "random", "--modules", "rocca_civetta,solo"], "solo is not implemented yet"),
    (["play", "--modules", "boss", "--rules", "main_effects"], "differs from --rules"),
])
def test_refusals_exit_2_with_one_line(args, expected):
    r = run(*args)
    assert r.exit_code == 2, r.output
    err = r.stderr.strip()
    assert err.startswith("error: ") and "\n" not in err and expected in err, err


def test_modules_and_rules_options_are_the_same(tmp_path: Path):
    assert build_config(4, modules="boss,main_effects") == build_config(4, rules="boss,main_effects")
    assert build_config(4, modules="all") == build_config(4, rules="all") == GameConfig(modules=M.base_rules())
    assert build_config(4, modules="boss", rules="boss").modules == ("boss",)
    records = []
    for option in ("--modules", "--rules"):
        path = tmp_path / f"{option[2:]}.json"
        r = run("play", "--quiet", "--seed", 3, "--save", path, option, "boss,maximum_alert", "--boss", "laetus")
        assert r.exit_code == 0, r.output
        records.append(json.loads(path.read_text()))
    assert records[0] == records[1] and records[0]["config"]["modules"] == ["boss", "maximum_alert"]


def test_each_game_option_is_declared_once():
    """Item 7: the game options stand in GAME_OPTIONS alone; every command that plays shows them."""
    source = "\n".join(p.read_text(encoding="utf-8") for folder in ("cli", "dungeonology/cli")
                       for p in (ROOT / "experiments" / folder).glob("*.py"))
    for option in ("--alert", "--level", "--scholar", "--data", "--set", "--modules", "--rules", "--boss",
                   "--panic"):
        assert len(re.findall(rf'Option\(\s*"{option}"', source)) == 1, option
    assert set(GAME_OPTIONS) == {"alert", "level", "scholar", "data", "set_", "modules", "rules", "boss", "panic"}
    for command in app.registered_commands:  # no command lists a game option in its own signature
        own = inspect.signature(inspect.unwrap(command.callback)).parameters
        assert not set(own) & {*GAME_OPTIONS, "players"}, (command.callback.__name__, list(own))
    for command in ("play", "fuzz", "bench", "tournament"):
        text = run(command, "--help").stdout
        for option in ("--players", "--alert", "--level", "--scholar", "--data", "--set", "--modules", "--rules",
                       "--boss", "--panic"):
            assert option in text, (command, option)
        assert "provisional" in text


def test_no_other_list_of_rule_names():
    """Config, CLI, sweeps, fuzz, bench and analysis read the registry: no hand-kept list of the rules."""
    pattern = re.compile(r"""["']boss["'],\s*["']dangerous_zones["'],\s*["']maximum_alert["']""")
    for folder in ("sim", "agents", "experiments"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert "RULE_NAMES[" not in text and "tuple(L.RULE_NAMES)" not in text, path
            if path.name != "modules.py":
                assert not pattern.search(text), path


# ------------------------------ docs/ADDING_A_MODULE.md, "The registry in one example"
@pytest.fixture
def night_watch():
    """The example of docs/ADDING_A_MODULE.md ("The registry in one example"), registered for one test."""
    module = M.register(M.Module(
        name="night_watch", box="base", kind="rule", section="Advanced Rules",
        description="a toy rule: a night watchman patrols the Campus", requires=("boss",)))
    try:
        yield module
    finally:
        M.unregister("night_watch")


def test_the_worked_example_registers_lists_and_refuses_a_module(night_watch):
    assert "night_watch" in M.names(box="base") and "night_watch" not in M.names(implemented=True)
    with pytest.raises(ConfigError, match="night_watch requires boss"):
        M.validate(["night_watch"])
    with pytest.raises(ConfigError, match="night_watch is not implemented yet"):
        compile_config(GameConfig(modules=("boss", "night_watch")))
    r = run("modules")
    assert re.search(r"^night_watch\s+base\s+rule\s+boss\s.*not yet", r.stdout, re.M), r.stdout
    r = run("play", "--modules", "boss,night_watch")
    assert r.exit_code == 2 and "night_watch is not implemented yet" in r.stderr
    assert "night_watch" not in {m for c in M.combinations() for m in c}  # not implemented: not fuzzed


def test_registering_checks_the_module():
    with pytest.raises(ConfigError, match="already registered"):
        M.register(M.MODULES["boss"])
    with pytest.raises(ConfigError, match="unknown box"):
        M.register(M.Module("toy", "expansion_x", "rule", "Boss", "toy"))
    with pytest.raises(ConfigError, match="not registered"):
        M.register(M.Module("toy", "base", "rule", "Boss", "toy", requires=("nothing",)))
    with pytest.raises(ConfigError, match="rule flag"):
        M.register(M.Module("toy", "base", "rule", "Boss", "toy", implemented=True, bit=L.RULE_BOSS))
    with pytest.raises(ConfigError, match="still named by"):
        M.unregister("main_effects")
    assert "toy" not in M.MODULES
