"""Tests of the component-data loader (sim/dungeonology/loader/, sim/dungeonology/schema/, sim/kit/errors.py)."""

from __future__ import annotations

import pickle
import re
import shutil
from pathlib import Path

import pytest

from sim.dungeonology.loader import DATA_DIR, describe, load_data, parse_set_options, parse_value
from sim.dungeonology.schema import DIFFICULTIES, OPS, PASSAGES, PASSIVES, TIMINGS, ZONE_EFFECTS
from sim.kit.errors import ConfigError, DataError


@pytest.fixture(scope="module")
def base():
    return load_data()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A copy of the base data that a test may edit."""
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def edit(folder: Path, name: str, old: str, new: str, count: int = 1) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"{old!r} not in {name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def load_error(folder: Path, **kwargs) -> DataError:
    with pytest.raises(DataError) as info:
        load_data(folder, **kwargs)
    return info.value


# --------------------------------------------------------------------------- base data


def test_base_counts_match_rulebook(base):
    d = base.data
    assert [(c.name, c.count, c.points) for c in d.cubes] == [
        ("civilization", 20, 2),
        ("militia", 15, 3),
        ("worship", 13, 4),
        ("riches", 10, 5),
        ("caste", 6, 6),
    ]
    assert (d.students.grey, d.students.omega) == (40, 5)
    assert sum(c.copies for c in d.cards.values()) == d.tricks.total == 105
    assert len(d.jinx) == 15
    assert len(d.randomizer.cards) == 16
    assert len(d.zones) == 18 and d.start.floor == 1
    assert sorted(z.floor for z in d.zones.values()) == [1] * 6 + [2] * 6 + [3] * 6
    assert sorted(d.scholars) == ["Rebecca", "Sofia", "Valerio", "Vincenzo"]
    assert len(d.clans) == 3
    assert d.clans["Blood Worshipers"].modifiers == {"militia": 2}
    assert d.difficulties == ("introductory", "easy", "medium", "hard")
    assert d.scholars["Sofia"].intelligence == 2
    assert d.zones["I-3"].alert == 3 and d.zones["I-3"].cubes[0] == "civilization"
    assert list(d.noteboard.columns) == list(d.colors)
    assert list(d.player_levels) == ["students", "scholars", "professors", "rectors"]


def test_base_tokens_and_rules(base):
    d = base.data
    assert (d.tokens.stun, d.tokens.knowledge, d.tokens.stair, d.tokens.wall) == (
        14,
        4,
        9,
        18,
    )
    assert d.rules.study_size_penalty == [0, 1, 3, 6, 10]
    assert d.rules.thesis_fail_loss_order[0] == "caste"
    step = d.auxiliary["Social 2"].options[0][0]
    assert (step.op, step.n, step.cost, step.type) == ("sacrifice", 1, True, None)
    assert d.scholars["Rebecca"].skills[0].options[0][0].type == "magic"
    assert d.scholars["Sofia"].exalted.intelligence == 3


def test_vocabularies(base):
    assert base.data.difficulties == DIFFICULTIES
    assert PASSAGES == ("N1", "N2", "E1", "E2", "S1", "S2", "W1", "W2")
    assert "own_espionage" in TIMINGS and "discard_type" in OPS
    assert "espionage_ignore_students" in PASSIVES and "stairs" in ZONE_EFFECTS and "boss" in ZONE_EFFECTS


def test_provisional_listing(base):
    keys = {p.key for p in base.provisional}
    assert base.is_provisional and keys
    assert "scholars.Sofia.speed" in keys
    assert "scholars.Sofia.exalted.intelligence" in keys
    assert "scholars.Sofia.intelligence" not in keys
    assert 'clans."Blood Worshipers".modifiers' not in keys
    assert 'clans."Blood Worshipers".target' in keys
    assert 'clans."Golden Horns".modifiers' in keys
    assert 'zones."I-3".passages' in keys and 'zones."I-3".alert' not in keys
    # "*" does not list the subtable that carries its own markers
    assert "scholars.Rebecca.exalted" not in keys
    assert not any(k.endswith((".provisional", ".provisional_note")) for k in keys)
    sofia = next(p for p in base.provisional if p.key == "scholars.Sofia.speed")
    assert sofia.file == "scholars.toml" and sofia.value == 4 and sofia.note


def test_same_data_same_hash(base, folder):
    edit(folder, "box.toml", "grey = 40    #", "grey = 40\n#")
    edit(
        folder, "zones.toml", 'doors = { E1 = ["militia"] }', 'doors.E1 = [ "militia" ]'
    )
    assert load_data(folder).hash == base.hash
    assert re.fullmatch(r"[0-9a-f]{64}", base.hash)


def test_describe(base):
    text = describe(base)
    assert "caste 6 x 6 pts" in text and "Students: 40 grey, 5 Omega" in text
    assert f"Provisional values ({len(base.provisional)}):" in text
    assert "scholars.toml scholars.Sofia.speed = 4  # " in text
    assert "Overrides: none" in text


# --------------------------------------------------------------------------- overrides


def test_override_changes_value_and_hash(base):
    loaded = load_data(overrides={"scholars.Sofia.speed": "4"})
    assert loaded.data.scholars["Sofia"].speed == 4
    assert loaded.overrides == {"scholars.Sofia.speed": 4}
    assert "scholars.Sofia.speed" not in {p.key for p in loaded.provisional}
    assert loaded.hash == base.hash  # same value as the file
    faster = load_data(overrides=parse_set_options(["scholars.Sofia.speed=5"]))
    assert faster.data.scholars["Sofia"].speed == 5
    assert faster.hash != base.hash
    assert "scholars.Sofia.speed = 5" in describe(faster)


def test_override_paths():
    loaded = load_data(
        overrides={
            "scholars.Sofia.exalted.speed": 6,
            "cards.Lantern.bonus": "3",
            'zones."I-3".alert': "4",
            "randomizer.cards.3.color": "red",
            'clans."Blood Worshipers".modifiers.militia': 3,
            "clans.'Blood Worshipers'.modifiers.caste": "-1",
            "scholars.Rebecca.passive.speed": 1,
            'zones."I-1".doors.N1': '["caste"]',
        }
    )
    d = loaded.data
    assert d.scholars["Sofia"].exalted.speed == 6 and d.scholars["Sofia"].speed == 4
    assert d.cards["Lantern"].bonus == 3
    assert d.zones["I-3"].alert == 4
    assert d.randomizer.cards[3].color == "red"
    assert d.clans["Blood Worshipers"].modifiers == {"militia": 3, "caste": -1}
    assert d.scholars["Rebecca"].passive == {"speed": 1}
    assert d.zones["I-1"].doors == {"N1": ["caste"]}
    assert 'zones."I-3".alert' in loaded.overrides
    assert "randomizer.cards.3.color" in loaded.overrides
    # a deeper override keeps the enclosing provisional value listed
    assert "randomizer.cards" in {p.key for p in loaded.provisional}


def test_parse_value_and_set_options():
    assert parse_value("4") == 4
    assert parse_value("[1,2]") == [1, 2]
    assert parse_value('"red"') == "red"
    assert parse_value("red") == "red"
    assert parse_value("true") is True
    assert parse_value("1\nx = 2") == "1\nx = 2"
    assert parse_set_options(['zones."a=b".alert = 3', "x=y=z"]) == {
        'zones."a=b".alert': "3",
        "x": "y=z",
    }
    with pytest.raises(ConfigError) as info:
        parse_set_options(["scholars.Sofia.speed"])
    assert "scholars.Sofia.speed" in str(info.value) and "KEY=VALUE" in str(info.value)


@pytest.mark.parametrize(
    ("key", "stopped"),
    [
        ("scholars.Sofie.speed", "Sofia"),
        ("scholars.Sofia.sped", "intelligence"),
        ("randomizer.cards.16.color", "0 to 15"),
        ("cubes.caste.count.x", "single value"),
        ("nothing", "zones"),
    ],
)
def test_unknown_override_path(key, stopped):
    with pytest.raises(DataError) as info:
        load_data(overrides={key: 4})
    err = info.value
    assert err.file is None and err.key == key
    assert key in str(err) and "4" in str(err) and stopped in err.message


def test_override_with_bad_value_is_reported():
    with pytest.raises(DataError) as info:
        load_data(overrides={"scholars.Sofia.speed": "fast"})
    err = info.value
    assert err.key == "scholars.Sofia.speed" and err.value == "fast"
    assert "scholars.toml" in str(err)


# --------------------------------------------------------------------------- bad data


def check(err: DataError, file: str, key: str, value: str) -> None:
    text = str(err)
    assert err.file is not None and err.file.endswith(file), text
    assert err.key == key, text
    assert f"{key} = {value}" in text, text
    assert "allowed" in err.message, text


def test_zone_without_passage(folder):
    edit(
        folder,
        "zones.toml",
        'passages = ["N1", "E2", "S1", "S2", "W1", "W2"]',
        "passages = []",
    )
    err = load_error(folder)
    check(err, "zones.toml", 'zones."I-3".passages', "[]")
    assert str(err).endswith(
        'zones."I-3".passages = []: a Zone needs at least one Passage '
        "(allowed: 1 to 8 of N1 N2 E1 E2 S1 S2 W1 W2)"
    )


def test_unknown_passage(folder):
    edit(
        folder,
        "zones.toml",
        'passages = ["N1", "E2", "S1", "S2", "W1", "W2"]',
        'passages = ["N3"]',
    )
    check(load_error(folder), "zones.toml", 'zones."I-3".passages.0', '"N3"')


def test_negative_count(folder):
    edit(
        folder,
        "box.toml",
        "caste        = { count = 6,",
        "caste        = { count = -1,",
    )
    check(load_error(folder), "box.toml", "cubes.caste.count", "-1")


def test_unknown_op(folder):
    edit(
        folder, "auxiliary.toml", 'op = "take_bonfire", n = 2', 'op = "teleport", n = 2'
    )
    err = load_error(folder)
    check(err, "auxiliary.toml", 'auxiliary."Notoriety 2".options.0.0.op', '"teleport"')
    assert "take_bonfire" in err.message


def test_discard_type_needs_trick_type(folder):
    edit(folder, "scholars.toml", 'type = "magic"', 'type = "potion"')
    err = load_error(folder)
    check(
        err, "scholars.toml", "scholars.Rebecca.skills.0.options.0.0.type", '"potion"'
    )


def test_unknown_zone_effect(folder):
    edit(folder, "zones.toml", 'effects = ["stairs", "boss"]', 'effects = ["teleporter", "boss"]')
    check(load_error(folder), "zones.toml", 'zones."I-2".effects.0.effect', '"teleporter"')


def test_unknown_teleport_colour(folder):
    edit(folder, "zones.toml", 'teleport_color = "worship"', 'teleport_color = "gold"')
    check(load_error(folder), "zones.toml", "zone_effects.teleport_color", '"gold"')


def test_clan_modifier_for_unknown_colour(folder):
    edit(
        folder,
        "clans.toml",
        "modifiers = { militia = 2 }",
        "modifiers = { purple = 2 }",
    )
    err = load_error(folder)
    check(err, "clans.toml", 'clans."Blood Worshipers".modifiers.purple', "2")
    assert "purple" in err.message


def test_unknown_key(folder):
    edit(folder, "scholars.toml", "[scholars.Sofia]\n", "[scholars.Sofia]\nsped = 5\n")
    err = load_error(folder)
    check(err, "scholars.toml", "scholars.Sofia.sped", "5")
    assert "intelligence" in err.message


def test_copies_not_summing_to_total(folder):
    edit(folder, "tricks.toml", "copies = 3", "copies = 2")
    err = load_error(folder)
    check(err, "tricks.toml", "tricks.total", "105")
    assert "104" in err.message


def test_door_on_missing_passage(folder):
    edit(
        folder,
        "zones.toml",
        'doors = { E1 = ["militia"] }',
        'doors = { E2 = ["militia"] }',
    )
    err = load_error(folder)
    check(err, "zones.toml", 'zones."I-5".doors.E2', '["militia"]')
    assert "E2" in err.message


def test_door_with_three_colours(folder):
    edit(
        folder, "zones.toml", 'E1 = ["militia"]', 'E1 = ["militia", "caste", "riches"]'
    )
    check(
        load_error(folder),
        "zones.toml",
        'zones."I-5".doors.E1',
        '["militia", "caste", "riches"]',
    )


def test_unknown_card_effect(folder):
    edit(
        folder,
        "tricks.toml",
        'auxiliary = ["Exploration 1"]',
        'auxiliary = ["Exploration 9"]',
    )
    check(
        load_error(folder),
        "tricks.toml",
        "cards.Lantern.auxiliary.0",
        '"Exploration 9"',
    )


def test_randomizer_colour(folder):
    edit(folder, "randomizer.toml", 'color = "blue",  ', 'color = "pink",  ')
    check(load_error(folder), "randomizer.toml", "randomizer.cards.0.color", '"pink"')


def test_bad_floor(folder):
    edit(folder, "zones.toml", "floor = 3", "floor = 4")
    check(load_error(folder), "zones.toml", 'zones."III-1".floor', "4")


def test_star_outside_column(folder):
    edit(folder, "noteboard.toml", "stars = [5]", "stars = [9]")
    check(
        load_error(folder),
        "noteboard.toml",
        "noteboard.columns.civilization.stars",
        "[9]",
    )


def test_loss_order_must_be_permutation(folder):
    edit(folder, "box.toml", '"caste", "riches"', '"caste", "caste"')
    check(
        load_error(folder),
        "box.toml",
        "rules.thesis_fail_loss_order",
        '["caste", "caste"',
    )


def test_alert_card_without_slots(folder):
    path = folder / "alert.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index("slots = [", text.index("[alert.hard]"))
    end = text.index("]\n", text.index("omega = 1 },\n]", start)) + 1
    path.write_text(text[:start] + "slots = []" + text[end:], encoding="utf-8")
    check(load_error(folder), "alert.toml", "alert.hard.slots", "[]")


def test_unknown_provisional_key(folder):
    edit(
        folder,
        "box.toml",
        'provisional = ["bonfire_spaces"]',
        'provisional = ["bonfire"]',
    )
    check(load_error(folder), "box.toml", "campus.provisional", '["bonfire"]')


def test_key_defined_in_two_files(folder):
    (folder / "extra.toml").write_text("[clans.Extra]\ntarget = 1\n", encoding="utf-8")
    err = load_error(folder)
    assert err.file.endswith("extra.toml") and err.key == "clans"
    assert "clans.toml" in err.message


def test_toml_syntax_error(folder):
    edit(folder, "jinx.toml", "penalty = 4", "penalty = = 4")
    err = load_error(folder)
    assert err.file.endswith("jinx.toml")
    assert "jinx.toml" in str(err) and "line" in str(err)


def test_a_layer_may_leave_files_out(base, folder):
    """A --data folder is a layer on the base box: a file it lacks comes from the box."""
    (folder / "clans.toml").unlink()
    loaded = load_data(folder)
    assert loaded.data.clans == base.data.clans and loaded.hash == base.hash


def test_missing_file_in_a_complete_box(tmp_path, monkeypatch):
    from sim.dungeonology.loader import layers

    shutil.copytree(DATA_DIR, tmp_path / "boxes" / "base")
    (tmp_path / "boxes" / "base" / "clans.toml").unlink()
    monkeypatch.setattr(layers, "BOXES_DIR", tmp_path / "boxes")
    with pytest.raises(DataError) as info:
        load_data()
    err = info.value
    assert err.file.endswith("clans.toml") and "clans.toml" in str(err)
    assert "missing" in err.message


def test_error_is_picklable(folder):
    edit(
        folder,
        "box.toml",
        "caste        = { count = 6,",
        "caste        = { count = -1,",
    )
    err = load_error(folder)
    again = pickle.loads(pickle.dumps(err))
    assert str(again) == str(err) and again.key == err.key


def test_the_schema_and_the_engine_share_one_vocabulary():
    from sim.dungeonology import layout as L
    from sim.dungeonology.schema import OPS, PASSIVES, TIMINGS

    assert set(OPS) == set(L.OPCODES)
    assert PASSIVES == L.PASSIVE_NAMES and set(TIMINGS) == set(L.TIMING_MASKS)
