"""Layered data (boxes, --data layers, provenance), the JSON Schema export and
Boss Cards with one profile (sim/dungeonology/loader/, sim/dungeonology/schema/, docs/DATA_FORMAT.md)."""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sim.dungeonology import layout as L
from sim.dungeonology.config import GameConfig, compile_config
from sim.dungeonology.loader import DATA_DIR, describe, load_data, provenance_records
from sim.dungeonology.loader.layers import read_box
from sim.dungeonology.schema import export_json_schema
from sim.kit.errors import ConfigError, DataError

RULES = ("boss", "dangerous_zones", "maximum_alert", "main_effects")
# sha256 of the compiled tables and names of every rule combination, difficulty
# and Player Level. Layering the data left it unchanged (422be978... on a93eed3,
# before and after); the tables' layout then grew for Rocca Civetta (branch
# limits, same games: tests/test_same_games.py); then the Floor I tiles, two Bonus
# Values and Vincenzo's Students were transcribed and the tables count the Reaction
# chain's length (issue 12); then the Main Effects "Love Potion" and "Back Stab"
# were transcribed (their cards' programs and names); then the tables hold the
# Star Token of each Star (T_STAR_TOKEN, issue 16 part cubes: the base Note
# Board's Stars are silver or gold; same games): this is its value.
TABLES_SHA256 = "0cb3f3ebdea5835907adfbfc6d75a4d7573a14f5076d04744a9a8c8854be4495"
# Issue 16 added table sections (Star Tokens, Clans' Stars, the Scholars' Zones, the cards, Research,
# Congregations) after the 15,476 entries of layout 3 and fields to Names: those first entries, alone,
# still hash to what the whole tables of every base rule set hashed to before (main 469257d).
LAYOUT3_TABLE_END = 15476
LAYOUT3_TABLES_SHA256 = "a36fed7d118e7941e15fcc84819ea4f4a36c6cc3f06fd5694089875a0c8eeffe"


@pytest.fixture(scope="module")
def base():
    return load_data()


def layer(folder: Path, **files: str) -> Path:
    """A data layer: ``scholars_toml="..."`` writes scholars.toml."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name.replace("_toml", ".toml")).write_text(text, encoding="utf-8")
    return folder


def values(loaded) -> dict[str, object]:
    return {v.key: v.value for v in loaded.values()}


# --------------------------------------------------------------------------- same games


def test_the_base_data_compiles_to_the_same_tables():
    digest, old = hashlib.sha256(), hashlib.sha256()
    for r in range(len(RULES) + 1):
        for combo in itertools.combinations(RULES, r):
            for alert in ("introductory", "easy", "medium", "hard"):
                for level in ("students", "scholars", "professors", "rectors"):
                    c = compile_config(GameConfig(players=4, alert=alert, player_level=level, rules=combo))
                    digest.update(c.tables.tobytes())
                    digest.update(repr(c.names).encode())
                    old.update(c.tables[:LAYOUT3_TABLE_END].tobytes())
    assert old.hexdigest() == LAYOUT3_TABLES_SHA256
    assert digest.hexdigest() == TABLES_SHA256


def test_the_expansion_box_adds_to_the_base_and_changes_none_of_it(base):
    both = load_data(boxes=("base", "rocca_civetta"))
    assert both.hash != base.hash
    for key in ("scholars", "zones", "clans", "cards", "jinx", "interns"):
        mine, theirs = getattr(both.data, key), getattr(base.data, key)
        assert list(mine)[:len(theirs)] == list(theirs) and all(mine[n] == v for n, v in theirs.items()), key


def test_the_expansion_box_changes_only_what_it_holds(base):
    """The Rocca Civetta box adds its own components (its files' top-level
    keys: new Clans after the base ones, the cube kinds, ...); everything else
    is the base data."""
    both = load_data(boxes=("base", "rocca_civetta"))
    held = set(read_box("rocca_civetta").raw)
    assert held and all(getattr(both.data, k) == getattr(base.data, k) for k in type(base.data).model_fields
                        if k not in held)
    assert list(both.data.clans)[:len(base.data.clans)] == list(base.data.clans)
def test_the_expansion_box_adds_and_changes_no_base_entry(base):
    both = load_data(boxes=("base", "rocca_civetta"))
    for table in ("jinx", "interns", "panic", "cards", "auxiliary"):  # Rocca Civetta's cards only add
        old, new = getattr(base.data, table), getattr(both.data, table)
        assert all(new[k] == old[k] for k in old) and list(new)[:len(old)] == list(old), table
    assert both.data.tricks.total == base.data.tricks.total  # its Trick Card types come with their modules
    assert [la.name for la in both.layers] == ["base", "rocca_civetta"]
    assert both.layers[1].rulebook == "dungeonology-rocca-civetta.txt" and both.layers[1].requires == ("base",)


@pytest.mark.parametrize(("boxes", "message"), [
    (("base", "moon"), "unknown box"),
    (("rocca_civetta",), "complete game"),
    (("base", "base"), "named once"),
    ("base", "list of box names"),
])
def test_bad_boxes(boxes, message):
    with pytest.raises((ConfigError, DataError), match=message):
        load_data(boxes=boxes)


# ------------------------------------------- docs/DATA_FORMAT.md, "Layers in practice"


LAYER_SCHOLARS = """\
# my_layer/scholars.toml: only what changes
[scholars.Sofia]
speed = 5
"""


def test_layers_in_practice_one_scholar_speed(tmp_path, base, monkeypatch):
    """docs/DATA_FORMAT.md's "Layers in practice" example: a folder holding only scholars.toml
    with Sofia's Speed changed, used with --data, changes only that value."""
    folder = layer(tmp_path / "my_layer", scholars_toml=LAYER_SCHOLARS)
    loaded = load_data(folder)
    assert loaded.data.scholars["Sofia"].speed == 5
    before, after = values(base), values(loaded)
    assert [k for k in after if after[k] != before.get(k)] == ["scholars.Sofia.speed"]
    assert after.keys() == before.keys() and loaded.hash != base.hash
    speed = next(v for v in loaded.values() if v.key == "scholars.Sofia.speed")
    assert (speed.layer, speed.kind, speed.status) == (str(folder), "layer", "designer")
    assert speed.file.endswith("my_layer/scholars.toml")
    hand = next(v for v in loaded.values() if v.key == "scholars.Sofia.hand")
    assert (hand.layer, hand.kind, hand.status) == ("base", "box", "provisional")
    # the base's marker on Sofia's speed no longer applies: the value is the layer's
    assert "scholars.Sofia.speed" not in {p.key for p in loaded.provisional}
    assert len(loaded.provisional) == len(base.provisional) - 1
    # the same folder from the command line
    from experiments.cli import app

    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["data", "--data", "my_layer"])
    assert result.exit_code == 0, result.output
    assert "speed 5" in result.output and "layer my_layer: my_layer" in result.output
    assert "Values set by a data layer (1):" in result.output
    assert "scholars.Sofia.speed = 5  [designer, my_layer, my_layer/scholars.toml]" in result.output
    assert compile_config(GameConfig(data=str(folder))).loaded.data.scholars["Sofia"].speed == 5


