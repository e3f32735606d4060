"""The table of effect ops (sim/dungeonology/layout/ops.py): every op declared once, with
every field; the engine's constants, the schema's vocabulary and the action
strings read it."""

from __future__ import annotations

import dataclasses

import pytest

from sim.dungeonology import layout as L
from sim.dungeonology.layout import ops

OPS = ops.OP_TABLE


@pytest.mark.parametrize("op", OPS, ids=lambda op: op.name)
def test_every_op_has_every_field(op):
    for f in dataclasses.fields(ops.Op):
        value = getattr(op, f.name)
        assert value is not None and value != "" or f.name == "label", f"{op.name} lacks {f.name}"
    assert isinstance(op.target, ops.Target) and isinstance(op.n, ops.NMode)
    assert isinstance(op.context, ops.Context) and isinstance(op.value, ops.Value)
    assert isinstance(op.value.scale, ops.Scale)
    assert op.part in L.RANGES, f"{op.name}: part {op.part!r} has no number range"
    first, last = L.RANGES[op.part][2]
    assert first <= op.code <= last, f"{op.name}: opcode {op.code} outside {op.part}'s range {first}-{last}"
    assert op.words(1) and "{" not in op.words(2), f"{op.name}: text {op.text!r}"
    assert op.takes_type == (op.name == "discard_type")


def test_a_missing_field_is_refused():
    fields = {f.name: None for f in dataclasses.fields(ops.Op)}
    del fields["value"]
    with pytest.raises(TypeError, match="value"):
        ops.Op(**fields)


def test_names_codes_and_constants_are_unique_and_derived():
    assert len({op.name for op in OPS}) == len({op.code for op in OPS}) == len({op.const for op in OPS}) == len(OPS)
    for op in OPS:
        assert getattr(L, f"OP_{op.const}") == op.code
        assert L.OPCODES[op.name] == op.code
    # the base numbers, unchanged by the table
    assert (L.OP_SACRIFICE, L.OP_DROP, L.OP_BOSS_APPEAR, L.OP_BOSS_ACTIVATE, L.OP_SKIP_MOVEMENT,
            L.OP_GAIN_RESERVE, L.OP_GAIN_INTERN, L.OP_PLACE_SECRET_PASSAGE) == (1, 18, 30, 34, 40, 48, 60, 64)


def test_families_come_from_the_table():
    assert L.BOSS_OPS == ("boss_appear", "boss_move", "boss_move_random", "boss_move_random_passage")
    assert L.REPEATED_OPS == ("move_random_direction", "move_random_passage", "give_random_scholar", "drop",
                              "move_linked", "opponents_give", "steal")
    assert L.TURN_ONLY_OPS == ("speed", "skip_movement")
    assert L.SINGLE_OPS[:5] == ("gain_intern", "place_trap", "place_teleport", "place_teleport_left",
                                "place_secret_passage")  # then the expansion's (give_token, ...)


def test_schema_vocabulary_is_the_table():
    from sim.dungeonology.schema import OPS as SCHEMA_OPS

    assert SCHEMA_OPS == {op.name: op.doc for op in OPS}


def test_expansion_vocabularies_are_declared():
    assert {"SELF", "CURRENT", "ENCOUNTERED", "OMEGA"} <= set(ops.Target.__members__)
    assert "INTERNS" in ops.Quantity.__members__
    assert {"STAR_TOKENS", "RESEARCH_QUEST"} <= set(ops.Condition.__members__)
    assert "DRAW_STUDENT" in ops.Trigger.__members__
    assert L.OP_W == 8 and L.OPF_ARG == L.OP_W - 1


def test_action_strings_read_the_table():
    from sim.dungeonology.actions import step_words

    assert step_words(L.OP_SACRIFICE, 1) == "Sacrifice 1 Student"
    assert step_words(L.OP_SACRIFICE, 2) == "Sacrifice 2 Students"
    assert step_words(L.OP_DRAW_STUDENTS, 1) == "Draw 1 Student to the Bonfire"
    assert step_words(L.OP_GAIN_RESERVE, 2) == "Take 2 Students from the Reserve"