# --------------------------------------------------------------------------- merging


def test_lists_and_value_tables_are_replaced_whole(tmp_path):
    folder = layer(tmp_path / "l", scholars_toml="[scholars.Sofia]\nknowledge = { riches = 2 }\n",
                   box_toml="[rules]\nthesis_bonus = [12, 8, 5, 3, 1]\n")
    d = load_data(folder).data
    assert d.scholars["Sofia"].knowledge == {"riches": 2}
    assert d.rules.thesis_bonus == [12, 8, 5, 3, 1]
    assert d.rules.thesis_min_stars == 2 and d.cubes[0].count == 20


def test_a_layer_adds_a_new_entry_at_the_end(tmp_path, base):
    text = (DATA_DIR / "scholars.toml").read_text(encoding="utf-8")
    start = text.index("[scholars.Sofia]")
    end = text.index("[scholars.", text.index("[scholars.Sofia.exalted]") + 1)
    sofia = text[start:end].replace("[scholars.Sofia", "[scholars.Ada")
    loaded = load_data(layer(tmp_path / "l", scholars_toml=sofia))
    assert list(loaded.data.scholars) == [*base.data.scholars, "Ada"]
    assert loaded.data.scholars["Ada"] == base.data.scholars["Sofia"]
    ada = {v.key: v for v in loaded.values() if v.key.startswith("scholars.Ada.")}
    assert {v.layer for v in ada.values()} == {str(tmp_path / "l")}
    # the copied markers mark the layer's own values; the rest is the designer's
    assert ada["scholars.Ada.speed"].status == "provisional"
    assert ada["scholars.Ada.intelligence"].status == "designer"


def test_later_layers_win_and_overrides_come_last(tmp_path):
    one = layer(tmp_path / "one", scholars_toml="[scholars.Sofia]\nspeed = 5\nhand = 6\n")
    two = layer(tmp_path / "two", scholars_toml="[scholars.Sofia]\nspeed = 6\n")
    loaded = load_data([one, two], {"scholars.Sofia.hand": 7})
    sofia = loaded.data.scholars["Sofia"]
    assert (sofia.speed, sofia.hand) == (6, 7)
    src = {v.key: v for v in loaded.values()}
    assert src["scholars.Sofia.speed"].layer == str(two)
    assert (src["scholars.Sofia.hand"].status, src["scholars.Sofia.hand"].file) == ("override", None)
    assert [la.name for la in loaded.layers] == ["base", str(one), str(two)]
    assert compile_config(GameConfig(data=[str(one), str(two)])).loaded.hash == load_data([one, two]).hash


def test_replace_removes_what_the_layer_leaves_out(tmp_path, base):
    folder = layer(tmp_path / "l", manifest_toml='[layer]\nname = "No Panic"\nreplace = ["panic"]\n')
    loaded = load_data(folder)
    assert loaded.data.panic == {} and loaded.layers[1].title == "No Panic"
    assert not any(v.key.startswith("panic.") for v in loaded.values())
    bad = layer(tmp_path / "bad", manifest_toml='[layer]\nreplace = ["panics"]\n')
    with pytest.raises(DataError) as info:
        load_data(bad)
    assert info.value.file.endswith("bad/manifest.toml") and info.value.value == "panics"


def test_a_layer_marks_its_own_values(tmp_path):
    folder = layer(tmp_path / "l", clans_toml='[clans."Golden Horns"]\ntarget = 30\n'
                   'provisional = ["target"]\nprovisional_note = "Playtest value."\n')
    loaded = load_data(folder)
    mine = next(p for p in loaded.provisional if p.key == 'clans."Golden Horns".target')
    assert (mine.value, mine.note, mine.layer, mine.file) == (30, "Playtest value.", str(folder), "clans.toml")


def test_an_unchanged_copy_keeps_the_base_provenance(tmp_path, base):
    import shutil

    shutil.copytree(DATA_DIR, tmp_path / "copy")
    loaded = load_data(tmp_path / "copy")
    assert loaded.hash == base.hash and {v.layer for v in loaded.values()} == {"base"}
    # removing a marker in the copy (its [box] manifest: unmarked values are printed) confirms the value
    path = tmp_path / "copy" / "box.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('provisional = ["bonfire_spaces"]\n', ""),
                    encoding="utf-8")
    src = {v.key: v for v in load_data(tmp_path / "copy").values()}
    assert (src["campus.bonfire_spaces"].status, src["campus.bonfire_spaces"].kind) == ("printed", "layer")
    assert src["campus.bonfire_spaces"].note == "" and src["students.grey"].layer == "base"
    # a plain layer repeating a value takes it over as the designer's
    same = load_data(layer(tmp_path / "same", box_toml="[campus]\nbonfire_spaces = 6\n"))
    assert next(v for v in same.values() if v.key == "campus.bonfire_spaces").status == "designer"


# --------------------------------------------------------------------------- provenance


def test_provenance_of_the_base(base):
    records = {r["key"]: r for r in provenance_records(base)}
    assert records["scholars.Sofia.speed"]["status"] == "provisional"
    assert records["scholars.Sofia.intelligence"]["status"] == "printed"
    assert records["cubes.caste.count"] == {"key": "cubes.caste.count", "value": 6, "layer": "base", "kind": "box",
                                            "file": records["cubes.caste.count"]["file"], "status": "printed",
                                            "note": ""}
    assert records["cubes.caste.count"]["file"].endswith("base/box.toml")
    counts = base.provenance.counts()
    assert counts["designer"] == counts["override"] == 0 and sum(counts.values()) == len(records)
    summary = base.summary()
    assert len(summary["provisional_values"]) == counts["provisional"] and json.dumps(summary)
    text = describe(base)
    assert "Layers (1, merged in this order" in text and "box base (Dungeonology: The Expedition)" in text
    assert "Values by status: " in text and "Values set by a data layer (0):" in text
    assert "cubes.caste.count = 6  [printed, base, " in describe(base, every_value=True)


# --------------------------------------------------------------------------- bad layers


@pytest.mark.parametrize(("text", "key", "value", "message"), [
    ("[scholars.Sofia]\nsped = 5\n", "scholars.Sofia.sped", "5", "unknown key 'sped'"),
    ('[scholars.Sofia]\nspeed = "fast"\n', "scholars.Sofia.speed", '"fast"', "wrong type"),
    ("[scholars.Sofie]\nspeed = 5\n", "scholars.Sofie", "{ speed = 5 }", "Rebecca, Valerio, Sofia, Vincenzo"),
    ("[scholar.Sofia]\nspeed = 5\n", "scholar", "{ Sofia = { speed = 5 } }", "unknown key 'scholar'"),
    ('[scholars.Sofia]\nknowledge = { gold = 1 }\n', "scholars.Sofia.knowledge.gold", "1", "unknown colour"),
])
def test_a_bad_layer_names_its_file_key_and_value(tmp_path, text, key, value, message):
    folder = layer(tmp_path / "mine", scholars_toml=text)
    with pytest.raises(DataError) as info:
        load_data(folder)
    err = info.value
    assert err.file is not None and err.file.endswith("mine/scholars.toml"), str(err)
    assert err.key == key and f"{key} = {value}" in str(err) and message in err.message, str(err)


def test_bad_layer_folders(tmp_path):
    with pytest.raises(DataError, match="not found"):
        load_data(tmp_path / "nowhere")
    (tmp_path / "empty").mkdir()
    with pytest.raises(DataError, match="holds no data"):
        load_data(tmp_path / "empty")
    folder = layer(tmp_path / "m", manifest_toml='[layer]\nstatus = "rumour"\n', clans_toml="")
    with pytest.raises(DataError, match="unknown status") as info:
        load_data(folder)
    assert info.value.file.endswith("m/manifest.toml")
    with pytest.raises(ConfigError, match="list of folders"):
        load_data(data=[1, 2])


# --------------------------------------------------------------------------- JSON Schema


def test_the_exported_schema_validates_the_shipped_files(tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    for complete in (False, True):
        out = tmp_path / f"schema-{complete}"
        written = export_json_schema(out, complete=complete)
        names = {p.name for p in written}
        shipped = {p.name for p in DATA_DIR.glob("*.toml")}
        assert names == {f"{n}.schema.json" for n in shipped}
        for path in written:
            schema = json.loads(path.read_text(encoding="utf-8"))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            file = path.name.removesuffix(".schema.json")
            # an expansion box and a module layer hold only what they add: the partial schema
            rc = DATA_DIR.parent / "rocca_civetta"
            for folder in (DATA_DIR, *(() if complete else (rc, *(p.parent for p in rc.glob("*/manifest.toml"))))):
                if (folder / file).is_file():
                    validator.validate(tomllib.loads((folder / file).read_text(encoding="utf-8")))


@pytest.mark.parametrize(("file", "doc"), [
    ("scholars.toml", {"scholars": {"Sofia": {"sped": 5}}}),
    ("scholars.toml", {"scholars": {"Sofia": {"speed": "fast"}}}),
    ("auxiliary.toml", {"auxiliary": {"X": {"timing": "own", "options": [[{"op": "teleporter"}]]}}}),
    ("zones.toml", {"zones": {"I-1": {"effects": [3]}}}),
    ("manifest.toml", {"box": {"name": "x"}}),
])
def test_the_exported_schema_rejects_bad_files(tmp_path, file, doc):
    jsonschema = pytest.importorskip("jsonschema")
    export_json_schema(tmp_path)
    schema = json.loads((tmp_path / f"{file}.schema.json").read_text(encoding="utf-8"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(schema).validate(doc)


# --------------------------------------------------------------------------- Boss Cards


def _drunk_only(base) -> dict:
    return {"drunk": base.data.boss["laetus"].profiles["drunk"].model_dump()}


def test_a_boss_card_with_one_profile(base):

    loaded = load_data(overrides={"boss.laetus.profiles": _drunk_only(base)})
    assert list(loaded.data.boss["laetus"].profiles) == ["drunk"]
    two = compile_config(GameConfig(rules=("boss",), boss="laetus:drunk"))
    one = compile_config(GameConfig(rules=("boss",), overrides={"boss.laetus.profiles": _drunk_only(base)}))
    assert one.names.boss_profiles == (("drunk",),)
    assert one.tables[L.T_BOSS_NPROFILES] == 1 and two.tables[L.T_BOSS_NPROFILES] == 2  # Setup G draws among them
    assert one.tables[L.T_BOSS_ALERT] == two.tables[L.T_BOSS_ALERT + 1]  # drunk is the second profile
    with pytest.raises(DataError, match="one profile or two") as info:
        load_data(overrides={"boss.laetus.profiles": {}})
    assert info.value.key == "boss.laetus.profiles"
    three = dict(base.data.boss["laetus"].model_dump()["profiles"], sober=_drunk_only(base)["drunk"])
    with pytest.raises(DataError, match="allowed: 1 to 2 profiles"):
        load_data(overrides={"boss.laetus.profiles": three})


def test_a_game_with_a_one_profile_boss_plays(base):
    from sim import new_game

    cfg = GameConfig(players=3, rules=("boss",), overrides={"boss.laetus.profiles": _drunk_only(base)})
    rng = random.Random(5)
    for seed in range(3):
        g = new_game(cfg, seed)
        assert g.to_dict()["boss"]["profile"] == "drunk"
        for _ in range(5000):
            if g.is_terminal():
                break
            g.apply(rng.choice(g.legal_actions()))
            assert g.check_invariants() is None
        assert g.is_terminal() and g.to_dict()["boss"]["profile"] == "drunk"
